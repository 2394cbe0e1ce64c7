"""Where pieces touch: a shot does not depend on which pieces were dormant, doors are entered
only between the blocks, first touches come in the order of impact, and a shot is the same
in any process."""

from __future__ import annotations

import math
import os
import subprocess
import sys

import pytest

from flick.physics import PhysicsParams, Table
from flick.physics.params import Toppling

PARAMS = PhysicsParams.default()
NO_TOPPLING = PARAMS.model_copy(update={"toppling": Toppling(scale=100.0)})  # nothing falls
ZOMBIE_R = PARAMS.pieces["zombie"].diameter / 2.0  # type: ignore[operator]
DISC_R = PARAMS.pieces["movement_disc"].diameter / 2.0  # type: ignore[operator]


def _poses(table: Table, disc: int, speed: float, dormant: bool,
           ) -> dict[int, tuple[float, float, float]]:
    """Final poses of a shot: flick's own world, or the reference with every piece a body
    from the start (the same world and step policy, no dormant piece)."""
    world = table.world()
    if not dormant:
        world.promote_all()
    world.launch({}, {disc: ((0.0, speed), 0.0)})
    _, changed = world.run()
    out = {p.id: (p.x, p.y, p.angle) for p in table.snapshot().pieces}
    out.update({pid: (s.x, s.y, s.angle) for pid, s in changed.items()})
    return out


def _line(params: PhysicsParams, count: int, overlap: float) -> tuple[Table, int]:
    """A disc 10 cm below a line of zombies `overlap` cm into each other (< 0: apart)."""
    table = Table(params, city=(200.0, 200.0))
    disc = table.add("movement_disc", 100.0, 40.0)
    for i in range(count):
        table.add("zombie", 100.0, 50.0 + i * (2.0 * ZOMBIE_R - overlap))
    return table, disc


def _cluster(params: PhysicsParams, count: int, overlap: float) -> tuple[Table, int]:
    """A hexagonal cluster of zombies `overlap` cm into each other and a disc below it."""
    table = Table(params, city=(300.0, 300.0))
    step = 2.0 * ZOMBIE_R - overlap
    side = math.ceil(math.sqrt(count))
    for k in range(count):
        i, j = divmod(k, side)
        x = 150.0 + (j - (side - 1) / 2.0) * step + (step / 2.0 if i % 2 else 0.0)
        table.add("zombie", x, 150.0 + i * step * math.sqrt(3.0) / 2.0)
    return table, table.add("movement_disc", 150.0 + step / 4.0, 140.0)


SCENES = [
    ("apart", lambda p: _line(p, 5, -0.5)),
    ("in contact", lambda p: _line(p, 5, 0.0)),
    ("overlapped by the slop", lambda p: _line(p, 5, 0.01)),
    ("cluster of 20", lambda p: _cluster(p, 20, 0.01)),
    ("cluster of 50", lambda p: _cluster(p, 50, 0.01)),
]


@pytest.mark.parametrize("toppling", [False, True], ids=["toppling off", "toppling on"])
@pytest.mark.parametrize("scene", [s[1] for s in SCENES], ids=[s[0] for s in SCENES])
def test_a_shot_does_not_depend_on_dormant_pieces(scene, toppling: bool) -> None:  # type: ignore[no-untyped-def]
    table, disc = scene(PARAMS if toppling else NO_TOPPLING)
    start = table.snapshot()
    flick = _poses(table, disc, 300.0, dormant=True)
    table.restore(start)
    reference = _poses(table, disc, 300.0, dormant=False)
    moved = [pid for pid in flick if flick[pid] != reference[pid] or flick[pid][:2] != (
        next(p.x for p in start.pieces if p.id == pid),
        next(p.y for p in start.pieces if p.id == pid))]
    assert len(moved) >= 3  # the push went down the line or into the cluster
    for pid, (x, y, angle) in flick.items():
        rx, ry, rangle = reference[pid]
        assert math.hypot(x - rx, y - ry) <= 0.05, pid
        assert abs(math.degrees(math.remainder(angle - rangle, 2.0 * math.pi))) <= 0.5, pid


def _door_table() -> tuple[Table, int, tuple[float, float], float]:
    table = Table(PARAMS, city=(100.0, 100.0))
    building = table.add_building("library", x=50.0, y=60.0, angle=-math.pi / 2.0)
    (ax, ay), (bx, by) = table.door_line(building)
    return table, building, ((ax + bx) / 2.0, (ay + by) / 2.0), abs(bx - ax) / 2.0


@pytest.mark.parametrize("speed", [100.0, 300.0, 500.0])
def test_entering_means_crossing_the_door_line_between_the_blocks(speed: float) -> None:
    # A scan of where the disc meets the building's front, straight at it, across both
    # blocks (3 cm wide) and the door mouth between them: only a disc whose middle is in
    # the mouth gets across; the block's front face and inner corner bounce it back.
    table, building, (mx, my), half = _door_table()
    start = table.snapshot()
    wrong = []
    steps = [k * 0.25 for k in range(-36, 37)]
    for lateral in steps:
        if abs(abs(lateral) - half) < 0.05:
            continue  # the corner itself
        table.restore(start)
        disc = table.add("movement_disc", x=mx + lateral, y=my - 10.0)
        result = table.simulate(velocities={disc: ((0.0, speed), 0.0)})
        if (building in result.entered.values()) != (abs(lateral) < half):
            wrong.append(lateral)
    assert wrong == []


