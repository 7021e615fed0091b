"""Realtime's own shortcuts on the fast paths (``engine/fast_paths.py``) answer as the full
computation does, on every state the shipped scenarios pass through and on varied ones.

Each test computes both ways: the shortcut on the fast path, the full computation inside
``fast_paths.reference()`` (every value validated, no memo, no shortcut).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from tablekeeper.analysis.trials import TrialPlan, play_trials
from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.clocks import SecondClock
from tablekeeper.engine.commands import Command
from tablekeeper.engine.session import Session
from tablekeeper.engine.step_memory import printed
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.realtime.checks import CheckInput, check, check_rolled
from tablekeeper.rulesets.realtime.encounter import commands as realtime_cmd
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.actions import load_catalogue
from tablekeeper.rulesets.realtime.encounter.events import (
    ADVANCE_STARTED,
    SECOND_ENDING,
    SECONDS_ELAPSED,
)
from tablekeeper.rulesets.realtime.encounter.fold import charged_for, counted_for, fold
from tablekeeper.rulesets.realtime.encounter.played_before import command_key
from tablekeeper.rulesets.realtime.encounter.reactions import decision_for
from tablekeeper.rulesets.realtime.encounter.seconds import (
    _first_end,
    _idle,
    passed_quietly,
    quiet_seconds,
)
from tablekeeper.rulesets.realtime.encounter.state import (
    Charge,
    Creature,
    Hit,
    MoveEffect,
    RealtimeState,
    RestSegment,
    SupportEffect,
    Trigger,
)
from tablekeeper.rulesets.realtime.injuries import (
    CriticalInjuryInput,
    critical_injury,
    critical_injury_rolled,
)
from tablekeeper.rulesets.realtime.policy import POLICY
from tablekeeper.rulesets.realtime.reaction_damage import ruled_damage
from tablekeeper.rulesets.realtime.rest import SimpleRestInput
from tablekeeper.rulesets.realtime.ruleset import REALTIME
from tablekeeper.rulesets.realtime.scenario import ENGINE, ScenarioRun, _Unscripted, start
from tablekeeper.services import lab

from ..conformance import played_states

SCENARIOS = ("bleeding_out", "leaving_reach")
SEEDS = (1, 2, 3)


def _run(name: str, seed: int) -> ScenarioRun:
    source = lab.scenario_source(name, ruleset="realtime")
    plan = TrialPlan("realtime", source.data, source.source)
    return start(plan.scenario(), RandomRoller(seed), seed=seed)


@cache
def visited(name: str, seed: int) -> tuple[ScenarioRun, tuple[RealtimeState, ...]]:
    """A run of the scenario played to its end on the reference path, and every state it
    passed through (after each command)."""
    run, states = played_states("realtime", name, seed, POLICY)
    return run, tuple(states)


def _everything(command: Command) -> bool:
    return True


def _reference_choice(
    run: ScenarioRun, state: RealtimeState, actor: ActorId, keep: Callable[[Command], bool]
) -> Any:
    """What ``choose`` picks over the reference path's legal commands that ``keep`` keeps,
    with the advance last; ``None`` for the advance or nothing legal."""
    wait = run.advance_command(1)
    with fast_paths.reference():
        legal = [c for c in run.session.engine.legal_commands(state, actor) if keep(c)]
        if not legal:
            return None
        choice = POLICY.choose(state, actor, (*legal, wait))
    return None if choice is wait else choice


def _picks_as_choose(run: ScenarioRun, state: RealtimeState) -> int:
    """Compare for every creature, keeping what unattended play keeps (the scripted
    creatures left alone) and keeping everything; how many picked a command."""
    picked = 0
    for keep in (_Unscripted(run.scenario.scripted()), _everything):
        for actor in state.creatures:
            fast = POLICY.pick(run.session.engine, state, actor, keep)  # type: ignore[arg-type]
            assert fast == _reference_choice(run, state, actor, keep), (actor, state)
            picked += fast is not None
    return picked


def test_the_policys_pick_is_its_choice_on_every_state_played() -> None:
    """``RealtimePolicy.pick`` (reactions and Supports only) is ``choose`` over the full
    legal commands, for every creature on every state of the shipped scenarios; some
    states offer a command it takes (a Support), so the test can fail."""
    picked = 0
    for name in SCENARIOS:
        for seed in SEEDS:
            run, states = visited(name, seed)
            for state in states:
                picked += _picks_as_choose(run, state)
    assert picked > 0


@settings(max_examples=120, deadline=None)
@given(
    hps=st.lists(st.integers(-3, 3), min_size=4, max_size=4),
    moves=st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1)), min_size=4, max_size=4),
    charging=st.lists(st.booleans(), min_size=4, max_size=4),
    dead=st.lists(st.booleans(), min_size=4, max_size=4),
    sides=st.lists(st.sampled_from(["party", "foes"]), min_size=4, max_size=4),
    trigger=st.booleans(),
    ending=st.booleans(),
    shared=st.booleans(),
)
def test_the_pick_the_winner_and_the_legal_commands_answer_as_in_full_on_varied_states(
    hps: list[int],
    moves: list[tuple[int, int]],
    charging: list[bool],
    dead: list[bool],
    sides: list[str],
    trigger: bool,
    ending: bool,
    shared: bool,
) -> None:
    """The same on states varied in HP (conscious, unconscious, dying), place, side,
    charges, deaths, an open trigger everyone may answer, the end of a second and whether
    creatures share squares (G-R-E4: side by side or on one square, so a step is taken); the
    winner read from the creatures is the winner read from the cards; and the fast legal
    commands, which skip the checks of the candidates legal as built (``LEGAL_AS_BUILT``),
    are the reference path's."""
    run, states = visited("leaving_reach", 1)
    varied = _varied(states[0], hps, moves, charging, dead, sides, trigger)
    varied = varied.model_copy(
        update={"options": varied.options.model_copy(update={"shared_squares": shared})}
    )
    _picks_as_choose(run, varied)
    with fast_paths.reference():
        reference = REALTIME.winner(varied)
    assert REALTIME.winner(varied) == reference
    varied = varied.model_copy(update={"ending_second": ending})
    for actor in [*varied.creatures, GM]:
        with fast_paths.reference():
            legal = tuple(ENGINE.legal_commands(varied, ActorId(actor)))
        assert tuple(ENGINE.legal_commands(varied, ActorId(actor))) == legal


