"""The ``tactical`` actor cards: each character as a viewer may see it.

A card shows the pools as bars (poise, momentum, focus) and the fighting style only to
the GM and the character's player; its attributes, armor, conditions, concentration and
defeat to everyone (``views.py`` says what is public).
"""

from __future__ import annotations

from tablekeeper.engine.cards import ActorCard, Fact, Gauge
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.tactical.card_sheet import details, next_up, pools
from tablekeeper.rulesets.tactical.catalogue import TRACKS
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.encounter.traits import armor_of


def card(
    state: TacticalState, character: Character, sight: Sight, following: str | None = None
) -> ActorCard:
    sees = sight.sees(character.id)
    acting = state.turn is not None and state.turn.actor == character.id and state.ended is None
    facts: list[Fact] = []
    held = state.concentrations.get(character.id)
    if held is not None:
        skill = state.catalogue.skills.get(held.skill)
        name = skill.name if skill else held.skill
        extra = f" ({held.turns_left} turn(s) to go)" if held.turns_left is not None else ""
        facts.append(Fact(label="Concentrating", value=f"{name}{extra}"))
    if character.minion:
        facts.append(Fact(label="Minion", value="yes"))
    if character.wielding:
        facts.append(Fact(label="Holds", value=", ".join(w.name for w in character.wielding)))
    armor = armor_of(state.catalogue, character)
    facts += [
        Fact(
            label="Attributes",
            value=(
                f"agility {character.agility}, brawn {character.brawn}, cunning {character.cunning}"
            ),
        ),
        Fact(
            label="Armor",
            value=str(armor),
            explain=(
                f"{character.armor} worn + {armor - character.armor} from passives"
                if armor != character.armor
                else None
            ),
        ),
    ]
    gauges: tuple[Gauge, ...] = ()
    if sees:
        gauges = pools(character)
    summary = "defeated" if character.defeated else "standing"
    if sees:
        summary = " · ".join(f"{t} {character.pool(t)}/{character.maximum(t)}" for t in TRACKS)
    return ActorCard(
        id=character.id,
        name=character.name,
        side=character.side,
        path=f"characters.{character.id}",
        life="defeated" if character.defeated else "standing",
        defeated=character.defeated,
        acting=acting,
        summary=summary,
        gauges=gauges,
        facts=tuple(facts),
        conditions=character.conditions,
        hidden=not sees,
        next=following == character.id,
        details=details(state, character) if sees else (),
        conditions_path=f"characters.{character.id}",
    )


def cards(state: TacticalState, sight: Sight) -> tuple[ActorCard, ...]:
    order = state.clock.order if state.clock is not None else tuple(state.characters)
    following = next_up(state)
    return tuple(
        card(state, state.character(key), sight, following)
        for key in order
        if key in state.characters
    )
