"""Life states: damage, unconsciousness, dying, death, stabilization and healing.

Document 003, sections 1, 4 and 5. HP 0 or below: unconscious (R-LIFE-01); strictly
negative: dying, with the seconds counted (R-LIFE-02), and dead once they reach 175
(R-LIFE-03, G-R-05). A critical injury is rolled exactly when the creature leaves negative
HP (R-LIFE-04): stabilized by Support, it then stands at 0 HP (R-STAB-01); healed, at the
amount healed (R-STAB-02, G-R-07). The roll itself is ``injuries.py``'s; a total of 176 or
more kills (R-CRIT-03). :func:`death_chance_if_stabilized` gives the exact chance of that
death, now or some seconds later, for the GM's table.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.charging import cancel
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.resting import end_rest
from tablekeeper.rulesets.realtime.encounter.state import Creature
from tablekeeper.rulesets.realtime.injuries import (
    AUTOMATIC_DEATH_SECONDS,
    CriticalInjuryInput,
    CriticalInjuryOutcome,
    critical_injury_rolled,
    death_chance,
)

DEATH_RULES: dict[str, str] = {
    "negative_hp_175_seconds": "R-LIFE-03",
    "critical_injury_roll": "R-CRIT-03",
}


def injury_input(creature: Creature, *, later: int = 0) -> CriticalInjuryInput:
    """The critical injury roll's variables if ``creature`` left negative HP ``later``
    seconds from now (R-CRIT-01): its unhealed injuries, d and npv."""
    return CriticalInjuryInput(
        n_wounds=creature.n_wounds,
        seconds_negative=creature.seconds_negative + later,
        negative_hp=max(0, -creature.hp),
    )


def death_chance_if_stabilized(creature: Creature, *, later: int = 0) -> Fraction | None:
    """The exact chance that stabilizing (or healing) ``creature`` ``later`` seconds from
    now kills it: the roll's chance of 176+, or 1 once d would reach 175; ``None`` when it
    is not dying."""
    if not creature.is_dying:
        return None
    return death_chance(injury_input(creature, later=later))


def seconds_left(creature: Creature) -> int | None:
    """Seconds before a dying creature dies on its own (R-LIFE-03); ``None`` if not dying."""
    if not creature.is_dying:
        return None
    return AUTOMATIC_DEATH_SECONDS - creature.seconds_negative


def damage(draft: RealtimeDraft, creature_id: ActorId, amount: int, source: str = "") -> None:
    """Take ``amount`` HP; falling to 0 or below cancels the action being charged."""
    creature = draft.state.creature(creature_id)
    draft.emit(
        ev.DAMAGED,
        ev.Damaged(
            creature=creature_id,
            amount=amount,
            hp_before=creature.hp,
            hp_after=creature.hp - amount,
            source=source,
        ),
    )
    creature = draft.state.creature(creature_id)
    if creature.is_unconscious:
        cancel(draft, creature_id, "unconscious")
    if creature.is_dying and creature.resting is not None:
        end_rest(draft, creature_id, "unconscious")


def die(
    draft: RealtimeDraft,
    creature_id: ActorId,
    cause: Literal["negative_hp_175_seconds", "critical_injury_roll"],
    *,
    seconds_negative: int,
) -> None:
    """The creature dies; its charge and Rest end with it."""
    draft.emit(
        ev.DIED,
        ev.Died(
            creature=creature_id,
            cause=cause,
            rule=DEATH_RULES[cause],
            seconds_negative=seconds_negative,
        ),
    )


def roll_critical_injury(
    draft: RealtimeDraft, creature_id: ActorId, cause: Literal["stabilized", "healed"]
) -> CriticalInjuryOutcome:
    """Roll the critical injury of a creature leaving negative HP (R-LIFE-04); 176+ kills."""
    creature = draft.state.creature(creature_id)
    request = payloads.injury_input(  # injury_input(creature), built once
        creature.n_wounds, creature.seconds_negative, max(0, -creature.hp)
    )
    outcome = critical_injury_rolled(
        request, labelled(draft.roller, "critical injury", creature_id)
    )
    draft.emit(
        ev.CRITICAL_INJURY_ROLLED,
        payloads.critical_injury_rolled(
            creature_id,
            cause,
            request,
            outcome,
            None if outcome.dead else creature.injuries_received + 1,
        ),
    )
    if outcome.dead:
        die(draft, creature_id, "critical_injury_roll", seconds_negative=creature.seconds_negative)
    return outcome


def stabilize(draft: RealtimeDraft, creature_id: ActorId, by: ActorId) -> None:
    """Support completed on a dying creature: a critical injury, then 0 HP (R-STAB-01)."""
    if not roll_critical_injury(draft, creature_id, "stabilized").dead:
        draft.emit(ev.STABILIZED, payloads.stabilized(creature_id, by))


def heal(draft: RealtimeDraft, creature_id: ActorId, amount: int, source: str = "") -> None:
    """Restore ``amount`` HP. At negative HP: a critical injury, then HP = the amount
    (R-STAB-02, G-R-07); otherwise HP rises by the amount, up to the maximum."""
    creature = draft.state.creature(creature_id)
    if creature.is_dying:
        if roll_critical_injury(draft, creature_id, "healed").dead:
            return
        hp_after = min(creature.max_hp, amount)
    else:
        hp_after = max(creature.hp, min(creature.max_hp, creature.hp + amount))
    draft.emit(ev.HEALED, payloads.healed(creature_id, amount, creature.hp, hp_after, source))
