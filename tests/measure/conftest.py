"""The clips the measuring tests share: rendered by flick once per session (per xdist worker).

A hidden table (seeded), and three short clips filmed of it by `flick.measure.render`: slides
at 240 fps and 640x480 (two of three spun: their rim dot resolved), collisions and toppling hits
at 60 fps and 320x240, each with noise, motion and lens blur, a tilted camera and a hand at
every launch; then `flick measure` run on each, once.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

import pytest

# Few shots, so the suite's share stays small: the recovery over many shots and seeds is
# `python -m flick.bench.measure`.
TESTS = (("slide", 240.0, 3), ("collision", 60.0, 3), ("topple", 60.0, 6))
SEED = 3


@dataclass(frozen=True)
class Rendered:
    truth: dict[str, float]
    clips: list  # flick.measure.render.Clip
    csv: dict[str, Path]  # test -> the CSV `flick measure` wrote
    out: dict[str, str]  # test -> what it printed (with --review)
    sheets: Path


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    from flick.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    from flick.measure import render
    from flick.physics import PhysicsParams

    directory = tmp_path_factory.mktemp("measure")
    truth, clips = render.render_tests(directory, PhysicsParams.default(), SEED, TESTS,
                                       sizes={"slide": render.SPIN_SIZE})
    csv, out = {}, {}
    for clip in clips:
        path = directory / f"{clip.test}.csv"
        argv = ["measure", str(clip.path), "--test", clip.test, "-o", str(path), "--review",
                "--sheets", str(directory / "sheets" / clip.test)]
        if clip.test == "topple":
            argv += ["--target", "zombie"]
        code, stdout, stderr = run_cli(argv)
        assert code == 0, stderr
        csv[clip.test], out[clip.test] = path, stdout
    return Rendered(truth, clips, csv, out, directory / "sheets")
