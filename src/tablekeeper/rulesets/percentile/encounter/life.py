"""Hit points, Magic Points, Determination Points, and falling out of the fight.

The Damage and Injury chapter is missing (G-P-03): the engine keeps total hit points
(and, with Hit Locations, hit points per location; a location's damage also comes off
the total), Magic Points (Spirit Damage is dealt to them, P-SPC-07) and Determination
Points (Rally, P-ACT-21). A combatant at 0 HP or below, or at 0 Magic Points after
Spirit Damage (G-P-E3), is out of the fight: it leaves every melee and spirit
engagement, lets go of its grapples and stuck weapons, and its turns are skipped.
Unconsciousness, death and knockdown are the GM's to rule. Only these functions change
the points, each through an event.
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft


def hurt(
    draft: PercentileDraft,
    combatant_id: ActorId,
    amount: int,
    *,
    source: str,
    rule: str = "",
    location: str | None = None,
) -> None:
    """``amount`` damage to the combatant's hit points (0 is logged too: a blow absorbed)."""
    combatant = draft.state.combatant(combatant_id)
    was_down = draft.state.is_down(combatant)
    draft.emit(
        ev.DAMAGED,
        ev.Damaged(
            combatant=combatant_id,
            amount=max(0, amount),
            location=location,
            hp_before=combatant.hp,
            hp_after=combatant.hp - max(0, amount),
            source=source,
            rule=rule,
        ),
    )
    fall(draft, combatant_id, was_down)


def change_points(
    draft: PercentileDraft,
    combatant_id: ActorId,
    points: Literal["magic", "determination"],
    change: int,
    *,
    source: str,
    rule: str = "",
) -> None:
    """Add ``change`` (negative: a loss) to Magic or Determination Points, never below 0."""
    combatant = draft.state.combatant(combatant_id)
    before = combatant.magic_points if points == "magic" else combatant.determination_points
    if before is None:
        return
    was_down = draft.state.is_down(combatant)
    draft.emit(
        ev.POINTS_CHANGED,
        ev.PointsChanged(
            combatant=combatant_id,
            points=points,
            before=before,
            after=max(0, before + change),
            source=source,
            rule=rule,
        ),
    )
    fall(draft, combatant_id, was_down)


def fall(draft: PercentileDraft, combatant_id: ActorId, was_down: bool) -> None:
    """If the combatant has just fallen out of the fight: out of every engagement and hold."""
    state = draft.state
    if was_down or not state.is_down(state.combatant(combatant_id)):
        return
    draft.emit(ev.COMBATANT_DOWN, ev.CombatantOnly(combatant=combatant_id))
    engaged = state.engaged_with(combatant_id)
    if engaged:
        draft.emit(
            ev.DISENGAGED,
            ev.Disengagement(combatant=combatant_id, others=engaged, reason="out of the fight"),
        )
    foes = state.spirit_foes(combatant_id)
    if foes:
        draft.emit(
            ev.DISENGAGED,
            ev.Disengagement(
                combatant=combatant_id, spirit=True, others=foes, reason="out of the fight"
            ),
        )
    for grapple in state.grapples:
        if combatant_id in (grapple.grappler, grapple.grappled):
            draft.emit(
                ev.GRAPPLE_RELEASED,
                ev.GrappleChange(
                    grappler=grapple.grappler, grappled=grapple.grappled, reason="out of the fight"
                ),
            )
    for stuck in state.holding_stuck(combatant_id):
        draft.emit(
            ev.WEAPON_LET_GO,
            ev.StuckWeaponChange(owner=stuck.owner, target=stuck.target, weapon=stuck.weapon),
        )
