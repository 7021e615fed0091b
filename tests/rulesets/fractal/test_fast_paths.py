"""The fractal engine's fast paths (``engine/fast_paths.py``) change nothing but the speed.

On every state the shipped scenarios pass through (and with the options the checks and the
candidates read flipped), for every actor and the GM: the legal commands read lazily are
the reference path's, in order, and every candidate is allowed or refused exactly as the
reference path's checks allow or refuse it, with the same error. The values built once
(a condition looked up, a check's plan, a turn's actions, an action by its id, Max AP from
the dice, who declares in a duel) are the values built afresh, and the trials, logs and
states are the reference path's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from tablekeeper.analysis.trials import TrialPlan, play, play_trials
from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import RulesError, UnknownNameError
from tablekeeper.rulesets.fractal.catalogue import default_catalogue, load_catalogue
from tablekeeper.rulesets.fractal.checks import CheckPlan, roll_plan
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.ap import max_ap
from tablekeeper.rulesets.fractal.encounter.candidates import candidates, in_order
from tablekeeper.rulesets.fractal.encounter.closing import standing_sides
from tablekeeper.rulesets.fractal.encounter.defending import defenses_of
from tablekeeper.rulesets.fractal.encounter.duel import STEPS, pair
from tablekeeper.rulesets.fractal.encounter.nano_candidates import duel_candidates
from tablekeeper.rulesets.fractal.encounter.nano_declare import Declare, declaration_cost
from tablekeeper.rulesets.fractal.encounter.nano_flow import required, waiting_on
from tablekeeper.rulesets.fractal.encounter.offers import command, payload
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat, character_check, plan
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState
from tablekeeper.rulesets.fractal.once import for_catalogue, for_the_very
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.scenario import ENGINE, SCENARIOS, FractalRun
from tablekeeper.rulesets.fractal.scene import SceneElement
from tablekeeper.rulesets.fractal.stats import LADDER, STATS, step
from tablekeeper.services import lab

SCENARIO_NAMES = [name for ruleset, name in lab.shipped_scenarios() if ruleset == "fractal"]

FLIPPED: tuple[dict[str, Any], ...] = (
    {"rank_caps_dice": True},
    {"ap_per_die": 2},
    {"max_ap": "two_highest_half_sum"},
    {"max_ap": "all_faces"},
    {"success_rule": "above_tn"},
    {"social_scene_ap": "always"},
    {"vitalized_spend": "magical_or_proactive"},
    {"spillover": "label"},
)
"""Options the candidates, their checks and the values built once read; each state is also
tried with each flipped."""


NO_DUEL = ("feast_preparations", "goblin_ambush")
"""The shipped scenarios without a Nano duel."""


def _run(name: str, seed: int) -> FractalRun:
    source = lab.scenario_source(name, ruleset="fractal")
    scenario = SCENARIOS.parse(dict(source.data), source=source.source)
    return SCENARIOS.start(scenario, RandomRoller(seed), seed=seed)


def _states(name: str, seeds: range) -> Iterator[FractalState]:
    """Every state the reference path's encounters pass through, over ``seeds``: played
    whole before the first is handed out, so the reader compares on the fast paths (a
    generator yielding inside ``reference()`` would keep the fast paths off for its
    reader too)."""
    found: list[FractalState] = []
    with fast_paths.reference():
        for seed in seeds:
            run = _run(name, seed)
            found.append(run.state)
            for _ in range(2_000):
                for command in run.due():
                    run.session.submit(command)
                chosen = run.next_command(DefaultPolicy())
                if chosen is None:
                    break
                run.session.submit(chosen)
                found.append(run.state)
    assert fast_paths.enabled()
    return iter(found)


def _flipped(state: FractalState) -> Iterator[FractalState]:
    yield state
    for update in FLIPPED:
        options = state.options.model_copy(update=update)
        yield state.model_copy(update={"options": options})


def _verdict(state: FractalState, command: Command) -> tuple[Any, ...]:
    try:
        ENGINE.check(state, command)
    except RulesError as error:
        return (type(error).__name__, str(error), error.field)
    return ("allowed",)


def _actors(state: FractalState) -> list[ActorId]:
    return [*(ActorId(key) for key in state.characters), ActorId(GM)]


def test_every_fractal_scenario_is_shipped() -> None:
    assert {"goblin_ambush", "feast_preparations", "steel_duel"} <= set(SCENARIO_NAMES)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_lazy_legal_commands_and_every_verdict_are_the_reference_ones(name: str) -> None:
    """Each candidate's verdict (allowed, or the same error on the same field) and the
    legal lists, eager and lazy, on every state and with the options flipped."""
    compared = refused = 0
    for index, base in enumerate(_states(name, range(1, 3))):
        for state in _flipped(base) if index % 3 == 0 else (base,):
            for actor in _actors(state):
                with fast_paths.reference():
                    offered = candidates(state, actor)
                    legal = ENGINE.legal_commands(state, actor)
                    verdicts = [_verdict(state, command) for command in offered]
                assert list(in_order(state, actor)) == offered
                assert [_verdict(state, command) for command in offered] == verdicts
                assert ENGINE.legal_commands(state, actor) == legal
                lazy = ENGINE.legal_lazily(state, actor)
                assert (lazy[0] if lazy else None) == (legal[0] if legal else None)
                assert tuple(lazy) == legal
                compared += len(offered)
                refused += sum(verdict != ("allowed",) for verdict in verdicts)
    assert compared > 0
    if name == "goblin_ambush":
        assert refused > 0  # some candidates are refused, and alike on both paths


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_fast_paths_play_the_reference_trials_and_logs(name: str) -> None:
    source = lab.scenario_source(name, ruleset="fractal")
    plan_ = TrialPlan("fractal", source.data, source.source)
    seeds = [3, 4, 5]
    fast = play_trials(plan_, 0, seeds)
    with fast_paths.reference():
        assert play_trials(plan_, 0, seeds) == fast
    fast_run = _run(name, 7)
    play(fast_run, DefaultPolicy())
    with fast_paths.reference():
        reference_run = _run(name, 7)
        play(reference_run, DefaultPolicy())
    assert fast_run.session.log.events == reference_run.session.log.events
    assert fast_run.state.model_dump() == reference_run.state.model_dump()


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_plans_max_ap_and_who_declares_are_the_values_built_afresh(name: str) -> None:
    """On every state: each character's Max AP (both ways of counting pending conditions),
    the plan of a check of each of its stats, the defenses it may answer each Micro attack
    with, and who declares in each duel."""
    checked = 0
    attacks = [
        action
        for action in default_catalogue().actions.actions
        if action.level == "micro" and action.effect is not None and action.effect.kind == "inflict"
    ]
    for index, base in enumerate(_states(name, range(1, 2))):
        for state in _flipped(base) if index % 4 == 0 else (base,):
            for character in state.characters.values():
                for pending_too in (False, True):
                    fast_ap = max_ap(state, character, pending_too=pending_too)
                    with fast_paths.reference():
                        assert max_ap(state, character, pending_too=pending_too) == fast_ap
                for stat in character.spec.stats:
                    request = character_check(
                        state, character, stat=stat, dice=3, tn=4, tree="combat"
                    )
                    fast_plan = plan(state, request)
                    with fast_paths.reference():
                        assert plan(state, request) == fast_plan
                    checked += 1
                for attack in attacks:
                    fast_defenses = defenses_of(state, character, attack)
                    with fast_paths.reference():
                        assert defenses_of(state, character, attack) == fast_defenses
            for conflict in state.conflicts.values():
                fast_required = required(conflict)
                with fast_paths.reference():
                    assert required(conflict) == fast_required
    assert checked > 0


def _tainted(state: FractalState) -> Iterator[FractalState]:
    """``state`` with Tainted [2] placed in each open conflict over the zone ``north``,
    each conflict's participants standing in it and elsewhere, then the conflict's own
    elements with them in ``north``: the same elements (the very tuple) read from
    several zones, and one zone with other elements, so a Max AP remembered without its
    zone or its elements differs."""
    for conflict in state.open_conflicts():
        tainted = (
            *conflict.scene_elements,
            SceneElement(element="tainted", severity=2, zone="north"),
        )
        for elements, zone in (
            (tainted, "north"),
            (tainted, None),
            (tainted, "south"),
            (conflict.scene_elements, "north"),
        ):
            participants = {
                key: participant.model_copy(update={"zone": zone})
                for key, participant in conflict.participants.items()
            }
            varied = conflict.model_copy(
                update={"scene_elements": elements, "participants": participants}
            )
            yield state.model_copy(update={"conflicts": {**state.conflicts, conflict.id: varied}})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_max_ap_built_once_is_max_ap_afresh_inside_a_tainted_zone_and_out(name: str) -> None:
    """Max AP built once for the very sheet, conditions, elements and options, and the
    tree and zone (``ap.max_ap``), on every state with Tainted placed and the
    participants moved in and out of its zone, both ways of counting pending conditions,
    asked twice (the second from memory): the reference path's every time."""
    compared = 0
    for index, base in enumerate(_states(name, range(1, 2))):
        if index % 2:
            continue
        for state in _tainted(base):
            for character in state.characters.values():
                for pending_too in (False, True):
                    with fast_paths.reference():
                        expected = max_ap(state, character, pending_too=pending_too)
                    for _ in range(2):
                        assert max_ap(state, character, pending_too=pending_too) == expected
                    compared += 1
    assert compared > 0


