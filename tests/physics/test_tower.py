"""The zombie tower: the side-view drop, its hand-off to the table (`Table.rush`), its
parameters and its command."""

from __future__ import annotations

import hashlib
import itertools
import math
from pathlib import Path

import numpy as np
import pytest
import yaml

from flick.errors import DataFileError
from flick.physics import PhysicsParams, Table, TableError
from flick.physics.params import load_tower_params
from flick.physics.tower import drop, tower_world
from flick.physics.tower import kit as tower_kit
from flick.physics.tower.params import TowerParams
from flick.physics.tower.place import MAX_REACH, TowerPose, obstacle

PARAMS = PhysicsParams.default()
TOWER = PARAMS.tower
NORTH = math.pi / 2.0


def _exit_face(x: float, y: float, facing: float) -> tuple[float, float]:
    assert TOWER is not None
    d = TOWER.depth / 2.0
    return x + math.cos(facing) * d, y + math.sin(facing) * d


def test_default_parameters_have_a_tower_matching_the_table_zombie() -> None:
    assert TOWER is not None
    zombie = PARAMS.pieces["zombie"]
    assert zombie.topple is not None
    assert TOWER.figure.mass == zombie.mass
    assert TOWER.figure.base_diameter == zombie.diameter
    assert TOWER.figure.height == zombie.topple.height
    assert TOWER.figure.com_height == zombie.topple.com_height
    assert TOWER.gravity == PARAMS.gravity == 981.0
    # The table just outside the exit is the table a fallen zombie slides on.
    assert TOWER.materials.friction_table == zombie.topple.fallen_friction


def test_slot_order_is_exit_order() -> None:
    assert TOWER is not None
    for seed in range(12):
        exits = drop(4, TOWER, seed)
        assert [e.slot for e in exits] == [1, 2, 3, 4]
        times = [e.time for e in exits]
        assert times == sorted(times) and len(set(times)) == 4, (seed, times)
        assert not any(e.shaken_out for e in exits)


def test_drop_is_a_function_of_the_seed() -> None:
    assert TOWER is not None
    assert drop(3, TOWER, 5) == drop(3, TOWER, 5)
    assert drop(3, TOWER, 5) == drop(3, TOWER, np.random.default_rng(5))
    assert drop(3, TOWER, 5) != drop(3, TOWER, 6)


def test_a_drop_watched_step_by_step_leaves_the_tower_as_an_unwatched_one() -> None:
    """A drop steps Chipmunk directly unless something replaced its space's step (the window
    records a drop's frames that way): both give the same exits, every step seen."""
    assert TOWER is not None
    world = tower_world(4, TOWER, 9)
    seen: list[float] = []
    step = world.space.step

    def watched(dt: float) -> None:
        seen.append(dt)
        step(dt)

    world.space.step = watched  # type: ignore[method-assign]
    assert world.run() == drop(4, TOWER, 9)
    assert len(seen) == world.steps > 100


def test_a_drop_draws_its_hand_noise_as_one_draw_at_a_time_would() -> None:
    """The jitter of n zombies: the pull, then n of each kind, from the generator in that
    order (the slot offsets clipped off the neighbours), and the generator left after them."""
    assert TOWER is not None
    noise = TOWER.noise
    for n in range(5):
        gen, ref = np.random.default_rng(n), np.random.default_rng(n)
        jitter = tower_world(n, TOWER, gen).jitter
        pull = TOWER.pull_speed * (1.0 + noise.pull_speed_fraction * float(ref.standard_normal()))
        assert jitter.pull_speed == max(pull, TOWER.pull_speed * 0.5)
        xs = sorted(s.x for s in TOWER.slots)
        r = TOWER.figure.base_diameter / 2.0
        gaps = [b - a - 2.0 * r for a, b in itertools.pairwise(xs)]
        gaps += [2.0 * (xs[0] - r + TOWER.depth / 2.0), 2.0 * (TOWER.depth / 2.0 - xs[-1] - r)]
        limit = max(0.0, min(gaps) / 2.0 - 0.02)
        dx = np.clip(noise.slot_cm * ref.standard_normal(n), -limit, limit)
        expected = [noise.slot_cm, noise.tilt_rad, noise.heading_rad, noise.yaw_rate,
                    noise.exit_speed_fraction]
        drawn = [scale * ref.standard_normal(n) for scale in expected]
        assert jitter.dx.tobytes() == dx.tobytes()
        for got, want in zip((jitter.dy, jitter.tilt, jitter.heading, jitter.yaw, jitter.speed),
                             drawn, strict=True):
            assert got.tobytes() == want.tobytes()
        assert gen.standard_normal() == ref.standard_normal()


