"""The state of a ``tactical`` encounter: characters on a grid, the turn, what is pending.

Document 004 describes characters by agility, brawn and cunning, three defense pools
(poise, momentum, focus) that are also the three kinds of damage, armor, a fighting style
of readied skills and minions. The state is a frozen model folded from events; every
decision in progress (a reaction offered, a defense to choose, a cunning effect to pick,
a critical effect for the GM, a hindrance to rule on) is recorded in :attr:`awaiting`, so
it survives undo, replay and a restart.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import Field, JsonValue

from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.tactical.catalogue import Catalogue, Defense, Track, load_catalogue
from tablekeeper.rulesets.tactical.grid import GridMap, Square
from tablekeeper.rulesets.tactical.options import TacticalOptions


class Weapon(Frozen):
    """A weapon a character holds; its skills name it (S-CONC-04, S-TAG-04)."""

    name: str = Field(min_length=1, max_length=40)
    two_handed: bool = False


class Character(Frozen):
    """A character in play (its sheet is :class:`~.commands.CharacterSpec`)."""

    id: ActorId
    name: str
    side: str
    position: Square
    agility: int = Field(ge=0)
    brawn: int = Field(ge=0)
    cunning: int = Field(ge=0)
    armor: int = Field(default=0, ge=0)
    poise: int = Field(ge=0)
    momentum: int = Field(ge=0)
    focus: int = Field(ge=0)
    max_poise: int = Field(ge=0)
    max_momentum: int = Field(ge=0)
    max_focus: int = Field(ge=0)
    minion: bool = False
    character_class: str | None = None
    style: tuple[str, ...] = Field(default=(), description="Readied skills (fighting style).")
    unlocked: tuple[str, ...] = ()
    wielding: tuple[Weapon, ...] = ()
    vulnerable: tuple[str, ...] = ()
    resistant: tuple[str, ...] = ()
    immune: tuple[str, ...] = Field(default=(), description="Tags it is immune to.")
    immune_conditions: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    companion: ActorId | None = None
    extra_maneuvers: int = Field(default=0, ge=0)
    berserking: bool = False
    berserk_skill: str | None = None
    defeated: bool = False
    visible: bool = Field(default=True, description="Seen by the other side (not hidden).")

    def pool(self, track: Track) -> int:
        return int(getattr(self, track))

    def maximum(self, track: Track) -> int:
        return int(getattr(self, f"max_{track}"))

    def has(self, condition: str) -> bool:
        return condition in self.conditions

    def holds(self, weapon: str) -> bool:
        return any(held.name == weapon for held in self.wielding)

    def is_enemy_of(self, other: Character) -> bool:
        return self.side != other.side


class Maneuver(Frozen):
    """A maneuver in progress: the paces it still lets its user move (S-TYPE-05)."""

    skill: str
    paces: int = Field(ge=0)
    careful: bool = False


class Turn(Frozen):
    """Whose turn it is and what they have used of it (S-TYPE-02, S-TYPE-04, S-TYPE-07)."""

    actor: ActorId
    action_used: bool = False
    maneuvers: int = 0
    maneuver: Maneuver | None = None
    free_paces: int = Field(default=0, ge=0, description="Movement a cunning effect granted.")


class Link(Frozen):
    """A condition that lasts while its source concentrates (S-CONC-05)."""

    character: ActorId
    condition: str


class Concentration(Frozen):
    """What a character concentrates on (one skill at a time, S-CONC-02)."""

    skill: str
    weapon: str | None = None
    links: tuple[Link, ...] = ()
    ignored: bool = Field(default=False, description="Its concentration effects ignored.")
    turns_left: int | None = Field(default=None, description="An 'other' skill's turns to go.")
    paid: int = Field(default=0, description="Defense an 'other' skill paid, refunded if cut.")
    paid_track: Track | None = None
    point: Square | None = None
    target: ActorId | None = None


class Use(Frozen):
    """A skill being resolved: its targets, each one's defense, how far it has got."""

    user: ActorId
    skill: str
    origin: Literal["action", "maneuver", "reaction", "other"]
    number: int = Field(default=0, description="Which use this is: names its triggers.")
    targets: tuple[ActorId, ...] = ()
    boons: int = 0
    banes: int = 0
    final_gambit: bool = False
    phase: Literal["reactions", "defenses", "resolve"] = "reactions"
    offered: tuple[ActorId, ...] = ()
    choices: dict[str, Defense] = Field(default_factory=dict)
    resolved: tuple[ActorId, ...] = ()
    current: ActorId | None = None
    cunning_left: int = 0
    critical_left: int = 0
    absorbed: int = Field(default=0, description="Yield damage the armor took (piercing).")
    held_temporary: tuple[str, ...] = ()


class ReactionOffer(Frozen):
    type: Literal["reaction"] = "reaction"
    character: ActorId
    trigger: str
    skills: tuple[str, ...]


class DefenseChoice(Frozen):
    type: Literal["defense"] = "defense"
    target: ActorId
    threat: int
    options: tuple[Defense, ...]


class CunningChoice(Frozen):
    type: Literal["cunning"] = "cunning"
    user: ActorId
    target: ActorId
    options: tuple[str, ...]


class CriticalNote(Frozen):
    type: Literal["critical"] = "critical"
    user: ActorId
    target: ActorId
    count: int


class HinderRuling(Frozen):
    """The GM rules whether a maneuver used in an enemy's zone of control is hindered
    (S-TYPE-06); ``order`` is the maneuver's command payload, played once ruled."""

    type: Literal["hinder"] = "hinder"
    character: ActorId
    skill: str
    enemies: tuple[ActorId, ...]
    order: dict[str, JsonValue]


Awaiting: TypeAlias = Annotated[
    ReactionOffer | DefenseChoice | CunningChoice | CriticalNote | HinderRuling,
    Field(discriminator="type"),
]


class Trigger(Frozen):
    """A triggering event reactions may answer, each once (S-TYPE-08)."""

    id: str
    kind: str
    source: ActorId | None = None
    description: str = ""


class GroundItem(Frozen):
    """A thrown weapon where it landed (S-TAG-06)."""

    weapon: Weapon
    position: Square


class TacticalState(Frozen):
    """An encounter of document 004."""

    options: TacticalOptions = Field(default_factory=TacticalOptions)
    catalogue: Catalogue = Field(default_factory=load_catalogue)
    map: GridMap = Field(default_factory=lambda: GridMap(width=12, height=8))
    characters: dict[ActorId, Character] = Field(default_factory=dict)
    clock: RoundClock | None = None
    turn: Turn | None = None
    use: Use | None = None
    awaiting: Awaiting | None = None
    concentrations: dict[ActorId, Concentration] = Field(default_factory=dict)
    triggers: tuple[Trigger, ...] = ()
    reacted: tuple[str, ...] = Field(default=(), description="'character:skill:trigger' used.")
    doom: int = Field(default=0, ge=0)
    ground: tuple[GroundItem, ...] = ()
    triggers_made: int = Field(default=0, description="Uses and triggers so far: names them.")
    ended: str | None = None

    def character(self, key: str) -> Character:
        # ``ActorId`` is a NewType of ``str``: the key is the string itself, read without
        # calling ``ActorId`` (a call that returns its argument, asked thousands of times
        # a trial).
        return self.characters[key]  # type: ignore[index]

    def standing(self) -> list[Character]:
        return [one for one in self.characters.values() if not one.defeated]

    def occupied(self, square: Square, *, besides: str | None = None) -> bool:
        return any(
            one.position == square and not one.defeated and one.id != besides
            for one in self.characters.values()
        )
