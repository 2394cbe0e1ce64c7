"""Every input of the game is listed where it is defined (`flick.game.inputs.INPUT_TYPES`),
not added to the list by another module as it is imported."""

from __future__ import annotations

import ast
from pathlib import Path

import flick.game.inputs as inputs_module
from flick.game.inputs import (
    INPUT_TYPES,
    Flick,
    Input,
    input_from_json,
)
from flick.game.scenarios.inputs import (
    Accuse,
    Allegiance,
    CrossroadsChoice,
    ExileFlick,
    Flare,
    Vote,
)

GAME = Path(inputs_module.__file__).parent


def _input_classes() -> dict[str, str]:
    """Class name -> file of every subclass of Input defined under flick/game."""
    out = {}
    for path in sorted(GAME.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id == "Input" for b in node.bases):
                out[node.name] = str(path.relative_to(GAME.parent.parent))
    return out


def test_every_input_class_is_in_the_list_written_in_inputs_py() -> None:
    tree = ast.parse(Path(inputs_module.__file__).read_text())
    listed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "INPUT_TYPES":
            listed = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    classes = _input_classes()
    assert classes, "no input class found"
    missing = sorted(f"{name} ({where})" for name, where in classes.items() if name not in listed)
    assert not missing, "inputs not in INPUT_TYPES where it is written: " + ", ".join(missing)


def test_no_module_adds_to_the_input_types() -> None:
    for path in sorted(GAME.rglob("*.py")):
        text = path.read_text()
        assert "INPUT_TYPES.setdefault" not in text and "INPUT_TYPES[" not in text.replace(
            'INPUT_TYPES[data["input"]]', ""), path
    assert all(issubclass(cls, Input) and cls.kind == kind for kind, cls in INPUT_TYPES.items())


def test_new_inputs_round_trip_through_json() -> None:
    for inp in (CrossroadsChoice(1), Flare(Flick((1.0, 2.0)), big=False), Accuse("John Price"),
                Vote(True), ExileFlick(Flick((3.0, 4.0))), Allegiance(True)):
        assert input_from_json(inp.to_json()) == inp