@pytest.mark.parametrize("shared", [False, True])
def test_the_fast_legal_moves_skip_a_taken_square_as_the_checks_do(shared: bool) -> None:
    """G-R-E4: Aliena and Balthazar side by side, Calliope and Demilio side by side, one
    of them dead: the moves legal as built on the fast path are the reference path's,
    none onto a square another creature stands on unless the table shares squares."""
    _, states = visited("leaving_reach", 1)
    state = states[0].model_copy(
        update={"options": states[0].options.model_copy(update={"shared_squares": shared})}
    )
    state = state.with_creature(state.creature("demilio").model_copy(update={"dead": True}))
    taken = {creature.position for creature in state.creatures.values()}
    stepped_onto = set()
    for actor in ("aliena", "balthazar", "calliope"):
        fast = tuple(ENGINE.legal_commands(state, ActorId(actor)))
        with fast_paths.reference():
            assert fast == tuple(ENGINE.legal_commands(state, ActorId(actor)))
        steps = [tuple(c.payload["to"]) for c in fast if c.kind == realtime_cmd.MOVE]
        x, y = state.creature(actor).position
        beside = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
        assert set(steps) == (beside if shared else beside - taken)
        stepped_onto |= taken.intersection(steps)
    assert bool(stepped_onto) == shared


def _varied(
    state: RealtimeState,
    hps: list[int],
    moves: list[tuple[int, int]],
    charging: list[bool],
    dead: list[bool],
    sides: list[str],
    trigger: bool,
) -> RealtimeState:
    """``state`` with its four creatures' HP, squares, charges, deaths and sides changed,
    and a trigger everyone may answer if ``trigger``."""
    creatures = dict(state.creatures)
    for index, key in enumerate(list(creatures)):
        creature = creatures[key]
        x, y = creature.position
        charge = None
        if charging[index]:
            charge = Charge(action="custom", name="Spell", cost=3, started_at=1)
        creatures[key] = creature.model_copy(
            update={
                "hp": hps[index],
                "position": (x + moves[index][0], y + moves[index][1]),
                "charge": charge,
                "dead": dead[index],
                "side": sides[index],
            }
        )
    triggers: tuple[Trigger, ...] = ()
    if trigger:
        triggers = (
            Trigger(
                id="1.1",
                kind="leaves_reach",
                source=ActorId("balthazar"),
                second=1,
                candidates=tuple(creatures),
            ),
        )
    return state.model_copy(update={"creatures": creatures, "triggers": triggers})


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_next_timeline_second_is_the_full_scans(name: str) -> None:
    """The bisection of the sorted timeline seconds finds the next entry's second as the
    full scan does, at every second of the scenario (and past its end), and so the
    advances offered are alike."""
    played = _run(name, 1)
    found = []
    for second in range(1, played.scenario.seconds + 3):
        state = played.state.model_copy(update={"clock": SecondClock(second=second)})
        run = ScenarioRun(played.scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1)
        fast = run.next_entry_second()
        advances = [run.advance_command(n) for n in (1, 3, 50)]
        with fast_paths.reference():
            assert fast == run.next_entry_second(), second
            assert advances == [run.advance_command(n) for n in (1, 3, 50)], second
        found.append(fast)
    assert None in found
    assert any(found)


def _played_in_full(state: RealtimeState, command: Command, seed: int | FixedRoller) -> Any:
    """The state a command leaves on the reference path (its drafted events folded one by
    one, as a replay folds them) rolling with ``RandomRoller(seed)`` (or the roller
    given), or the error it raises."""
    roller = RandomRoller(seed) if isinstance(seed, int) else seed
    with fast_paths.reference():
        try:
            step = ENGINE.submit(state, command, roller)
        except RulesError as error:
            return type(error), str(error)
        for draft in step.events:
            state = fold(state, draft.kind, draft.payload)
        return state


def _played_unlogged(state: RealtimeState, command: Command, seed: int) -> Any:
    """The state a command leaves on the fast path of a session keeping no log (the step
    carries it), or the error it raises."""
    with fast_paths.unlogged():
        try:
            step = ENGINE.submit(state, command, RandomRoller(seed))
        except RulesError as error:
            return type(error), str(error)
    assert not step.events
    return step.state


@pytest.mark.parametrize("name", SCENARIOS)
def test_an_unlogged_advance_leaves_the_state_a_full_advance_leaves(name: str) -> None:
    """Advancing 1, 2 or 5 seconds from every state the scenario passes through (and a
    creature's advance, refused): quiet (one copy of the state, ``seconds.passed_quietly``)
    or not, refused or not (a reaction offered, the end of a second resolved), the fast
    path of a session keeping no log reaches the very state the reference path's events
    fold to, with the same fields set."""
    quiet = full = refused = 0
    for seed in SEEDS:
        _, states = visited(name, seed)
        for state in states:
            for seconds, actor in ((1, GM), (2, GM), (5, GM), (1, "aliena")):
                command = Command(
                    actor=actor, kind=realtime_cmd.ADVANCE, payload={"seconds": seconds}
                )
                if actor == GM:
                    assert command == realtime_cmd.advance(seconds)
                fast = _played_unlogged(state, command, seed)
                reference = _played_in_full(state, command, seed)
                assert fast == reference, (seconds, state)
                refused += isinstance(fast, tuple)
                if isinstance(fast, RealtimeState):
                    assert fast.model_dump() == reference.model_dump()
                    assert fast.model_fields_set == reference.model_fields_set
                    assert fast.creatures == reference.creatures
                    if quiet_seconds(state) in (None, *range(seconds, 200)):
                        quiet += 1
                    else:
                        full += 1
    assert quiet > 0
    assert full > 0
    assert refused > 0