# sha256 of the exits of 300 seeded drops (1-4 zombies, seeds 0-299, one after another),
# each exit's repr: any change in what a drop gives (or in Chipmunk) shows here.
DROPS_DIGEST = "2566417b975d949534d5f499cab79b669903ca1c55cb52cff1c1d3fdebc8754c"


def test_300_seeded_drops_give_the_digest() -> None:
    assert TOWER is not None
    h = hashlib.sha256()
    for seed in range(300):
        for e in drop(1 + seed % 4, TOWER, seed):
            h.update(repr(e).encode())
    assert h.hexdigest() == DROPS_DIGEST


def test_a_drop_with_kept_bodies_is_a_drop_with_new_ones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The tower's bodies and shapes are kept from drop to drop (`tower.kit`): after drops
    of every size, shaken-out zombies and support still in the space included, a drop gives
    what the same drop gives with objects made new, bit for bit."""
    assert TOWER is not None
    short = TOWER.model_copy(update={"max_time": 0.3})  # zombies still inside: shaken out
    runs = [(n, seed, params) for seed in range(24) for n in (4, 1, 3, 2)
            for params in ((TOWER, short) if seed % 3 == 0 else (TOWER,))]
    kept = [drop(n, params, seed) for n, seed, params in runs]
    assert any(e.shaken_out for exits in kept for e in exits)
    monkeypatch.setattr(tower_kit, "lend", lambda params: tower_kit.TowerKit(params))
    assert kept == [drop(n, params, seed) for n, seed, params in runs]


def test_a_watched_drop_sees_its_space_as_pymunk_shows_it() -> None:
    """The window draws a drop from `space.shapes`: the tower, the support while it is
    there and each zombie until it leaves the exit; after the drop its space is empty."""
    assert TOWER is not None
    world = tower_world(2, TOWER, 3)
    space = world.space
    tower = len(TOWER.baffles) + len(TOWER.ramp) - 1 + 4  # 3 walls, the table
    assert len(space.shapes) == tower + 1 + 2 * 2
    assert all(shape.space is space for shape in space.shapes)
    assert set(space.bodies) == {world.support, *world.zombies}
    counts = []
    step = space.step

    def watched(dt: float) -> None:
        step(dt)
        counts.append(len(space.shapes))

    space.step = watched  # type: ignore[method-assign]
    world.run()
    # all, then the support gone, then the first zombie (the last ends the drop as it leaves)
    assert sorted(set(counts), reverse=True) == [tower + 5, tower + 4, tower + 2]
    assert not space.shapes and not space.bodies


def test_drop_looks_like_the_real_tower() -> None:
    """Zombies shoot out at over a metre a second, fanned out, mostly tumbling."""
    assert TOWER is not None
    exits = [e for seed in range(15) for e in drop(3, TOWER, seed)]
    speeds = np.array([e.speed for e in exits])
    headings = np.degrees([e.heading for e in exits])
    # Falling 22 cm would give 208 cm/s; the landing, the turn to the table and the
    # cardboard's friction leave about 120.
    assert 105.0 < speeds.mean() < 160.0
    assert speeds.std() > 5.0 and speeds.max() < 208.0
    assert headings.std() > 5.0 and headings.max() > 8.0 and headings.min() < -8.0
    assert np.mean([e.upright for e in exits]) < 0.5
    edge = TOWER.exit_width / 2.0
    assert all(abs(e.lateral) < edge for e in exits)


def test_rushed_zombies_travel_tens_of_centimetres_and_fan_out() -> None:
    """Loud rushes (3 zombies) onto an empty table: where the zombies come to rest."""
    from flick.cli.tower import run_drops

    s = run_drops(12, 3, seed=0)
    travel, spread = s["travel"], np.degrees(s["spread"])
    assert 25.0 < travel.mean() < 50.0, travel.mean()
    assert np.percentile(travel, 10) > 10.0 and travel.max() < 80.0
    assert spread.std() > 6.0 and spread.min() < -12.0 and spread.max() > 12.0
    assert s["shaken_out"] == 0


def test_survivor_15cm_in_front_of_the_exit_is_felled_in_most_drops() -> None:
    """A full roof (4 zombies); about 90 % of drops fell it (36 of these 40)."""
    felled = touched = 0
    drops = 40
    for seed in range(drops):
        table = Table(PARAMS, city=(90.0, 90.0))
        fx, fy = _exit_face(45.0, 45.0, NORTH)
        survivor = table.add("survivor", x=fx, y=fy + 15.0)
        result = table.rush(4, tower=(45.0, 45.0, NORTH), rng=seed)
        felled += survivor in result.fell
        touched += any(survivor in result.touches(z) for z in result.rushed)
    assert felled > drops // 2, felled
    # Only a zombie's touch fells it, and the fan makes some drops miss it.
    assert felled <= touched < drops


def test_survivor_80cm_behind_the_tower_is_never_touched() -> None:
    for seed in range(10):
        table = Table(PARAMS, city=(100.0, 200.0))
        survivor = table.add("survivor", x=50.0, y=110.0 - 6.0 - 80.0)
        before = table.position(survivor)
        result = table.rush(4, tower=(50.0, 110.0, NORTH), rng=seed)
        assert survivor not in result.fell
        assert table.position(survivor) == before and table.is_standing(survivor)
        assert all(survivor not in result.touches(z) for z in result.rushed)


def _busy_table() -> tuple[Table, list[int]]:
    """A library right in front of the tower, pieces around, and 3 zombies to rush."""
    table = Table(PARAMS, city=(90.0, 90.0))
    table.add_building("library", x=45.0, y=52.0, angle=-NORTH)  # door faces the tower
    table.add("survivor", x=40.0, y=44.0)
    table.add("barrel", x=52.0, y=44.0)
    table.add("box", x=33.0, y=40.0)
    table.add("street_lamp", x=58.0, y=38.0, angle=0.3)
    zombies = [table.add("zombie", x=10.0 + 6.0 * i, y=80.0) for i in range(3)]
    return table, zombies


def test_zombies_never_end_inside_support_blocks_or_other_pieces() -> None:
    for seed in range(8):
        table, zombies = _busy_table()
        result = table.rush(zombies, tower=(45.0, 30.0, NORTH), rng=seed)
        assert list(result.rushed) == zombies
        for z in result.rushed:
            assert table.overlapping(z) == [], (seed, z, table.overlapping(z))
        for pid in table.pieces():
            for other in table.overlapping(pid):
                assert table.building_of(other) is None, (seed, pid, other)


def test_same_seed_same_state_hash() -> None:
    hashes = []
    for seed in (3, 3, 4):
        table, zombies = _busy_table()
        table.rush(zombies, tower=(45.0, 30.0, NORTH), rng=seed)
        hashes.append(table.state_hash())
    assert hashes[0] == hashes[1]
    assert hashes[0] != hashes[2]


def test_rush_of_new_zombies_adds_them_to_the_table() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    before = set(table.pieces())
    result = table.rush(2, tower=(45.0, 20.0, NORTH), rng=1)
    assert len(result.rushed) == 2 and set(table.pieces()) - before == set(result.rushed)
    assert all(table.kind(z) == "zombie" for z in result.rushed)
    face = _exit_face(45.0, 20.0, NORTH)
    for z in result.rushed:
        assert table.position(z)[1] > face[1]  # out of the exit, in front of the tower
    assert set(result.tumbled) == {z for z in result.rushed if not table.is_standing(z)}


def test_pieces_in_the_tower_way_are_set_aside_and_put_back() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    barrel = table.add("barrel", x=44.0, y=31.0)  # under the tower's footprint
    bid = table.add_building("school", x=45.0, y=26.0, angle=NORTH)  # its blocks under it too
    building_before = table.snapshot().buildings
    result = table.rush(3, tower=(45.0, 30.0, NORTH), rng=2)
    assert barrel in result.set_aside and bid in result.set_aside
    assert table.snapshot().buildings == building_before
    assert table.position(barrel) == (44.0, 31.0) or table.overlapping(barrel) == []
    for pid in table.pieces():
        assert table.overlapping(pid) == []


def test_a_rush_leaves_the_pieces_in_id_order() -> None:
    """Lifted zombies go back on the table one by one and set-aside pieces after the run:
    whatever the rush, the table lists its pieces by id, as a restored table does."""
    for seed, (rushed, in_the_way) in enumerate(itertools.product(([0, 2], [1], 2), (0, 1))):
        table, zombies = _busy_table()
        if in_the_way:
            table.add("barrel", x=44.0, y=31.0)  # under the tower's footprint
        table.add("survivor", x=80.0, y=80.0)
        result = table.rush([zombies[i] for i in rushed] if isinstance(rushed, list) else rushed,
                            tower=(45.0, 30.0, NORTH), rng=seed)
        assert bool(result.set_aside) == bool(in_the_way)
        again = Table(PARAMS, city=(90.0, 90.0))
        again.restore(table.snapshot())
        assert table.pieces() == again.pieces() == sorted(table.pieces())
    table = Table(PARAMS, city=(90.0, 90.0))
    table.add("survivor", x=80.0, y=80.0)
    table.rush(3, tower=(45.0, 30.0, NORTH), rng=1)  # nothing in the way
    assert table.pieces() == sorted(table.pieces()) and len(table.pieces()) == 4


def test_zombies_leaving_into_a_building_stop_beside_it() -> None:
    """A library's block right before the exit: the zombies that would leave into it are put
    beside it at rest (they travel nothing), the one that leaves clear of it slides on."""
    for seed in range(3):
        table = Table(PARAMS, city=(90.0, 90.0))
        bid = table.add_building("library", x=49.0, y=40.0, angle=NORTH)
        result = table.rush(4, tower=(45.0, 30.0, NORTH), rng=seed)
        assert not result.set_aside and set(result.tumbled) == set(result.rushed)
        travel = [result.distances.get(z, 0.0) for z in result.rushed]
        assert sum(t < 1.0 for t in travel) >= 2 and max(travel) > 10.0, travel
        parts = set(table.building_parts(bid))
        assert not any(parts & set(table.overlapping(z)) for z in result.rushed)


def test_no_piece_or_building_part_reaches_past_max_reach() -> None:
    """The rush skips pieces and building parts whose centres are farther apart than their
    reaches (MAX_REACH for any of them) before the exact overlap test."""
    table = Table(PARAMS, city=(90.0, 90.0))
    fp = table.footprints
    reaches = [fp.get(kind, standing).reach for kind in PARAMS.pieces
               for standing in ((True, False) if fp.can_fall(kind) else (True,))]
    reaches += [fp.facade(name).reach for name in PARAMS.buildings.kinds]
    assert max(reaches) <= MAX_REACH


def test_set_aside_is_what_overlaps_the_tower_footprint() -> None:
    """The rush's quick rejections (centres, bounding circles, the circle clear of the
    square) set aside exactly what the exact test finds overlapping the tower's footprint."""
    from flick.physics.geometry import footprint_gap

    assert TOWER is not None
    rng = np.random.default_rng(4)
    kinds = ["survivor", "zombie", "barrel", "box", "street_lamp", "car", "movement_disc"]
    kinds = [k for k in kinds if k in PARAMS.pieces]
    tol = PARAMS.simulation.overlap_tolerance
    found = 0
    for _ in range(40):
        table = Table(PARAMS, city=(90.0, 90.0))
        pose = TowerPose(45.0, 45.0, float(rng.uniform(-math.pi, math.pi)))
        for _ in range(8):
            r, a = rng.uniform(0.0, 14.0), rng.uniform(-math.pi, math.pi)
            table.add(str(rng.choice(kinds)), x=45.0 + r * math.cos(a), y=45.0 + r * math.sin(a),
                      angle=float(rng.uniform(-math.pi, math.pi)))
        r, a = rng.uniform(8.0, 20.0), rng.uniform(-math.pi, math.pi)
        bid = table.add_building("library", x=45.0 + r * math.cos(a), y=45.0 + r * math.sin(a),
                                 angle=float(rng.uniform(-math.pi, math.pi)))
        box = pose.footprint(TOWER)
        expected = {p for p in table.pieces() if footprint_gap(box, table.outline(p)) < -tol}
        if any(footprint_gap(box, table.outline(p)) < -tol for p in table.building_parts(bid)):
            expected.add(bid)
        result = table.rush(1, tower=(pose.x, pose.y, pose.facing), rng=0)
        assert set(result.set_aside) == expected
        found += len(expected)
    assert found > 40


