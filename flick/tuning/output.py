"""What a fit leaves behind: a new parameter file, and the result as plain data (JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from flick import atomic, datafile
from flick.errors import DataFileError
from flick.physics import PhysicsParams
from flick.tuning.calibrate import TuneResult


def result_json(result: TuneResult, truth: dict[str, float] | None = None) -> dict[str, Any]:
    """`{"true"?, "fitted", "stderr", "start", "shots", "warnings"}`, keyed by parameter name."""
    out: dict[str, Any] = {}
    if truth is not None:
        out["true"] = dict(sorted(truth.items()))
    out["fitted"] = dict(sorted(result.fitted.items()))
    out["stderr"] = dict(sorted(result.stderr.items()))
    out["start"] = dict(sorted(result.start.items()))
    out["shots"] = dict(sorted(result.shots.items()))
    out["reduced_chi2"] = result.reduced_chi2
    out["warnings"] = list(result.warnings)
    return out


def _set(data: dict[str, Any], keys: tuple[str, ...], value: float) -> None:
    node = data
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = round(float(value), 6)


def write_params(result: TuneResult, base: Path, out: Path, source: str) -> PhysicsParams:
    """Write `base` (a parameter file) with the fitted values to `out`; validated on the way.

    Every fitted value goes to its own key: `mu_<kind>` to `pieces.<kind>.table_friction`,
    `elasticity_<material>` to `materials.<material>.elasticity`, `spin_<kind>` to
    `pieces.<kind>.spin_lever`, `topple_<kind>` to `pieces.<kind>.topple.scale` (the fit over the
    table-wide `toppling.scale`, which is left as it was). Values are rounded to 6 decimals.
    YAML comments of the base file are not kept (a header records the fit instead); anchors are
    expanded, so a fit of `zombie` does not silently change `survivor`.
    """
    text = datafile.read_text(base)
    marked, problems = datafile.read(text, str(base))
    if marked is None:  # a YAML syntax error, at its line
        raise DataFileError(f"cannot read the parameter file to start from: {problems[0]}")
    data = marked.data
    data = json.loads(json.dumps(data))  # break YAML aliases: every piece its own mapping
    header = [
        "Physical parameters of the Flick 'em Up! Dead of Winter table. Units: cm, g, s.",
        f"Fitted by `flick tune` from {source}, starting from {base.name}.",
        "parameter: fitted +- standard error (shots) -> where it is in this file",
    ]
    table_scale = float(data.get("toppling", {}).get("scale", 1.0))
    for name in sorted(result.fitted):
        value, err = result.fitted[name], result.stderr[name]
        line = f"  {name}: {value:.5g} +- {err:.2g} ({result.shots.get(name, 0)} shots)"
        prefix, _, subject = name.partition("_")
        key: tuple[str, ...]
        if prefix == "mu":
            key = ("pieces", subject, "table_friction")
        elif prefix == "elasticity":
            key = ("materials", subject, "elasticity")
        elif prefix == "spin":
            key = ("pieces", subject, "spin_lever")
        elif prefix == "topple":
            key = ("pieces", subject, "topple", "scale")
            if table_scale != 1.0:  # the kind's factor over the table-wide one
                value /= table_scale
                line += f" / toppling.scale {table_scale:g}"
        else:
            raise ValueError(f"unknown fitted parameter {name!r}")
        _set(data, key, value)
        header.append(f"{line} -> {'.'.join(key)}")
    data["note"] = f"fitted by flick tune from {source}"
    text = "".join(f"# {line}\n" for line in header) + yaml.safe_dump(
        data, sort_keys=False, default_flow_style=False, width=100
    )
    atomic.write_text(out, text)
    return PhysicsParams.load(out)