def _duels_varied(state: FractalState) -> Iterator[Conflict]:
    """Each duel of ``state`` at every step, its momentum as it stands, each pair's held
    by either side and all dropped, and its declarations as they stand and none: the
    very participants throughout, so a step's declarers remembered without the
    momentum or the declarations it reads differ."""
    for conflict in state.conflicts.values():
        duel = conflict.duel
        if duel is None:
            continue
        keys = list(conflict.participants)
        momenta: list[dict[str, str | None]] = [duel.momentum, {}]
        for a in keys:
            for b in keys:
                if a < b:
                    momenta += [{pair(a, b): a}, {pair(a, b): b}, {pair(a, b): None}]
        for duel_step in STEPS:
            for momentum in momenta:
                for declared in (duel.declared, {}):
                    varied = duel.model_copy(
                        update={"step": duel_step, "momentum": momentum, "declared": declared}
                    )
                    yield conflict.model_copy(update={"duel": varied})


@pytest.mark.parametrize("name", [n for n in SCENARIO_NAMES if n not in NO_DUEL])
def test_who_declares_built_once_is_who_declares_afresh_whatever_the_momentum(
    name: str,
) -> None:
    """``nano_flow.required`` built once for the very participants and what the step
    reads (momentum, declarations), on every duel state with the step, the momentum and
    the declarations varied, asked twice: the reference path's every time."""
    compared = differing = 0
    for base in _states(name, range(1, 3)):
        for conflict in _duels_varied(base):
            with fast_paths.reference():
                expected = required(conflict)
            assert required(conflict) == expected
            assert required(conflict) == expected
            compared += 1
            differing += expected != tuple(conflict.participants)
    assert compared > 0
    assert differing > 0