def test_the_winner_read_from_the_creatures_is_the_cards_on_every_state_played() -> None:
    """The last side standing, read from the creatures on the fast paths, is the one the
    GM's cards give, on every state of the shipped scenarios (none has a winner) and on
    the first of them with the last foe able to act dead."""
    winners = set()
    for name in SCENARIOS:
        for seed in SEEDS:
            for state in visited(name, seed)[1]:
                with fast_paths.reference():
                    reference = REALTIME.winner(state)
                assert REALTIME.winner(state) == reference
                winners.add(reference)
    start_state = visited("bleeding_out", 1)[1][0]
    demilio = start_state.creature("demilio").model_copy(update={"dead": True})
    won = start_state.with_creature(demilio)
    with fast_paths.reference():
        winners.add(REALTIME.winner(won))
    assert REALTIME.winner(won) == "party"
    assert winners == {None, "party"}


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_timelines_commands_are_built_once_and_alike(name: str) -> None:
    """At every second the commands due on the fast path (built once per timeline) are
    those the timeline's entries build on the reference path, in order; a second trial
    of the same scenario is handed the very same ones."""
    played, _ = visited(name, 1)
    first = _run(name, 1)
    again = ScenarioRun(played.scenario, first.session, 1)
    seen = 0
    for second in range(1, played.scenario.seconds + 2):
        state = first.state.model_copy(update={"clock": SecondClock(second=second)})
        run = ScenarioRun(played.scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1)
        fast = run.due()
        with fast_paths.reference():
            reference = ScenarioRun(
                played.scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1
            ).due()
        assert fast == reference, second
        again.played_through = second - 1
        again.session = run.session
        assert all(a is b for a, b in zip(again.due(), fast, strict=True))
        seen += len(fast)
    assert seen == len(played.scenario.timeline)


def test_an_advance_and_a_support_are_built_once_and_alike() -> None:
    """The advance of 1, 2 or 3 seconds, and a Support (given by its creature or another
    actor), are the very same command again on the fast path, equal to the one the
    reference path builds."""
    builds = [
        *(lambda seconds=seconds: realtime_cmd.advance(seconds) for seconds in (1, 2, 3)),
        lambda: realtime_cmd.support("aliena", "calliope"),
        lambda: realtime_cmd.support("aliena", "balthazar"),
        lambda: realtime_cmd.support("aliena", "calliope", actor="gm"),
    ]
    made = [build() for build in builds]
    assert len(set(map(id, made))) == len(made)
    for build, fast in zip(builds, made, strict=True):
        assert build() is fast
        with fast_paths.reference():
            assert build() == fast
            assert build() is not build()


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_started_scenario_logs_and_reaches_the_same_twice_over(name: str) -> None:
    """Starting a scenario on the fast path (its add commands and added creatures built
    once for the very specs) logs the events and reaches the state the reference path
    does, trial after trial; the second start is handed the very same creatures, and the
    same specs under other options (default reach, the treatment and rest windows) make
    other creatures."""
    source = lab.scenario_source(name, ruleset="realtime")
    scenario = TrialPlan("realtime", source.data, source.source).scenario()
    with fast_paths.reference():
        reference = start(scenario, RandomRoller(1), seed=1).session
    runs = [start(scenario, RandomRoller(1), seed=1).session for _ in range(2)]
    for session in runs:
        assert [e.model_dump() for e in session.log.events] == [
            e.model_dump() for e in reference.log.events
        ]
        assert session.state == reference.state
        assert session.state.model_dump() == reference.state.model_dump()
    first, second = (session.state.creatures for session in runs)
    assert all(first[key] is second[key] for key in first)
    assert len(first) == len(scenario.creatures)
    # the same specs (the very objects) under other options: other creatures
    options = scenario.options.model_copy(
        update={"default_reach": 3, "treatment_window": "calendar", "rest_window": "calendar"}
    )
    other = scenario.model_copy(update={"options": options})
    with fast_paths.reference():
        reference = start(other, RandomRoller(1), seed=1).session
    fast = start(other, RandomRoller(1), seed=1).session
    assert fast.state == reference.state
    assert fast.state != runs[0].state


def _passed_in_full(state: RealtimeState, seconds: int) -> RealtimeState | None:
    """The reference: ``None`` unless :func:`quiet_seconds` lets ``seconds`` pass, else
    the fold of the advance's two events, ``advance_started`` and ``seconds_elapsed``."""
    with fast_paths.reference():
        quiet = quiet_seconds(state)
        if quiet is not None and quiet < seconds:
            return None
        started = fold(state, ADVANCE_STARTED, {"seconds": seconds})
        return fold(started, SECONDS_ELAPSED, {"start": state.second, "seconds": seconds})


def _at_the_edges(state: RealtimeState, seconds: int) -> tuple[int, ...]:
    """``seconds``, and the advances on either side of the quiet seconds' end."""
    with fast_paths.reference():
        quiet = quiet_seconds(state)
    return (seconds,) if quiet is None else (seconds, *(n for n in (quiet, quiet + 1) if n))


def _passes_alike(state: RealtimeState, seconds: int) -> bool:
    fast = passed_quietly(state, seconds)
    reference = _passed_in_full(state, seconds)
    assert fast == reference, (seconds, state)
    if fast is not None and reference is not None:
        assert fast.model_dump() == reference.model_dump()
        assert fast.model_fields_set == reference.model_fields_set
        for key, creature in fast.creatures.items():
            assert creature.model_fields_set == reference.creatures[key].model_fields_set
    return fast is not None


def test_seconds_passed_quietly_are_the_folds_on_every_state_played() -> None:
    """On every state the shipped scenarios pass through (at rest between seconds), an
    advance of 1, 2, 5 or 200 seconds, or of as many as ``quiet_seconds`` allows and one
    more, passes quietly exactly when ``quiet_seconds`` lets it, to the state its two
    events fold to."""
    quiet = loud = 0
    for name in SCENARIOS:
        for seed in SEEDS:
            for state in visited(name, seed)[1]:
                if state.ending_second or state.offer is not None:
                    continue
                for seconds in {n for m in (1, 2, 5, 200) for n in _at_the_edges(state, m)}:
                    passed = _passes_alike(state, seconds)
                    quiet += passed
                    loud += not passed
    assert quiet > 0
    assert loud > 0


