"""`flick replay --verify` and the embedded scenario: an edit with the hash
recomputed is caught by comparing with the bundled file the game names (or `--scenario`), and
an edit that changes the game's end by the re-simulation; a custom scenario is checked against
its own hash only, and verify says so."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from flick import replay as rp
from flick.cli import main
from flick.game import Game, HeuristicBot
from flick.replay import provenance
from flick.scenario import load, resolve
from tests.conftest import CliRun, game_group


@pytest.fixture(scope="module")
def short_game(tmp_path_factory: Any) -> dict[str, Any]:
    """A few inputs of scenario 1 (seed 3), recorded: cheap to re-simulate."""
    game = Game(load(1), 3)
    rp.Recorder(game, controller="heuristic")
    bot = HeuristicBot(3)
    for _ in range(8):
        game.apply(bot.decide(game))
    path = rp.write(tmp_path_factory.mktemp("prov") / "s1.json", game, bots="heuristic")
    return json.loads(path.read_text())


def edited(data: dict[str, Any], tmp_path: Path, change: Callable[[dict[str, Any]], None],
           name: str = "edited.json") -> Path:
    """A copy of the replay with its first game's scenario record changed by `change` and
    the scenario hash recomputed, as someone covering their tracks would."""
    copy = json.loads(json.dumps(data))
    record = copy["games"][0]["scenario"]
    change(record)
    record["hash"] = rp.sha256(record["data"])
    path = tmp_path / name
    path.write_text(json.dumps(copy))
    return path


def verify_cli(path: Path, capsys: Any, *extra: str) -> tuple[int, str]:
    code = main(["replay", str(path), "--verify", *extra])
    return code, capsys.readouterr().out


def test_a_game_of_a_bundled_scenario_names_its_file_and_verifies(short_game: Any,
                                                                  tmp_path: Path,
                                                                  capsys: Any) -> None:
    assert short_game["games"][0]["scenario"]["bundled"] == "s01_get_outta_town.yaml"
    path = tmp_path / "honest.json"
    path.write_text(json.dumps(short_game))
    code, out = verify_cli(path, capsys)
    assert code == 0 and "identical to the bundled s01_get_outta_town.yaml" in out
    # a custom scenario (another objective) names no bundled file
    sc = load(1)
    custom = sc.model_copy(update={"story": "Another story."})
    assert provenance.bundled_name(sc) == "s01_get_outta_town.yaml"
    assert provenance.bundled_name(custom) is None


def _rename(record: dict[str, Any]) -> None:
    record["data"]["name"] = record["name"] = "Get Outta Town Quickly!"


def _story(record: dict[str, Any]) -> None:
    record["data"]["story"] = "An invented story."


def _objective(record: dict[str, Any]) -> None:
    record["data"]["objectives"][0]["params"]["max_zombies_in_city"] = 9


def _label_only(record: dict[str, Any]) -> None:
    record["name"] = "Somewhere Else"


# What the re-simulation says after the scenario's fields: a name or a story changes no input;
# the bots read the objective's limit, so their first decision differs from the recorded one.
@pytest.mark.parametrize(("change", "fields", "resimulation"), [
    (_rename, ["name"], "re-simulation: OK"),
    (_story, ["story"], "re-simulation: OK"),
    (_objective, ["objectives[0].params.max_zombies_in_city"],
     "is not what the heuristic bots decide there"),
    (lambda r: (_rename(r), _story(r)), ["name", "story"], "re-simulation: OK"),
])
def test_an_edited_and_rehashed_scenario_fails_naming_every_field(
        short_game: Any, tmp_path: Path, capsys: Any, change: Any, fields: list[str],
        resimulation: str) -> None:
    path = edited(short_game, tmp_path, change)
    rp.load(path)  # the hash was recomputed: loading accepts the file
    code, out = verify_cli(path, capsys)
    assert code == 1
    assert out.startswith("FAILED game 1: the embedded scenario: it differs from the bundled")
    differ = out.split(" in: ", 1)[1].split(" (edited", 1)[0]
    assert differ.split(", ") == fields
    assert resimulation in out


def test_a_label_that_disagrees_with_the_data_fails(short_game: Any, tmp_path: Path,
                                                    capsys: Any) -> None:
    code, out = verify_cli(edited(short_game, tmp_path, _label_only), capsys)
    assert code == 1 and "its label says name 'Somewhere Else'" in out


def test_a_custom_scenario_is_checked_against_its_hash_only_unless_given(
        short_game: Any, tmp_path: Path, capsys: Any) -> None:
    # What cannot be caught without a key: the editor also clears `bundled`.
    path = edited(short_game, tmp_path, lambda r: (r.update(bundled=None), _story(r)))
    code, out = verify_cli(path, capsys)
    assert code == 0 and "a custom scenario: checked against its own hash only" in out
    # ... unless the scenario it was played from is given
    code, out = verify_cli(path, capsys, "--scenario", "1")
    assert code == 1 and "differs from scenarios/s01_get_outta_town.yaml in: story" in out
    # ... and the user's own file, the one the game was really played from, agrees
    mine = tmp_path / "mine.yaml"
    mine.write_text(_with_story(resolve(1).read_text(), "An invented story."))
    code, out = verify_cli(path, capsys, "--scenario", str(mine))
    assert code == 0 and f"identical to {mine}" in out
    assert main(["replay", str(path), "--scenario", "1"]) == 2  # --scenario needs --verify
    assert "--scenario is for --verify" in capsys.readouterr().err


def _with_story(text: str, story: str) -> str:
    """The scenario YAML `text` with its (folded, indented) story replaced by `story`."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith("story:"))
    end = next(i for i in range(start + 1, len(lines)) if not lines[i].startswith("  "))
    return "".join([*lines[:start], f"story: {story}\n", *lines[end:]])


def test_a_bundled_name_this_flick_does_not_have_fails(short_game: Any, tmp_path: Path,
                                                       capsys: Any) -> None:
    path = edited(short_game, tmp_path, lambda r: r.update(bundled="../../etc/passwd"))
    code, out = verify_cli(path, capsys)
    assert code == 1 and "which this flick does not have" in out


@game_group(5)
def test_an_edit_that_changes_the_end_is_caught_by_the_re_simulation(
        cli_run: Callable[..., CliRun], tmp_path: Path, capsys: Any) -> None:
    # Seed 106: the survivors win, the 2 fuel in the RV (the golden seeds 100 and 101 lose).
    run = cli_run(["sim", "5", "--seed", "106", "--json"], record=True)
    data = run.record_data()
    assert data["games"][0]["result"]["end_reason"] == "objective"

    def three_fuel(record: dict[str, Any]) -> None:
        objective = next(o for o in record["data"]["objectives"]
                         if o["id"] == "find_survivors_and_tokens")
        objective["params"]["tokens"]["fuel"] = 3
        record["bundled"] = None  # even claimed custom: the re-simulation ends differently

    code, out = verify_cli(edited(data, tmp_path, three_fuel), capsys)
    assert code == 1 and "the game ends differently" in out and "end_reason" in out
