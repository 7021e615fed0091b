"""``apply`` for what happens to bodies and gear: damage, points, equipment, grapples,
stuck weapons, spells, forms.

The other half of the fold (``fold.py`` dispatches to both); each function takes the
state and the event's payload and returns the new state.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.state import PercentileState, StuckWeapon

S = PercentileState


def update(state: S, combatant_id: ActorId, **changes: Any) -> S:
    """The state with the combatant's fields changed."""
    return state.with_combatant(state.combatant(combatant_id).model_copy(update=changes))


def without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` less ``item``."""
    return tuple(name for name in items if name != item)


def damaged(state: S, event: ev.Damaged) -> S:
    item = state.combatant(event.combatant)
    changes: dict[str, Any] = {"hp": event.hp_after}
    if event.location is not None and event.location in item.location_hp:
        left = item.location_hp[event.location] - event.amount
        changes["location_hp"] = {**item.location_hp, event.location: left}
    return update(state, event.combatant, **changes)


def points(state: S, event: ev.PointsChanged) -> S:
    field = "magic_points" if event.points == "magic" else "determination_points"
    return update(state, event.combatant, **{field: event.after})


def gear_worn(state: S, event: ev.GearWorn) -> S:
    item = state.combatant(event.combatant)
    changes: dict[str, Any] = {"gear_hp": {**item.gear_hp, event.item: event.hp_after}}
    if event.hp_after == 0 and event.item not in item.broken:
        changes["broken"] = (*item.broken, event.item)
        changes["ready"] = without(item.ready, event.item)
    return update(state, event.combatant, **changes)


def dropped(state: S, event: ev.ItemMoved) -> S:
    item = state.combatant(event.combatant)
    return update(
        state,
        event.combatant,
        ready=without(item.ready, event.item),
        dropped=(*without(item.dropped, event.item), event.item),
    )


def lost(state: S, event: ev.ItemMoved) -> S:
    item = state.combatant(event.combatant)
    if event.item == "armor":
        return update(state, event.combatant, armor_lost=True)
    return update(
        state,
        event.combatant,
        ready=without(item.ready, event.item),
        broken=(*without(item.broken, event.item), event.item),
    )


def equipped(state: S, event: ev.Equipped) -> S:
    item = state.combatant(event.combatant)
    dropped = tuple(name for name in item.dropped if name not in event.picked_up)
    return update(state, event.combatant, ready=event.ready, dropped=dropped)


def prone(state: S, event: ev.ProneChanged) -> S:
    return update(state, event.combatant, prone=event.prone)


def fumbled(state: S, event: ev.Fumbled) -> S:
    outcome = event.outcome
    changes: dict[str, Any] = {}
    if outcome.effect == "lose_turn":
        changes["lose_turn"] = True
    elif outcome.effect == "lose_actions":
        lost = state.combatant(event.combatant).lose_actions + (outcome.actions_lost or 1)
        changes["lose_actions"] = lost
    elif outcome.effect == "distracted":
        changes["distracted"] = outcome.enemy_modifier or 0
    return update(state, event.combatant, **changes) if changes else state


def stuck(state: S, event: ev.WeaponStuck) -> S:
    """A weapon stuck in its target is no longer a weapon in hand (held on to or not)."""
    stuck = event.stuck
    state = state.model_copy(update={"stuck": (*state.stuck, stuck)})
    owner = state.combatant(stuck.owner)
    broken = (*without(owner.broken, stuck.weapon), stuck.weapon) if stuck.broken else owner.broken
    return update(state, stuck.owner, ready=without(owner.ready, stuck.weapon), broken=broken)


def match(item: StuckWeapon, event: ev.StuckWeaponChange) -> bool:
    return (item.owner, item.target, item.weapon) == (event.owner, event.target, event.weapon)


def _holding(state: S, event: ev.StuckWeaponChange, held: bool) -> S:
    stuck = tuple(
        item.model_copy(update={"held": held}) if match(item, event) else item
        for item in state.stuck
    )
    return state.model_copy(update={"stuck": stuck})


def let_go(state: S, event: ev.StuckWeaponChange) -> S:
    return _holding(state, event, False)


def regrabbed(state: S, event: ev.StuckWeaponChange) -> S:
    return _holding(state, event, True)


def pulled(state: S, event: ev.StuckWeaponChange) -> S:
    """Out: in its owner's hand if the owner pulled it out holding it, else on the ground."""
    found = next((item for item in state.stuck if match(item, event)), None)
    state = state.model_copy(
        update={"stuck": tuple(item for item in state.stuck if not match(item, event))}
    )
    owner = state.combatant(event.owner)
    if found is None or found.broken or event.weapon in owner.broken:
        return state
    if found.held and event.by == event.owner:
        return update(state, event.owner, ready=(*without(owner.ready, event.weapon), event.weapon))
    return update(state, event.owner, dropped=(*without(owner.dropped, event.weapon), event.weapon))


def grappled(state: S, event: ev.Grappled) -> S:
    return state.model_copy(update={"grapples": (*state.grapples, event.grapple)})


def tightened(state: S, event: ev.GrappleChange) -> S:
    grapples = tuple(
        item.model_copy(update={"tightened": item.tightened + 1})
        if item.grappler == event.grappler and item.grappled == event.grappled
        else item
        for item in state.grapples
    )
    return state.model_copy(update={"grapples": grapples})


def released(state: S, event: ev.GrappleChange) -> S:
    grapples = tuple(
        item
        for item in state.grapples
        if not (item.grappler == event.grappler and item.grappled == event.grappled)
    )
    return state.model_copy(update={"grapples": grapples})


def casting(state: S, event: ev.CastingChanged) -> S:
    return update(state, event.combatant, casting=event.casting)


def concentrated(state: S, event: ev.Concentrated) -> S:
    return update(state, event.combatant, concentrating=event.spell)


def form(state: S, event: ev.FormChanged) -> S:
    return update(state, event.combatant, form=event.form)


def fatigued(state: S, event: ev.CombatantOnly) -> S:
    return update(state, event.combatant, fatigue=state.combatant(event.combatant).fatigue + 1)
