"""What a GM (or a character's player) asks of a ``tactical`` encounter: kinds and payloads."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import GM, ActorId, Frozen, actor_field
from tablekeeper.rulesets.tactical.catalogue import Track
from tablekeeper.rulesets.tactical.encounter.state import Weapon
from tablekeeper.rulesets.tactical.grid import Square

ADD_CHARACTER = "tactical.add_character"
USE_SKILL = "tactical.use_skill"
MOVE = "tactical.move"
END_MANEUVER = "tactical.end_maneuver"
END_TURN = "tactical.end_turn"
REACT = "tactical.react"
RELEASE = "tactical.release"
DROP_WEAPON = "tactical.drop_weapon"
PICK_UP = "tactical.pick_up"
BEGIN_BERSERKING = "tactical.begin_berserking"
DECLARE_TRIGGER = "tactical.declare_trigger"
DEAL_DAMAGE = "tactical.deal_damage"
SPEND_DOOM = "tactical.spend_doom"
INTERRUPT = "tactical.interrupt"
REMOVE_CHARACTER = "tactical.remove_character"

MAX_POOL = 1000
"""The largest pool a sheet may give (no document number bounds them)."""

Id = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")


class CharacterSpec(Frozen):
    """A character as the GM adds it; a stored sheet is this without its ``id``.

    Pools start at ``poise``/``momentum``/``focus`` and never exceed their maximum (the
    starting value unless ``max_*`` says more). ``style`` is the fighting style's readied
    skills (S-TAG-05, S-TAG-12); ``unlocked`` the skills learned (S-TAG-13 .. S-TAG-17,
    S-TAG-20)."""

    id: str = Id
    name: str | None = Field(default=None, max_length=80)
    side: str = Field(min_length=1, max_length=40)
    position: Square = (0, 0)
    agility: int = Field(default=2, ge=0, le=20)
    brawn: int = Field(default=1, ge=0, le=20)
    cunning: int = Field(default=3, ge=0, le=20)
    armor: int = Field(default=0, ge=0, le=20)
    poise: int = Field(default=4, ge=0, le=MAX_POOL)
    momentum: int = Field(default=4, ge=0, le=MAX_POOL)
    focus: int = Field(default=4, ge=0, le=MAX_POOL)
    max_poise: int | None = Field(default=None, ge=0, le=MAX_POOL)
    max_momentum: int | None = Field(default=None, ge=0, le=MAX_POOL)
    max_focus: int | None = Field(default=None, ge=0, le=MAX_POOL)
    minion: bool = False
    character_class: str | None = Field(default=None, max_length=40)
    style: tuple[str, ...] = ()
    unlocked: tuple[str, ...] = ()
    wielding: tuple[Weapon, ...] = ()
    vulnerable: tuple[str, ...] = ()
    resistant: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()
    immune_conditions: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    companion: str | None = None
    hidden: bool = False

    @model_validator(mode="after")
    def _sane(self) -> CharacterSpec:
        if self.id == GM:
            raise ValueError(f"{GM!r} is the GM's id, not a character's")
        for track in ("poise", "momentum", "focus"):
            most = getattr(self, f"max_{track}")
            if most is not None and getattr(self, track) > most:
                raise ValueError(f"{track} {getattr(self, track)} is above max_{track} {most}")
        return self


class UseSkill(Frozen):
    """``character`` uses ``skill``: at ``target`` (melee, ranged) or ``point`` (a line's
    end, a blast's centre). ``final_gambit``: use it without paying its defense cost
    (S-DEF-03). ``concentration``: what to do when already concentrating (S-CONC-02)."""

    character: ActorId
    skill: str
    target: ActorId | None = None
    point: Square | None = None
    final_gambit: bool = False
    concentration: Literal["release_first", "ignore_new"] | None = None


class Move(Frozen):
    character: ActorId
    to: Square


class CharacterOnly(Frozen):
    character: ActorId = actor_field()


class React(Frozen):
    character: ActorId
    skill: str
    trigger: str
    target: ActorId | None = None


class WeaponOrder(Frozen):
    character: ActorId
    weapon: str


class DeclareTrigger(Frozen):
    """The GM declares a triggering event reactions may answer (S-TYPE-08)."""

    description: str = Field(min_length=1, max_length=200)
    source: ActorId | None = actor_field(default=None)


class DealDamage(Frozen):
    character: ActorId = actor_field()
    track: Track
    amount: int = Field(ge=1, le=1000)


class SpendDoom(Frozen):
    amount: int = Field(ge=1, le=100)
    reason: str = Field(default="", max_length=200)


def use_skill(character: str, skill: str, **fields: object) -> Command:
    """(Built once for equal arguments on the fast paths: ``engine/memo.py``.)"""

    def make() -> Command:
        payload = UseSkill.model_validate({"character": character, "skill": skill, **fields})
        return Command.of(character, USE_SKILL, payload)

    types = tuple(map(type, fields.values()))
    return built((USE_SKILL, character, skill, tuple(fields.items()), types), make)


def move(character: str, to: Square) -> Command:
    return built(
        (MOVE, character, to, tuple(map(type, to))),
        lambda: Command.of(character, MOVE, Move(character=ActorId(character), to=to)),
    )


def simple(kind: str, character: str) -> Command:
    return built(
        (kind, character),
        lambda: Command.of(character, kind, CharacterOnly(character=ActorId(character))),
    )
