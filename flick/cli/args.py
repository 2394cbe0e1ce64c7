"""Argument types shared by the commands."""

from __future__ import annotations

import argparse


def seed(text: str) -> int:
    """The argparse type of a physics or game `--seed`: a whole number >= 0 (numpy's seeded
    generators take no other)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; a seed is a number >= 0")
    return value
