"""The ``realtime`` encounter engine: second-by-second play of rule document 003.

:class:`RealtimeEngine` meets the :class:`~tablekeeper.engine.encounters.EncounterEngine`
contract: ``legal_commands``, ``submit`` (which rolls only through the roller and never
changes the state it is given) and ``apply`` (a pure fold; GM overrides through
:func:`~tablekeeper.engine.overrides.apply_override`). Each command is checked first
(:class:`~tablekeeper.errors.IllegalCommandError` naming the field and the reason), then
played on a :class:`~tablekeeper.rulesets.realtime.encounter.work.Work` pad. ``advance``
plays the clock (``seconds.py``) and stops at each reaction decision; the answer resumes
the second where it stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import ANSWER, Answer, Decision
from tablekeeper.engine.events import Event
from tablekeeper.engine.overrides import apply_override, is_override
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import IllegalCommandError, RulesError
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import reactions
from tablekeeper.rulesets.realtime.encounter.charging import cancel, start
from tablekeeper.rulesets.realtime.encounter.fold import fold
from tablekeeper.rulesets.realtime.encounter.legality import (
    check_command,
    creature_from_spec,
    find_injury,
)
from tablekeeper.rulesets.realtime.encounter.life import damage, heal
from tablekeeper.rulesets.realtime.encounter.resting import begin_rest, end_rest
from tablekeeper.rulesets.realtime.encounter.seconds import run
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    MoveEffect,
    RealtimeState,
    SupportEffect,
    TreatEffect,
    distance,
)
from tablekeeper.rulesets.realtime.encounter.work import Work
from tablekeeper.rulesets.realtime.treatment import DURATION_SECONDS

Play = Callable[[Work, Any], Decision | None]


def _add(work: Work, spec: cmd.CreatureSpec) -> None:
    creature = creature_from_spec(work.state, spec)
    work.emit(ev.CREATURE_ADDED, ev.CreatureAdded(creature=creature))


def _start_action(work: Work, order: cmd.StartAction) -> None:
    catalogue = work.state.catalogue
    entry = catalogue.actions[order.action] if order.action is not None else None
    name = order.name or (entry.name if entry else "action")
    charge = Charge(
        action=order.action or "custom",
        name=name,
        cost=order.cost or (entry.cost if entry else 1),
        complex=bool(order.complex or (entry and entry.complex) or name.endswith("*")),
        physical=order.physical
        if order.physical is not None
        else (entry.physical if entry else True),
        started_at=work.state.second,
        target=order.target,
        reach=order.reach,
    )
    start(work, order.creature, charge, voluntary_movement=False)


def _cancel_action(work: Work, order: cmd.CreatureOnly) -> None:
    cancel(work, order.creature, "withdrawn")


def _move(work: Work, order: cmd.Move) -> None:
    state = work.state
    creature = state.creature(order.creature)
    if not order.voluntary:
        work.emit(
            ev.MOVED,
            ev.Moved(
                creature=order.creature,
                origin=creature.position,
                destination=order.to,
                voluntary=False,
            ),
        )
        return
    movement = state.catalogue.movement
    squares = distance(creature.position, order.to, state.options.distance)
    charge = Charge(
        action="move",
        name=movement.name,
        cost=order.cost or movement.cost(squares),
        physical=movement.physical,
        started_at=state.second,
        effect=MoveEffect(origin=creature.position, destination=order.to),
    )
    start(work, order.creature, charge, voluntary_movement=True)


def _support(work: Work, order: cmd.Support) -> None:
    entry = work.state.catalogue.support
    charge = Charge(
        action="support",
        name=entry.name,
        cost=entry.cost,
        physical=entry.physical,
        started_at=work.state.second,
        target=order.target,
        effect=SupportEffect(target=order.target),
    )
    start(work, order.creature, charge, voluntary_movement=False)


def _treat(work: Work, order: cmd.Treat) -> None:
    state = work.state
    injury = find_injury(state.creature(order.target), order.injury)
    entry = state.catalogue.treatments[order.level]
    charge = Charge(
        action=f"{order.level}_treatment",
        name=entry.name,
        cost=DURATION_SECONDS[order.level],
        physical=entry.physical,
        timed=True,
        started_at=state.second,
        target=order.target,
        effect=TreatEffect(target=order.target, injury=injury.number, level=order.level),
    )
    start(work, order.creature, charge, voluntary_movement=False)


def _after_reaction(work: Work) -> Decision | None:
    if work.state.ending_second:
        return run(work)
    return reactions.offer_next(work)


def _react(work: Work, order: cmd.React) -> Decision | None:
    reactions.react(work, order.creature, order.trigger, order.reaction)
    return _after_reaction(work)


def _trigger(work: Work, order: cmd.DeclareTrigger) -> Decision | None:
    state = work.state
    source = state.creature(order.source)
    candidates = order.candidates
    if candidates is None:
        candidates = tuple(
            other.id
            for other in state.creatures.values()
            if not other.dead and other.is_hostile_to(source)
        )
    if not candidates:
        raise IllegalCommandError(f"no creature is hostile to {order.source}", field="candidates")
    reactions.open_trigger(work, order.kind, order.source, candidates, order.description)
    return reactions.offer_next(work)


def _damage(work: Work, order: cmd.Damage) -> None:
    damage(work, order.creature, order.amount, order.source)


def _heal(work: Work, order: cmd.Heal) -> None:
    heal(work, order.creature, order.amount, order.source)


def _rest(work: Work, order: cmd.Rest) -> None:
    charge = work.state.creature(order.creature).charge
    if charge is not None and charge.physical:
        cancel(work, order.creature, "began_resting")
    begin_rest(work, order.creature, order.conditions)


def _end_rest(work: Work, order: cmd.EndRest) -> None:
    end_rest(work, order.creature, "interrupted", hours_slept=order.hours_slept)


def _advance(work: Work, order: cmd.Advance) -> Decision | None:
    work.emit(ev.ADVANCE_STARTED, ev.AdvanceStarted(seconds=order.seconds))
    return run(work)


COMMANDS: Mapping[str, tuple[type[BaseModel], Play]] = {
    cmd.ADD_CREATURE: (cmd.CreatureSpec, _add),
    cmd.START_ACTION: (cmd.StartAction, _start_action),
    cmd.CANCEL_ACTION: (cmd.CreatureOnly, _cancel_action),
    cmd.MOVE: (cmd.Move, _move),
    cmd.SUPPORT: (cmd.Support, _support),
    cmd.TREAT: (cmd.Treat, _treat),
    cmd.REACT: (cmd.React, _react),
    cmd.TRIGGER: (cmd.DeclareTrigger, _trigger),
    cmd.DAMAGE: (cmd.Damage, _damage),
    cmd.HEAL: (cmd.Heal, _heal),
    cmd.REST: (cmd.Rest, _rest),
    cmd.END_REST: (cmd.EndRest, _end_rest),
    cmd.ADVANCE: (cmd.Advance, _advance),
}
"""Every command kind, its payload model and how it is played."""


def parse(command: Command) -> BaseModel:
    """The command's payload as its model; an unknown kind is refused."""
    entry = COMMANDS.get(command.kind)
    if entry is None:
        raise IllegalCommandError(
            f"a realtime encounter has no command {command.kind!r} "
            f"(known: {', '.join(sorted(COMMANDS))})",
            field="kind",
        )
    return command.payload_as(entry[0])


