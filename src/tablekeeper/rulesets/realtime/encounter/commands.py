"""What a GM (or a creature's player) asks of a ``realtime`` encounter: kinds and payloads.

Each command is ``realtime.<what>`` with a frozen payload model; the builders below
(:func:`start_action`, :func:`move`, :func:`advance`, ...) make one. GM overrides are the
engine's own (:func:`~tablekeeper.engine.overrides.set_value` and friends); a pending
reaction decision is answered with the session's answer command.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, field_validator, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import (
    GM,
    ActorId,
    Frozen,
    actor_field,
    chosen_from,
    parse_payload,
)
from tablekeeper.rulesets.realtime.encounter.actions import TreatmentLevel, default_catalogue
from tablekeeper.rulesets.realtime.encounter.state import Position
from tablekeeper.rulesets.realtime.rest import RestInput, SimpleRestInput
from tablekeeper.rulesets.realtime.tables import critical_injury_table, unknown_injury_message

ADD_CREATURE = "realtime.add_creature"
REMOVE_CREATURE = "realtime.remove_creature"
START_ACTION = "realtime.start_action"
CANCEL_ACTION = "realtime.cancel_action"
MOVE = "realtime.move"
SUPPORT = "realtime.support"
TREAT = "realtime.treat"
REACT = "realtime.react"
TRIGGER = "realtime.trigger"
DAMAGE = "realtime.damage"
HEAL = "realtime.heal"
REST = "realtime.rest"
END_REST = "realtime.end_rest"
ADVANCE = "realtime.advance"

MAX_ADVANCE = 7 * 24 * 3600
"""The most seconds one ``advance`` plays: a week."""


class CreatureSpec(Frozen):
    """A creature as the GM adds it; what it leaves out takes the options' defaults."""

    id: str = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
    name: str | None = Field(default=None, max_length=80)
    side: str = Field(min_length=1, max_length=40)
    hp: int
    max_hp: int | None = Field(default=None, ge=1)
    position: Position = (0, 0)
    reach: int | None = Field(default=None, ge=0, description="Melee reach in squares.")
    ap_per_second: int | None = Field(default=None, ge=1, le=100)
    characteristics: dict[str, int] = Field(default_factory=dict)
    cooldown_modifier: int = Field(default=0, description="Added to every reaction's cooldown.")
    injuries: tuple[str, ...] = Field(
        default=(), description="Critical injuries it already has, by table name."
    )
    conditions: tuple[str, ...] = ()

    @field_validator("injuries")
    @classmethod
    def _injuries_of_the_table(cls, injuries: tuple[str, ...]) -> tuple[str, ...]:
        """Each injury is a row of the critical injury table (a sheet is refused when it
        is saved, not when an encounter it joins begins)."""
        known = critical_injury_table().injuries
        for injury in injuries:
            if injury not in known:
                raise ValueError(unknown_injury_message(injury, known))
        return injuries

    @model_validator(mode="after")
    def _not_the_gm(self) -> CreatureSpec:
        if self.id == GM:
            raise ValueError(f"{GM!r} is the GM's id, not a creature's")
        if self.max_hp is not None and self.hp > self.max_hp:
            raise ValueError(f"hp {self.hp} is above max_hp {self.max_hp}")
        return self


class StartAction(Frozen):
    """Start charging an action: a catalogue entry, or a named one with its A.P. cost.

    A name ending in ``*`` is a Complex Action (R-CPLX-01). ``target`` and ``reach`` are
    recorded; at completion a target farther than ``reach`` is reported out of reach.
    """

    creature: ActorId
    action: str | None = Field(default=None, description="A catalogue action id.")
    name: str | None = Field(default=None, min_length=1, max_length=80)
    cost: int | None = Field(default=None, ge=1, le=10_000)
    complex: bool | None = None
    physical: bool | None = None
    target: ActorId | None = None
    reach: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _named_or_catalogued(self) -> StartAction:
        if self.action is None and (self.name is None or self.cost is None):
            raise ValueError("name a catalogue action, or give the action's name and cost")
        return self


class CreatureOnly(Frozen):
    """A command about one creature and nothing else (``cancel_action``)."""

    creature: ActorId


class Move(Frozen):
    """Move to a square: voluntary movement is an action charged like any other (G-R-01);
    forced movement happens at once and cancels nothing (R-CPLX-04)."""

    creature: ActorId
    to: Position
    voluntary: bool = True
    cost: int | None = Field(default=None, ge=1, le=10_000)


class Support(Frozen):
    """Charge the Support action on an unconscious creature (R-STAB-01, G-R-02)."""

    creature: ActorId
    target: ActorId


class Treat(Frozen):
    """Charge a treatment of one of the target's critical injuries (R-TREAT-01, -03)."""

    creature: ActorId
    target: ActorId
    injury: int | str = Field(description="The injury's number on the target, or its name.")
    level: TreatmentLevel


class React(Frozen):
    """Use a reaction against one of this second's triggering events."""

    creature: ActorId
    trigger: str
    reaction: str


class DeclareTrigger(Frozen):
    """The GM declares a triggering event (R-REACT-03, R-TEST-07)."""

    source: ActorId = actor_field()
    kind: str = chosen_from(default_catalogue().triggers, default="declared")
    description: str = Field(default="", max_length=200)
    candidates: tuple[ActorId, ...] | None = Field(
        default=None, description="Who may react; default: every hostile creature."
    )


