"""The bots' tuned numbers: `assets/bots/<module>.yaml`, one file per bot module, every number
with what it is (`what`) and the measurement or the commit that chose it (`chosen`).

    T = tuned("walking")
    STEP_CM: float = T["step_cm"]

A value is a number, or a list (read as a tuple) or mapping of numbers. The files are read
through `flick.datafile`: a bad one is a `DataFileError` naming its file, line and key.
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from flick import datafile
from flick.paths import assets


class TunedNumber(BaseModel):
    """One tuned number (or table of numbers) of a bot."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: Any
    what: str = Field(min_length=1)
    chosen: str = Field(min_length=1)

    @field_validator("value")
    @classmethod
    def _numbers(cls, value: Any) -> Any:
        def check(v: Any) -> None:
            if isinstance(v, list):
                for x in v:
                    check(x)
            elif isinstance(v, dict):
                for x in v.values():
                    check(x)
            elif isinstance(v, bool) or not isinstance(v, int | float):
                raise ValueError(f"{v!r} is not a number")

        check(value)
        return value


class TunedFile(BaseModel):
    """A bot module's numbers by name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    numbers: dict[str, TunedNumber]


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    if isinstance(v, dict):
        return MappingProxyType({k: _frozen(x) for k, x in v.items()})
    return v


@cache
def tuned(module: str) -> MappingProxyType[str, Any]:
    """The numbers of bot module `module` (`assets/bots/<module>.yaml`) by name, read-only."""
    path = assets() / "bots" / f"{module}.yaml"
    marked = datafile.read_file(path)
    data = datafile.validate(marked, TunedFile)
    return MappingProxyType({k: _frozen(n.value) for k, n in data.numbers.items()})
