"""``realtime`` creatures as actor cards: what a viewer may see of each at a glance.

Anyone at the table sees a creature's name, side, square, whether it is up, unconscious,
dying or dead, its conditions, the action it is charging with the A.P. charged so far,
and when it may react again (docs/rulings.md, C-03). Its HP, injuries, how long it has
been dying and its rest are the GM's and its player's. A dead creature shows no charge
and no reaction: it will never act again.
"""

from __future__ import annotations

from tablekeeper.engine.cards import ActorCard, Fact, Gauge, Section
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import square
from tablekeeper.rulesets.realtime.encounter.commands import damage, heal
from tablekeeper.rulesets.realtime.encounter.life import seconds_left
from tablekeeper.rulesets.realtime.encounter.state import Creature, LifeState, RealtimeState
from tablekeeper.rulesets.realtime.words import unit


def card(state: RealtimeState, creature: Creature, sight: Sight) -> ActorCard:
    """The card of one creature, as ``sight`` may see it."""
    sees = sight.sees(creature.id)
    life = creature.life
    gauges: list[Gauge] = []
    facts: list[Fact] = [Fact(label="Square", value=square(creature.position))]
    summary: list[str] = []
    if sees:
        gauges.append(_hp(creature))
        summary.append(f"HP {creature.hp}/{creature.max_hp}")
    charge = creature.charge if life is not LifeState.DEAD else None
    if charge is not None:
        gauges.append(
            Gauge(
                label=charge.name,
                value=charge.charged,
                maximum=charge.cost,
                unit=unit(charge.timed),
            )
        )
        summary.append(
            f"charging {charge.name} {charge.charged}/{charge.cost} {unit(charge.timed)}"
        )
    if creature.can_act:
        left = creature.reaction_cooldown_left(state.second)
        ready = "ready" if left == 0 else f"in {left} s (second {creature.reaction_ready_at})"
        facts.append(Fact(label="Reaction", value=ready))
    if sees and creature.injuries:
        names = ", ".join(
            injury.name + ("" if injury.symptomatic else " (treated)")
            for injury in creature.injuries
        )
        facts.append(Fact(label="Injuries", value=names))
    if sees and creature.is_dying:
        facts.append(
            Fact(
                label="Dying for",
                value=f"{creature.seconds_negative} s",
                explain=f"dies in {seconds_left(creature)} s at negative HP (R-LIFE-03)",
            )
        )
    if sees and creature.resting is not None:
        rest = creature.resting
        facts.append(
            Fact(label="Resting", value=f"since second {rest.started_at}, score {rest.score}")
        )
    return ActorCard(
        id=creature.id,
        name=creature.name,
        side=creature.side,
        path=f"creatures.{creature.id}",
        life=life.value,
        defeated=not creature.can_act,
        summary=" · ".join(summary) or life.value,
        gauges=tuple(gauges),
        facts=tuple(facts),
        conditions=creature.conditions,
        hidden=not sees,
        details=_details(creature) if sees else (),
        conditions_path=f"creatures.{creature.id}",
    )


FROM_THE_CARD = "the GM, from the card"
"""The source a quick HP step from the console's card gives its damage or healing."""


def _hp(creature: Creature) -> Gauge:
    """HP, stepped by the GM's damage and healing commands (their rules apply: dying,
    death, injuries), and set by an override at ``creatures.<id>.hp``."""
    alive = creature.life is not LifeState.DEAD
    return Gauge(
        label="HP",
        value=creature.hp,
        maximum=creature.max_hp,
        path=f"creatures.{creature.id}.hp",
        lower=damage(creature.id, 1, source=FROM_THE_CARD) if alive else None,
        raise_=(
            heal(creature.id, 1, source=FROM_THE_CARD)
            if alive and creature.hp < creature.max_hp
            else None
        ),
    )


def _details(creature: Creature) -> tuple[Section, ...]:
    """The creature's sheet: its characteristics, then its reach, speed and cooldowns."""
    stats = Section(
        title="Characteristics",
        facts=tuple(
            Fact(label=name, value=str(score)) for name, score in creature.characteristics.items()
        ),
    )
    combat = [
        Fact(label="Reach", value=f"{creature.reach} square{'' if creature.reach == 1 else 's'}")
    ]
    if creature.ap_per_second is not None:
        combat.append(Fact(label="A.P. per second", value=str(creature.ap_per_second)))
    if creature.cooldown_modifier:
        combat.append(
            Fact(
                label="Cooldown modifier",
                value=f"{creature.cooldown_modifier:+d} s",
                explain="added to every reaction's cooldown",
            )
        )
    for injury in creature.injuries:
        combat.append(
            Fact(
                label=f"Injury {injury.number}",
                value=f"{injury.name}, tests {injury.test_modifier:+d}",
                explain=f"received at second {injury.received_at}",
            )
        )
    return tuple(
        part for part in (stats, Section(title="Combat", facts=tuple(combat))) if part.facts
    )


def cards(state: RealtimeState, sight: Sight) -> tuple[ActorCard, ...]:
    """Every creature's card, in the order they joined."""
    return tuple(card(state, creature, sight) for creature in state.creatures.values())