def _seats_varied(conflict: Conflict) -> Iterator[Conflict]:
    """``conflict`` as it is, then with each participant out in turn, then with each
    moved to the other side (``a`` and ``b`` swapped around), each a copy with new
    participants."""
    yield conflict
    for key, participant in conflict.participants.items():
        for update in ({"out": "removed"}, {"side": f"{participant.side}-turned"}):
            participants = {**conflict.participants, key: participant.model_copy(update=update)}
            yield conflict.model_copy(update={"participants": participants})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_who_declares_next_and_who_stands_are_the_reference_answers(name: str) -> None:
    """``waiting_on`` (its last answer kept for the very conflict) and ``standing_sides``
    (built once for the very participants) on every conflict of every state, with each
    participant out or turned in turn and every duel's step, momentum and declarations
    varied, each asked twice in a row and after another conflict: the reference path's
    every time."""
    compared = 0
    previous: Conflict | None = None
    for base in _states(name, range(1, 3)):
        for conflict in base.conflicts.values():
            varied = [*_seats_varied(conflict), *_duels_varied(base)]
            for one in varied:
                with fast_paths.reference():
                    expected = (waiting_on(one), standing_sides(one))
                for _ in range(2):
                    assert (waiting_on(one), standing_sides(one)) == expected
                if previous is not None:
                    waiting_on(previous)
                    standing_sides(previous)
                assert (waiting_on(one), standing_sides(one)) == expected
                previous = one
                compared += 1
    assert compared > 0


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_finished_kept_for_the_state_is_finished_afresh(name: str) -> None:
    """``FractalRun.finished`` (its last answer kept for the very run, state and count of
    timeline entries given) after every command of a run played to its end, before and
    after the timeline is read (``due``, which grows the count), on two runs in turn:
    the reference path's every time."""
    runs = [_run(name, 1), _run(name, 2)]
    asked = 0
    for _ in range(2_000):
        going = False
        for run in runs:
            with fast_paths.reference():
                expected = run.finished
            assert run.finished == expected
            assert run.finished == expected
            asked += 1
            if expected:
                continue
            going = True
            due = run.due()
            with fast_paths.reference():
                expected = run.finished
            assert run.finished == expected
            for scripted in due:
                run.session.submit(scripted)
            if due:
                continue
            chosen = run.next_command(DefaultPolicy())
            if chosen is None:
                continue
            run.session.submit(chosen)
        if not going:
            break
    assert asked > 2


