"""The charges and event payloads a second's play builds, built once for equal arguments.

Every trial of a scenario plays the same seconds: the same moves and actions start at
the same seconds from the same squares, complete with the same results, open the same
triggers and offer the same reactions. Each value below is a frozen model built, on the
reference path, exactly as the play built it before (the same keyword arguments, so the
same fields set, validated); on the engine's fast paths (``engine/memo.built``, and
``built_model`` where the value is a model of the arguments alone) it is built once for
equal arguments and handed out again. Each is a pure function of its arguments, and
the key holds every one of them; they come from validated models (the state, a
command's payload, the catalogue), so each has the exact type validation keeps and equal
keys build equal values. ``tests/rulesets/realtime/test_fast_paths.py`` holds
each to the value built afresh, on every one the shipped scenarios build.
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.engine.clocks import SecondClock
from tablekeeper.engine.memo import built, built_model
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.checks import CheckInput, CheckOutcome
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Hit,
    MoveEffect,
    Offer,
    Position,
    SupportEffect,
    Trigger,
)
from tablekeeper.rulesets.realtime.injuries import CriticalInjuryInput, CriticalInjuryOutcome
from tablekeeper.rulesets.realtime.once import for_the_very


def second_ending(second: int) -> ev.SecondEnding:
    """The end of ``second`` begins."""
    return built_model(ev.SecondEnding, second=second)


def second_ended(second: int) -> ev.SecondEnded:
    """The end of ``second`` is resolved."""
    return built_model(ev.SecondEnded, second=second)


def advance_started(seconds: int) -> ev.AdvanceStarted:
    """The GM plays ``seconds`` seconds."""
    return built_model(ev.AdvanceStarted, seconds=seconds)


def seconds_elapsed(start: int, seconds: int) -> ev.SecondsElapsed:
    """``seconds`` quiet ends of second from ``start``."""
    return built_model(ev.SecondsElapsed, start=start, seconds=seconds)


def action_started(creature: ActorId, charge: Charge) -> ev.ActionStarted:
    """``creature`` starts charging ``charge`` (built once for the very charge: the
    charges below are themselves built once)."""
    return for_the_very(
        charge,
        (ev.ACTION_STARTED, creature),
        lambda: ev.ActionStarted(creature=creature, charge=charge),
    )


def action_completed(
    creature: ActorId,
    action: str,
    name: str,
    cost: int,
    complex: bool,
    second: int,
    target: ActorId | None,
    result: ev.ActionCompletedResult,
) -> ev.ActionCompleted:
    """``creature``'s action completes at ``second`` with ``result``."""
    return built_model(
        ev.ActionCompleted,
        creature=creature,
        action=action,
        name=name,
        cost=cost,
        complex=complex,
        second=second,
        target=target,
        result=result,
    )


def moved(creature: ActorId, origin: Position, destination: Position, voluntary: bool) -> ev.Moved:
    """``creature`` stands on ``destination``, from ``origin``."""
    return built_model(
        ev.Moved, creature=creature, origin=origin, destination=destination, voluntary=voluntary
    )


def move_blocked(creature: ActorId, destination: Position, by: ActorId) -> ev.MoveBlocked:
    """``creature``'s move does not reach ``destination``: ``by`` stands there (G-R-E4)."""
    return built_model(ev.MoveBlocked, creature=creature, destination=destination, by=by)


def action_charge(
    action: str,
    name: str,
    cost: int,
    complex: bool,
    physical: bool,
    started_at: int,
    target: ActorId | None,
    reach: int | None,
) -> Charge:
    """A catalogue or custom action's charge, as ``start_action`` gives it."""
    return built_model(
        Charge,
        action=action,
        name=name,
        cost=cost,
        complex=complex,
        physical=physical,
        started_at=started_at,
        target=target,
        reach=reach,
    )


def move_charge(
    name: str, cost: int, physical: bool, started_at: int, origin: Position, destination: Position
) -> Charge:
    """A voluntary movement's charge, from ``origin`` to ``destination``."""
    return built(
        ("realtime.move_charge", name, cost, physical, started_at, origin, destination),
        lambda: Charge(
            action="move",
            name=name,
            cost=cost,
            physical=physical,
            started_at=started_at,
            effect=MoveEffect(origin=origin, destination=destination),
        ),
    )


def support_charge(
    name: str, cost: int, physical: bool, started_at: int, target: ActorId
) -> Charge:
    """The Support action's charge, aimed at ``target``."""
    return built(
        ("realtime.support_charge", name, cost, physical, started_at, target),
        lambda: Charge(
            action="support",
            name=name,
            cost=cost,
            physical=physical,
            started_at=started_at,
            target=target,
            effect=SupportEffect(target=target),
        ),
    )