FOUR_HPS = st.lists(st.integers(-3, 3), min_size=4, max_size=4)
"""Each of the four creatures' HP, about 0 (dying below)."""
FOUR_DEATHS = st.lists(st.booleans(), min_size=4, max_size=4)
FOUR_CHARGES = st.lists(
    st.none() | st.tuples(st.integers(1, 9), st.integers(0, 9), st.booleans()),
    min_size=4,
    max_size=4,
)
"""Each creature's charge, if any: its cost, A.P. charged and whether it is timed."""
FOUR_RATES = st.lists(st.none() | st.integers(1, 3), min_size=4, max_size=4)
FOUR_RESTS = st.lists(st.none() | st.integers(1, 2), min_size=4, max_size=4)
"""Each creature's Rest, if any, in hours."""
A_SECOND = st.integers(1, 7300)


@settings(max_examples=200, deadline=None)
@given(
    hps=FOUR_HPS,
    dead=FOUR_DEATHS,
    charges=FOUR_CHARGES,
    rates=FOUR_RATES,
    negative=st.lists(st.integers(0, 175), min_size=4, max_size=4),
    rests=FOUR_RESTS,
    second=A_SECOND,
    seconds=st.integers(1, 8000),
    hits=st.lists(st.tuples(st.integers(0, 3), st.integers(-2, 0)), max_size=3),
)
def test_seconds_passed_quietly_are_the_folds_on_varied_states(
    hps: list[int],
    dead: list[bool],
    charges: list[tuple[int, int, bool] | None],
    rates: list[int | None],
    negative: list[int],
    rests: list[int | None],
    second: int,
    seconds: int,
    hits: list[tuple[int, int]],
) -> None:
    """The same on states varied in HP, deaths, charges (cost, charged, timed), A.P.
    rates, seconds at negative HP, Rests of 1 or 2 hours, the second and the seconds
    (and the advances on either side of the quiet seconds' end), and hits awaiting
    their damage from this second and the two before (G-R-E5)."""
    state = visited("leaving_reach", 1)[1][0]
    creatures = _varied_creatures(state, hps, dead, charges, rates, negative, rests, second)
    ids = list(state.creatures)
    awaiting = tuple(
        Hit(
            creature=ids[(target + 1) % len(ids)],
            reaction="opportunity_attack",
            name="Opportunity Attack",
            target=ids[target],
            second=max(1, second + before),
        )
        for target, before in hits
    )
    varied = state.model_copy(
        update={
            "creatures": creatures,
            "clock": SecondClock(second=second),
            "awaiting_damage": awaiting,
        }
    )
    for edge in {1, 2, *_at_the_edges(varied, seconds)}:  # 1 and 2: a hit lapses or not
        _passes_alike(varied, edge)


def test_a_check_rolled_is_the_resolvers_check_for_every_face() -> None:
    """Every face of the d20 against varied requests (characteristic, known and hidden
    modifiers, a name): the outcome remembered on the fast path is the one ``check``
    rolls on the reference path, and the same request and face give the very same
    outcome again."""
    for characteristic in (1, 9, 13, 21, 25):
        for modifier, hidden in ((0, 0), (2, 0), (0, -3), (-4, 5)):
            for name in (None, "melee"):
                request = CheckInput(
                    characteristic=characteristic,
                    modifier=modifier,
                    hidden_modifier=hidden,
                    characteristic_name=name,
                )
                for face in range(1, 21):
                    fast = check_rolled(request, FixedRoller([face], strict=True))
                    assert check_rolled(request, FixedRoller([face])) is fast
                    with fast_paths.reference():
                        reference = check(request, FixedRoller([face]))
                    assert fast == reference
                    assert fast.model_dump() == reference.model_dump()


def test_a_critical_injury_rolled_is_the_resolvers_for_every_face() -> None:
    """Every face of the d100 (none after 175 seconds at negative HP) for varied
    requests: the outcome remembered on the fast path is the one ``critical_injury``
    rolls on the reference path, and it is remembered."""
    for wounds in (0, 1, 3):
        for seconds in (0, 12, 174, 175, 190):
            for negative in (0, 4, 30):
                request = CriticalInjuryInput(
                    n_wounds=wounds, seconds_negative=seconds, negative_hp=negative
                )
                faces = [None] if request.automatic_death else range(1, 101)
                for face in faces:
                    dice = [] if face is None else [face]
                    roller = FixedRoller(dice, strict=True)
                    fast = critical_injury_rolled(request, roller)
                    roller.finish()
                    assert critical_injury_rolled(request, FixedRoller(dice)) is fast
                    with fast_paths.reference():
                        reference = critical_injury(request, FixedRoller(dice))
                    assert fast == reference
                    assert fast.model_dump() == reference.model_dump()


def test_a_reaction_decision_is_built_once_and_alike_for_every_offer() -> None:
    """Every reaction offered in the shipped scenarios, and the same offers with the
    creature renamed, its cooldown changed or the source renamed: the decision built once
    on the fast path is the reference path's, and the same again for an equal offer."""
    offers = 0
    for name in SCENARIOS:
        for seed in SEEDS:
            for state in visited(name, seed)[1]:
                if state.offer is None:
                    continue
                trigger = state.trigger(state.offer.trigger)
                assert trigger is not None
                offered = state.creature(state.offer.creature)
                source = state.creature(trigger.source)
                variants = [
                    state,
                    state.with_creature(offered.model_copy(update={"name": "Someone"})),
                    state.with_creature(offered.model_copy(update={"cooldown_modifier": 3})),
                    state.with_creature(source.model_copy(update={"name": "Something"})),
                ]
                decisions = []
                for variant in variants:
                    fast = decision_for(variant, variant.offer)  # type: ignore[arg-type]
                    assert decision_for(variant, variant.offer) is fast  # type: ignore[arg-type]
                    with fast_paths.reference():
                        assert fast == decision_for(variant, variant.offer)  # type: ignore[arg-type]
                    decisions.append(fast)
                assert len({decision.model_dump_json() for decision in decisions}) == 4
                offers += 1
    assert offers > 0


