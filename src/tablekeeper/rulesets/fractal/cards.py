"""``fractal`` characters as actor cards: what a viewer may see of each at a glance.

Anyone at the table sees a character's name, side (in its conflict: a flip changes it),
whether it is up, bleeding out, unconscious or dead, whether it is out of its conflict,
whose turn it is, its conditions with their severity, and its Social Armor (its standing
is public, F-SOCIAL-GEN-06). Its stat dice, its AP (current, maximum and temporary), its
Ranks, tools and armor, the Days of Rest and requirements of its checklist, its spells and
the Golden Hour's count are its player's and the GM's (docs/rulings.md, G-F-E10).
"""

from __future__ import annotations

from tablekeeper.engine.cards import ActorCard, Condition, Fact, Gauge, Section
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.fractal.card_sheet import details, held, next_up
from tablekeeper.rulesets.fractal.encounter.ap import conflict_of, max_ap
from tablekeeper.rulesets.fractal.encounter.state import Character, FractalState, Participant
from tablekeeper.rulesets.fractal.healing import ConditionEntry


def _last_seat(state: FractalState, character: Character) -> Participant | None:
    """Its seat in the conflict it is in, else in the last one it took part in."""
    conflict = conflict_of(state, character)
    if conflict is not None:
        return conflict.participants.get(character.id)
    seats = [
        c.participants[character.id]
        for c in state.conflicts.values()
        if character.id in c.participants
    ]
    return seats[-1] if seats else None


def life_of(state: FractalState, character: Character) -> tuple[str, bool]:
    """Its life in words (``bleeding out``, ``minion removed``...) and whether it is out."""
    participant = _last_seat(state, character)
    if character.life != "up":
        return character.life.replace("_", " "), True
    if participant is not None and participant.out is not None:
        return participant.out.replace("_", " "), True
    return "up", False


def heals_with(entry: ConditionEntry) -> str:
    """What ends a condition, in words: its Days of Rest, its requirements, its duration."""
    if entry.dor is not None:
        return f"{entry.dor} DoR"
    if entry.recovery.requirements:
        return " or ".join(entry.recovery.requirements)
    if entry.polarity == "positive":
        waits = "from the next refresh, " if entry.pending else ""
        lasts = {"conflict": "this conflict", "next_micro_conflict": "the next Micro conflict"}
        return waits + "until the end of " + lasts.get(entry.lasts, "the next scene")
    return "the GM's ruling"


def card(state: FractalState, character: Character, sight: Sight) -> ActorCard:
    """The card of one character, as ``sight`` may see it."""
    sees = sight.sees(character.id)
    conflict = conflict_of(state, character)
    participant = _last_seat(state, character)
    life, defeated = life_of(state, character)
    gauges: list[Gauge] = []
    facts: list[Fact] = []
    summary: list[str] = []
    sheet: tuple[Section, ...] = ()
    conditions: tuple[Condition, ...] = ()
    if sees:
        maximum = max_ap(state, character)
        explain = ", ".join(f"{t.label} {t.amount:+d} ({t.source})" for t in maximum.contributions)
        gauges.append(
            Gauge(
                label="AP",
                value=character.ap,
                maximum=maximum.total,
                path=f"characters.{character.id}.ap",
            )
        )
        if character.temporary:
            gauges.append(
                Gauge(
                    label="temporary AP",
                    value=character.temporary_total,
                    maximum=character.temporary_total,
                )
            )
        dice = " · ".join(
            f"{stat.value.capitalize()} " + (f"d{size}" if size else "0")
            for stat, size in character.stats.items()
        )
        facts.append(Fact(label="Stat dice", value=dice))
        facts.append(Fact(label="Max AP", value=str(maximum.total), explain=explain))
        summary.append(
            f"AP {character.ap}/{maximum.total}"
            + (f" +{character.temporary_total}" if character.temporary else "")
        )
        ends = {}
        for entry in character.conditions:
            heal = heals_with(entry)
            if entry.lethal and not entry.dressed:
                heal += "; lethal, to dress: " + (entry.dressing or "see its table")
            ends[entry.id] = heal
        conditions = held(character, ends)
        sheet = details(character)
        if character.golden_hour_left is not None and character.life == "bleeding_out":
            facts.append(
                Fact(
                    label="Golden Hour",
                    value=f"{character.golden_hour_left // 60} min left",
                    explain="F-COND-20",
                )
            )
        if character.spells:
            facts.append(Fact(label="Spells", value=", ".join(s.action for s in character.spells)))
    if character.spec.social_armor:
        facts.append(Fact(label="Social Armor", value=str(character.spec.social_armor)))
    if character.spec.spirits:
        facts.append(Fact(label="Spirits", value=", ".join(character.spec.spirits)))
    acting = conflict is not None and conflict.current == character.id
    following = next_up(conflict)
    return ActorCard(
        id=character.id,
        name=character.name,
        side=participant.side if participant is not None else character.spec.side,
        path=f"characters.{character.id}",
        life=life,
        defeated=defeated,
        acting=acting,
        summary=" · ".join(summary) or life,
        gauges=tuple(gauges),
        facts=tuple(facts),
        conditions=tuple(entry.label for entry in character.conditions),
        hidden=not sees,
        next=following == character.id,
        details=sheet,
        held=conditions,
    )


def cards(state: FractalState, sight: Sight) -> tuple[ActorCard, ...]:
    """Every character's card, in the order they joined."""
    return tuple(card(state, character, sight) for character in state.characters.values())
