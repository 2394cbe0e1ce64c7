"""Golden games: play seeded games through the `flick` command line and digest what they print.

    python tests/golden/make_digests.py            print the digests as JSON
    python tests/golden/make_digests.py --write    write tests/golden/digests.json
    python tests/golden/make_digests.py --check [PREFIX]
                                                   compare with digests.json (only the keys
                                                   that start with PREFIX: flick_s05, surrounded)

The command line is the one surface that stays the same when modules move, so this script gives
the same digests before and after a refactoring that changes no behaviour. A digest is the
sha256 of the lines a command prints on stdout (one JSON object per game, which holds every
event, flick impulse, first touch and move of a Flick 'em Up! game, and the final state of a
card game) followed by the inputs, every shot (poses, first touch, falls, state hash) and the
result of the recorded replay.
`tests/golden/test_golden.py` recomputes the same digests in-process and compares them.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (key, argv) of every golden run. Flick 'em Up!: two seeds per scenario, recorded.
FLICK_RUNS: list[tuple[str, list[str]]] = [
    (f"flick_s{n:02d}_seed{seed}", ["sim", str(n), "--seed", str(seed), "--json"])
    for n in range(1, 11)
    for seed in (100, 101)
]
CARD_RUNS: list[tuple[str, list[str]]] = [
    (
        "surrounded_greedy",
        ["cards", "surrounded", "--bot", "greedy", "--games", "4", "--seed", "0", "--json"],
    ),
    (
        "surrounded_random",
        ["cards", "surrounded", "--bot", "random", "--games", "4", "--seed", "7", "--json"],
    ),
    (
        "something_to_fear_greedy",
        [
            "cards",
            "something-to-fear",
            "--players",
            "4",
            "--humans",
            "0",
            "--bots",
            "greedy,random,greedy,random",
            "--games",
            "4",
            "--seed",
            "0",
            "--json",
        ],
    ),
    (
        "something_to_fear_6p",
        [
            "cards",
            "something-to-fear",
            "--players",
            "6",
            "--humans",
            "0",
            "--bots",
            "random",
            "--expert",
            "--games",
            "3",
            "--seed",
            "3",
            "--json",
        ],
    ),
    (
        "rise_of_the_zombies_greedy",
        [
            "cards",
            "rise-of-the-zombies",
            "--bots",
            "greedy",
            "--games",
            "3",
            "--seed",
            "0",
            "--json",
        ],
    ),
    (
        "rise_of_the_zombies_random",
        [
            "cards",
            "rise-of-the-zombies",
            "--survivors",
            "Scout,Biker",
            "--bots",
            "random",
            "--games",
            "3",
            "--seed",
            "5",
            "--json",
        ],
    ),
]


def replay_digest_lines(path: Path) -> list[str]:
    """What of a replay file must not change: each game's inputs, shots, after-states and result
    (not the build fingerprint, which names the code)."""
    data = json.loads(path.read_text())
    lines = []
    for game in data["games"]:
        for key in ("inputs", "shots", "after", "result"):
            lines.append(json.dumps(game.get(key), sort_keys=True))
    return lines


def digest(argv: list[str], record: bool) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        extra = ["--record", str(Path(tmp) / "r.json")] if record else []
        out = subprocess.run(
            [sys.executable, "-m", "flick", *argv, *extra],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        h = hashlib.sha256(out.encode())
        if record:
            for line in replay_digest_lines(Path(tmp) / "r.json"):
                h.update(line.encode())
        return h.hexdigest()


def compute(prefix: str = "") -> dict[str, str]:
    result = {}
    for key, argv in FLICK_RUNS:
        if key.startswith(prefix):
            result[key] = digest(argv, record=True)
    for key, argv in CARD_RUNS:
        if key.startswith(prefix):
            result[key] = digest(argv, record=False)
    return result


if __name__ == "__main__":
    if "--check" in sys.argv:
        rest = sys.argv[sys.argv.index("--check") + 1 :]
        stored = json.loads((HERE / "digests.json").read_text())
        now = compute(rest[0] if rest else "")
        changed = sorted(k for k in now if now[k] != stored.get(k))
        print(f"{len(now) - len(changed)} of {len(now)} golden digests unchanged")
        for key in changed:
            print(f"CHANGED: {key}")
        sys.exit(1 if changed else 0)
    digests = compute()
    text = json.dumps(digests, indent=2, sort_keys=True) + "\n"
    if "--write" in sys.argv:
        (HERE / "digests.json").write_text(text)
    print(text, end="")
