"""A seat's choices in the host's view: the active survivor's take / drop offs and short
kills, by index only, so a face-down token's kind stays hidden."""

from __future__ import annotations

import json

from flick.game import Game, input_from_json
from flick.net import views
from flick.scenario import load


def test_the_acting_seat_is_offered_take_and_drop_by_index_without_face_down_kinds() -> None:
    game = Game(load(1), 4, players={"survivors": 2})
    seats = views.seats_of(game)
    game.apply(views.choices(game, seats[0])[0])  # choose a survivor: its actions now
    s = game.active_survivor
    s.building = "library"
    game.stashes["library"] = [game.new_token("food"), game.new_token("fuel", face_up=False)]
    s.inventory.append(game.new_token("medicine"))
    view = views.seat_view(game, seats, seats[0], 0, [])
    offered = view.seat.choices
    takes = [c for c in offered if c["input"] == "take_drop" and c["take"] is not None]
    drops = [c for c in offered if c["input"] == "take_drop" and c["drop"] is not None]
    assert [c["take"] for c in takes] == [0, 1] and [c["drop"] for c in drops] == [0]
    assert all(c["place"] is None for c in takes + drops)  # the building it is in
    assert "fuel" not in json.dumps(view.model_dump(mode="json"))  # face-down: not named
    # the face-down token taken by its index is accepted by the rules
    game.apply(input_from_json(takes[1]))
    assert game.phase == "keep"  # the player looks at it before keeping it
    assert views.seat_view(game, seats, seats[0], 0, []).seat.looking_at == ["fuel"]
    assert views.seat_view(game, seats, seats[1], 0, []).seat.choices == []  # not its turn