def test_a_condition_looked_up_once_is_the_condition_looked_up_afresh() -> None:
    catalogue = default_catalogue()
    tables = catalogue.conditions
    columns = [(table, kind) for table in tables.micro_ids for kind in ("negative", "positive")]
    columns += [(table, kind) for table in tables.nano_ids for kind in ("negative", "positive")]
    columns += [("physical", "impact"), ("physical", "knockdown"), ("mental", "no_such_kind")]
    columns += [("combat_micro", "sideways"), ("no_such_table", "negative")]
    looked = 0
    for options in (FractalOptions(), FractalOptions(spillover="label", knockdown="hindered")):
        for table, kind in columns:
            for successes in range(0, 6):
                for _ in range(2):  # the second answer comes from memory
                    try:
                        fast: Any = lookup(table, kind, successes, options, catalogue)
                    except RulesError as error:
                        fast = (type(error), str(error), error.field)
                    with fast_paths.reference():
                        try:
                            reference: Any = lookup(table, kind, successes, options, catalogue)
                        except RulesError as error:
                            reference = (type(error), str(error), error.field)
                    assert fast == reference, (table, kind, successes)
                    looked += 1
    assert looked > 100


def test_an_action_found_by_its_index_is_the_action_found_by_reading_the_list() -> None:
    actions = default_catalogue().actions
    for action in actions.actions:
        with fast_paths.reference():
            assert actions.action(action.id) is action
        assert actions.action(action.id) is action
    with pytest.raises(UnknownNameError, match="no action 'no_such_action'") as fast:
        actions.action("no_such_action")
    with fast_paths.reference(), pytest.raises(UnknownNameError) as reference:
        actions.action("no_such_action")
    assert str(fast.value) == str(reference.value)
    assert fast.value.field == reference.value.field == "action"


HOUSE = {
    "generic_conditions": {
        "domains": [{"id": "physical", "negative": [{"severity": 1, "max_ap_change": -2}]}]
    }
}
"""A house rule: the first physical condition takes 2 AP (test_data.py's)."""


def test_values_built_for_a_catalogue_are_its_own() -> None:
    plain = default_catalogue()
    house = load_catalogue(HOUSE)
    assert plain is not house
    for _ in range(2):  # a condition looked up on each catalogue is its own (F-COND-02)
        assert lookup("physical", "impact", 1, catalogue=plain).max_ap_change == -1
        assert lookup("physical", "impact", 1, catalogue=house).max_ap_change == -2
    made: list[str] = []

    def make(which: str) -> str:
        made.append(which)
        return which

    assert for_catalogue(plain, "test.key", lambda: make("plain")) == "plain"
    assert for_catalogue(house, "test.key", lambda: make("house")) == "house"
    assert for_catalogue(plain, "test.key", lambda: make("again")) == "plain"
    assert made == ["plain", "house"]
    with fast_paths.reference():
        assert for_catalogue(plain, "test.key", lambda: make("fresh")) == "fresh"


