"""Replays: a recorded Flick 'em Up! game that plays back exactly, and proves it.

A replay file is JSON (UTF-8), one object, **format version 1**:

```
{
  "format": "flick-replay",            always this string
  "version": 1,                        the format version (this module reads 1)
  "flick": "0.1.0",                    flick and pymunk versions that recorded it
  "pymunk": "7.3.1",
  "build": "3f9a...",                  SHA-256 of the code that decides a game (flick/physics,
                                       flick/game, flick/scenario sources): a re-run by other
                                       code may legitimately differ, and verify says so
  "games": [ GAME, ... ]               one or more games (`flick sim --games K` records K)
}
```

flick writes the header fields on the first line and then one GAME a line (`]}` alone on the
last), so a file above `loading.STREAM_ABOVE` (64 MB) is read one game at a time and memory
holds one game whatever the file's size; a smaller file is read and checked whole.

A GAME holds everything needed to re-run it and to check the re-run:

- `scenario`: `{"number", "name", "bundled", "hash", "data"}`: the whole validated scenario
  as given to the game (`data`, the scenario model as JSON; S9-S10's open slots, not the
  survivors dealt into them, which the seed and the players deal again), the SHA-256 of its
  canonical JSON (`hash`) and the name of the bundled scenario file it is (`bundled`, null for
  a custom scenario). A hash can
  be recomputed by whoever edits the data: verify also compares the data with the bundled file
  (or with `--scenario YAML`), see `provenance` for what can and cannot be caught.
- `seed`: the game's seed (all chance comes from it). `dangerous`: true for the variant
  "Dangerous days and nights" (absent otherwise). `bots`: who played, if bots did; verify
  then re-decides every input with those bots, and every seat's `controller` must name them.
- `physics`: `{"hash", "data"}`: the whole physics parameter set, and its SHA-256.
- `players`: `[{"team", "players", "controller"}]`: seats per team (1-10, each team once, the
  scenario's teams), and who held them.
- `start`: `{"hash", "city", "poses", "buildings"}`: the table after set-up, before any
  input: the city's width and height (cm), every piece `[id, kind, x, y, angle, standing]`
  (cm, rad), every building `[id, name, x, y, angle, [block, block, facade ids]]`.
- `inputs`: every decision in order, as `flick.game.inputs` writes them (survivor chosen,
  action with its flick impulse in g*cm/s and contact offset in cm, fight and hunger choices).
- `digests`: per input, the first 16 hex digits of the SHA-256 of its canonical JSON: an input
  edited after recording (a tampered impulse) is caught on loading, named by its number.
- `after`: per input, `Table.state_hash()` of the city table once the input was played.
- `shots`: every physics shot in order (each `Table.simulate` and each Zombie Rush, on the city
  table or a fight's staging table): `{"input", "table", "type", "launched", "first_touch",
  "fell", "travel", "poses", "hash"}`. `input` is the index of the input that caused it;
  `launched` the pieces set moving, where they stood (`at`, cm), with impulse and offset or
  velocity and spin (a rush's zombies: just who); `first_touch`
  `[piece, touched id, touched kind]`; `fell` `[id, kind]`; `travel` `[piece, cm]`; `poses`
  every piece at rest afterwards, exact, so the game can be shown where re-simulation would
  differ; `hash` the table's `state_hash()` after the shot. `city` and `buildings` are given
  only where they differ from `start`'s (a fight's staging table). The stored poses must give
  the stored hash: loading checks it, so edited poses are caught too.
- `result`: `{"over", "winner", "end_reason", "rounds", "turns"}` when recording stopped.

Canonical JSON, for hashes and digests: keys sorted, no spaces, floats as Python writes them
(shortest repr that reads back bit for bit).

`verify` re-runs each game from its scenario, seed, physics and inputs, and compares every
shot's hash, every input's hash and the result; the first difference is reported with the shot,
its input and how far the pieces are from where they were recorded. A file recorded with
another pymunk version is not re-simulated (floats may legitimately differ): its stored poses
are used instead, with a warning.

The package: `schema` (the file's models and hashes), `recorder` (`Recorder`, `record`,
`write`), `loading` (`load` with clear errors, `LoadedGame`, `Replay`), `verify` (`verify`),
`provenance` (which bundled scenario a game came from; field-by-field differences),
`export` (`export_csv`). Everything a caller needs is imported here. Replay imports the game
(and through it scenario and physics), never the UI; its command line is `flick/cli/replay.py`
(`flick replay`), and `flick sim` (`flick/cli/`) records.
"""

from flick.replay.export import EXPORT_COLUMNS, export_csv, export_rows
from flick.replay.loading import LoadedGame, Replay, load, table_state
from flick.replay.recorder import Recorder, build, record, write
from flick.replay.schema import (
    FORMAT,
    VERSION,
    GameRecord,
    Launch,
    ReplayFile,
    ShotRecord,
    canonical,
    digest,
    sha256,
)
from flick.replay.verify import Check, same_pymunk, verify, verify_game

__all__ = [
    "EXPORT_COLUMNS",
    "FORMAT",
    "VERSION",
    "Check",
    "GameRecord",
    "Launch",
    "LoadedGame",
    "Recorder",
    "Replay",
    "ReplayFile",
    "ShotRecord",
    "build",
    "canonical",
    "digest",
    "export_csv",
    "export_rows",
    "load",
    "record",
    "same_pymunk",
    "sha256",
    "table_state",
    "verify",
    "verify_game",
    "write",
]
