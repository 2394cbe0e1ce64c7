"""`flick measure`: a top-down video of shots on a real table turned into the CSV `flick tune` fits.

- `colours`: the colours of pieces, corner marks, hands and rim dots.
- `video`: reading frames (OpenCV) with their times.
- `scale`: the four corner marks: the homography from the image to table centimetres.
- `track`: each piece found in each frame by its colour (position, area, shape, rim dot).
- `shots`: the clip split into shots and each shot measured (the rows of tools/README.md).
- `sheet`: a contact sheet PNG per shot.
- `render`: videos made by flick itself (shots simulated on the table, filmed), for tests.

Layers: imports flick.physics and flick.tuning; only flick.cli and flick.bench import it.
"""
