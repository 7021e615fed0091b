"""What a ``percentile`` card adds for the GM (and the combatant's player): its stat block
as sections (characteristics, skills, weapons and shields, armor), the HP gauge the
console steps (the GM's damage takes one off; an override at ``combatants.<id>.hp`` adds
one), and who acts next in the round (the turn order is the GM's, C-03: a player's card
never marks it).
"""

from __future__ import annotations

from tablekeeper.engine import overrides
from tablekeeper.engine.cards import Condition, Fact, Gauge, Section
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.rulesets.percentile.encounter.commands import DAMAGE, GmDamage
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.stats import StatBlock

FROM_THE_CARD = "the GM, from the card"
"""The source a quick HP step from the console's card gives its damage."""


def hp_gauge(combatant: Combatant) -> Gauge:
    """HP against the stat block's total: one damage off (armor is not counted: the GM's
    damage is ruled, not rolled), or set by an override."""
    return Gauge(
        label="HP",
        value=combatant.hp,
        maximum=combatant.stats.hit_points,
        path=f"combatants.{combatant.id}.hp",
        lower=Command.of(
            GM, DAMAGE, GmDamage(combatant=combatant.id, amount=1, source=FROM_THE_CARD)
        ),
    )


def details(stats: StatBlock) -> tuple[Section, ...]:
    """The stat block in sections, the empty ones left out."""
    characteristics = tuple(
        Fact(label=name, value=str(score))
        for name, score in stats.characteristics.model_dump().items()
        if score is not None
    )
    skills = tuple(
        Fact(label=name, value=f"{score}%") for name, score in sorted(stats.skills.items())
    )
    weapons = tuple(
        Fact(
            label=weapon.name,
            value=f"{weapon.damage}" + (f" +{stats.damage_bonus}" if stats.damage_bonus else ""),
            explain=(
                f"{weapon.type}{', impaling' if weapon.impaling else ''}, "
                f"{'ranged' if weapon.ranged else weapon.reach + ' reach'}, {weapon.hp} HP, "
                f"skill {weapon.skill or weapon.name}"
                f" {stats.skills.get(weapon.skill or weapon.name, 0)}%"
            ),
        )
        for weapon in stats.weapons
    ) + tuple(
        Fact(
            label=shield.name, value=shield.damage, explain=f"{shield.hp} HP, skill {shield.skill}"
        )
        for shield in stats.shields
    )
    armor = stats.armor
    worn = [Fact(label="Everywhere", value=f"{armor.physical} AP, {armor.magical} magical")]
    worn += [
        Fact(label=place, value=f"{values.physical} AP, {values.magical} magical")
        for place, values in armor.locations.items()
    ]
    found = (
        Section(title="Characteristics", facts=characteristics),
        Section(title="Skills", facts=skills),
        Section(title="Weapons", facts=weapons),
        Section(title="Armor", facts=tuple(worn)),
    )
    return tuple(section for section in found if section.facts)


def held(path: str, prone: bool, conditions: tuple[str, ...]) -> tuple[Condition, ...]:
    """Prone (it ends when the combatant stands up: its own command), then each condition
    the GM gave it, which a GM override removes."""
    lying = (Condition(name="prone", ends="until it stands up"),) if prone else ()
    return lying + tuple(
        Condition(
            name=name,
            remove=overrides.remove_condition(path, name, reason="quick change from the card"),
        )
        for name in conditions
    )


def next_up(state: PercentileState) -> ActorId | None:
    """Who takes the next turn this round: the first after the one acting in the order
    still up and still to act; no one once the encounter is over."""
    clock = state.clock
    if clock is None or state.over:
        return None
    following = clock.order[clock.turn + 1 :] if state.active else clock.order[clock.turn :]
    for key in following:
        combatant = state.combatants.get(key)
        if combatant is not None and not combatant.turn_taken and not state.is_down(combatant):
            return key
    return None