def _payload_builds(kind: str, payload: Any) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """The ``payloads`` builds (function, arguments) an event of the shipped scenarios was
    made of: its payload, and the charge or offer inside it."""
    if kind == ev.SECOND_ENDING:
        return [(payloads.second_ending, (payload.second,))]
    if kind == ev.SECOND_ENDED:
        return [(payloads.second_ended, (payload.second,))]
    if kind == ev.ADVANCE_STARTED:
        return [(payloads.advance_started, (payload.seconds,))]
    if kind == ev.SECONDS_ELAPSED:
        return [(payloads.seconds_elapsed, (payload.start, payload.seconds))]
    if kind == ev.MOVED:
        fields = (payload.creature, payload.origin, payload.destination, payload.voluntary)
        return [(payloads.moved, fields)]
    if kind == ev.ACTION_COMPLETED:
        fields = tuple(getattr(payload, name) for name in ev.ActionCompleted.model_fields)
        return [(payloads.action_completed, fields)]
    if kind == ev.TRIGGER_OPENED:
        t = payload.trigger
        fields = (t.id, t.kind, t.source, t.second, t.candidates, t.description)
        return [(payloads.trigger_opened, fields)]
    if kind == ev.REACTION_OFFERED:
        o = payload.offer
        return [(payloads.offer, (o.trigger, o.creature, o.reactions))]
    return _rolled_and_started_builds(kind, payload)


def _rolled_and_started_builds(
    kind: str, payload: Any
) -> list[tuple[Callable[..., Any], tuple[Any, ...]]]:
    """``_payload_builds`` of the events that roll or start an action."""
    if kind == ev.STABILIZED:
        return [(payloads.stabilized, (payload.creature, payload.by))]
    if kind == ev.HEALED:
        fields = (payload.creature, payload.amount, payload.hp_before, payload.hp_after)
        return [(payloads.healed, (*fields, payload.source))]
    if kind == ev.CRITICAL_INJURY_ROLLED:
        request = payload.input
        fields = (request.n_wounds, request.seconds_negative, request.negative_hp)
        rolled = (payload.creature, payload.cause, request, payload.outcome)
        return [
            (payloads.injury_input, fields),
            (payloads.critical_injury_rolled, (*rolled, payload.injury_number)),
        ]
    if kind == ev.REACTION_USED:
        fields = tuple(getattr(payload, name) for name in ev.ReactionUsed.model_fields)
        builds: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
            (payloads.reaction_used, fields)
        ]
        for value in (9, 13, 23):
            builds.append((payloads.check_input, (value, payload.name)))
        hit = (payload.creature, payload.reaction, payload.name, payload.target, payload.second)
        builds.append((payloads.hit, hit))
        return builds
    if kind == ev.ACTION_STARTED:
        c = payload.charge
        if isinstance(c.effect, MoveEffect):
            fields = (
                c.name,
                c.cost,
                c.physical,
                c.started_at,
                c.effect.origin,
                c.effect.destination,
            )
            return [(payloads.move_charge, fields)]
        if isinstance(c.effect, SupportEffect):
            fields = (c.name, c.cost, c.physical, c.started_at, c.target)
            return [(payloads.support_charge, fields)]
        fields = (c.action, c.name, c.cost, c.complex, c.physical, c.started_at, c.target, c.reach)
        return [(payloads.action_charge, fields)]
    return []


def _varied_argument(value: Any) -> Any:
    """Another value of the same kind as ``value`` (a payload build's argument); a model
    (a check's or a roll's outcome, a request) is kept."""
    if isinstance(value, BaseModel):
        return value
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return f"{value}.other" if "." in value else f"{value}x"
    if value is None:
        return None
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (value[0] + 1, value[1])
    if isinstance(value, tuple):
        return (*value, ActorId("someone"))
    raise AssertionError(value)


def test_the_charges_and_payloads_built_once_are_built_alike() -> None:
    """Every charge and event payload ``payloads`` builds in the shipped scenarios, and the
    same with each argument changed in turn: the value built on the fast path equals the
    one the reference path validates afresh, fields set included, and is handed out again
    for equal arguments (a key missing an argument would hand out another's value)."""
    builds = 0
    for name in SCENARIOS:
        for seed in SEEDS:
            run, _ = visited(name, seed)
            for event in run.session.log.events:
                if not event.kind.startswith("realtime."):
                    continue
                payload = ev.read_event(event.kind, event.payload)
                for build, arguments in _payload_builds(event.kind, payload):
                    variants = [arguments]
                    for index, value in enumerate(arguments):
                        changed = _varied_argument(value)
                        if changed != value:
                            variants.append((*arguments[:index], changed, *arguments[index + 1 :]))
                    for variant in variants:
                        try:
                            with fast_paths.reference():
                                reference = build(*variant)
                        except ValidationError:  # a variant validation refuses (never kept)
                            with pytest.raises(ValidationError):
                                build(*variant)
                            continue
                        fast = build(*variant)
                        assert fast == reference, (build, variant)
                        assert type(fast) is type(reference)
                        assert fast.model_fields_set == reference.model_fields_set
                        assert fast.model_dump_json() == reference.model_dump_json()
                        assert build(*variant) is fast
                        builds += 1
    assert builds > 200


def test_an_action_started_and_a_reaction_offered_are_built_once_for_the_very_value() -> None:
    """The payloads built for the very charge or offer (itself built once) equal the
    reference path's, for the same and for another creature."""
    charge = payloads.move_charge("Move", 2, True, 1, (0, 0), (2, 0))
    offered = payloads.offer("2.1", ActorId("aliena"), ("opportunity_attack",))
    for creature in (ActorId("aliena"), ActorId("demilio")):
        fast = payloads.action_started(creature, charge)
        assert payloads.action_started(creature, charge) is fast
        with fast_paths.reference():
            assert fast == ev.ActionStarted(creature=creature, charge=charge)
            assert payloads.action_started(creature, charge) is not fast
    fast_offer = payloads.reaction_offered(offered)
    assert payloads.reaction_offered(offered) is fast_offer
    with fast_paths.reference():
        assert fast_offer == ev.ReactionOffered(offer=offered)


