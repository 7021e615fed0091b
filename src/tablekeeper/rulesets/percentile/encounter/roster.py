"""Adding a combatant: its stat block and what the encounter starts it with.

Hit points, Magic Points (the stat block's, else POW, G-P-03) and Determination Points
start at the stat block's unless the GM states them; with Hit Locations each location's
hit points come from the (provisional) table. It holds its first weapon and its first
shield unless told otherwise, and goes by its stat block's name unless the spec gives
its own (two wolves of one stat block are "Wolf 1" and "Wolf 2"). Added after the
encounter started, it rolls its turn order at once and joins the part of the round still
to play (G-P-E5); added to a social encounter, it rolls its social turn order and speaks
for its side from the next round.
"""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.initiative import allotment, roll_turn_order
from tablekeeper.rulesets.percentile.encounter.social.setup import join
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState


def combatant(state: PercentileState, spec: cmd.CombatantSpec) -> Combatant:
    """The combatant a spec describes, with the stat block's defaults; a spec that names
    the combatant (``Wolf 1``) gives its stat block that name, the one the table knows it
    by."""
    stats = spec.stats if spec.name is None else spec.stats.model_copy(update={"name": spec.name})
    ready = spec.ready
    if ready is None:
        ready = tuple(item[0].name for item in (stats.weapons, stats.shields) if item)
    return Combatant(
        id=ActorId(spec.id),
        side=spec.side,
        stats=stats,
        form=spec.form,
        spirit=spec.spirit,
        tangible=spec.tangible,
        discorporates=spec.discorporates,
        spirit_damage=spec.spirit_damage,
        spirit_armor=spec.spirit_armor,
        extra_actions=spec.extra_actions,
        hp=stats.hit_points if spec.hp is None else spec.hp,
        location_hp=stats.hit_points_at() if state.options.hit_locations else {},
        magic_points=stats.max_magic_points if spec.magic_points is None else spec.magic_points,
        determination_points=(
            stats.determination_points
            if spec.determination_points is None
            else spec.determination_points
        ),
        ready=ready,
        prone=spec.prone,
        conditions=spec.conditions,
        social=spec.social,
    )


def add(draft: PercentileDraft, spec: cmd.CombatantSpec) -> None:
    """Add the combatant; during the encounter, with its turn order and actions."""
    state = draft.state
    joining = combatant(state, spec)
    clock = state.clock
    if state.talking is not None:  # a social encounter: a seat, from the next round
        draft.emit(ev.COMBATANT_ADDED, ev.CombatantAdded(combatant=joining))
        join(draft, joining.id)
        return
    if clock is None or state.over:
        draft.emit(ev.COMBATANT_ADDED, ev.CombatantAdded(combatant=joining))
        return
    order = roll_turn_order(joining, draft.roller, reason="joined")
    joining = joining.model_copy(update={"actions_left": allotment(state, joining)})
    draft.emit(ev.COMBATANT_ADDED, ev.CombatantAdded(combatant=joining))
    draft.emit(
        ev.TURN_ORDER_ROLLED, ev.TurnOrderRolled(combatant=joining.id, order=order, rule="P-CMB-02")
    )
    played = (
        clock.order[: clock.turn + 1] if state.active is not None else clock.order[: clock.turn]
    )
    rest = [*clock.order[len(played) :], joining.id]
    after = draft.state
    rest.sort(key=lambda key: -(after.combatant(key).turn_order or order).total)
    draft.emit(ev.ORDER_CHANGED, ev.OrderChanged(order=(*played, *rest), turn=clock.turn))
