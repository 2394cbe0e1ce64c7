"""The frozen, validated model of a Flick 'em Up! Dead of Winter scenario.

A scenario file (`scenarios/*.yaml`, format in `scenarios/README.md`) is parsed into these
pydantic models. Every model is frozen and refuses unknown keys, so a typo in a file is an
error with its line, never a silently ignored value.

Units: positions in cm in the city's frame (origin at the south-west corner of the city,
x east, y north), angles in degrees counter-clockwise from east. A building's `facing` is the
direction its door looks out to (north = 90). Names are the rulebook's: survivors by full
name (a first name is accepted in files), buildings and vehicles in snake_case, tokens as in
the rulebook's component list.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    Strict,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from flick.datafile import brief

# --- the box's contents (rulebook, components list) -------------------------------------

SURVIVORS: tuple[str, ...] = (
    "Anita Wallace", "Elijah Jordan", "Gabriel Diaz", "John Price", "Loretta Clay",
    "Olivia Brown", "Rosa Rodriguez", "Thomas Heart", "Kevin Jackson", "Lily Mae", "Mike Cho",
)
FIRST_NAMES: dict[str, str] = {name.split()[0]: name for name in SURVIVORS}

BUILDINGS: tuple[str, ...] = (
    "library", "grocery_store", "police_station", "gas_station", "hospital", "school", "rv",
)
VEHICLES: tuple[str, ...] = ("car", "ice_cream_truck", "pickup_truck")

# Token kinds as the rules engine names them; counts from "102 tokens" in the components list.
TOKEN_BOX: dict[str, int] = {
    "life": 40, "x": 6, "survivor": 4, "food": 8, "fuel": 8, "medicine": 8, "pretzel": 1,
    "gun": 4, "knife": 2, "bat": 2, "shotgun": 2, "sniper": 2, "crossroads": 6, "key": 1,
    "zombie": 4, "extra_action": 2, "flare": 2,
}
ZOMBIES_IN_BOX = 18
BOXES_IN_BOX = 3  # numbered crates 1-3
BARRELS_IN_BOX = 3
LAMPS_IN_BOX = 3
BARRICADES_IN_BOX = 2
INVENTORY_SPACES = 2  # beside the default weapon, which may not be covered

# Special rules the rules engine dispatches on (documented in scenarios/README.md).
RULE_IDS: tuple[str, ...] = (
    "shotgun",                     # S1: the shotgun template and pellets
    "sniper_rifle",                # S1: the sniper-rifle template
    "no_building_entry",           # S1: survivors may not enter buildings (the RV is allowed);
                                   #     zombies enter neither buildings nor the RV
    "rv_driver",                   # S1: the first survivor in the RV drives, unavailable after
    "fight_survivor_vs_zombie",    # S2: fights staged outside the city
    "take_in_city",                # S3: take/drop/exchange with a vehicle, barrel or box
    "rescued_figure",              # S3: the wounded survivor follows an escort; escort is LOUD
    "barricades",                  # S4: barricaded buildings, pushing barricades away
    "hunger",                      # S4: eat a food or all lose 1 life at given markers
    "crossroads",                  # S5: crossroads tokens draw Crossroads cards
    "found_survivors",             # S5: survivor tokens add a reserve survivor, 2 life
    "secret_tokens",               # S6: key, fuel and X kept face down in inventories
    "rv_unloads_key_and_fuel",     # S6: key and fuel go into the RV when their carrier enters
    "fight_survivor_vs_survivor",  # S6: opposing survivors in one building fight
    "stealing",                    # S6: a felled survivor's face-down token may be stolen
    "special_powers",              # S7: survivor boards power side up
    "flare",                       # S7: flares draw the zombies' reaction
    "x_tokens_block_buildings",    # S8: a building with an X token cannot be entered
    "moving_x_tokens",             # S8: the last survivor out of a building moves an X
    "new_survivor",                # S8: revealed survivor tokens recruit a random board
    "secret_objectives",           # S9: secret objective cards
    "betrayer",                    # S9: betrayer cards, accusation and vote
    "dead_and_gone",               # S9: a player whose survivor dies is out
)

OBJECTIVE_IDS: tuple[str, ...] = (
    "survivor_in_rv_few_zombies",  # S1
    "tokens_in_base",              # S2, S4, S7: tokens in a base building (at a round's end)
    "escort_to_building",          # S3
    "find_survivors_and_tokens",   # S5
    "team_escape_in_rv",           # S6
    "outnumber",                   # S8
    "hold_building",               # S9 team B
    "prevent",                     # S9 team A: stop the other team until the skull
    "wipe_out_or_enter_colony",    # S10
)
CONDITION_IDS: tuple[str, ...] = (
    "zombie_touches_rv",           # instant defeat of S1
    "survivors_dead",              # params.count deaths: the survivors lose
    "survivor_dies",               # params.survivor: S3's Anita
    "city_overrun",                # not enough zombies in the bin (every scenario, rulebook)
    "skull_survivors_lose",
    "skull_both_lose",
    "skull_most_tokens_in_base",   # S7, tie: the team holding more of them
    "skull_most_survivors",        # S8, S10, tie: play another round
    "skull_team_wins",             # S9: params.team wins
)

TokenKind = Literal[
    "life", "x", "survivor", "food", "fuel", "medicine", "pretzel", "gun", "knife", "bat",
    "shotgun", "sniper", "crossroads", "key", "zombie", "extra_action", "flare",
]
BuildingName = Literal[
    "library", "grocery_store", "police_station", "gas_station", "hospital", "school", "rv",
]
VehicleName = Literal["car", "ice_cream_truck", "pickup_truck"]
RuleId = Literal[RULE_IDS]  # type: ignore[valid-type]
ObjectiveId = Literal[OBJECTIVE_IDS]  # type: ignore[valid-type]
ConditionId = Literal[CONDITION_IDS]  # type: ignore[valid-type]
Colour = Literal["day", "night"]

COMPASS: dict[str, float] = {"east": 0.0, "north": 90.0, "west": 180.0, "south": 270.0}


# The largest size of any number in a scenario (cm, degrees, counts): a city is at most
# 300 cm across, so anything beyond is a typing mistake (1.0e300 would place a piece nowhere).
MAX_MAGNITUDE = 10_000.0
MAX_PIECES = 20
"""The most buildings (vehicles, barrels, boxes, lamps, barricades) a scenario may place."""
MAX_ZOMBIES = 100
"""The most zombies a scenario may place at the start (the box holds 30)."""
MAX_TEAMS = 4
"""The most teams a scenario may have (the game is for 1 to 4 players)."""


class Frozen(BaseModel):
    """Base: immutable, unknown keys refused (pydantic's lax mode: YAML lists become tuples);
    no number is true/false, infinite, NaN or larger than MAX_MAGNITUDE."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _plain_numbers(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        for name, value in data.items():
            info = cls.model_fields.get(name) if isinstance(name, str) else None
            if info is None:
                continue
            numeric = {float, int} & {info.annotation, *get_args(info.annotation)}
            if not numeric:
                continue
            if isinstance(value, bool):
                raise ValueError(f"at {name}: a number, not {str(value).lower()}")
            if isinstance(value, int | float) and abs(value) > MAX_MAGNITUDE:
                raise ValueError(f"at {name}: {value:g} is beyond {MAX_MAGNITUDE:g}")
        return data


def _angle(value: Any) -> Any:
    """Accept degrees or a compass word (north = 90, the top of the map)."""
    if isinstance(value, str):
        word = value.strip().lower()
        if word in COMPASS:
            return COMPASS[word]
        raise ValueError(f"a direction is degrees or one of {', '.join(COMPASS)}, not {value!r}")
    if isinstance(value, bool):
        raise ValueError("a direction is degrees or a compass word, not true/false")
    return value


class Piece(Frozen):
    """Something standing at a spot of the city: position in cm, angle in degrees."""

    x: float
    y: float
    angle: float = 0.0

    _angle_word = field_validator("angle", mode="before")(_angle)

    @property
    def angle_rad(self) -> float:
        return math.radians(self.angle)


class Building(Frozen):
    """A building (or the RV) on its two support blocks: (x, y) is the middle of its door
    line (cm), `facing` the direction the door looks out to (degrees)."""

    name: BuildingName
    x: float
    y: float
    facing: float

    _facing_word = field_validator("facing", mode="before")(_angle)

    @property
    def facing_rad(self) -> float:
        return math.radians(self.facing)


class Vehicle(Piece):
    """A standee vehicle; `angle` is the direction of its length."""

    name: VehicleName


class Box(Piece):
    """A numbered crate (1-3)."""

    number: int = Field(ge=1, le=BOXES_IN_BOX)


class Fallable(Piece):
    """A barrel or street lamp: it may start fallen (it stands by default)."""

    standing: bool = True


class Barricade(Piece):
    """A barricade token; `building` names the building whose door it blocks on purpose."""

    building: BuildingName | None = None


class Zombie(Frozen):
    """A zombie figure on the map; `facing` in degrees."""

    x: float
    y: float
    standing: bool = True
    facing: float = 270.0

    _facing_word = field_validator("facing", mode="before")(_angle)


def _survivor_name(value: Any) -> Any:
    if isinstance(value, str) and value.strip() in FIRST_NAMES:
        return FIRST_NAMES[value.strip()]
    return value


SurvivorName = Literal[SURVIVORS]  # type: ignore[valid-type]


class Survivor(Frozen):
    """A named survivor at the start: life tokens, position (cm), board side, backpack colour."""

    name: SurvivorName
    life: int = Field(ge=1, le=10)
    x: float
    y: float
    facing: float = 90.0
    power_side: bool = False
    backpack: Colour = "day"
    inventory: tuple[TokenKind, ...] = ()

    _name = field_validator("name", mode="before")(_survivor_name)
    _facing_word = field_validator("facing", mode="before")(_angle)

    @property
    def short(self) -> str:
        return self.name.split()[0]


class Spot(Frozen):
    x: float
    y: float


class OpenSlots(Frozen):
    """Survivors the players choose at set-up (S9, S10: one each), standing on `spots`."""

    min: int = Field(ge=1)
    max: int = Field(ge=1)
    life: int = Field(ge=1, le=10)
    power_side: bool = False
    backpack: Colour = "day"
    spots: tuple[Spot, ...]


class Team(Frozen):
    """A group of survivors; co-op scenarios have one team, `survivors`."""

    name: str = Field(min_length=1)
    base: BuildingName | None = None
    survivors: tuple[Survivor, ...] = ()
    open_slots: OpenSlots | None = None


class Pretzel(Frozen):
    """Who holds the pretzel at the start (competitive): a survivor, or a team's first pick."""

    survivor: SurvivorName | None = None
    team: str | None = None

    _name = field_validator("survivor", mode="before")(_survivor_name)


class TokenPool(Frozen):
    """Tokens shuffled face down, `remove_random` put back in the box unseen, then `place`
    (location -> count) face down, and the rest (`supply`) in a supply outside the city."""

    shuffle: dict[TokenKind, int]
    place: dict[str, int] = {}
    remove_random: int = Field(default=0, ge=0)
    supply: int = Field(default=0, ge=0)

    @property
    def size(self) -> int:
        return sum(self.shuffle.values())


class FixedToken(Frozen):
    """Tokens set at a known location; `where` is inside (on a support block) or in front."""

    token: TokenKind
    at: str
    count: int = Field(default=1, ge=1)
    face_up: bool = True
    where: Literal["inside", "front"] = "inside"


class Tokens(Frozen):
    pools: tuple[TokenPool, ...] = ()
    fixed: tuple[FixedToken, ...] = ()


class ZombieBin(Frozen):
    """The zombie bin (it never moves) with the tower at home on it; `tower_facing` is the
    direction of the tower's exit, degrees."""

    x: float
    y: float
    zombies: int = Field(ge=0, le=ZOMBIES_IN_BOX)
    tower_facing: float = 90.0

    _facing_word = field_validator("tower_facing", mode="before")(_angle)


class RoundMarker(Frozen):
    """The round marker's start space (it counts down to the skull) and the first round."""

    start: int = Field(ge=1, le=20)
    first_round: Colour = "day"


class Invasion(Frozen):
    """Zombies added before each day and each night (the invasion markers in use)."""

    day: int = Field(ge=0, le=ZOMBIES_IN_BOX)
    night: int = Field(ge=0, le=ZOMBIES_IN_BOX)


class Players(Frozen):
    min: int = Field(ge=1, le=10)
    max: int = Field(ge=1, le=10)
    counts: tuple[int, ...] = ()  # only these player counts (S9, S10: 6, 8 or 10)


def _typed_params(value: Any, info: ValidationInfo) -> Any:
    """`params` checked against the schema of the entry's `id` (PARAMS below); the dict is
    kept as written (the rules read their defaults). A wrong key or type names the key."""
    ident = info.data.get("id")
    schema = PARAMS.get(ident) if isinstance(ident, str) else None
    if schema is None or not isinstance(value, dict):
        return value
    try:
        schema.model_validate(value)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        got = "" if first["type"] in ("missing", "extra_forbidden") else (
            f" (got {brief(first.get('input'))})")
        message = "unknown key" if first["type"] == "extra_forbidden" else first["msg"]
        known = ", ".join(schema.model_fields) or "none"
        raise ValueError(f"at {where}: {message}{got} (params of {ident}: {known})") from None
    return value


class Rule(Frozen):
    """A special rule in effect, by identifier; `params` tunes it (e.g. hunger markers)."""

    id: RuleId
    text: str = ""
    params: dict[str, Any] = {}
    _params = field_validator("params")(_typed_params)


class Objective(Frozen):
    """A way to win; `team` None means every survivor (co-op)."""

    id: ObjectiveId
    text: str
    team: str | None = None
    params: dict[str, Any] = {}
    _params = field_validator("params")(_typed_params)


class Condition(Frozen):
    """An instant defeat, a losing condition or what happens at the skull."""

    id: ConditionId
    text: str
    params: dict[str, Any] = {}
    _params = field_validator("params")(_typed_params)


class City(Frozen):
    width: float = Field(default=90.0, gt=10, le=300)
    height: float = Field(default=90.0, gt=10, le=300)


class Provenance(Frozen):
    """Which top-level values come from the rulebook and which are reconstructed, and why."""

    rulebook: tuple[str, ...]
    reconstructed: tuple[str, ...]
    notes: tuple[str, ...] = ()


class Scenario(Frozen):
    """One scenario: the city's set-up, the teams, the tokens, the clock and the rules."""

    number: int = Field(ge=1, le=99)
    name: str = Field(min_length=1, max_length=120)  # a title, shown on one line
    mode: Literal["co-op", "competitive"]
    players: Players
    story: str
    city: City = City()
    zombie_bin: ZombieBin
    # Counts are bounded (MAX_PIECES, MAX_ZOMBIES, MAX_TEAMS) so a file cannot ask for a
    # table that takes minutes to check: the box holds 7 buildings, 3 vehicles, 30 zombies.
    buildings: tuple[Building, ...] = Field(max_length=MAX_PIECES)
    vehicles: tuple[Vehicle, ...] = Field(default=(), max_length=MAX_PIECES)
    barrels: tuple[Fallable, ...] = Field(default=(), max_length=MAX_PIECES)
    boxes: tuple[Box, ...] = Field(default=(), max_length=MAX_PIECES)
    street_lamps: tuple[Fallable, ...] = Field(default=(), max_length=MAX_PIECES)
    barricades: tuple[Barricade, ...] = Field(default=(), max_length=MAX_PIECES)
    zombies: tuple[Zombie, ...] = Field(default=(), max_length=MAX_ZOMBIES)
    teams: tuple[Team, ...] = Field(max_length=MAX_TEAMS)
    reserve_survivors: tuple[SurvivorName, ...] = Field(default=(), max_length=MAX_PIECES)
    pretzel: Pretzel | None = None
    tokens: Tokens = Tokens()
    round_marker: RoundMarker
    invasion: Invasion
    objectives: tuple[Objective, ...]
    instant_defeat: tuple[Condition, ...] = ()
    losing: tuple[Condition, ...] = ()
    skull: Condition
    special_rules: tuple[Rule, ...] = ()
    provenance: Provenance

    @field_validator("reserve_survivors", mode="before")
    @classmethod
    def _reserve_names(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [_survivor_name(v) for v in value]
        return value

    @model_validator(mode="after")
    def _players(self) -> Scenario:
        if self.players.min > self.players.max:
            raise ValueError(f"at players.min: {self.players.min} is larger than players.max "
                             f"({self.players.max})")
        return self

    # --- conveniences for the rules engine and the UI ----------------------------------
    @property
    def slug(self) -> str:
        """The file stem, e.g. `s01_get_outta_town`."""
        return f"s{self.number:02d}_{slugify(self.name)}"

    def building(self, name: str) -> Building | None:
        return next((b for b in self.buildings if b.name == name), None)

    def team_of(self, survivor: str) -> Team | None:
        return next((t for t in self.teams if any(s.name == survivor for s in t.survivors)), None)

    @property
    def survivors(self) -> tuple[Survivor, ...]:
        """Every named survivor at the start, team by team."""
        return tuple(s for t in self.teams for s in t.survivors)

    def rule(self, rule_id: str) -> Rule | None:
        return next((r for r in self.special_rules if r.id == rule_id), None)

    @property
    def zombies_in_game_box(self) -> int:
        """Zombies neither on the map nor in the bin (S5's NEW zombies come from here)."""
        return ZOMBIES_IN_BOX - len(self.zombies) - self.zombie_bin.zombies


def slugify(text: str) -> str:
    """`Get Outta Town!` -> `get_outta_town`; `Other's Throats` -> `others_throats`."""
    out = []
    for ch in text.lower().replace("'", "").replace("\u2019", ""):
        out.append(ch if ch.isalnum() else " ")
    return "_".join("".join(out).split())


# --- the params of each rule, objective and condition id -------------------------------------

Count = Annotated[int, Strict(), Field(ge=0, le=1000)]
"""A count in a scenario's params: a real integer (not true/false, not 2.5, not "three")."""
Flag = Annotated[bool, Strict()]
Kinds = tuple[TokenKind, ...]


class _Params(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _Base(_Params):
    base: BuildingName = "rv"
    tokens: dict[TokenKind, Count] = {}


class _FewZombies(_Params):
    building: BuildingName = "rv"
    max_zombies_in_city: Count = 3
    max_zombies: Count = 3


class _TokensInBase(_Base):
    all_of: Kinds = ()
    at_round_end: Flag = False


class _Escort(_Params):
    building: BuildingName
    survivor: Annotated[str, Strict()]
    no_zombies_inside: Flag = False


class _FindSurvivors(_Base):
    survivors_found: Count = 2


class _Escape(_Base):
    survivors: Count = 2


class _Outnumber(_Params):
    margin: Count = 3


class _Hold(_Params):
    building: BuildingName
    count: Count = 2
    tokens_of: Kinds = ()
    at_round_end: Flag = False


class _Team(_Params):
    team: Annotated[str, Strict()]


class _Colony(_Params):
    building: BuildingName = "rv"
    team: Annotated[str, Strict()] | None = None
    tokens: dict[TokenKind, Count] = {}


class _Survivor(_Params):
    survivor: Annotated[str, Strict()]


class _Deaths(_Params):
    count: Annotated[int, Strict(), Field(ge=1, le=100)] = 3


class _Tie(_Params):
    tie: Literal["another_round", "most_held"] = "another_round"


class _MostTokens(_Tie):
    kinds: Kinds = ()


class _Life(_Params):
    life: Annotated[int, Strict(), Field(ge=1, le=10)] = 2


class _Rescued(_Life):
    survivor: Annotated[str, Strict()] = "Anita Wallace"
    escort_noise: Annotated[str, Strict()] = "loud"


class _Hunger(_Params):
    markers: tuple[Count, ...] = (2, 1)


class _SecretKinds(_Params):
    kinds: Kinds = ()


_SCHEMAS: dict[str, type[_Params]] = {
    "survivor_in_rv_few_zombies": _FewZombies, "tokens_in_base": _TokensInBase,
    "escort_to_building": _Escort, "find_survivors_and_tokens": _FindSurvivors,
    "team_escape_in_rv": _Escape, "outnumber": _Outnumber, "hold_building": _Hold,
    "prevent": _Team, "wipe_out_or_enter_colony": _Colony,
    "survivor_dies": _Survivor, "survivors_dead": _Deaths,
    "skull_most_survivors": _Tie, "skull_most_tokens_in_base": _MostTokens,
    "skull_team_wins": _Team,
    "found_survivors": _Life, "new_survivor": _Life, "rescued_figure": _Rescued,
    "hunger": _Hunger, "secret_tokens": _SecretKinds,
}
PARAMS: dict[str, type[BaseModel]] = {
    ident: _SCHEMAS.get(ident, _Params) for ident in (*RULE_IDS, *OBJECTIVE_IDS, *CONDITION_IDS)
}
"""The schema of `params` for every rule, objective and condition id (an id without params
accepts none): unknown keys and wrong types are refused when the scenario is read."""
