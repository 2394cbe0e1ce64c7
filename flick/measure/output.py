"""The CSV of `flick measure`: the sure shots as rows of tools/README.md, the unsure ones as
comment lines naming their frames and reasons (`flick tune` skips comments)."""

from __future__ import annotations

from flick.measure.shots import Measured
from flick.tuning.measurements import dump


def csv_text(shots: list[Measured], source: str) -> str:
    sure = [m.row for m in shots if m.sure and m.row is not None]
    lines = [f"# measured by flick measure from {source}: {len(sure)} shot(s); "
             f"{len(shots) - len(sure)} unsure left out"]
    for m in shots:
        if not m.sure:
            lines.append(f"# unsure shot {m.number} (frames {m.first}-{m.last}): "
                         + "; ".join(m.reasons or ["nothing measured"]))
    text = "\n".join(lines) + "\n"
    return text + dump(sure)  # the header even when no shot was sure
