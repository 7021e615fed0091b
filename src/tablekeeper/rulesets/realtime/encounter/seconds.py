"""Time: the encounter clock advances one second at a time (G-R-01).

The end of each second is resolved in a fixed order (``docs/rulings.md``, "Order of
events within one second"):

1. a charging creature that can no longer act loses its charge;
2. every conscious creature that is charging gains its A.P. for the second
   (``ap_per_second``; a timed action gains one second), never past the cost;
3. every action whose charge reached its cost completes, creatures in the order they
   were added: the action's own effect (the mover reaches its square, Support
   stabilizes, a treatment is rolled), then the triggering events it caused;
4. reactions are offered, trigger by trigger, creature by creature, each a decision;
5. a creature reaching 175 seconds at negative HP dies (R-LIFE-03);
6. a Rest whose planned hours are complete ends and regenerates (R-REST-09);
7. the dying count one more second at negative HP, and the clock shows the next second.

Seconds in which nothing but steps 2 and 7 can happen are logged together, as one
``seconds_elapsed`` event, so an eight-hour Rest is a handful of events, not 28,800.
"""

from __future__ import annotations

import math
from typing import Any

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine import fast_paths
from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.actions import LEAVES_REACH
from tablekeeper.rulesets.realtime.encounter.charging import cancel
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.fold import charged_for, counted_for
from tablekeeper.rulesets.realtime.encounter.life import die, stabilize
from tablekeeper.rulesets.realtime.encounter.reactions import (
    characteristic,
    next_offer,
    offer_next,
    open_complex_trigger,
    open_trigger,
)
from tablekeeper.rulesets.realtime.encounter.resting import end_rest
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Creature,
    MoveEffect,
    RealtimeState,
    SupportEffect,
    TreatEffect,
    still_awaiting,
)
from tablekeeper.rulesets.realtime.injuries import AUTOMATIC_DEATH_SECONDS
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.treatment import TreatmentInput, treatment

CUNNING = "cunning"
"""The characteristic of the treating check (R-TREAT-01, R-TREAT-03, G-R-08)."""


def quiet_seconds(state: RealtimeState) -> int | None:
    """How many of the coming ends of second can pass with nothing but charging and the
    dying count (``None``: all of them)."""
    if next_offer(state) is not None:
        return 0
    horizon: int | None = None
    fast = fast_paths.enabled()
    for creature in state.creatures.values():
        if fast and _idle(creature):  # nothing comes to it: ``_first_end`` is None
            continue
        end = _first_end(creature, state.options, state.second)
        if end is not None:
            horizon = end if horizon is None else min(horizon, end)
    return None if horizon is None else max(0, horizon - 1)


def _first_end(creature: Creature, options: RealtimeOptions, second: int) -> int | None:
    """In how many ends of second something happens to ``creature`` (``None``: nothing
    comes): its charge completes (0: a charge it cannot gain), its death (R-LIFE-03), the
    end of its Rest (R-REST-09)."""
    if creature.dead:
        return None
    ends: list[int] = []
    if creature.charge is not None:
        rate = creature.charge_per_second(options)
        if rate == 0:
            return 0
        ends.append(math.ceil((creature.charge.cost - creature.charge.charged) / rate))
    if creature.is_dying:
        ends.append(AUTOMATIC_DEATH_SECONDS - creature.seconds_negative)
    if creature.resting is not None:
        ends.append(creature.resting.planned_end - second + 1)
    return min(ends) if ends else None


def _idle(creature: Creature) -> bool:
    """Whether nothing can happen to ``creature`` at the end of a second, and nothing
    changes it: dead, or charging nothing, at 0 HP or more and not resting. Then
    :func:`_first_end` is ``None``, ``fold.charged_for`` and ``fold.counted_for`` hand it
    back itself (a fast path's question, asked of every creature every second:
    ``tests/rulesets/realtime/test_fast_paths.py``)."""
    return creature.dead or (
        creature.charge is None and creature.hp >= 0 and creature.resting is None
    )