def test_a_clock_later_is_the_clocks_advance_on_every_state_played() -> None:
    """The clock of every state the shipped scenarios pass through, ``seconds`` later:
    built once on the fast path for the second it shows, equal to the clock's own advance
    (fields set included) for clocks of every fields set, and refused alike backwards."""
    clocks = {
        (state.clock.second, tuple(sorted(state.clock.model_fields_set))): state.clock
        for name in SCENARIOS
        for seed in SEEDS
        for state in visited(name, seed)[1]
    }
    clocks[(7, ("clock", "second"))] = SecondClock.model_validate({"clock": "seconds", "second": 7})
    clocks[(1, ())] = SecondClock()
    assert len(clocks) > 20
    for clock in clocks.values():
        for seconds in (0, 1, 2, 5):
            fast = payloads.clock_later(clock, seconds)
            with fast_paths.reference():
                reference = clock.advance(seconds)
                assert payloads.clock_later(clock, seconds) == reference
            assert fast == reference
            assert fast.model_fields_set == reference.model_fields_set
            assert fast.model_dump_json() == reference.model_dump_json()
        with pytest.raises(ValueError, match="backwards"):
            payloads.clock_later(clock, -1)


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_advance_unattended_play_offers_is_the_full_ones_at_every_second(name: str) -> None:
    """The advance of one second ``next_command`` offers (built once per scenario and
    second on the fast paths) is the one ``advance_command`` works out at every second
    (after the damage of a hit awaiting it, which comes first: G-R-E5)."""
    played, states = visited(name, 1)
    for state in states:
        if state.ending_second or state.offer is not None:
            continue
        run = ScenarioRun(played.scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1)
        run.asked = {(state.second, str(key)) for key in state.creatures}  # none asked
        fast = run.next_command(POLICY)
        with fast_paths.reference():
            again = ScenarioRun(played.scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1)
            again.asked = set(run.asked)
            reference = again.next_command(POLICY)
            ruled = ruled_damage(state, played.scenario.reaction_damage, RandomRoller(1))
            assert reference == (ruled or again.advance_command(1)) or reference is None
        assert fast == reference, state.second


def _answers_of_a_second(run: ScenarioRun, policy: Any) -> list[Command | None]:
    """What ``next_command`` gives, asked again and again at one second (each creature
    asked once), up to the advance: the questions unattended play asks that second."""
    given: list[Command | None] = []
    while True:
        command = run.next_command(policy)
        given.append(command)
        if command is None or command.kind == realtime_cmd.ADVANCE:
            return given
        assert len(given) < 10


def test_unattended_play_asks_each_creature_as_in_full_on_every_state_played() -> None:
    """On every state the scenario passes through, with no creature asked yet, the fast
    loop of ``next_command`` (the policy's pick) gives the commands the full loop gives
    (each creature's legal commands, ``choose`` among them), in the same order, to the
    advance; with the scripted creatures unscripted too, so that creatures pick."""
    picked = 0
    for name, seed in ((name, seed) for name in SCENARIOS for seed in SEEDS):
        played, states = visited(name, seed)
        for scenario in (played.scenario, played.scenario.model_copy(update={"timeline": ()})):
            for state in states:
                if state.ending_second or state.offer is not None:
                    continue
                state = state.model_copy(update={"awaiting_damage": ()})  # damage first
                fast_run = ScenarioRun(scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1)
                fast = _answers_of_a_second(fast_run, POLICY)
                with fast_paths.reference():
                    full_run = ScenarioRun(
                        scenario, Session(ENGINE, state, roller=RandomRoller(1)), 1
                    )
                    reference = _answers_of_a_second(full_run, POLICY)
                assert fast == reference, (state.second, state)
                assert fast_run.asked == full_run.asked
                picked += len(fast) - 1
    assert picked > 0


def _idle_alike(state: RealtimeState) -> int:
    """For each creature of ``state``: when ``seconds._idle`` calls it idle, nothing comes
    to it (``_first_end``) and neither gaining nor counting changes it (the very value);
    how many were idle."""
    idle = 0
    for creature in state.creatures.values():
        if not _idle(creature):
            continue
        idle += 1
        with fast_paths.reference():
            assert _first_end(creature, state.options, state.second) is None, creature
            for seconds in (1, 2, 175):
                assert charged_for(creature, seconds, state.options) is creature, creature
                assert counted_for(creature, seconds) is creature, creature
    return idle


def _ends_and_gains_alike(state: RealtimeState) -> None:
    """``quiet_seconds`` and the gain of a second's end (``second_ending``'s fold) on the
    fast path, which skip the idle creatures and those charging nothing, are the full
    computation's, fields set included; and the dying counted (built once for the very
    creature on the fast path) are the full count, handed out again."""
    fast_quiet = quiet_seconds(state)
    fast_ending = fold(state, SECOND_ENDING, {"second": state.second})
    fast_counted = [counted_for(creature, 1) for creature in state.creatures.values()]
    with fast_paths.reference():
        assert fast_quiet == quiet_seconds(state)
        ending = fold(state, SECOND_ENDING, {"second": state.second})
        counted = [counted_for(creature, 1) for creature in state.creatures.values()]
    assert fast_ending == ending
    for key, creature in fast_ending.creatures.items():
        assert creature.model_fields_set == ending.creatures[key].model_fields_set
        assert (creature is state.creatures[key]) == (ending.creatures[key] is state.creatures[key])
    assert fast_counted == counted
    for fast, full in zip(fast_counted, counted, strict=True):
        assert fast.model_fields_set == full.model_fields_set
    again = [counted_for(creature, 1) for creature in state.creatures.values()]
    assert all(a is b for a, b in zip(again, fast_counted, strict=True))


def test_idle_creatures_quiet_seconds_and_a_seconds_gain_are_the_full_ones_on_every_state() -> None:
    """On every state the shipped scenarios pass through: a creature the fast paths call
    idle has nothing coming and is not changed by a second's end; ``quiet_seconds``, the
    charges gained at a second's end and the dying counted are the full computation's.
    Some creatures are idle and some are not (dying, charging), so the test can fail."""
    idle = busy = 0
    for name in SCENARIOS:
        for seed in SEEDS:
            for state in visited(name, seed)[1]:
                found = _idle_alike(state)
                idle += found
                busy += len(state.creatures) - found
                _ends_and_gains_alike(state)
    assert idle > 0
    assert busy > 0


