"""Flick 'em Up! Dead of Winter's rules on the physics table, headless (scenarios 1-10).

```python
from flick.game import Game, HeuristicBot
from flick.scenario import load
game = Game(load(1), seed=7)
bot = HeuristicBot(seed=7)
while not game.over:
    game.apply(bot.decide(game))
game.summary()["end_reason"]
```
Every decision is an input (`flick.game.inputs`) applied through `Game.apply`, which checks it
first: an illegal input raises `IllegalAction` and changes nothing. `game.inputs` (with the
scenario and the seed) re-runs the game exactly (`replay_inputs`); `game.shots` holds the
table's state hash after every shot.
Modules: `game` (the state and the turn / round flow), `inputs` (every decision, those of
scenarios 5-10 too), `state`
(survivors, tokens, noise), `turns` (co-op and competitive order, the pretzel), `board` (the
rules' view of the table, on `flick.scenario.place`'s `Placement`), `setup`, `narration`
(events as sentences), `play`.
Folders, by the rulebook's divisions:
- `actions/`: the survivor's actions (move, weapons, take / drop) and their `shots`; `reaction`
  (wounds, Too close!, the zombies' reaction, the rush, the new horde, zombies entering
  buildings); `legal` (the legal actions of the current state, each refused one with its reason).
- `scenarios/`: `rules` (scenario rules and objectives of S1-S4), `fight` and `deck` (zombie
  fights, S2), `escort` (S3); the rules scenarios 5-10 add: `five_to_ten` (their rules class
  and state), `crossroads`, `survivor_fight`, `flares`, `powers`,
  `supply` (found survivors, X tokens, supply, recruits), `secret` (secret objectives, the
  betrayer, the vote), `objectives`.
- `bots/`: `HeuristicBot` (exported here, the bot `play` uses: every seat of scenarios 1-10)
  in `five_to_ten` (with its tactics `sheltering`, `separated` and `versus`), on the core bot
  of scenarios 1-4 (`heuristic.CoreBot`, with its tactics `walking`, `fetching`, `inside` and
  `fighting`); `goals/` (one module per objective: what a survivor should be doing for it);
  `plans` (what the scenario asks); `route`, `aim`, `chance`; `tuned` (the tuned numbers,
  `assets/bots/*.yaml`).

"""

from flick.game.bots.five_to_ten import HeuristicBot
from flick.game.game import Game, check_set_up
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
    "check_set_up",
    "input_from_json",
    "play",
    "replay_inputs",
]
