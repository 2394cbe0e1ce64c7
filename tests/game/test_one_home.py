"""One home for each thing: one Placement, one fight attack, imports at the top with a stated
reason when not, and the flick cap read from MAX_FLICK_IMPULSE."""

from __future__ import annotations

import ast
import importlib.util
import math
from pathlib import Path

import pytest

from flick.game.game import Game
from flick.game.inputs import Flick
from flick.game.scenarios.fight import Fight, StagedFight
from flick.game.scenarios.survivor_fight import Duel
from flick.game.state import IllegalAction
from flick.physics import MAX_FLICK_IMPULSE
from flick.scenario import load
from flick.scenario.place import Placement

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "flick" / "game"


def _function_imports(path: Path) -> list[ast.stmt]:
    """Imports inside functions (not under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text())
    out: list[ast.stmt] = []
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            out += [n for n in ast.walk(fn) if isinstance(n, ast.Import | ast.ImportFrom)]
    return out


def test_the_game_uses_the_scenario_placement() -> None:
    assert importlib.util.find_spec("flick.game.placement") is None
    game = Game(load(1), seed=0)
    placement = game.board.placement
    assert isinstance(placement, Placement)
    pieces = placement.pieces
    assert pieces["Anita Wallace"] == placement.survivors["Anita Wallace"]
    assert pieces["zombie_1"] == placement.zombies[0]
    assert set(placement.buildings.values()).isdisjoint(pieces.values())
    assert game.board.key_piece("zombie_1") == placement.zombies[0]


def test_one_fight_attack_flick() -> None:
    """The staged flick (check, put down, flick, take off) is written once, in StagedFight."""
    calls = 0
    for name in ("fight.py", "survivor_fight.py"):
        tree = ast.parse((GAME / "scenarios" / name).read_text())
        calls += sum(1 for n in ast.walk(tree) if isinstance(n, ast.Call)
                     and isinstance(n.func, ast.Attribute) and n.func.attr == "flick")
    assert calls == 1
    assert Fight.flick_weapon is StagedFight.flick_weapon
    assert Duel.flick_weapon is StagedFight.flick_weapon


@pytest.mark.parametrize("impulse", [(MAX_FLICK_IMPULSE + 1.0, 0.0), (math.nan, 0.0)])
def test_a_bad_fight_flick_changes_nothing(impulse: tuple[float, float]) -> None:
    game = Game(load(6), seed=0)
    s = next(iter(game.survivors.values()))
    duel = Duel.begin(game, "library", [s], [])
    duel.weapons[s.name] = "gun"
    before = sorted(duel.table.pieces())
    with pytest.raises(IllegalAction, match="bad fight flick"):
        duel.flick_weapon(s.name, Flick(impulse))
    assert sorted(duel.table.pieces()) == before


def test_imports_inside_functions_in_game_say_why() -> None:
    missing = []
    for path in sorted(GAME.rglob("*.py")):
        lines = path.read_text().splitlines()
        for node in _function_imports(path):
            above = lines[node.lineno - 2].strip()
            if not above.startswith("#"):
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert missing == [], "an import inside a function needs a comment line above it saying " \
        "why it is not at the module top (a real cycle, an optional dependency)"


def test_the_flick_cap_is_not_written_as_a_literal() -> None:
    hits = []
    for path in [*sorted(GAME.rglob("*.py")), ROOT / "flick" / "ui" / "adapter.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value == MAX_FLICK_IMPULSE \
                    and not isinstance(node.value, bool):
                hits.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert hits == []
