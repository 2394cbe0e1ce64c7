"""What a fit leaves behind: a new parameter file, and the result as plain data (JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from flick.errors import DataFileError
from flick.physics import PhysicsParams
from flick.tuning.calibrate import TuneResult, combine_scales


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

    YAML comments of the base file are not kept (a header records the fit instead); anchors are
    expanded, so a fit of `zombie` does not silently change `survivor`.
    """
    try:
        data = yaml.safe_load(base.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataFileError(f"{base}: cannot read the parameter file to start from: {exc}") \
            from None
    data = json.loads(json.dumps(data))  # break YAML aliases: every piece its own mapping
    header = [
        "Physical parameters of the Flick 'em Up! Dead of Winter table. Units: cm, g, s.",
        f"Fitted by `flick tune` from {source}, starting from {base.name}.",
        "parameter: fitted +- standard error (shots)",
    ]
    unwritten = []
    for name in sorted(result.fitted):
        value, err = result.fitted[name], result.stderr[name]
        header.append(f"  {name}: {value:.5g} +- {err:.2g} ({result.shots.get(name, 0)})")
        prefix, _, subject = name.partition("_")
        if prefix == "mu":
            _set(data, ("pieces", subject, "table_friction"), value)
        elif prefix == "elasticity":
            _set(data, ("materials", subject, "elasticity"), value)
        elif prefix == "spin":
            unwritten.append(name)
    scales = {n: (v, result.stderr[n]) for n, v in result.fitted.items() if n.startswith("topple_")}
    if scales:
        scale, err, _ = combine_scales(scales)
        _set(data, ("toppling", "scale"), scale)
        header.append(
            f"toppling.scale: {scale:.5g} +- {err:.2g}, the weighted mean of the topple_ fits"
        )
    if unwritten:
        header.append(
            f"Not in this file (no key for it yet): {', '.join(unwritten)}; the table's spin "
            "friction lever is 0.9 of the radius of gyration."
        )
    data["note"] = f"fitted by flick tune from {source}"
    text = "".join(f"# {line}\n" for line in header) + yaml.safe_dump(
        data, sort_keys=False, default_flow_style=False, width=100
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return PhysicsParams.load(out)
