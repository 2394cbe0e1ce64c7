"""A shot planner: how likely a proposed shot is to work under the hand noise.

```python
from flick.plan import Grid, plan, move_shot
shot = move_shot(game, target=(40.0, 30.0))       # the active survivor's disc to a point
m = plan(game.board.params, shot, noise, Grid.around(7, 7), repeats=16, seed=1)
m.best.p, m.best.interval                         # success probability, Wilson 95% interval
```
`planner` is the core (a `Shot` on a `TableState`, an aim x power `Grid`, the map in
parallel over processes, the same map for a seed whatever the number of workers);
`proposal` builds shots from a game's active survivor (move, enter, shoot) with the heuristic
bot's aims; `render` draws a map as text and as a PNG heat map (matplotlib).
A layer above physics and game: only the window's aim assist (`flick.ui.assist`) imports
it; its command line is `flick/cli/plan.py` (`flick plan`), its benchmark
`flick/bench/plan.py`.
"""

from flick.plan.planner import Cell, Goal, Grid, Plan, Shot, plan, wilson
from flick.plan.proposal import enter_shot, move_shot, shoot_shot

__all__ = ["Cell", "Goal", "Grid", "Plan", "Shot", "enter_shot", "move_shot", "plan",
           "shoot_shot", "wilson"]
