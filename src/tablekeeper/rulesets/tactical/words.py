"""The ``tactical`` encounter in words: labels, one sentence per event, the clock.

A sentence says only what its viewer may know: another character's pools, and the
damage its armor let through, are the GM's and its player's (``views.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import (
    Names,
    Words,
    engine_sentence,
    kind_words,
    name_of,
    square,
)
from tablekeeper.rulesets.tactical.catalogue import load_catalogue
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.encounter.fold import read
from tablekeeper.rulesets.tactical.encounter.state import TacticalState


def _skill(key: str) -> str:
    skill = load_catalogue().skills.get(key)
    return skill.name if skill else key.replace("_", " ")


class TacticalWords:
    """Document 004's encounters in words."""

    def command_label(self, command: Command, state: TacticalState, names: Names) -> str:
        payload = command.payload
        who = name_of(names, payload.get("character", command.actor))
        if command.kind == cmd.USE_SKILL:
            skill = state.catalogue.skills.get(str(payload.get("skill")))
            label = skill.name if skill else str(payload.get("skill"))
            if payload.get("target"):
                label += f" on {name_of(names, payload['target'])}"
            elif payload.get("point"):
                label += f" at {square(payload['point'])}"
            if payload.get("final_gambit"):
                label += " (final gambit)"
            return f"{who}: {label}"
        if command.kind == cmd.MOVE:
            return f"{who}: move to {square(payload.get('to'))}"
        if command.kind == cmd.REACT:
            return f"{who}: react with {_skill(str(payload.get('skill')))}"
        if command.kind == cmd.DEAL_DAMAGE:
            return f"Deal {payload.get('amount')} {payload.get('track')} damage to {who}"
        return f"{who}: {kind_words(command.kind).lower()}"

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        shared = engine_sentence(event, names, sight)
        if shared is not None or event.kind not in ev.EVENT_MODELS:
            return shared
        payload = read(event.kind, event.payload)
        say = _SENTENCES.get(type(payload))
        if say is None:
            return None

        def n(key: object) -> str:
            return name_of(names, key)

        return say(payload, n, sight)

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        lines = [self.event_sentence(event, names, sight) for event in events]
        shown = [line for line in lines if line and not line.startswith("Chosen")]
        return "; ".join(shown[-3:]) or None

    def clock(self, state: TacticalState) -> str:
        if state.ended is not None:  # "goblins left standing": the side, by its name
            return f"over: {state.ended}"
        if state.clock is None or state.turn is None:
            return "waiting for characters"
        name = state.character(state.turn.actor).name
        return f"round {state.clock.round}: {name}'s turn"


Name = Callable[[object], str]


def _used(p: Any, n: Name, sight: Sight) -> str:
    if p.completes:
        return f"{n(p.user)} completes {_skill(p.skill)}"
    aimed = ", ".join(n(t) for t in p.targets if t != p.user)
    tail = f" on {aimed}" if aimed else ""
    gambit = " as a final gambit" if p.final_gambit else ""
    return f"{n(p.user)} uses {_skill(p.skill)}{tail}{gambit}"


def _pool(p: Any, n: Name, sight: Sight) -> str | None:
    """A pool's change as the table says it; a change the pool's bounds held back says
    what happened ("Brenna's poise stays 6 (already at its maximum 6)"), not a change of
    nothing ("poise: 6 -> 6 (gain)"): ``requested`` is what was asked."""
    who, track = n(p.character), p.track
    if p.cause == "no_gain":  # a condition forbids the gain (S-DEF-04)
        return f"{who} gains no {track} (cannot gain {track} now)"
    if not sight.sees(p.character):
        return None
    asked = f"{p.cause} of {abs(p.requested)}"
    if p.requested > 0 and p.after < p.before + p.requested:  # held at the maximum
        if p.after == p.before:
            return f"{who}'s {track} stays {p.after} (already at its maximum {p.after})"
        return f"{who}'s {track}: {p.before} -> {p.after} ({asked}, held at its maximum)"
    if p.requested < 0 and p.after > p.before + p.requested:  # held at 0
        if p.after == p.before:
            return f"{who}'s {track} stays {p.after} (already empty)"
        return f"{who}'s {track}: {p.before} -> {p.after} ({asked}, down to nothing)"
    return f"{who}'s {track}: {p.before} -> {p.after} ({p.cause})"


