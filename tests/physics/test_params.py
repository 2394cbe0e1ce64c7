"""The physics parameter file: the shipped one loads; bad ones are refused with file, line, key."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from flick.errors import DataFileError
from flick.paths import assets
from flick.physics import PhysicsParams

DEFAULT = assets() / "physics" / "default.yaml"


def _variant(tmp_path: Path, old: str, new: str) -> tuple[Path, int]:
    """A copy of the default file with one line changed; its path and the changed line."""
    lines = DEFAULT.read_text(encoding="utf-8").splitlines()
    hits = [i for i, line in enumerate(lines) if line.startswith(old)]
    assert len(hits) == 1, old
    lines[hits[0]] = new
    path = tmp_path / "bad.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, hits[0] + 1


def test_default_loads_with_the_component_sizes() -> None:
    params = PhysicsParams.default()
    assert params == PhysicsParams.load(DEFAULT)
    assert params.pieces["movement_disc"].diameter == 4.0
    assert params.pieces["shotgun_pellet"].diameter == pytest.approx(
        params.pieces["bullet"].diameter / 2.0, rel=0.01  # type: ignore[operator]
    )
    assert params.buildings.kinds["rv"].door_gap == 10.0
    # A figure's toppling speed is of the order of 20-40 cm/s (components.md).
    topple = params.pieces["zombie"].topple
    assert topple is not None
    assert 20.0 < topple.speed(params.gravity) < 40.0


def test_parameters_are_frozen() -> None:
    params = PhysicsParams.default()
    with pytest.raises(Exception):  # noqa: B017 - pydantic's frozen-instance error
        params.gravity = 1.0  # type: ignore[misc]


def test_negative_mass_names_file_line_and_key(tmp_path: Path) -> None:
    old = "  bullet: {shape: circle"
    new = "  bullet: {shape: circle, diameter: 2.2, mass: -4.0, material: plastic, " \
          "table_friction: 0.30, layer: low}"
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    text = str(error.value)
    assert f"{path}:{line}" in text
    assert "pieces.bullet.mass" in text
    assert "greater than 0" in text


def test_zero_friction_is_refused(tmp_path: Path) -> None:
    path, line = _variant(tmp_path, "  plastic: {", "  plastic: {elasticity: 0.8367, friction: 0}")
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    assert re.search(
        rf"{re.escape(str(path))}:{line}:\d+: materials\.plastic\.friction",
        str(error.value),
    )


def test_zero_table_friction_is_refused(tmp_path: Path) -> None:
    old = "  movement_disc: {"
    new = "  movement_disc: {shape: circle, diameter: 4.0, mass: 6.0, material: plastic, " \
          "table_friction: 0.0, layer: low}"
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError, match=rf":{line}:\d+: pieces.movement_disc.table_friction"):
        PhysicsParams.load(path)


def test_unknown_material_and_typo_keys_are_refused(tmp_path: Path) -> None:
    old = "  flare_token: {"
    new = "  flare_token: {shape: circle, diameter: 2.0, mass: 1.5, material: paper, " \
          "table_friction: 0.35, layer: low}"
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError, match=rf":{line}:\d+: pieces.flare_token.material: unknown"):
        PhysicsParams.load(path)
    path, line = _variant(tmp_path, "gravity:", "gravty: 981.0")
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    assert re.search(rf":{line}:\d+: gravty", str(error.value))


def test_missing_dimension_is_refused(tmp_path: Path) -> None:
    old = "  box: {"
    new = "  box: {shape: box, length: 3.0, mass: 5.0, material: cardboard, " \
          "table_friction: 0.40, layer: tall}"
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError, match=rf":{line}:\d+: pieces.box: a box needs width"):
        PhysicsParams.load(path)


def test_unreadable_and_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="cannot read"):
        PhysicsParams.load(tmp_path / "nowhere.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("gravity: 981\ntable: {margin: [1, 2\n", encoding="utf-8")
    with pytest.raises(DataFileError, match=r"broken.yaml:\d+:\d+: not valid YAML"):
        PhysicsParams.load(broken)
    listing = tmp_path / "list.yaml"
    listing.write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="mapping"):
        PhysicsParams.load(listing)


def test_cli_reports_bad_file_without_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    path, _ = _variant(tmp_path, "gravity:", "gravity: -1")
    code = (
        "import sys\n"
        "from flick.errors import FlickError\n"
        "from flick.physics import PhysicsParams\n"
        "try:\n"
        f"    PhysicsParams.load({str(path)!r})\n"
        "except FlickError as e:\n"
        "    print(e); sys.exit(e.exit_code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 2
    assert "gravity" in done.stdout and "Traceback" not in done.stderr


def test_per_kind_spin_lever_and_toppling_scale_default_to_the_shared_values() -> None:
    params = PhysicsParams.default()
    assert all(piece.spin_lever == 0.9 for piece in params.pieces.values())
    assert all(piece.topple.scale == 1.0
               for piece in params.pieces.values() if piece.topple is not None)


def test_bad_spin_lever_names_file_line_and_key(tmp_path: Path) -> None:
    old = "  bullet: {shape: circle"
    for lever, problem in (("0", "greater than 0"), ("-0.5", "greater than 0"),
                           ("1.5", "reaches beyond the piece's footprint (at most 1.414")):
        new = "  bullet: {shape: circle, diameter: 2.2, mass: 4.0, material: plastic, " \
              f"table_friction: 0.30, layer: low, spin_lever: {lever}}}"
        path, line = _variant(tmp_path, old, new)
        with pytest.raises(DataFileError) as error:
            PhysicsParams.load(path)
        assert re.search(
            rf"{re.escape(str(path))}:{line}:\d+: pieces\.bullet\.spin_lever:\ ",
            str(error.value),
        )
        assert problem in str(error.value)
    # A long lever that the footprint allows (a knife's ends reach 1.7 of its r_g) loads.
    old = "  knife: {"
    new = "  knife: {shape: capsule, length: 6.0, width: 0.8, mass: 3.0, material: plastic, " \
          "table_friction: 0.35, layer: low, spin_lever: 1.6}"
    path, _ = _variant(tmp_path, old, new)
    assert PhysicsParams.load(path).pieces["knife"].spin_lever == 1.6


def test_bad_toppling_scale_of_a_kind_names_file_line_and_key(tmp_path: Path) -> None:
    old = "    topple: {height: 4.0"
    new = "    topple: {height: 4.0, com_height: 2.0, base: 1.6, fallen_length: 4.0, " \
          "fallen_width: 3.2, fallen_layer: tall, fallen_friction: 0.35, scale: 0}"
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    assert re.search(
        rf"{re.escape(str(path))}:{line}:\d+: pieces\.barrel\.topple\.scale:\ ",
        str(error.value),
    )
    assert "greater than 0" in str(error.value)
    path, _ = _variant(tmp_path, old, new.replace("scale: 0", "scale: 1.4"))
    loaded = PhysicsParams.load(path)
    assert loaded.pieces["barrel"].topple.scale == 1.4  # type: ignore[union-attr]
    assert loaded.pieces["zombie"].topple.scale == 1.0  # type: ignore[union-attr]


def test_hand_noise_section_feeds_the_bots_and_the_window(tmp_path: Path) -> None:
    import math

    from flick.game.bots.aim import HandNoise
    from flick.game.bots.five_to_ten import HeuristicBot

    params = PhysicsParams.default()
    assert params.hand_noise is not None
    steady = HandNoise.from_params(params)
    assert steady == HandNoise(math.radians(1.5), 0.07, math.radians(0.4))
    assert HandNoise.from_params(params, "shaky").power_sd == 0.18
    assert HeuristicBot(1, params=params).noise == steady
    # A steadier hand in the file is the hand the bot flicks with.
    path, _ = _variant(tmp_path, "  steady: {", "  steady: {angle_deg: 0.5, power_frac: 0.02, "
                       "template_angle_deg: 0.1}")
    calm = PhysicsParams.load(path)
    assert HeuristicBot(1, params=calm).noise.power_sd == 0.02
    # A file written before the section (an old replay's) falls back to the shipped hand.
    old = calm.model_copy(update={"hand_noise": None})
    assert HandNoise.from_params(old) == steady


def test_bad_hand_noise_names_file_line_and_key(tmp_path: Path) -> None:
    for value, problem in (("-1.5", "greater than or equal to 0"), ("45", "less than or equal")):
        path, line = _variant(tmp_path, "  shaky: {", f"  shaky: {{angle_deg: {value}, "
                              "power_frac: 0.18, template_angle_deg: 1.5}")
        with pytest.raises(DataFileError) as error:
            PhysicsParams.load(path)
        assert re.search(
            rf"{re.escape(str(path))}:{line}:\d+: hand_noise\.shaky\.angle_deg:\ ",
            str(error.value),
        )
        assert problem in str(error.value)
    path, line = _variant(tmp_path, "  steady: {", "  steady: {angle_deg: 1.5, power: 0.07, "
                          "template_angle_deg: 0.4}")
    with pytest.raises(DataFileError) as error:
        PhysicsParams.load(path)
    assert re.search(rf"{re.escape(str(path))}:{line}:\d+: hand_noise\.steady\.", str(error.value))