def passed_quietly(state: RealtimeState, seconds: int) -> RealtimeState | None:
    """The state after an ``advance`` of ``seconds`` (the GM's, allowed) when they all
    pass quietly, else ``None``; one copy of the state, and of each creature it changes.

    A fast path of unattended play (``engine.py``, ``RealtimeEngine.submit``, for a
    session keeping no log). Played in full, such an advance drafts ``advance_started``
    and, since :func:`quiet_seconds` allows them all, one ``seconds_elapsed``: its fold
    gains each creature's charge (``fold.charged_for``), then counts the dying seconds
    (``fold.counted_for``), advances the clock, clears the triggers and the offer, lets
    the hits of earlier seconds go unruled (``state.still_awaiting``) and leaves
    ``advance_remaining`` at 0 (it is the only field ``advance_started`` sets).
    Here each creature is asked once what :func:`quiet_seconds` asks of it
    (:func:`_first_end`: nothing may happen to it within ``seconds``; an idle creature,
    :func:`_idle`, is not asked), all of them before anything is built, and those not
    idle gain and count with the fold's own functions, in their order. ``tests/rulesets/realtime/
    test_fast_paths.py`` holds it to :func:`quiet_seconds` and the two folds on every
    state the shipped scenarios pass through and on varied ones."""
    if state.triggers and next_offer(state) is not None:  # no trigger: no offer
        return None
    options, second = state.options, state.clock.second
    busy = []  # asked first, all of them, so nothing is built for an advance refused
    for key, creature in state.creatures.items():
        if _idle(creature):  # nothing comes, nothing is gained or counted: as it is
            continue
        end = _first_end(creature, options, second)
        if end is not None and end <= seconds:
            return None
        busy.append((key, creature))
    creatures = dict(state.creatures)
    for key, creature in busy:
        if creature.charge is not None:  # the calls only where they change something
            creature = charged_for(creature, seconds, options)
        if creature.is_dying:
            creature = counted_for(creature, seconds)
        creatures[key] = creature
    update: dict[str, Any] = {
        "creatures": creatures,
        "clock": payloads.clock_later(state.clock, seconds),
        "triggers": (),
        "offer": None,
        "advance_remaining": 0,
    }
    if state.awaiting_damage:
        update["awaiting_damage"] = still_awaiting(state.awaiting_damage, second + seconds - 1)
    return state.model_copy(update=update)


def run(draft: RealtimeDraft) -> Decision | None:
    """Play on: finish the second being ended, then the seconds still to advance; stop at
    the first reaction decision (the answer resumes here)."""
    while True:
        state = draft.state
        if state.ending_second:
            decision = offer_next(draft)
            if decision is not None:
                return decision
            finish_second(draft)
            continue
        if state.advance_remaining == 0:
            return None
        quiet = quiet_seconds(state)
        seconds = state.advance_remaining if quiet is None else min(quiet, state.advance_remaining)
        if seconds:
            draft.emit(ev.SECONDS_ELAPSED, payloads.seconds_elapsed(state.second, seconds))
        else:
            begin_end_of_second(draft)


def begin_end_of_second(draft: RealtimeDraft) -> None:
    """Steps 1 to 3: charges lost and gained, actions completed."""
    for creature in list(draft.state.creatures.values()):
        if creature.charge is not None and not creature.can_act:
            cancel(draft, creature.id, "unconscious")
    draft.emit(ev.SECOND_ENDING, payloads.second_ending(draft.state.second))
    for creature_id in list(draft.state.creatures):
        charge = draft.state.creature(creature_id).charge
        if charge is not None and charge.complete:
            complete(draft, creature_id, charge)


def finish_second(draft: RealtimeDraft) -> None:
    """Steps 5 to 7: death at 175 s, Rests completed, the clock moves on."""
    second = draft.state.second
    for creature in list(draft.state.creatures.values()):
        if creature.is_dying and creature.seconds_negative + 1 >= AUTOMATIC_DEATH_SECONDS:
            die(
                draft,
                creature.id,
                "negative_hp_175_seconds",
                seconds_negative=AUTOMATIC_DEATH_SECONDS,
            )
    for creature in list(draft.state.creatures.values()):
        if creature.resting is not None and second >= creature.resting.planned_end:
            end_rest(draft, creature.id, "completed")
    draft.emit(ev.SECOND_ENDED, payloads.second_ended(second))