@pytest.mark.parametrize("speed", [100.0, 300.0, 500.0])
def test_a_slanted_bounce_off_a_block_is_not_an_entry(speed: float) -> None:
    # At 45 degrees onto a block's front face near the inner corner (coming from its outer
    # side), and along the front onto the block's outer side: bounces, never entries.
    table, building, (mx, my), half = _door_table()
    start = table.snapshot()
    for side in (1.0, -1.0):
        for past in (0.3, 0.6, 0.9, 1.2, 2.0):
            table.restore(start)
            # The disc's middle meets the face line `past` cm outside the inner corner.
            meet = mx + side * (half + past)
            x0 = meet + side * 8.0
            disc = table.add("movement_disc", x=x0, y=my - DISC_R - 8.0)
            v = speed / math.sqrt(2.0)
            result = table.simulate(velocities={disc: ((-side * v, v), 0.0)})
            assert result.entered == {}, (side, past)
        table.restore(start)
        disc = table.add("movement_disc", x=mx + side * (half + 15.0), y=my - 1.5)
        result = table.simulate(velocities={disc: ((-side * speed, 0.0), 0.0)})
        assert building not in result.entered.values()


@pytest.mark.parametrize("ahead", [0.015, 0.03, 0.06, 0.1])
@pytest.mark.parametrize("phase", [0.0, 0.037, 0.11])
def test_first_touch_is_the_first_impact(ahead: float, phase: float) -> None:
    # Two zombies side by side before the disc, one `ahead` cm of travel nearer: it is the
    # first touch, whichever comes first in pymunk's list of the step's contacts.
    reach = DISC_R + ZOMBIE_R
    offset = 0.6 * reach
    for near_side in (-1.0, 1.0):
        table = Table(PARAMS, city=(100.0, 100.0))
        y = 50.0 + phase
        near = table.add("zombie", 50.0 + near_side * offset, y)
        far = table.add("zombie", 50.0 - near_side * offset, y + ahead)
        disc = table.add("movement_disc", 50.0, y - 6.0)
        result = table.simulate(velocities={disc: ((0.0, 400.0), 0.0)})
        assert result.first_touch(disc) == near, (near_side, result.touches(disc))
        assert far in result.touches(disc)


def test_resting_contacts_are_not_touches() -> None:
    # A zombie resting against another (overlapped by the slop) is first touched by the disc
    # that hits it, not by its neighbour when the neighbour is woken.
    table = Table(NO_TOPPLING, city=(100.0, 100.0))
    hit = table.add("zombie", 50.0, 50.0)
    beside = table.add("zombie", 50.0 + 2.0 * ZOMBIE_R - 0.01, 50.0)
    disc = table.add("movement_disc", 50.0, 42.0)
    result = table.flick(disc, impulse=(0.0, 6.0 * 200.0))
    assert result.first_touch(hit) == disc
    assert result.first_touch(disc) == hit
    assert beside not in result.touches(hit)


def test_fallen_zombies_never_lie_across_a_neighbour() -> None:
    # A hard break shot into a tight cluster fells several zombies: each capsule is laid
    # where it fits, so the shot ends with nothing overlapping.
    table, disc = _cluster(PARAMS, 20, 0.01)
    result = table.flick(disc, impulse=(0.0, 6.0 * 500.0))
    assert len(result.fell) >= 2
    for pid in result.fell:
        assert table.overlapping(pid) == [], pid


_CHILD = """
import ast, sys
from flick.physics import PhysicsParams, Table
t = Table(PhysicsParams.default(), city=(300.0, 300.0))
for kind, x, y, angle in ast.literal_eval(sys.stdin.read()):
    disc = t.add(kind, x, y, angle)
r = t.flick(disc, impulse=(0.0, 6.0 * 500.0))
print(t.state_hash(), r.fell, r.touches(disc))
"""


def test_a_shot_is_the_same_in_any_process() -> None:
    # The same break shot with toppling in fresh interpreters with different hash seeds:
    # the same state bit for bit, the same falls and touches, as here.
    table, disc = _cluster(PARAMS, 12, 0.01)
    pieces = repr([(p.kind, p.x, p.y, p.angle) for p in table.snapshot().pieces])
    result = table.flick(disc, impulse=(0.0, 6.0 * 500.0))
    here = f"{table.state_hash()} {result.fell} {result.touches(disc)}\n"
    outputs = set()
    for seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", _CHILD], input=pieces, env=env,
                              capture_output=True, text=True, check=True)
        outputs.add(done.stdout)
    assert outputs == {here}


def test_a_copied_table_keeps_its_index_true() -> None:
    # The game copies tables (deepcopy, pickle): a copy's spatial index holds each piece once,
    # so a piece moved or removed on the copy leaves nothing behind in it.
    import copy
    import pickle

    table, disc = _line(NO_TOPPLING, 3, 0.0)
    for twin in (copy.deepcopy(table), pickle.loads(pickle.dumps(table))):
        zombie = twin.pieces()[1]
        twin.remove(zombie)
        twin.flick(disc, impulse=(0.0, 6.0 * 300.0))
        assert zombie not in twin.pieces()
        index = twin._pieces
        assert sorted(pid for ids in index.cells.values() for pid in ids) == sorted(index)