class Damage(Frozen):
    """The creature loses ``amount`` HP."""

    creature: ActorId = actor_field()
    amount: int = Field(ge=0)
    source: str = Field(default="", max_length=200)


class Heal(Frozen):
    """An effect restores ``amount`` HP to the creature (R-STAB-02)."""

    creature: ActorId = actor_field()
    amount: int = Field(ge=1)
    source: str = Field(default="", max_length=200)


class Rest(Frozen):
    """Begin a Rest with these conditions; it ends after ``conditions.hours``."""

    creature: ActorId
    conditions: RestInput | SimpleRestInput


class EndRest(Frozen):
    """Interrupt a Rest; ``hours_slept`` states the sleep of the segment that ends."""

    creature: ActorId
    hours_slept: int | None = Field(default=None, ge=0)


class Advance(Frozen):
    """Play ``seconds`` seconds."""

    seconds: int = Field(default=1, ge=1, le=MAX_ADVANCE)


def _build(actor: str, kind: str, model: type[BaseModel], /, **fields: Any) -> Command:
    """A command whose payload is ``fields`` validated into ``model``; errors name
    ``payload.<field>``.

    On the fast paths (``engine/fast_paths.py``) a command already built from the very
    same fields (equal values of the same types) is that command again: commands are
    frozen values, and the candidates ask for the same few each second."""
    payload = {key: value for key, value in fields.items() if value is not None}
    key = (actor, kind, model, tuple(payload.items()), tuple(map(type, payload.values())))
    return built(key, lambda: Command.of(actor, kind, parse_payload(payload, model)))


def add_creature(**fields: Any) -> Command:
    """The GM adds a creature (fields of :class:`CreatureSpec`)."""
    return _build(GM, ADD_CREATURE, CreatureSpec, **fields)


def start_action(creature: str, *, actor: str | None = None, **fields: Any) -> Command:
    """``creature`` starts charging an action (fields of :class:`StartAction`)."""
    return _build(actor or creature, START_ACTION, StartAction, creature=creature, **fields)


def cancel_action(creature: str, *, actor: str | None = None) -> Command:
    """``creature`` gives up the action it is charging."""
    return _build(actor or creature, CANCEL_ACTION, CreatureOnly, creature=creature)


def move(
    creature: str,
    to: Position,
    *,
    voluntary: bool = True,
    cost: int | None = None,
    actor: str | None = None,
) -> Command:
    """``creature`` moves to ``to``: voluntarily (charged), or forced by the GM."""
    who = actor or (creature if voluntary else GM)
    return _build(who, MOVE, Move, creature=creature, to=to, voluntary=voluntary, cost=cost)


def support(creature: str, target: str, *, actor: str | None = None) -> Command:
    """``creature`` starts the Support action on ``target`` (a candidate every second of
    unattended play, so on the fast paths found by its arguments themselves, without
    :func:`_build` making its key)."""
    return built(
        (SUPPORT, creature, target, actor, type(creature), type(target)),
        lambda: _build(actor or creature, SUPPORT, Support, creature=creature, target=target),
    )


def treat(
    creature: str,
    target: str,
    injury: int | str,
    level: TreatmentLevel,
    *,
    actor: str | None = None,
) -> Command:
    """``creature`` starts treating ``target``'s injury."""
    fields = {"creature": creature, "target": target, "injury": injury, "level": level}
    return _build(actor or creature, TREAT, Treat, **fields)


def react(creature: str, trigger: str, reaction: str, *, actor: str | None = None) -> Command:
    """``creature`` uses ``reaction`` against the open ``trigger``."""
    fields = {"creature": creature, "trigger": trigger, "reaction": reaction}
    return _build(actor or creature, REACT, React, **fields)


def declare_trigger(source: str, **fields: Any) -> Command:
    """The GM declares a triggering event caused by ``source``."""
    return _build(GM, TRIGGER, DeclareTrigger, source=source, **fields)


def damage(creature: str, amount: int, *, source: str = "") -> Command:
    """The GM deals ``amount`` damage to ``creature``."""
    return _build(GM, DAMAGE, Damage, creature=creature, amount=amount, source=source)


def heal(creature: str, amount: int, *, source: str = "", actor: str | None = None) -> Command:
    """An effect heals ``creature`` by ``amount``."""
    return _build(actor or GM, HEAL, Heal, creature=creature, amount=amount, source=source)


def rest(creature: str, *, actor: str | None = None, **conditions: Any) -> Command:
    """``creature`` begins a Rest (fields of ``RestInput`` or ``SimpleRestInput``)."""
    return _build(actor or creature, REST, Rest, creature=creature, conditions=conditions)


def end_rest(creature: str, *, hours_slept: int | None = None, actor: str | None = None) -> Command:
    """The Rest of ``creature`` is interrupted."""
    return _build(actor or GM, END_REST, EndRest, creature=creature, hours_slept=hours_slept)


def advance(seconds: int = 1) -> Command:
    """The GM plays ``seconds`` seconds (asked every second of unattended play, so on the
    fast paths found by the number itself, without :func:`_build` making its key)."""
    return built(
        (ADVANCE, seconds, type(seconds)), lambda: _build(GM, ADVANCE, Advance, seconds=seconds)
    )
