#!/usr/bin/env python3
"""Fit flick's table physics (friction, spin, elasticity, toppling) to shots measured on a real
table: the same as `flick tune`. See tools/README.md for the measuring protocol and the CSV.

    python tools/tune_friction.py shots.csv --out assets/physics/my_table.yaml --plots plots/
    python tools/tune_friction.py --synthetic --seed 7 --json
"""

from flick.cli.tune import main

if __name__ == "__main__":
    raise SystemExit(main())
