"""`python -m flick.bench.measure`: how well `flick measure` + `flick tune` recover a table.

For each seed: a hidden table (the disc's friction, the plastic's elasticity, the zombie's
toppling scale moved by seeded random amounts), three clips filmed by flick itself
(`flick.measure.render`: slides at 240 fps and 640x480 (their rim dot resolved:
`render.SPIN_SIZE`), collisions and toppling hits at 60 fps and 320x240, noise, blur, tilt, a
hand at every launch), measured, and the measurements fitted. Prints the
relative error of each fitted value, the frames per CPU second the measuring processed, and a
summary (mean, largest error) over the seeds; --json for the whole result.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def run_seed(seed: int, directory: Path, tests=None) -> dict[str, Any]:
    from flick.measure import output, pipeline, render, video
    from flick.measure.colours import parse_colour
    from flick.physics import PhysicsParams
    from flick.tuning import calibrate, measurements, model

    params = PhysicsParams.default()
    start = time.perf_counter()
    kwargs = {"tests": tests} if tests else {}
    truth, clips = render.render_tests(directory, params, seed, **kwargs,
                                       sizes={"slide": render.SPIN_SIZE})
    render_s = time.perf_counter() - start
    shots: list[Any] = []
    frames, measure_s, unsure = 0, 0.0, 0
    for clip in clips:
        target = {"slide": None, "collision": "movement_disc", "topple": "zombie"}[clip.test]
        options = pipeline.Options(clip.test, "movement_disc", target, parse_colour("blue"),
                                   parse_colour("green") if target else None,
                                   parse_colour("magenta"), render.MARKS)
        t0 = time.process_time()  # CPU seconds: the machine may be shared
        result = pipeline.measure(video.open_video(clip.path), options, params)
        measure_s += time.process_time() - t0
        frames += result.frames
        unsure += sum(1 for m in result.shots if not m.sure)
        text = output.csv_text(result.shots, clip.path.name)
        (directory / f"{clip.test}.csv").write_text(text, encoding="utf-8")
        shots += measurements.parse(text, clip.path.name, model.kinds(params)).shots
    data = measurements.Measurements("rendered", tuple(shots))
    t0 = time.perf_counter()
    fit = calibrate.tune(data, params, None, None)
    tune_s = time.perf_counter() - t0
    # The spin lever is not moved (the clips' table has the default), but it is fitted when
    # the rim dot gave spins: its error shows how well spin is read.
    truth = {**truth, "spin_movement_disc": model.value(params, "spin_movement_disc")}
    errors = {name: fit.fitted[name] / truth[name] - 1 for name in truth if name in fit.fitted}
    return {"seed": seed, "true": truth, "fitted": {n: fit.fitted[n] for n in fit.fitted},
            "errors": errors, "shots": len(shots), "unsure": unsure, "frames": frames,
            "planned": sum(len(c.script.shots) for c in clips),
            "measure_fps": frames / measure_s, "render_s": render_s, "tune_s": tune_s}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m flick.bench.measure", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.first, args.first + args.seeds):
            row = run_seed(seed, Path(tmp) / f"s{seed}")
            rows.append(row)
            if not args.json:
                errs = "  ".join(f"{k} {100 * v:+6.2f}%" for k, v in row["errors"].items())
                print(f"seed {seed:3d}: {errs}  shots {row['shots']}/{row['planned']} "
                      f"(unsure {row['unsure']}) {row['measure_fps']:.0f} frames/s", flush=True)
    names = sorted({n for r in rows for n in r["errors"]})
    summary = {}
    for n in names:  # the spin lever is fitted only where some spin was read
        found = [float(r["errors"][n]) for r in rows if n in r["errors"]]
        summary[n] = {"seeds": len(found), "mean_%": 100 * sum(found) / len(found),
                      "mean_abs_%": 100 * sum(abs(e) for e in found) / len(found),
                      "max_abs_%": 100 * max(abs(e) for e in found)}
    fps = sum(r["frames"] for r in rows) / sum(r["frames"] / r["measure_fps"] for r in rows)
    if args.json:
        json.dump({"seeds": rows, "summary": summary, "measure_fps": fps}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for n, s in summary.items():
            print(f"{n} ({s['seeds']} seeds): mean error {s['mean_%']:+.2f}%, mean |error| "
                  f"{s['mean_abs_%']:.2f}%, largest {s['max_abs_%']:.2f}%")
        print(f"flick measure: {fps:.0f} frames per second processed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