def complete(draft: RealtimeDraft, creature_id: ActorId, charge: Charge) -> None:
    """The action's charge is complete: it resolves now (G-R-01)."""
    state = draft.state
    creature = state.creature(creature_id)
    effect = charge.effect
    result: ev.ActionCompletedResult = "done"
    if isinstance(effect, SupportEffect | TreatEffect):
        target = state.creature(effect.target)
        if target.dead:
            result = "target_dead"
        elif isinstance(effect, SupportEffect):
            if state.catalogue.support.requires_reach and not state.within_reach(creature, target):
                result = "out_of_reach"
            elif not target.is_dying:
                result = "no_effect"
        elif target.injury(effect.injury) is None or charge.started_at < (
            target.treatment_ledger.next_allowed_at(str(effect.injury), effect.level)
        ):
            result = "no_effect"
    elif charge.target is not None and charge.reach is not None:
        target = state.creature(charge.target)
        if state.distance(creature, target) > charge.reach:
            result = "out_of_reach"
    draft.emit(
        ev.ACTION_COMPLETED,
        payloads.action_completed(
            creature_id,
            charge.action,
            charge.name,
            charge.cost,
            charge.complex,
            state.second,
            charge.target,
            result,
        ),
    )
    if isinstance(effect, MoveEffect):
        _arrive(draft, creature_id, effect)
    elif isinstance(effect, SupportEffect) and result == "done":
        stabilize(draft, effect.target, by=creature_id)
    elif isinstance(effect, TreatEffect) and result == "done":
        _treat(draft, creature_id, effect, charge.started_at)
    if charge.complex:
        open_complex_trigger(draft, creature_id, charge.name)


def _arrive(draft: RealtimeDraft, creature_id: ActorId, effect: MoveEffect) -> None:
    """The mover reaches its square; whose reach it left is a trigger (R-REACT-08). A
    square another creature has come to stand on since the move began is not reached:
    the mover stays where it is, its action spent (G-R-E4)."""
    before = draft.state
    standing = (
        None
        if before.options.shared_squares
        else before.standing_on(effect.destination, creature_id)
    )
    if standing is not None:
        draft.emit(
            ev.MOVE_BLOCKED, payloads.move_blocked(creature_id, effect.destination, standing.id)
        )
        return
    draft.emit(
        ev.MOVED,
        payloads.moved(
            creature_id, before.creature(creature_id).position, effect.destination, True
        ),
    )
    after = draft.state
    mover = after.creature(creature_id)
    left = tuple(
        other.id
        for other in after.creatures.values()
        if not other.dead
        and other.is_hostile_to(mover)
        and before.within_reach(other, before.creature(creature_id))
        and not after.within_reach(other, mover)
    )
    open_trigger(draft, LEAVES_REACH, creature_id, left, "left melee reach")


def _treat(draft: RealtimeDraft, healer_id: ActorId, effect: TreatEffect, started_at: int) -> None:
    """Roll the treating check with the healer's Cunning (G-R-08)."""
    healer, target = draft.state.creature(healer_id), draft.state.creature(effect.target)
    injury = target.injury(effect.injury)
    assert injury is not None  # completion checked it
    request = TreatmentInput(
        kind=effect.level,
        cunning=characteristic(healer, CUNNING) or 0,
        injury=injury.name,
    )
    draft.emit(
        ev.TREATMENT_ROLLED,
        ev.TreatmentRolled(
            creature=healer_id,
            target=effect.target,
            injury=effect.injury,
            level=effect.level,
            started_at=started_at,
            outcome=treatment(request, labelled(draft.roller, "treatment check", healer_id)),
        ),
    )
