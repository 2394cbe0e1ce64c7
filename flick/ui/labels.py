"""Labels that never collide or get cut: a placement pass over the table's names.

Each label (a building's name, a survivor's, a vehicle's, a box's number) names a point on
screen and would sit at one of a few spots around it, best first. Labels are placed most
important first (buildings, then survivors, vehicles, boxes); a spot is taken only if the
label lies wholly inside the view, on no label already placed and on none of the marks that
must stay readable (token chips, the hint strip). A label that finds no such spot near its
point is moved farther out, with a thin leader line back to what it names; one that still
finds none is dropped if it is the less important kind (a box number), else it takes its
best spot that overlaps no other label (it may cover a mark)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import pygame

Point = tuple[float, float]

# Spots around the named point, as the label's centre relative to it, in units of the
# label's own half width and half height plus `gap` px: below, above, right, left, corners.
SPOTS: tuple[tuple[float, float], ...] = ((0, 1), (0, -1), (1, 0), (-1, 0),
                                          (1, 1), (-1, 1), (1, -1), (-1, -1))
FAR = (2.2, 3.4)  # farther rings (times the near distance), with a leader line


@dataclass
class Label:
    """A text to place near `at` (screen px); `size` its image's size; lower `priority` is
    placed first; `centred` labels (a building's name) try the point itself first;
    `droppable` ones may be left out when there is no room."""

    text: str
    at: Point
    size: tuple[int, int]
    priority: int = 1
    gap: float = 4.0
    centred: bool = False
    droppable: bool = False
    key: object = None  # what the caller knows the label by


@dataclass
class Placed:
    label: Label
    rect: pygame.Rect
    leader: bool = False  # drawn with a line back to its point


@dataclass
class Layout:
    placed: list[Placed] = field(default_factory=list)
    dropped: list[Label] = field(default_factory=list)

    def rects(self) -> list[pygame.Rect]:
        return [p.rect for p in self.placed]


def _candidates(label: Label) -> Iterator[tuple[pygame.Rect, bool]]:
    """The label's spots, best first (made as they are asked for)."""
    w, h = label.size
    x, y = label.at
    if label.centred:
        r = pygame.Rect(0, 0, w, h)
        r.center = (round(x), round(y))
        yield r, False
    for ring, leader in ((1.0, False), (FAR[0], True), (FAR[1], True)):
        for sx, sy in SPOTS:
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(x + sx * ring * (w / 2 + label.gap)),
                        round(y + sy * ring * (h / 2 + label.gap)))
            yield r, leader


def place(labels: Sequence[Label], bounds: pygame.Rect,
          marks: Sequence[pygame.Rect] = ()) -> Layout:
    """Place `labels` inside `bounds`, off each other and off `marks` where they can be."""
    layout = Layout()
    taken: list[pygame.Rect] = []
    marked = list(marks)
    for label in sorted(labels, key=lambda lb: lb.priority):
        chosen: tuple[pygame.Rect, bool] | None = None
        off_labels: tuple[pygame.Rect, bool] | None = None  # free of labels, on a mark
        inside = False
        for r, leader in _candidates(label):
            if not bounds.contains(r):
                continue
            inside = True
            if r.collidelist(taken) >= 0:
                continue
            if r.collidelist(marked) < 0:
                chosen = (r, leader)
                break
            off_labels = off_labels or (r, leader)
        if not inside:  # the point is at the view's edge: the nearest spot kept inside
            r = pygame.Rect((0, 0), label.size)
            r.center = (round(label.at[0]), round(label.at[1]))
            r = r.clamp(bounds)
            if r.collidelist(taken) < 0:
                chosen = (r, False)
        if chosen is None and not label.droppable:
            chosen = off_labels
        if chosen is None:
            layout.dropped.append(label)
            continue
        taken.append(chosen[0])
        layout.placed.append(Placed(label, chosen[0], chosen[1]))
    return layout