def test_illegal_rush_raises_and_changes_nothing() -> None:
    table, zombies = _busy_table()
    survivor = next(p for p in table.pieces() if table.kind(p) == "survivor")
    before = table.state_hash()
    with pytest.raises(TableError):
        table.rush([zombies[0], survivor], tower=(45.0, 30.0, NORTH), rng=1)
    with pytest.raises(TableError):
        table.rush([zombies[0], zombies[0]], tower=(45.0, 30.0, NORTH), rng=1)
    with pytest.raises(TableError):
        table.rush(zombies, tower=(45.0, float("nan"), NORTH), rng=1)
    with pytest.raises(TableError):
        table.rush(-1, tower=(45.0, 30.0, NORTH), rng=1)
    with pytest.raises(TypeError):
        table.rush(1, tower=(45.0, 30.0, NORTH), rng="seed")
    assert table.state_hash() == before


def test_tower_pose_frame() -> None:
    pose = TowerPose(10.0, 20.0, NORTH)
    x, y = pose.to_table(6.0, 1.0)  # 6 cm out of the exit, 1 cm to its left
    assert math.isclose(x, 9.0) and math.isclose(y, 26.0)


def _tower_section() -> dict:
    from flick.paths import assets

    doc = yaml.safe_load((assets() / "physics" / "default.yaml").read_text(encoding="utf-8"))
    return doc["tower"]


