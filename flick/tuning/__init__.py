"""Fitting the table's physical parameters to shots measured on a real table (`flick tune`).

- `measurements`: the CSV of measured shots, loaded and checked.
- `model`: the forward model, a measured shot re-played on the real `flick.physics.Table`.
- `fits`: weighted least squares and the logistic threshold fit, errors from the Jacobian.
- `calibrate`: the whole fit (`tune`), `synthetic`: invented measurements with known truth.
- `sweep`: many shots in parallel on any `concurrent.futures`-style executor.
- `output`, `plots`: the new parameter file (read and written through `flick.datafile`, like
  every data file), JSON, residual plots (PNG; matplotlib imported only there).

Tuning imports only physics. The command line is `flick/cli/tune.py` (`flick tune`), its
benchmark `flick/bench/tuning.py`.
"""