@settings(max_examples=200, deadline=None)
@given(
    hps=FOUR_HPS,
    dead=FOUR_DEATHS,
    charges=FOUR_CHARGES,
    rates=FOUR_RATES,
    negative=st.lists(st.integers(0, 174), min_size=4, max_size=4),
    rests=FOUR_RESTS,
    second=A_SECOND,
)
def test_idle_creatures_quiet_seconds_and_a_seconds_gain_are_the_full_ones_on_varied_states(
    hps: list[int],
    dead: list[bool],
    charges: list[tuple[int, int, bool] | None],
    rates: list[int | None],
    negative: list[int],
    rests: list[int | None],
    second: int,
) -> None:
    """The same on states varied in HP, deaths, charges, A.P. rates, seconds at negative
    HP, Rests and the second."""
    state = visited("leaving_reach", 1)[1][0]
    creatures = _varied_creatures(state, hps, dead, charges, rates, negative, rests, second)
    varied = state.model_copy(update={"creatures": creatures, "clock": SecondClock(second=second)})
    _idle_alike(varied)
    _ends_and_gains_alike(varied)


def test_the_reactions_a_trigger_allows_are_the_catalogues_for_every_kind() -> None:
    """The reactions each trigger kind allows (worked out once for the very catalogue on
    the fast paths) are the catalogue's own scan, in its order, for the shipped catalogue
    and for house rules that add a reaction (answering one trigger of two) and take a
    trigger from another; an unknown kind allows none."""
    riposte = {"name": "Arcane Riposte", "cooldown": 4, "triggers": ["complex_action_completed"]}
    catalogues = [
        load_catalogue(None),
        load_catalogue({"reactions": {"arcane_riposte": riposte}}),
        load_catalogue({"reactions": {"opportunity_attack": {"triggers": ["leaves_reach"]}}}),
    ]
    answers = set()
    for catalogue in catalogues:
        for kind in (*catalogue.triggers, "no_such_trigger"):
            fast = catalogue.reactions_for(kind)
            assert catalogue.reactions_for(kind) is fast  # built once
            with fast_paths.reference():
                reference = catalogue.reactions_for(kind)
                assert reference == tuple(
                    key for key, item in catalogue.reactions.items() if kind in item.triggers
                )
            assert fast == reference, (kind, catalogue.reactions)
            answers.add(fast)
    assert len(answers) >= 3  # none, one reaction, two


def _varied_creatures(
    state: RealtimeState,
    hps: list[int],
    dead: list[bool],
    charges: list[tuple[int, int, bool] | None],
    rates: list[int | None],
    negative: list[int],
    rests: list[int | None],
    second: int,
) -> dict[ActorId, Creature]:
    """``state``'s creatures, each with the HP, death, charge (cost, charged, timed), A.P.
    rate, seconds at negative HP and Rest (hours) at its index, at ``second``."""
    creatures: dict[ActorId, Creature] = {}
    for index, (key, creature) in enumerate(state.creatures.items()):
        charge = None
        if charges[index] is not None:
            cost, charged, timed = charges[index]  # type: ignore[misc]
            charge = Charge(
                action="custom",
                name="Spell",
                cost=cost,
                charged=min(cost, charged),
                timed=timed,
                started_at=1,
            )
        rest = None
        if rests[index] is not None:
            conditions = SimpleRestInput(quality="good", hours=rests[index])
            rest = RestSegment(started_at=max(1, second - 3600), conditions=conditions)
        creatures[key] = creature.model_copy(
            update={
                "hp": hps[index],
                "dead": dead[index],
                "charge": charge,
                "ap_per_second": rates[index],
                "seconds_negative": negative[index],
                "resting": rest,
            }
        )
    return creatures


# --- a command played before from the very same state (encounter/played_before.py) ------


def _trials_recorded(
    name: str, seeds: tuple[int, ...], by_one: bool, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[RealtimeState, Command, list[int], RealtimeState, Any]]:
    """The scenario's trials of ``seeds`` played on the fast paths as ``play_trials``
    plays them (restarted from one start, or ``by_one``: each trial a call of its own,
    started afresh, as the benchmark plays them), and for every command given: the state
    before, the command, the faces its step drew, and the state and decision after."""
    source = lab.scenario_source(name, ruleset="realtime")
    plan = TrialPlan("realtime", source.data, source.source)
    found: list[tuple[RealtimeState, Command, list[int], RealtimeState, Any]] = []
    submit = Session.submit

    def recording(session: Session[Any], command: Command, **kwargs: Any) -> Any:
        before, drawn = session.state, len(session.roller.history)
        buffered = _buffered(session.roller)
        events = submit(session, command, **kwargs)
        faces = [rolled.face for rolled in session.roller.history[drawn:]]
        if not faces:  # a step that recorded no face drew none from the generator either
            assert _buffered(session.roller) == buffered, command
        pending = session.pending
        decision = None if pending is None else (pending.chooser, pending.prompt, pending.options)
        found.append((before, command, faces, session.state, decision))
        return events

    monkeypatch.setattr(Session, "submit", recording)
    if by_one:
        for seed in seeds:
            play_trials(plan, seed - 1, [seed])
    else:
        play_trials(plan, 0, list(seeds))
    monkeypatch.undo()
    return found


def _buffered(roller: Any) -> tuple[tuple[Any, int], ...]:
    """How many faces a ``RandomRoller`` holds drawn from its generator, die by die (a
    draw the history does not record, ``roll_many`` of no face refilling, shows here)."""
    return tuple((die, len(faces)) for die, faces in roller._buffers.items())