def test_bad_tower_values_are_refused() -> None:
    good = _tower_section()
    TowerParams.model_validate(good)
    for key, value in (("exit_width", 14.0), ("pull_toward", "left")):
        bad = {**good, key: value}
        with pytest.raises(ValueError):
            TowerParams.model_validate(bad)
    bad = {**good, "materials": {**good["materials"], "friction_cardboard": 0.0}}
    with pytest.raises(ValueError, match="friction_cardboard"):
        TowerParams.model_validate(bad)
    bad = {**good, "ramp": [[-6.0, 12.0], [6.0, 2.0]]}
    with pytest.raises(ValueError, match="ramp"):
        TowerParams.model_validate(bad)
    bad = {**good, "figure": {**good["figure"], "body_radius": 1.0}}  # the body is 2.0 wide
    with pytest.raises(ValueError, match="body_radius"):
        TowerParams.model_validate(bad)


def test_bad_tower_file_names_file_line_and_key(tmp_path: Path) -> None:
    from flick.paths import assets

    text = (assets() / "physics" / "default.yaml").read_text(encoding="utf-8")
    assert "    friction_cardboard: 0.15" in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("    friction_cardboard: 0.15", "    friction_cardboard: 0"))
    line = next(i for i, s in enumerate(bad.read_text().splitlines(), 1)
                if s.startswith("    friction_cardboard:"))
    with pytest.raises(DataFileError) as own:
        load_tower_params(bad)
    assert f"bad.yaml:{line}" in str(own.value)
    assert "tower.materials.friction_cardboard" in str(own.value)
    with pytest.raises(DataFileError) as whole:
        PhysicsParams.load(bad)
    assert "tower.materials.friction_cardboard" in str(whole.value)


