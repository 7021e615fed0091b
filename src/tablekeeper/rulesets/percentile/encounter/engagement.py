"""Melee engagement per pair, its melee distance, and spirit combat engagement.

"Characters are considered engaged in melee once one is attacking the other. More than
two characters may be engaged in melee together at a time." (P-MOD-02). Each pair is
engaged on its own, with its own melee distance when Weapon Reach is on (P-OPT-11):
each declares a distance to engage at and the longer one holds (P-OPT-12; a combatant
that declares none prefers the distance where its weapon does best, G-P-E7). Engaging
and disengaging re-roll the turn order, with the engaging weapon's reach modifier
(P-OPT-02, P-OPT-10). A grapple holds its pair at Contact ("Use this distance when
grappled").

Spirit combat engages a pair the same way: a spirit's Spirit Combat attack engages it
with its target (P-ACT-23), and only Disengage from Spirit Combat (or falling) ends it.
"""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.initiative import reroll
from tablekeeper.rulesets.percentile.encounter.state import PercentileState, pair
from tablekeeper.rulesets.percentile.modifiers import MELEE_DISTANCES, MeleeDistance, usable_at
from tablekeeper.rulesets.percentile.stats import Reach

PREFERRED: dict[Reach, MeleeDistance] = {
    "short": "contact",
    "medium": "medium",
    "long": "long",
    "very_long": "very_long",
}
"""The distance where a weapon of each reach does best (P-OPT-11): what a combatant that
declares no distance engages at (G-P-E7)."""


def reach_of(
    state: PercentileState, combatant_id: ActorId, weapon_name: str | None = None
) -> Reach:
    """The reach of the weapon named (or of the main weapon in hand)."""
    combatant = state.combatant(combatant_id)
    name = weapon_name or gear.main_weapon(combatant)
    return gear.weapon(combatant, name, state.options).reach


def longer(a: MeleeDistance, b: MeleeDistance) -> MeleeDistance:
    """The longer of two melee distances (P-OPT-12).

    >>> longer("short", "long")
    'long'
    """
    return max(a, b, key=MELEE_DISTANCES.index)


def shifted(distance: MeleeDistance, steps: int) -> MeleeDistance:
    """``distance`` moved ``steps`` steps (negative: closer), within Contact..Very Long."""
    index = min(max(MELEE_DISTANCES.index(distance) + steps, 0), len(MELEE_DISTANCES) - 1)
    return MELEE_DISTANCES[index]


def opening_distance(
    state: PercentileState,
    a: ActorId,
    b: ActorId,
    *,
    weapon: str | None = None,
    declared: MeleeDistance | None = None,
) -> MeleeDistance | None:
    """The distance ``a`` (with ``weapon``, declaring ``declared``) and ``b`` engage at:
    the longer of their declared distances (P-OPT-12, G-P-E7); Contact in a grapple."""
    if not state.options.weapon_reach:
        return None
    if state.grapple_on(a) is not None or state.grapple_on(b) is not None:
        return "contact"
    mine = declared or PREFERRED[reach_of(state, a, weapon)]
    return longer(mine, PREFERRED[reach_of(state, b)])


def can_strike(state: PercentileState, attacker: ActorId, target: ActorId, weapon: str) -> bool:
    """Whether ``weapon`` can be used on ``target`` at their melee distance (P-OPT-11)."""
    item = gear.weapon(state.combatant(attacker), weapon, state.options)
    if item.ranged or not state.options.weapon_reach:
        return True
    engagement = state.engagement(attacker, target)
    if engagement is not None:
        distance = engagement.distance
    else:
        distance = opening_distance(state, attacker, target, weapon=weapon)
    return distance is None or usable_at(item.reach, distance)


def engage(
    draft: PercentileDraft,
    attacker: ActorId,
    target: ActorId,
    *,
    weapon: str,
    declared: MeleeDistance | None = None,
) -> None:
    """Engage ``attacker`` and ``target`` in melee, if they are not yet (P-MOD-02)."""
    state = draft.state
    if state.engagement(attacker, target) is not None:
        return
    options = state.options
    distance = opening_distance(state, attacker, target, weapon=weapon, declared=declared)
    draft.emit(ev.ENGAGED, ev.Engaged(pair=pair(attacker, target), distance=distance))
    if options.reroll_turn_order or options.weapon_reach:
        reach = options.weapon_reach
        reroll(
            draft,
            attacker,
            reason="engaging",
            rule="P-OPT-02",
            reach=reach_of(state, attacker, weapon) if reach else None,
        )
        reroll(
            draft,
            target,
            reason="engaging",
            rule="P-OPT-02",
            reach=reach_of(state, target) if reach else None,
        )


def disengage(
    draft: PercentileDraft, combatant_id: ActorId, others: tuple[ActorId, ...], reason: str
) -> None:
    """``combatant_id`` leaves melee with ``others``, and re-rolls its turn order without
    the reach modifier (P-OPT-02, P-OPT-10)."""
    if not others:
        return
    draft.emit(
        ev.DISENGAGED, ev.Disengagement(combatant=combatant_id, others=others, reason=reason)
    )
    options = draft.state.options
    if options.reroll_turn_order or options.weapon_reach:
        reroll(draft, combatant_id, reason="disengaging", rule="P-OPT-02")


def change_distance(draft: PercentileDraft, a: ActorId, b: ActorId, steps: int, rule: str) -> None:
    """Move the pair's melee distance ``steps`` steps (P-OPT-13, P-OPT-14)."""
    engagement = draft.state.engagement(a, b)
    if engagement is None or engagement.distance is None or steps == 0:
        return
    distance = shifted(engagement.distance, steps)
    if distance != engagement.distance:
        draft.emit(
            ev.DISTANCE_CHANGED,
            ev.DistanceChanged(pair=engagement.pair, distance=distance, rule=rule),
        )


def hold_at_contact(draft: PercentileDraft, a: ActorId, b: ActorId) -> None:
    """A grapple brings its pair to Contact (P-OPT-11)."""
    engagement = draft.state.engagement(a, b)
    if engagement is not None and engagement.distance not in (None, "contact"):
        draft.emit(
            ev.DISTANCE_CHANGED,
            ev.DistanceChanged(pair=engagement.pair, distance="contact", rule="P-OPT-11"),
        )


def engage_spirits(draft: PercentileDraft, a: ActorId, b: ActorId) -> None:
    """Engage ``a`` and ``b`` in spirit combat (P-ACT-23)."""
    if pair(a, b) not in draft.state.spirit_engagements:
        draft.emit(ev.SPIRIT_ENGAGED, ev.SpiritEngaged(pair=pair(a, b)))


def melee_enemies(state: PercentileState, combatant_id: ActorId) -> tuple[ActorId, ...]:
    """The enemies engaged in melee with the combatant and still in the fight."""
    me = state.combatant(combatant_id)
    return tuple(
        other
        for other in state.engaged_with(combatant_id)
        if state.combatant(other).is_enemy_of(me) and not state.is_down(state.combatant(other))
    )
