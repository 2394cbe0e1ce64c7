"""Errors a person sees: the CLI prints them as one clear message and exits non-zero."""

from __future__ import annotations


class FlickError(Exception):
    """An error caused by input (a file, an action, an option), reported without a traceback.

    `exit_code` is what the CLI exits with (2 for bad files and options, 1 otherwise).
    """

    exit_code = 1

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class DataFileError(FlickError):
    """A malformed data file (scenario, parameters, replay, cards): names file, line and problem."""

    exit_code = 2