def test_values_built_for_the_very_objects_are_theirs() -> None:
    """``once.for_the_very``: a value is handed out again for the very objects only; an
    equal object that is another one (a copy) builds it afresh, and so does the
    reference path."""
    made: list[str] = []

    def make(which: str) -> str:
        made.append(which)
        return which

    sheet, conditions = {"body": 6}, ("a",)
    copy = dict(sheet)
    assert for_the_very((sheet, conditions), "test.very", lambda: make("first")) == "first"
    assert for_the_very((sheet, conditions), "test.very", lambda: make("again")) == "first"
    assert for_the_very((copy, conditions), "test.very", lambda: make("copy")) == "copy"
    assert for_the_very((sheet,), "test.very", lambda: make("fewer")) == "fewer"
    with fast_paths.reference():
        assert for_the_very((sheet, conditions), "test.very", lambda: make("fresh")) == "fresh"
    assert made == ["first", "copy", "fewer", "fresh"]


@settings(max_examples=200, deadline=None)
@given(
    sizes=st.lists(st.sampled_from([4, 6, 8, 10, 12]), min_size=8, max_size=8),
    lost=st.lists(st.integers(0, 6), min_size=8, max_size=8),
    absent=st.lists(st.booleans(), min_size=8, max_size=8),
)
def test_a_stats_die_is_its_die_among_all_its_dice(
    sizes: list[int], lost: list[int], absent: list[bool]
) -> None:
    """``Character.die`` reads one die where it read every die (F-CORE-02): the same size,
    reduced stats and stats lacked included; and the better of a pair is unchanged."""
    state = _run("goblin_ambush", 1).state
    character = next(iter(state.characters.values()))
    stats = {stat: size for stat, size, gone in zip(STATS, sizes, absent, strict=True) if not gone}
    spec = character.spec.model_copy(update={"stats": stats})
    reduced = {stat: n for stat, n in zip(STATS, lost, strict=True) if stat in stats and n}
    varied = character.model_copy(update={"spec": spec, "reduced": reduced})
    for stat in STATS:
        assert varied.die(stat) == varied.stats.get(stat, 0)
    for first in STATS:
        for second in STATS:
            pair = (first, second)
            expected = max(pair, key=lambda s: (varied.stats.get(s, 0), -pair.index(s)))
            assert best_stat(varied, pair) == expected


def test_the_die_ladder_steps_as_before() -> None:
    """F-CORE-02: one size a step, never past d12 nor below zero; off the ladder an error."""
    for size in LADDER:
        for steps in range(-6, 7):
            index = LADDER.index(size) + steps
            assert step(size, steps) == LADDER[min(len(LADDER) - 1, max(0, index))]
    for bad in (2, 5, 20):
        with pytest.raises(ValueError, match="not on the die ladder"):
            step(bad, 1)


@pytest.mark.parametrize("name", [n for n in SCENARIO_NAMES if n not in NO_DUEL])
def test_a_declarations_cost_remembered_for_its_play_is_the_cost_computed_afresh(
    name: str,
) -> None:
    """The AP a duel's declaration costs, asked by its check and again by its play, is the
    reference path's for every declaration offered on every state of the duels (and with
    the options flipped): the same cost or the same refusal, the first time and from
    memory (a memory keyed without the payload fails it)."""
    compared = 0
    for index, base in enumerate(_states(name, range(1, 3))):
        for state in _flipped(base) if index % 3 == 0 else (base,):
            for conflict in state.conflicts.values():
                if conflict.level != "nano" or conflict.ended is not None:
                    continue
                key = waiting_on(conflict)
                if key is None:
                    continue
                with fast_paths.reference():
                    offered = duel_candidates(state, conflict, ActorId(key))
                for offer in offered:
                    order = Declare.model_validate(offer.payload)
                    with fast_paths.reference():
                        expected = _cost_or_refusal(state, order)
                    assert _cost_or_refusal(state, order) == expected
                    assert _cost_or_refusal(state, order) == expected  # from memory
                    compared += 1
    assert compared > 0