class RealtimeEngine:
    """The encounter engine of the ``realtime`` ruleset."""

    def legal_commands(self, state: RealtimeState, actor: ActorId) -> Sequence[Command]:
        """What ``actor`` may sensibly do now. The GM: advance one second. A conscious
        creature: react to an open trigger, support an unconscious creature in reach,
        then, unless it is charging (starting another action would lose the charge),
        start a catalogue action or move one square; while charging, give it up."""
        if state.ending_second or state.offer is not None:
            return ()
        if actor == GM:
            return (cmd.advance(1),) if state.creatures else ()
        creature = state.creatures.get(actor)
        if creature is None or not creature.can_act:
            return ()
        candidates: list[Command] = [
            cmd.react(actor, trigger.id, reaction)
            for trigger in state.triggers
            for reaction in reactions.usable(state, trigger, creature)
        ]
        candidates += [
            cmd.support(actor, other.id)
            for other in state.creatures.values()
            if other.is_dying and other.id != actor
        ]
        if creature.charge is None:
            candidates += [cmd.start_action(actor, action=key) for key in state.catalogue.actions]
            x, y = creature.position
            candidates += [
                cmd.move(actor, (x + dx, y + dy)) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            ]
        else:
            candidates.append(cmd.cancel_action(actor))
        return tuple(command for command in candidates if self._allowed(state, command))

    def _allowed(self, state: RealtimeState, command: Command) -> bool:
        try:
            check_command(state, command, parse(command))
        except RulesError:
            return False
        return True

    def submit(self, state: RealtimeState, command: Command, roller: Roller) -> Step:
        """Check ``command``, then play it: the events it causes, and the next decision."""
        work = Work(state, roller)
        if command.kind == ANSWER:
            reactions.answer(work, Answer.of(command).option)
            return work.step(_after_reaction(work))
        payload = parse(command)
        if state.ending_second or state.offer is not None:
            raise IllegalCommandError(
                f"the end of second {state.second} is being resolved: answer the reaction "
                "decision first",
                field="kind",
            )
        check_command(state, command, payload)
        decision = COMMANDS[command.kind][1](work, payload)
        return work.step(decision)

    def apply(self, state: RealtimeState, event: Event) -> RealtimeState:
        """The state after ``event``."""
        if is_override(event):
            return apply_override(state, event)
        return fold(state, event.kind, event.payload)

    def __repr__(self) -> str:
        return "RealtimeEngine()"
