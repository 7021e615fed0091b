"""Whether the rules allow a command now: one definition for ``submit`` and ``legal_commands``.

Each check raises :class:`~tablekeeper.errors.IllegalCommandError` (or another
:class:`~tablekeeper.errors.RulesError`) naming the payload field and the reason: who may
give the command (the GM, or the creature it moves), whether the creature can act
(R-LIFE-01), what Support needs (R-STAB-01), what a treatment needs (R-TREAT-02, -04),
when a Rest may begin, where a move may end (G-R-E4). Nothing here changes the state or
rolls.
"""

from __future__ import annotations

from pydantic import BaseModel

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter.reactions import characteristic, check_react
from tablekeeper.rulesets.realtime.encounter.seconds import CUNNING
from tablekeeper.rulesets.realtime.encounter.state import (
    Creature,
    Injury,
    RealtimeState,
)
from tablekeeper.rulesets.realtime.rest import RestLedger
from tablekeeper.rulesets.realtime.tables import critical_injury_table
from tablekeeper.rulesets.realtime.treatment import TreatmentLedger


def creature(state: RealtimeState, creature_id: str, field: str) -> Creature:
    """The creature ``creature_id``; an unknown id names the field and the creatures."""
    found = state.creatures.get(ActorId(creature_id))
    if found is None:
        known = ", ".join(state.creatures) or "none yet"
        raise IllegalCommandError(
            f"no creature {creature_id!r} in this encounter (creatures: {known})", field=field
        )
    return found


def able(state: RealtimeState, creature_id: str, field: str = "creature") -> Creature:
    """The creature, which must be conscious to act (R-LIFE-01)."""
    found = creature(state, creature_id, field)
    if not found.can_act:
        raise IllegalCommandError(
            f"{found.id} is {found.life.value} (HP {found.hp}) and cannot act", field=field
        )
    return found


def find_injury(target: Creature, injury: int | str) -> Injury:
    """The target's injury by number, or its first injury with that name."""
    for item in target.injuries:
        if item.number == injury or (isinstance(injury, str) and item.name == injury):
            return item
    held = ", ".join(f"{item.number}: {item.name}" for item in target.injuries) or "none"
    raise IllegalCommandError(
        f"{target.id} has no critical injury {injury!r} (it has {held})", field="injury"
    )


def creature_from_spec(state: RealtimeState, spec: cmd.CreatureSpec) -> Creature:
    """The creature a spec describes, with the options' defaults filled in."""
    table = critical_injury_table()
    injuries = tuple(
        Injury(number=number, name=name, test_modifier=table.row_named(name).test_modifier)
        for number, name in enumerate(spec.injuries, start=1)
    )
    return Creature(
        id=ActorId(spec.id),
        name=spec.name or spec.id.replace("_", " ").title(),
        side=spec.side,
        hp=spec.hp,
        max_hp=spec.max_hp or max(spec.hp, 1),
        position=spec.position,
        reach=state.options.default_reach if spec.reach is None else spec.reach,
        ap_per_second=spec.ap_per_second,
        characteristics=spec.characteristics,
        cooldown_modifier=spec.cooldown_modifier,
        injuries=injuries,
        injuries_received=len(injuries),
        treatment_ledger=TreatmentLedger(window=state.options.treatment_window),
        rest_ledger=RestLedger(window=state.options.rest_window),
        conditions=spec.conditions,
    )


def authorize(state: RealtimeState, command: Command, payload: BaseModel) -> None:
    """Who may give ``command``: the GM any; a creature its own orders, a voluntary move,
    and healing (the engine refuses the GM-only kinds first)."""
    actor = command.actor
    if actor == GM:
        return
    if isinstance(payload, cmd.Move) and not payload.voluntary:
        raise IllegalCommandError(f"only the GM may {command.kind}", field="actor")
    if command.kind == cmd.HEAL:
        creature(state, actor, "actor")
        return
    subject = getattr(payload, "creature", None)
    if subject != actor:
        raise IllegalCommandError(
            f"{actor} may give orders to {actor} only, not to {subject}", field="actor"
        )


def add(state: RealtimeState, command: Command, spec: cmd.CreatureSpec) -> None:
    if spec.id in state.creatures:
        raise IllegalCommandError(f"a creature {spec.id!r} is already here", field="id")
    table = critical_injury_table()
    for name in spec.injuries:
        table.row_named(name)