def _cost_or_refusal(state: FractalState, order: Declare) -> Any:
    try:
        return declaration_cost(state, order)
    except RulesError as error:
        return (type(error).__name__, str(error), error.field)


def test_an_offered_payload_and_command_are_the_ones_built_afresh() -> None:
    """``offers``: equal fields give the payload built afresh (``1`` and ``True``, a list
    and its items, kept apart in the key; an error raised each time); a command is the one
    its very payload dumps, for its actor. The candidates themselves are the reference
    path's on every state (test_lazy_legal_commands_and_every_verdict_are_the_reference_ones)."""
    fields: dict[str, Any] = {"conflict": "c", "character": "a", "action": "cut", "dice": 2}
    built_once = payload(cmd.Act, {**fields, "targets": ["b"]})
    assert payload(cmd.Act, {**fields, "targets": ["b"]}) is built_once
    assert payload(cmd.Act, {**fields, "targets": ["c"]}).targets == ("c",)
    with fast_paths.reference():
        assert built_once == cmd.Act.model_validate({**fields, "targets": ["b"]})
    area = payload(cmd.Act, {**fields, "area": True})
    assert payload(cmd.Act, {**fields, "area": 1}) is not area
    assert payload(cmd.Act, {**fields, "area": 1}) == area
    for _ in range(2):
        with pytest.raises(ValidationError):
            payload(cmd.Act, {**fields, "dice": 0})
    order = payload(cmd.Act, fields)
    made = command("a", cmd.ACT, order)
    assert command("a", cmd.ACT, order) is made
    assert command("b", cmd.ACT, order).actor == "b"
    with fast_paths.reference():
        assert made == Command.of("a", cmd.ACT, order)
        assert command("a", cmd.ACT, order) is not made
    copied = order.model_copy(update={"dice": 3})
    assert command("a", cmd.ACT, copied).payload["dice"] == 3


def _pool_plan(die: int, dice: int, counts_from: int) -> CheckPlan:
    return CheckPlan(
        die=die,
        dice=Breakdown.of(Contribution(amount=dice, label="dice", source="test")),
        tn=Breakdown.of(Contribution(amount=counts_from, label="TN", source="test")),
        loss=Breakdown.of(),
        counts_from=counts_from,
    )


def _rolled_or_refused(plan_: CheckPlan, roller: Any) -> Any:
    try:
        return roll_plan(plan_, roller)
    except (RulesError, ValueError) as error:
        return (type(error).__name__, str(error))


def test_a_pool_rolled_straight_is_the_pool_the_dice_engine_rolls() -> None:
    """``pool.rolled``: every die of the ladder (and d0, d3, d20, which go through the
    engine), 0 to 12 dice, every counting face: the same outcome on two rollers seeded
    alike, which then roll on alike (the same faces taken); a labelled roller and one
    playing back faces hear the same requests, and running out is the same error."""
    compared = 0
    for die in (0, 3, 4, 6, 8, 10, 12, 20):
        for dice in range(0, 13):
            for counts_from in range(0, die + 3):
                plan_ = _pool_plan(die, dice, counts_from)
                fast_roller, reference_roller = RandomRoller(dice), RandomRoller(dice)
                fast = _rolled_or_refused(plan_, fast_roller)
                with fast_paths.reference():
                    reference = _rolled_or_refused(plan_, reference_roller)
                assert fast == reference, (die, dice, counts_from)
                assert fast_roller.roll_many(Die(6), 5) == reference_roller.roll_many(Die(6), 5)
                assert list(fast_roller.history) == list(reference_roller.history)
                compared += 1
    for faces in ([3, 5, 6], [1, 8, 8, 2, 7], [4]):
        plan_ = _pool_plan(8, 3, 5)
        fast_fixed, reference_fixed = FixedRoller(faces), FixedRoller(faces)
        fast = _rolled_or_refused(plan_, labelled(fast_fixed, "a check", "brenna"))
        with fast_paths.reference():
            reference = _rolled_or_refused(plan_, labelled(reference_fixed, "a check", "brenna"))
        assert fast == reference
        assert fast_fixed.purposes == reference_fixed.purposes
        assert fast_fixed.remaining == reference_fixed.remaining
    assert compared > 500