def trigger_opened(
    trigger_id: str,
    kind: str,
    source: ActorId,
    second: int,
    candidates: tuple[ActorId, ...],
    description: str,
) -> ev.TriggerOpened:
    """A triggering event of ``second`` opens, concerning ``candidates``."""
    return built(
        (ev.TRIGGER_OPENED, trigger_id, kind, source, second, candidates, description),
        lambda: ev.TriggerOpened(
            trigger=Trigger(
                id=trigger_id,
                kind=kind,
                source=source,
                second=second,
                candidates=candidates,
                description=description,
            )
        ),
    )


def offer(trigger: str, creature: ActorId, reactions: tuple[str, ...]) -> Offer:
    """The reaction decision put to ``creature`` about ``trigger``."""
    return built_model(Offer, trigger=trigger, creature=creature, reactions=reactions)


def reaction_offered(offered: Offer) -> ev.ReactionOffered:
    """The offer is made (built once for the very offer, itself built once)."""
    return for_the_very(offered, ev.REACTION_OFFERED, lambda: ev.ReactionOffered(offer=offered))


_SECOND_SET = frozenset({"second"})
"""The fields set of a clock once it has advanced (its default made no field set)."""


def clock_later(clock: SecondClock, seconds: int) -> SecondClock:
    """``clock.advance(seconds)``; on the fast paths built once for the second it shows,
    for a clock whose fields set are those an advance leaves (``second`` alone: every
    clock of a state after its first second), so the value built is the same whatever
    clock of that kind it was built from."""
    if (
        type(clock) is not SecondClock
        or clock.__pydantic_fields_set__ != _SECOND_SET
        or type(seconds) is not int
        or seconds < 0  # refused by the clock, never remembered
    ):
        return clock.advance(seconds)
    return built(("realtime.clock", clock.second + seconds), lambda: clock.advance(seconds))


def injury_input(n_wounds: int, seconds_negative: int, negative_hp: int) -> CriticalInjuryInput:
    """The critical injury roll's variables (R-CRIT-01)."""
    return built_model(
        CriticalInjuryInput,
        n_wounds=n_wounds,
        seconds_negative=seconds_negative,
        negative_hp=negative_hp,
    )


def critical_injury_rolled(
    creature: ActorId,
    cause: Literal["stabilized", "healed"],
    request: CriticalInjuryInput,
    outcome: CriticalInjuryOutcome,
    injury_number: int | None,
) -> ev.CriticalInjuryRolled:
    """``creature``'s critical injury roll (built once for the very outcome, itself built
    once per request and face, and the request's values)."""
    key = (
        ev.CRITICAL_INJURY_ROLLED,
        creature,
        cause,
        injury_number,
        request.n_wounds,
        request.seconds_negative,
        request.negative_hp,
    )
    return for_the_very(
        outcome,
        key,
        lambda: ev.CriticalInjuryRolled(
            creature=creature,
            cause=cause,
            input=request,
            outcome=outcome,
            injury_number=injury_number,
        ),
    )


def stabilized(creature: ActorId, by: ActorId) -> ev.Stabilized:
    """``creature`` is stabilized by ``by``."""
    return built_model(ev.Stabilized, creature=creature, by=by)


def healed(creature: ActorId, amount: int, hp_before: int, hp_after: int, source: str) -> ev.Healed:
    """``creature`` is healed ``amount`` HP."""
    return built_model(
        ev.Healed,
        creature=creature,
        amount=amount,
        hp_before=hp_before,
        hp_after=hp_after,
        source=source,
    )


def check_input(characteristic: int, characteristic_name: str) -> CheckInput:
    """A reaction's check of ``characteristic_name``, at ``characteristic``."""
    return built_model(
        CheckInput, characteristic=characteristic, characteristic_name=characteristic_name
    )


def reaction_used(
    creature: ActorId,
    reaction: str,
    name: str,
    trigger: str,
    second: int,
    cooldown: int,
    ready_at: int,
    complex: bool,
    target: ActorId,
    check: CheckOutcome | None,
) -> ev.ReactionUsed:
    """``creature`` uses ``reaction`` against ``trigger`` (built once for the very check
    outcome, itself built once per request and face, or for none)."""
    key = (
        ev.REACTION_USED,
        creature,
        reaction,
        name,
        trigger,
        second,
        cooldown,
        ready_at,
        complex,
        target,
    )

    def make() -> ev.ReactionUsed:
        return ev.ReactionUsed(
            creature=creature,
            reaction=reaction,
            name=name,
            trigger=trigger,
            second=second,
            cooldown=cooldown,
            ready_at=ready_at,
            complex=complex,
            target=target,
            check=check,
        )

    if check is None:
        return built((*key, None), make)
    return for_the_very(check, key, make)


def hit(creature: ActorId, reaction: str, name: str, target: ActorId, second: int) -> Hit:
    """``creature``'s ``reaction`` hit ``target`` at ``second``: its damage awaits the GM
    (what ``fold`` records of a ``reaction_used`` that hit, G-R-E5)."""
    return built_model(
        Hit, creature=creature, reaction=reaction, name=name, target=target, second=second
    )