def remove(state: RealtimeState, command: Command, order: cmd.CreatureOnly) -> None:
    creature(state, order.creature, "creature")
    if state.ending_second or state.offer is not None or state.triggers:
        raise IllegalCommandError(
            "a creature leaves between seconds, not while one is being resolved",
            field="creature",
        )


def start_action(state: RealtimeState, command: Command, order: cmd.StartAction) -> None:
    able(state, order.creature)
    if order.action is not None and order.action not in state.catalogue.actions:
        raise IllegalCommandError(
            f"no action {order.action!r} in the catalogue "
            f"(actions: {', '.join(state.catalogue.actions) or 'none'})",
            field="action",
        )
    if order.target is not None:
        creature(state, order.target, "target")


def cancel(state: RealtimeState, command: Command, order: cmd.CreatureOnly) -> None:
    if creature(state, order.creature, "creature").charge is None:
        raise IllegalCommandError(f"{order.creature} is charging no action", field="creature")


def move(state: RealtimeState, command: Command, order: cmd.Move) -> None:
    mover = creature(state, order.creature, "creature")
    if order.voluntary:
        able(state, order.creature)
    elif mover.dead:
        raise IllegalCommandError(f"{mover.id} is dead", field="creature")
    if mover.position == order.to:
        raise IllegalCommandError(f"{mover.id} already stands on {order.to}", field="to")
    occupant = None if state.options.shared_squares else state.standing_on(order.to, mover.id)
    if occupant is not None:
        raise IllegalCommandError(
            f"{mover.name} cannot move to {tuple(order.to)}: {occupant.name} stands there "
            "(a square holds one creature, G-R-E4)",
            field="to",
        )


def support(state: RealtimeState, command: Command, order: cmd.Support) -> None:
    helper = able(state, order.creature)
    target = creature(state, order.target, "target")
    if target.id == helper.id:
        raise IllegalCommandError("a creature cannot Support itself", field="target")
    if not target.is_unconscious:
        raise IllegalCommandError(
            f"Support stabilizes an unconscious creature (R-STAB-01); {target.id} is "
            f"{target.life.value}",
            field="target",
        )
    if state.catalogue.support.requires_reach and not state.within_reach(helper, target):
        raise IllegalCommandError(
            f"{target.id} is {state.distance(helper, target)} squares away, beyond "
            f"{helper.id}'s reach of {helper.reach}",
            field="target",
        )


def treat(state: RealtimeState, command: Command, order: cmd.Treat) -> None:
    healer = able(state, order.creature)
    if characteristic(healer, CUNNING) is None:
        raise IllegalCommandError(
            f"{healer.id} has no Cunning characteristic to treat with (R-TREAT-01)",
            field="creature",
        )
    target = creature(state, order.target, "target")
    if target.dead:
        raise IllegalCommandError(f"{target.id} is dead", field="target")
    injury = find_injury(target, order.injury)
    target.treatment_ledger.ensure_allowed(str(injury.number), order.level, state.second)


def react(state: RealtimeState, command: Command, order: cmd.React) -> None:
    creature(state, order.creature, "creature")
    check_react(state, order.creature, order.trigger, order.reaction)


def trigger(state: RealtimeState, command: Command, order: cmd.DeclareTrigger) -> None:
    creature(state, order.source, "source")
    if order.kind not in state.catalogue.triggers:
        raise IllegalCommandError(
            f"no trigger {order.kind!r} in the catalogue "
            f"(triggers: {', '.join(state.catalogue.triggers)})",
            field="kind",
        )
    for candidate in order.candidates or ():
        creature(state, candidate, "candidates")


def alive(state: RealtimeState, command: Command, order: cmd.Damage | cmd.Heal) -> None:
    if creature(state, order.creature, "creature").dead:
        raise IllegalCommandError(f"{order.creature} is dead", field="creature")


def rest(state: RealtimeState, command: Command, order: cmd.Rest) -> None:
    rester = creature(state, order.creature, "creature")
    if rester.dead or rester.is_dying:
        raise IllegalCommandError(
            f"{rester.id} is {rester.life.value} and cannot rest", field="creature"
        )
    if rester.resting is not None:
        raise IllegalCommandError(
            f"{rester.id} is already resting since second {rester.resting.started_at}",
            field="creature",
        )


def end_rest(state: RealtimeState, command: Command, order: cmd.EndRest) -> None:
    if creature(state, order.creature, "creature").resting is None:
        raise IllegalCommandError(f"{order.creature} is not resting", field="creature")
