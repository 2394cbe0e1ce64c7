"""Flick 'em Up! Dead of Winter's rules on the physics table, headless.

```python
from flick.game import Game, HeuristicBot, play
from flick.scenario import load
game = Game(load(1), seed=7)
bot = HeuristicBot(seed=7)
while not game.over:
    game.apply(bot.decide(game))
game.summary()["end_reason"]
```
Every decision is an input (`flick.game.inputs`) applied through `Game.apply`; `game.inputs`
is the record a replay needs with the scenario and the seed.
"""

from flick.game.bots import HeuristicBot
from flick.game.game import Game
from flick.game.inputs import INPUT_TYPES, Flick, Input, input_from_json
from flick.game.play import play, replay_inputs
from flick.game.state import IllegalAction, Noise

__all__ = [
    "INPUT_TYPES",
    "Flick",
    "Game",
    "HeuristicBot",
    "IllegalAction",
    "Input",
    "Noise",
    "input_from_json",
    "play",
    "replay_inputs",
]