@pytest.mark.parametrize("by_one", [False, True])
@pytest.mark.parametrize("name", SCENARIOS)
def test_a_command_played_before_leaves_what_it_leaves_played_afresh(
    name: str, by_one: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command of 60 trials of each shipped scenario (restarted from one start, and
    each trial started afresh): the state the session reaches and the decision it awaits
    are those the command played afresh from the very state before, with the very faces
    its step drew, on the fast paths without the memory (``RealtimeEngine.play``: every
    field and every model's fields set alike, ``step_memory.printed``) and on the
    reference path (its events folded one by one). The steps handed out again are many
    (a third of the states after a command or more are an earlier trial's very objects),
    among them dice steps settled as an earlier play's very values."""
    steps = _trials_recorded(name, tuple(range(1, 61)), by_one, monkeypatch)
    seen: set[int] = set()  # the states are held by ``steps``: no identity is reused
    again = dice_again = 0
    for before, command, faces, after, decision in steps:
        roller = FixedRoller(faces)
        with fast_paths.unlogged():
            step = ENGINE.play(before, command, roller)
        assert roller.remaining == []
        assert printed(step.state) == printed(after), (command, before)
        fresh = step.decision
        assert decision == (
            None if fresh is None else (fresh.chooser, fresh.prompt, fresh.options)
        ), command
        reference = _played_in_full(before, command, FixedRoller(faces))
        assert reference == after, (command, before)
        assert reference.model_dump() == after.model_dump()
        assert reference.model_fields_set == after.model_fields_set
        if id(after) in seen:
            again += 1
            dice_again += bool(faces)
        seen.add(id(after))
    assert again > len(steps) / 3, (again, len(steps))
    if name == "leaving_reach":  # its reactions roll their checks
        assert dice_again > 0


def test_a_dice_step_is_played_every_time_and_settled_by_what_it_left() -> None:
    """A reaction answered from the very same state (``leaving_reach``'s first offer),
    its check rolled 1 (a hit) or 20 (a miss), again and again: each play draws its die
    and leaves what the play afresh leaves with that face; equal faces (and a hit with
    another face) hand out the very same state, a hit and a miss different ones."""
    _, states = visited("leaving_reach", 1)
    offered = next(state for state in states if state.offer is not None)
    offer = offered.offer
    assert offer is not None
    answer = Command(
        actor=offer.creature,
        kind="decision.answer",
        payload={"decision": "c1", "option": f"react:{offer.reactions[0]}"},
    )
    left: dict[int, RealtimeState] = {}
    for face in (1, 20, 1, 2, 20, 19):
        roller = FixedRoller([face])
        with fast_paths.unlogged():
            step = ENGINE.submit(offered, answer, roller)
            fresh = ENGINE.play(offered, answer, FixedRoller([face]))
        assert roller.remaining == []
        assert printed(step.state) == printed(fresh.state)
        left.setdefault(face, step.state)
        assert step.state is left[face]
    assert left[1] is left[2]
    assert left[20] is left[19]
    assert left[1] != left[20]


def test_a_commands_key_tells_its_values_and_their_types_apart() -> None:
    """Commands equal in actor, kind and payload have one key; a value of another type
    (``1``, ``True``, ``1.0``, a list or a tuple) or another value, another key; a
    value not told apart by value (an object), none."""
    payloads_ = [
        {"creature": "aliena", "amount": 1, "source": "x"},
        {"creature": "aliena", "amount": True, "source": "x"},
        {"creature": "aliena", "amount": 2, "source": "x"},
        {"creature": "aliena", "source": "x", "amount": 1},
        {"creature": "aliena", "to": [1, 2]},
        {"creature": "aliena", "to": [2, 1]},
        {"creature": "aliena", "to": [1, [2]]},
    ]
    keys = [command_key(Command(actor=GM, kind=realtime_cmd.DAMAGE, payload=p)) for p in payloads_]
    assert None not in keys
    assert len(set(keys)) == len(keys)
    again = Command(actor=GM, kind=realtime_cmd.DAMAGE, payload=dict(payloads_[0]))
    assert command_key(again) == keys[0]
    assert command_key(again.model_copy(update={"actor": ActorId("aliena")})) != keys[0]
    assert command_key(again.model_copy(update={"kind": realtime_cmd.HEAL})) != keys[0]
    floated = Command(actor=GM, kind=realtime_cmd.DAMAGE, payload={"amount": 1.0})
    ints = Command(actor=GM, kind=realtime_cmd.DAMAGE, payload={"amount": 1})
    assert command_key(floated) not in (None, command_key(ints))
    unknown = Command.model_construct(actor=GM, kind=realtime_cmd.DAMAGE, payload={"x": object()})
    assert command_key(unknown) is None


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_scenarios_initial_state_is_built_once_and_alike(name: str) -> None:
    """On the fast paths every trial starts from the very same empty encounter, equal in
    every field and fields set to the one the reference path builds afresh each time."""
    source = lab.scenario_source(name, ruleset="realtime")
    scenario = TrialPlan("realtime", source.data, source.source).scenario()
    once = scenario.initial_state()
    assert scenario.initial_state() is once
    with fast_paths.reference():
        fresh = scenario.initial_state()
        assert scenario.initial_state() is not fresh
    assert printed(once) == printed(fresh)


def test_a_step_that_drew_one_face_draws_it_and_leaves_the_dice_as_played_afresh() -> None:
    """Every reaction answered in ``leaving_reach``'s first trials, answered again from
    the very same state with 40 seeded rollers (the step that drew one face is handed out
    by the face its die shows, ``played_before._FirstDrawn`` playing it on a face not met
    yet): each leaves what the play afresh with a roller of the same seed leaves, drew
    the same faces, and leaves that roller where the play afresh leaves it (the next
    faces of each die alike); the seeds met again hand out an earlier step."""
    answers = []
    for seed in SEEDS:
        _, states = visited("leaving_reach", seed)
        for state in states:
            offer = state.offer
            if offer is not None:
                option = f"react:{offer.reactions[0]}"
                answers.append(
                    (
                        state,
                        Command(
                            actor=offer.creature,
                            kind="decision.answer",
                            payload={"decision": "c1", "option": option},
                        ),
                    )
                )
    assert answers
    again = 0
    for state, answer in answers:
        met: dict[int, RealtimeState] = {}
        for seed in (*range(40), *range(40)):
            memo, fresh = RandomRoller(seed), RandomRoller(seed)
            with fast_paths.unlogged():
                step = ENGINE.submit(state, answer, memo)
                afresh = ENGINE.play(state, answer, fresh)
            assert printed(step.state) == printed(afresh.state)
            assert step.decision == afresh.decision
            assert memo.history == fresh.history
            assert len(memo.history) == 1
            for die in (Die(6), Die(20), Die(100)):
                assert memo.roll_many(die, 3) == fresh.roll_many(die, 3)
            if seed in met:  # the same face: the very step handed out again
                assert step.state is met[seed]
                again += 1
            met[seed] = step.state
    assert again == 40 * len(answers)
