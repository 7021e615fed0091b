"""What a ``tactical`` card adds: the pools the console steps (the GM's Deal Damage takes
one off a track; an override at ``characters.<id>.<track>`` adds one), the character's
sheet for the GM and its player (style, unlocked skills, class, tags it is weak, resistant
or immune to), and who acts next (the turn order is public: everyone sees whose turn it
is).
"""

from __future__ import annotations

from tablekeeper.engine.cards import Fact, Gauge, Section, next_after
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.tactical.catalogue import TRACKS
from tablekeeper.rulesets.tactical.encounter.commands import DEAL_DAMAGE, DealDamage
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState


def pools(character: Character) -> tuple[Gauge, ...]:
    """Poise, momentum and focus, each steppable by the GM."""
    standing = not character.defeated
    return tuple(
        Gauge(
            label=track,
            value=character.pool(track),
            maximum=character.maximum(track),
            path=f"characters.{character.id}.{track}",
            lower=(
                Command.of(
                    GM, DEAL_DAMAGE, DealDamage(character=character.id, track=track, amount=1)
                )
                if standing and character.pool(track) > 0
                else None
            ),
        )
        for track in TRACKS
    )


def _skill_names(state: TacticalState, keys: tuple[str, ...]) -> str:
    names = [
        state.catalogue.skills[key].name if key in state.catalogue.skills else key for key in keys
    ]
    return ", ".join(names) or "none"


def details(state: TacticalState, character: Character) -> tuple[Section, ...]:
    """The sheet: skills readied and unlocked, the class, the weapons, the tags."""
    skills = [Fact(label="Style", value=_skill_names(state, character.style))]
    if character.unlocked:
        skills.append(Fact(label="Unlocked", value=_skill_names(state, character.unlocked)))
    if character.character_class:
        skills.append(Fact(label="Class", value=character.character_class))
    weapons = tuple(
        Fact(label=weapon.name, value="two-handed" if weapon.two_handed else "one-handed")
        for weapon in character.wielding
    )
    tags = tuple(
        Fact(label=label, value=", ".join(values))
        for label, values in (
            ("Vulnerable", character.vulnerable),
            ("Resistant", character.resistant),
            ("Immune", character.immune + character.immune_conditions),
        )
        if values
    )
    armor = (Fact(label="Armor worn", value=str(character.armor)),)
    found = (
        Section(title="Skills", facts=tuple(skills)),
        Section(title="Weapons", facts=weapons),
        Section(title="Armor", facts=armor + tags),
    )
    return tuple(section for section in found if section.facts)


def next_up(state: TacticalState) -> str | None:
    """Who has the next turn: the next standing character in the order after the one
    acting."""
    if state.clock is None or state.turn is None or state.ended is not None:
        return None
    standing = [
        key
        for key in state.clock.order
        if key in state.characters and not state.characters[key].defeated
    ]
    if state.turn.actor not in standing:
        return next_after(standing, None)
    return next_after(standing, state.turn.actor)