def _yielded(p: Any, n: Name, sight: Sight) -> str:
    o = p.outcome
    if o.defense_track is not None:
        return f"{n(p.target)} takes the threat of {o.threat} to {o.defense_track}"
    dice = ", ".join(str(d) for d in o.dice) or "no dice"
    damage = f": {o.damage} damage" if sight.sees(p.target) else ""
    effects = f", {o.cunning_effects} cunning" if o.cunning_effects else ""
    crits = f", {o.critical_effects} critical" if o.critical_effects else ""
    return f"{n(p.target)} yields to {_skill(p.skill)} ({dice}){damage}{effects}{crits}"


def _utility(p: Any, n: Name, sight: Sight) -> str:
    dice = ", ".join(str(d) for d in p.outcome.dice) or "no dice"
    return f"{n(p.user)}'s {_skill(p.skill)}: {dice}, {p.outcome.cunning_effects} cunning"


def _chosen(p: Any, n: Name, sight: Sight) -> str:
    if p.forced:
        return f"{n(p.target)} must yield"
    return f"{n(p.target)} chooses to {p.defense}"


def _berserk(p: Any, n: Name, sight: Sight) -> str:
    drawn = _skill(p.skill) if p.skill else "nothing"
    return f"{n(p.character)} {'begins berserking' if p.begins else 'rages on'}: {drawn}"


def _hidden(p: Any, n: Name, sight: Sight) -> str:
    if p.revealed:
        return f"{n(p.character)} is revealed"
    return f"{n(p.character)} acts stealthily: the GM may call for an agility roll"


def _condition(p: Any) -> str:
    return str(p.condition).replace("_", " ")


_SENTENCES: dict[type[BaseModel], Callable[[Any, Name, Sight], str | None]] = {
    ev.Joined: lambda p, n, s: f"{p.character.name} joins the {p.character.side}",
    ev.SkillUsed: _used,
    ev.PoolChanged: _pool,
    ev.ConditionAdded: lambda p, n, s: f"{n(p.character)} becomes {_condition(p)}",
    ev.ConditionRemoved: lambda p, n, s: f"{n(p.character)} is no longer {_condition(p)}",
    ev.Defeated: lambda p, n, s: f"{n(p.character)} is defeated",
    ev.Moved: lambda p, n, s: (
        f"{n(p.character)} {'moves' if p.voluntary else 'is shoved'} to {list(p.destination)}"
    ),
    ev.DefenseChosen: _chosen,
    ev.YieldRolled: _yielded,
    ev.UtilityRolled: _utility,
    ev.DoomChanged: lambda p, n, s: f"The GM's doom: {p.before} -> {p.after} ({p.reason})",
    ev.CunningChosen: lambda p, n, s: f"{n(p.user)}'s cunning effect: {p.label}",
    ev.CriticalNoted: lambda p, n, s: (
        f"{n(p.user)}'s {p.count} critical effect(s) on {n(p.target)}"
    ),
    ev.ConcentrationStarted: lambda p, n, s: (
        f"{n(p.character)} concentrates on {_skill(p.concentration.skill)}"
    ),
    ev.ConcentrationEnded: lambda p, n, s: (
        f"{n(p.character)}'s concentration on {_skill(p.skill)} ends ({p.reason})"
    ),
    ev.WeaponChanged: lambda p, n, s: (
        f"{n(p.character)}'s {p.weapon.name}: {p.change.replace('_', ' ')}"
    ),
    ev.Reacted: lambda p, n, s: f"{n(p.character)} reacts with {_skill(p.skill)}",
    ev.TurnEnded: lambda p, n, s: f"{n(p.character)} ends the turn",
    ev.Berserk: _berserk,
    ev.HiddenCheck: _hidden,
    ev.Ended: lambda p, n, s: f"The fight is over: {p.result}",
    ev.Left: lambda p, n, s: f"{n(p.character)} leaves the battlefield",
}
"""One sentence per kind of event (triggers opened, bookkeeping, have none)."""


WORDS: Words[TacticalState] = TacticalWords()