def test_flick_tower_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from flick.cli import main

    out = tmp_path / "drops.png"
    assert main(["tower", "--drops", "3", "--zombies", "2", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "exit speed" in printed and "spread angle" in printed and "upright" in printed
    assert out.stat().st_size > 10_000
    assert main(["tower", "--drops", "0"]) == 2
    with pytest.raises(SystemExit) as refused:  # argparse: a usage error, exit 2
        main(["tower", "--drops", "2", "--seed", "-1"])
    assert refused.value.code == 2
    assert "-1 is negative; a seed is a number >= 0" in capsys.readouterr().err


def _recorded(table: Table) -> list[tuple[float, dict[int, tuple[float, float]]]]:
    """Every step of the table's next runs: (time s from the run's start, bodies' centres)."""
    steps: list[tuple[float, dict[int, tuple[float, float]]]] = []
    make = table.world

    def world():  # type: ignore[no-untyped-def]
        w = make()
        step, clock = w.space.step, [0.0]

        def recorded(dt: float) -> None:
            step(dt)
            clock[0] += dt
            steps.append((clock[0], {p: tuple(b.position) for p, b in w.active.items()}))

        w.space.step = recorded
        return w

    table.world = world  # type: ignore[method-assign]
    return steps


def test_rushed_zombies_leave_the_exit_one_by_one_in_one_run() -> None:
    """The table's run of a 3-zombie rush starts as the first zombie leaves: each zombie
    enters it at the exit when the drop says it leaves, in slot order, at its own time."""
    from flick.physics.footprint import Footprints
    from flick.physics.tower.place import hand_off

    assert TOWER is not None
    fps = Footprints(PARAMS)
    pose = TowerPose(45.0, 45.0, 0.0)
    for seed in range(3):
        table = Table(PARAMS, city=(90.0, 90.0))
        steps = _recorded(table)
        result = table.rush(3, tower=(pose.x, pose.y, pose.facing), rng=seed)
        exits = {z: e for z, e in zip(result.rushed, result.exits, strict=True)}
        assert [e.slot for e in result.exits] == [1, 2, 3]
        t0 = result.exits[0].time
        # one run, as long as the result says
        assert math.isclose(steps[-1][0], result.sim_time, rel_tol=1e-9)
        first: dict[int, tuple[float, tuple[float, float]]] = {}
        for t, poses in steps:
            for z, xy in poses.items():
                first.setdefault(z, (t, xy))
        assert set(steps[0][1]) == {result.rushed[0]}  # only the first is out at the start
        order = sorted(first, key=lambda z: first[z][0])
        assert order == list(result.rushed)  # they enter in slot order ...
        times = [first[z][0] for z in order]
        assert len(set(times)) == 3  # ... at distinct times
        for z in result.rushed:
            ex = exits[z]
            t, (x, y) = first[z]
            dt = t - (ex.time - t0)  # seen at the end of the step it entered in
            assert 0.0 < dt < PARAMS.simulation.max_dt + 1e-9
            hx, hy, _, _ = hand_off(fps, pose, TOWER, ex)
            assert math.hypot(x - hx, y - hy) <= ex.speed * dt + 0.05  # from the exit
            assert x > pose.x + TOWER.depth / 2.0  # out of the exit face


def test_an_arriving_piece_is_absent_until_its_time_then_meets_what_is_there() -> None:
    """`World.arrive`: a disc crossing the spot before the arrival passes freely; the arrival
    at 0.5 s then hits a disc resting in front of it (a touch, not a resting contact), with a
    step short enough for its speed (no tunnelling)."""
    table = Table(PARAMS, city=(90.0, 90.0))
    target = table.add("movement_disc", x=50.0, y=45.0)
    comer = table.add("movement_disc", x=30.0, y=45.0)
    passer = table.add("movement_disc", x=30.0, y=20.0)
    world = table.world()
    world.launch({}, {passer: ((0.0, 150.0), 0.0)})  # through (30, 45) at about 0.15 s
    world.arrive({comer: (0.5, (250.0, 0.0), 0.0)})
    result, changed = world.run()
    assert comer not in result.touches(passer) and passer in changed
    assert target in result.touches(comer) and target in changed
    assert changed[passer].y > 50.0  # it went on past the empty spot
    t, first_after = 0.0, None
    for dt, n in result.schedule:
        if t >= 0.5 - 1e-9 and first_after is None:
            first_after = dt
        t += dt * n
    assert first_after is not None
    assert first_after * 250.0 <= world.max_move + 1e-9
    with pytest.raises(ValueError):
        table.world().arrive({99: (0.1, (1.0, 0.0), 0.0)})


def test_an_unmoved_piece_is_the_same_obstacle_and_a_moved_one_a_new_one() -> None:
    table = Table(PARAMS, city=(90.0, 90.0))
    z = table.add("zombie", x=30.0, y=40.0)
    first = obstacle(table.outline(z))
    assert obstacle(table.outline(z)) is first
    copied = [(tuple(core), r) for core, r in table.outline(z)]
    assert obstacle(copied) is not first and obstacle(copied) == first
    table.set_pose(z, 31.0, 40.0, 0.0)
    moved = obstacle(table.outline(z))
    assert (moved.cx, moved.cy, moved.reach) == pytest.approx(
        (first.cx + 1.0, first.cy, first.reach))


def test_push_clear_frees_a_slightly_overlapping_zombie() -> None:
    from flick.physics.tower.place import push_clear

    table = Table(PARAMS, city=(90.0, 90.0))
    a = table.add("zombie", x=20.0, y=20.0)
    b = table.add("zombie", x=22.4, y=20.0)  # bases 2.6 wide: 0.2 cm into each other
    assert table.overlapping(b) == [a]
    assert push_clear(table, b)
    assert table.overlapping(b) == [] and table.position(a) == (20.0, 20.0)
    assert math.dist(table.position(b), (22.4, 20.0)) < 0.5


def test_same_rush_in_another_process_gives_the_same_state_hash() -> None:
    import subprocess
    import sys

    code = (
        "import math\n"
        "from flick.physics import PhysicsParams, Table\n"
        "t = Table(PhysicsParams.default(), city=(90.0, 90.0))\n"
        "t.add('survivor', x=45.0, y=60.0)\n"
        "t.add_building('library', x=60.0, y=55.0, angle=math.pi)\n"
        "t.rush(3, tower=(45.0, 40.0, math.pi / 2), rng=11)\n"
        "print(t.state_hash())\n"
    )
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    table = Table(PARAMS, city=(90.0, 90.0))
    table.add("survivor", x=45.0, y=60.0)
    table.add_building("library", x=60.0, y=55.0, angle=math.pi)
    table.rush(3, tower=(45.0, 40.0, NORTH), rng=11)
    assert table.state_hash() == other


def test_rush_of_no_zombies_changes_nothing() -> None:
    table, _ = _busy_table()
    before = table.state_hash()
    result = table.rush(0, tower=(45.0, 30.0, NORTH), rng=1)
    assert result.rushed == () and result.fell == ()
    assert table.state_hash() == before


def test_crowded_random_tables_leave_no_zombie_inside_anything() -> None:
    """Towers dropped among randomly placed pieces and buildings, facing anywhere."""
    kinds = ["survivor", "zombie", "barrel", "box", "street_lamp", "car", "movement_disc"]
    for case in range(6):
        gen = np.random.default_rng(100 + case)
        table = Table(PARAMS, city=(90.0, 90.0))
        table.add_building("hospital", x=float(gen.uniform(30, 60)),
                           y=float(gen.uniform(50, 70)), angle=float(gen.uniform(0, 6.28)))
        for _ in range(14):
            pid = table.add(str(gen.choice(kinds)), x=float(gen.uniform(15, 75)),
                            y=float(gen.uniform(15, 75)), angle=float(gen.uniform(0, 6.28)))
            if table.overlapping(pid):
                table.remove(pid)
        facing = float(gen.uniform(0, 6.28))
        result = table.rush(4, tower=(45.0, 40.0, facing), rng=case)
        for z in result.rushed:
            assert table.overlapping(z) == [], (case, z, table.overlapping(z))
