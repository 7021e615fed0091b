"""The percentile engine's fast paths (``engine/fast_paths.py``) change nothing but the
speed: on every state the shipped scenarios pass through, the first legal command found
lazily is the reference path's first legal command, the legal lists are the same, and
every attack a player could declare there (each target, weapon, intent, split, called
shot, charge, with the options flipped) is allowed or refused exactly as the full
attack request allows or refuses it, with the same error."""

from __future__ import annotations

import collections
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest
from pydantic import BaseModel, ValidationError

from tablekeeper.analysis.trials import TrialPlan, play, play_trials
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.commands import Command
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile import as_validated as as_validated_module
from tablekeeper.rulesets.percentile.attack_input import (
    AttackInput,
    attack_breakdown,
    defense_breakdown,
)
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.attack_request import (
    attack_request,
    attacker_side,
    plainly_valid,
)
from tablekeeper.rulesets.percentile.encounter.defending import NO_DEFENSE, Choice, choices
from tablekeeper.rulesets.percentile.encounter.defense_skills import defense_skills
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, DefenseChoice, NearHazard
from tablekeeper.rulesets.percentile.encounter.social import choices as social_choices
from tablekeeper.rulesets.percentile.encounter.state import Grapple, PercentileState, StuckWeapon
from tablekeeper.rulesets.percentile.encounter.sure_refusals import surely_refused
from tablekeeper.rulesets.percentile.encounter.table import order
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks
from tablekeeper.rulesets.percentile.encounter.turns import winner
from tablekeeper.rulesets.percentile.expressions import _checked
from tablekeeper.rulesets.percentile.scenario import ENGINE, SCENARIOS, PercentileRun
from tablekeeper.rulesets.percentile.social.tables import SPECIALIZATIONS, social_tables
from tablekeeper.rulesets.percentile.stats import Shield, location_hit_points
from tablekeeper.rulesets.percentile.tables import hit_location_table
from tablekeeper.services import lab

T = TypeVar("T")

SCENARIO_NAMES = [name for ruleset, name in lab.shipped_scenarios() if ruleset == "percentile"]

COMBATS = [
    name
    for name in SCENARIO_NAMES
    if lab.scenario_source(name, ruleset="percentile").data.get("social") is None
]
"""The scenarios that fight (the others talk: no attack is declared in them)."""

FLIPPED = ("weapon_reach", "charge", "split_action", "called_shots", "bash", "disarm")
"""The options an attack's legality reads; each state is also tried with each one off."""


def _run(name: str, seed: int) -> PercentileRun:
    source = lab.scenario_source(name, ruleset="percentile")
    scenario = SCENARIOS.parse(dict(source.data), source=source.source)
    return SCENARIOS.start(scenario, RandomRoller(seed), seed=seed)


def _states(name: str, seeds: range) -> Iterator[tuple[PercentileState, str]]:
    """Every state a turn is chosen in, with whose turn it is, over ``seeds``."""
    policy = DefaultPolicy()
    for seed in seeds:
        run = _run(name, seed)
        while not run.finished:
            state, session = run.state, run.session
            acting = state.active if state.talking is None else state.talking.active
            if session.pending is None and acting is not None:
                yield state, acting
            chosen = run.next_command(policy)
            if chosen is None:
                break
            session.submit(chosen)


def _verdict(state: PercentileState, command: Command) -> tuple[Any, ...]:
    try:
        ENGINE.check(state, command)
    except RulesError as error:
        return (type(error).__name__, str(error), error.field)
    return ("allowed",)


def _attacks(state: PercentileState, actor: str) -> Iterator[Command]:
    """Attacks the actor could declare now: plain and with every choice the checks read."""
    me = state.combatant(actor)
    others = [key for key in state.combatants if key != actor]
    weapons = [None, gear.UNARMED, *(item.name for item in me.stats.weapons)]
    weapons += [item.name for item in me.stats.shields]
    for target in others:
        for weapon in weapons:
            yield order(cmd.ATTACK, actor, targets=[target], weapon=weapon)
        yield order(cmd.ATTACK, actor, targets=[target], skill="Brawl")
        yield order(cmd.ATTACK, actor, targets=[target], skill="No Such Skill")
        yield order(cmd.ATTACK, actor, targets=[target], intent="bash")
        yield order(cmd.ATTACK, actor, targets=[target], intent="disarm")
        yield order(cmd.ATTACK, actor, targets=[target], called_shot="head")
        yield order(cmd.ATTACK, actor, targets=[target], called_shot="tail")
        yield order(cmd.ATTACK, actor, targets=[target], find_weak_spot=True)
        yield order(cmd.ATTACK, actor, targets=[target], change_distance="closer")
        yield order(cmd.ATTACK, actor, targets=[target, target])
    if len(others) > 1:
        yield order(cmd.ATTACK, actor, targets=others[:2])


def _flipped(state: PercentileState) -> Iterator[PercentileState]:
    yield state
    for name in FLIPPED:
        options = state.options.model_copy(update={name: False})
        yield state.model_copy(update={"options": options})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_first_legal_command_found_lazily_is_the_reference_ones(name: str) -> None:
    for state, acting in _states(name, range(1, 4)):
        fast_first = ENGINE.first_legal(state, acting)
        fast_legal = ENGINE.legal_commands(state, acting)
        with fast_paths.reference():
            legal = ENGINE.legal_commands(state, acting)
        assert fast_legal == legal
        assert fast_first == (legal[0] if legal else None)


def test_two_shipped_scenarios_fight() -> None:
    assert len(COMBATS) >= 2


@pytest.mark.parametrize("name", COMBATS)
def test_the_cheap_attack_check_allows_and_refuses_as_the_full_request(name: str) -> None:
    plain = tried = 0
    for state, acting in _states(name, range(1, 3)):
        if state.talking is not None or state.combatant(acting).actions_left < 1:
            continue
        for variant in _flipped(state):
            for command in _attacks(variant, acting):
                tried += 1
                fast = _verdict(variant, command)
                with fast_paths.reference():
                    assert _verdict(variant, command) == fast, command.payload
                payload = command.payload_as(cmd.Attack)
                for task in attack_tasks(variant, payload) if fast == ("allowed",) else ():
                    if plainly_valid(variant, task):
                        plain += 1
                        attack_request(variant, task)  # never refuses what it calls plain
    assert plain > 0  # the cheap check ran
    assert tried > plain  # and so did the full request


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_fast_paths_play_the_reference_trials_and_logs(name: str) -> None:
    source = lab.scenario_source(name, ruleset="percentile")
    plan = TrialPlan("percentile", source.data, source.source)
    seeds = [3, 4, 5, 6]
    fast = play_trials(plan, 0, seeds)
    with fast_paths.reference():
        assert play_trials(plan, 0, seeds) == fast
    for seed in seeds[:2]:
        fast_run = _run(name, seed)
        play(fast_run, DefaultPolicy())
        with fast_paths.reference():
            reference_run = _run(name, seed)
            play(reference_run, DefaultPolicy())
        assert fast_run.session.log.events == reference_run.session.log.events
        assert fast_run.state.model_dump() == reference_run.state.model_dump()


def test_a_remembered_command_is_the_command_built_afresh() -> None:
    first = order(cmd.ATTACK, "a", targets=["b"])
    assert order(cmd.ATTACK, "a", targets=["b"]) is first
    assert order(cmd.ATTACK, "a", targets=("b",)) is not first
    with fast_paths.reference():
        fresh = order(cmd.ATTACK, "a", targets=["b"])
    assert fresh == first
    assert fresh is not first
    assert order(cmd.MOVE, "a", meters=1) != order(cmd.MOVE, "a", meters=2)
    assert order(cmd.MOVE, "a", meters=1).payload["meters"] == 1


def test_a_remembered_dice_expression_is_the_checked_one() -> None:
    for text in ("+1d4", " 1D8 + 1 ", "2d6+1d4", "-1d4"):
        fast = _checked(text)
        with fast_paths.reference():
            assert _checked(text) == fast
    for bad in ("1d", "banana"):
        for _ in range(2):
            with pytest.raises(ValueError, match=r"expected a"):
                _checked(bad)


def test_a_trusted_breakdown_is_the_validated_breakdown() -> None:
    terms = (
        Contribution(amount=40, label="Sword", source="P-ATK-02"),
        Contribution(amount=-20, label="grappled", source="P-ACT-14", hidden=True),
    )
    fast = Breakdown.of(*terms)
    with fast_paths.reference():
        reference = Breakdown.of(*terms)
    assert fast == reference
    assert fast.total == 20
    assert fast.model_dump() == reference.model_dump()
    assert fast.model_fields_set == reference.model_fields_set
    assert hash(fast) == hash(reference)
    assert fast.visible() == reference.visible()


def _every_state(name: str, seeds: range) -> Iterator[PercentileState]:
    """Every state the scenario passes through over ``seeds``, as ``play`` plays it."""
    policy = DefaultPolicy()
    for seed in seeds:
        run = _run(name, seed)
        session = run.session
        while not run.finished:
            yield session.state
            due = run.due()
            for command in due:
                session.submit(command)
            if session.pending is not None:
                session.submit(policy.answer(session.state, session.pending))
                continue
            if due:
                continue
            chosen = run.next_command(policy)
            if chosen is None:
                break
            session.submit(chosen)
        yield session.state


def _defenses(name: str, seeds: range) -> Iterator[tuple[PercentileState, DefenseChoice]]:
    """Every state a defense decision is asked in, with what it is about."""
    for state in _every_state(name, seeds):
        if isinstance(state.awaiting, DefenseChoice):
            yield state, state.awaiting


def _outcome(make: Callable[..., T], *args: Any, **kwargs: Any) -> T | tuple[str, str]:
    try:
        return make(*args, **kwargs)
    except (RulesError, ValidationError, ValueError) as error:
        return (type(error).__name__, str(error))


def _both(make: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[Any, Any]:
    """``make``'s value (or refusal) on the fast paths, then on the reference path."""
    fast = _outcome(make, *args, **kwargs)
    with fast_paths.reference():
        return fast, _outcome(make, *args, **kwargs)


def _same_value(fast: Any, reference: Any) -> None:
    assert fast == reference
    if isinstance(reference, BaseModel):
        assert fast.model_dump() == reference.model_dump()
        assert fast.model_fields_set == reference.model_fields_set
        for key in type(reference).model_fields:
            _same_value(getattr(fast, key), getattr(reference, key))


DEFENSE_FLIPPED = ("split_action", "dive_dodge", "retreat", "siz_differences", "weapon_reach")
"""The options a defense's request and breakdown read."""


def _flipped_for_defense(state: PercentileState) -> Iterator[PercentileState]:
    yield state
    for key in DEFENSE_FLIPPED:
        options = state.options.model_copy(update={key: not getattr(state.options, key)})
        yield state.model_copy(update={"options": options})


def _offered(state: PercentileState, task: AttackTask) -> tuple[Choice, ...]:
    ranged = gear.weapon(state.combatant(task.attacker), task.weapon, state.options).ranged
    return choices(state, task.target, task.attacker, ranged=ranged)


@pytest.mark.parametrize("name", COMBATS)
def test_the_attack_requests_built_unvalidated_are_the_validated_ones(name: str) -> None:
    """``trusted_inputs.py``: every request a declaration, a defense decision and a
    resolution build on the shipped scenarios' states, and on their turns' attacks."""
    built = refused = 0
    for unflipped in _every_state(name, range(1, 3)):
        tasks: list[tuple[AttackTask, tuple[Choice, ...]]] = []
        if isinstance(unflipped.awaiting, DefenseChoice):
            task = unflipped.awaiting.attack
            tasks.append((task, _offered(unflipped, task)))
        acting = unflipped.active
        if acting is not None and unflipped.talking is None and unflipped.awaiting is None:
            for command in _attacks(unflipped, acting):
                with contextlib.suppress(RulesError):
                    payload = command.payload_as(cmd.Attack)
                    tasks += [(task, (NO_DEFENSE,)) for task in attack_tasks(unflipped, payload)]
        for state in _flipped_for_defense(unflipped) if tasks else ():
            for task, offered in tasks:
                for choice in offered:
                    for early in (False, True):
                        fast, reference = _both(
                            attack_request, state, task, choice=choice, early=early
                        )
                        _same_value(fast, reference)
                        built += 1
                        refused += isinstance(reference, tuple)
    assert built > refused > 0  # both built and refused requests were compared


@pytest.mark.parametrize("name", COMBATS)
def test_the_defense_skills_are_each_requests_total(name: str) -> None:
    """``defense_skills.py``: on every defense decision of the shipped scenarios, with
    the options it reads flipped, every skill (or the refusal) as the full requests'."""
    asked = shortened = 0
    for state, about in _defenses(name, range(1, 4)):
        task = about.attack
        offered = _offered(state, task)
        for variant in _flipped_for_defense(state):
            for early in (False, True):
                side = attacker_side(variant, task, about.critical)
                fast, reference = _both(defense_skills, variant, task, side, offered, early=early)
                assert fast == reference, (offered, variant.options)
                asked += 1
                shortened += len({(c.kind, c.item) for c in offered}) < len(offered) - 1
    assert asked > 0
    assert shortened > 0  # some choices shared a way: the shortcut ran


@pytest.mark.parametrize("name", COMBATS)
def test_a_remembered_request_and_breakdown_are_the_ones_built_afresh(name: str) -> None:
    """The latest request (``attack_request.py``) and attack breakdown
    (``attack_input.py``) are handed out again for the very same state, task and choice;
    a request for another state with equal reads is the one built for the first (its
    halves built once for what they read: the test below), and one with another choice
    of blow or ``early`` is built anew."""
    remembered = 0
    for state in _every_state(name, range(1, 2)):
        if not isinstance(state.awaiting, DefenseChoice):
            continue
        task = state.awaiting.attack
        request = attack_request(state, task)
        again = attack_request(state, task)
        assert again is request
        assert attack_breakdown(request) is attack_breakdown(again)
        with fast_paths.reference():
            fresh = attack_request(state, task)
            assert attack_request(state, task) is not fresh
            assert attack_breakdown(fresh) == attack_breakdown(request)
        _same_value(request, fresh)
        copied = state.model_copy()
        assert attack_request(copied, task) is request  # the same reads
        assert attack_request(copied, task, critical="precise") != request
        assert attack_request(copied, task, early=True) is not request
        assert attack_breakdown(request.model_copy()) is not attack_breakdown(request)
        remembered += 1
    assert remembered > 0


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_every_value_built_unvalidated_is_the_validated_one(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``as_validated.py``: while the shipped scenarios play on the fast paths, every
    value a rule builds without validation (an attack's inputs, a check's outcome, a
    defense's option, an action's event and its last action, a skill's term) equals
    the model's own
    validation of the same fields, dumps the same and has the same fields set."""
    original = as_validated_module.as_validated
    built: collections.Counter[str] = collections.Counter()

    def checked(model: type[Any], given: dict[str, Any], check: Any = None) -> Any:
        value = original(model, given, check)
        with fast_paths.reference():
            _same_value(value, model(**given))
        built[model.__name__] += 1
        return value

    users = [
        module
        for module in list(sys.modules.values())
        if getattr(module, "as_validated", None) is original
    ]
    assert len(users) >= 5
    for module in users:
        monkeypatch.setattr(module, "as_validated", checked)
    source = lab.scenario_source(name, ruleset="percentile")
    play_trials(TrialPlan("percentile", source.data, source.source), 0, [1, 2])
    assert built["CheckOutcome"] > 0
    assert built["Contribution"] > 0
    if name in COMBATS:
        assert {"AttackInput", "ActionTaken", "LastAction", "Option"} <= built.keys()


def test_remembered_location_hit_points_are_the_ones_worked_out() -> None:
    """``stats.location_hit_points``: each total's HP by location, per table, as worked
    out afresh, and a copy of its own to each caller."""
    for plan in ("humanoid", "quadruped"):
        table = hit_location_table(plan)
        for total in range(0, 120):
            fast = location_hit_points(total, table)
            with fast_paths.reference():
                assert location_hit_points(total, table) == fast
            fast["chest" if "chest" in fast else next(iter(fast))] = -1
            assert location_hit_points(total, table) != fast  # the memory was not touched
    assert location_hit_points(13)["chest"] == 6


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_candidate_surely_refused_is_refused_by_the_checks(name: str) -> None:
    """``sure_refusals.py``: on every state a turn is chosen in, every candidate it names
    (and every Attack and Spirit Combat of any combatant on any other) is refused by the
    full check, on both paths."""
    named = 0
    for state, acting in _states(name, range(1, 4)):
        tried = list(ENGINE.candidates(state, acting))
        for who in state.combatants:
            for other in state.combatants:
                tried.append(order(cmd.ATTACK, who, targets=[other]))
                tried.append(order(cmd.SPIRIT_COMBAT, who, target=other))
        for command in tried:
            if not surely_refused(state, command):
                continue
            named += 1
            assert _verdict(state, command) != ("allowed",), command
            with fast_paths.reference():
                assert _verdict(state, command) != ("allowed",), command
    if name == "spirit_skirmish":
        assert named > 0


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_winner_read_once_is_the_set_of_standing_sides(name: str) -> None:
    """``turns.winner``: on every state the shipped scenarios pass through, and on each
    with each combatant down, each alone left standing and no one (so one side, no
    side and both are left), the
    fast paths' single reading answers as the reference path's set of sides."""
    answers: collections.Counter[tuple[bool, str | None]] = collections.Counter()
    for state in _every_state(name, range(1, 3)):
        variants = [state]
        for kept in (*state.combatants, None):  # each alone left standing, then no one
            combatants = {
                key: item if key == kept else item.model_copy(update={"hp": 0})
                for key, item in state.combatants.items()
            }
            variants.append(state.model_copy(update={"combatants": combatants}))
        for key in state.combatants:
            down = state.combatant(key).model_copy(update={"hp": 0})
            variants.append(state.with_combatant(down))
        for variant in variants:
            fast = winner(variant)
            with fast_paths.reference():
                assert winner(variant) == fast
            answers[fast] += 1
    assert answers[(False, None)] > 0
    assert answers[(True, None)] > 0
    assert any(done and side is not None for done, side in answers)


SOCIAL = [name for name in SCENARIO_NAMES if name not in COMBATS]


def test_two_shipped_scenarios_talk() -> None:
    assert len(SOCIAL) >= 2


@pytest.mark.parametrize("name", SOCIAL)
def test_a_characters_best_abilities_worked_out_once_are_the_ones_worked_out_afresh(
    name: str,
) -> None:
    """``social/choices.py``: the best specialization at every time scale and the best
    of each list of abilities the candidates ask, for every character on every social
    state of the shipped scenarios, and for each with its skills and passions changed
    (another stat block and sheet: not answered from the first's memory), on the fast
    paths (asked twice: worked out, then remembered) as on the reference path."""
    lists = (
        social_choices.INSIGHT,
        tuple(social_tables().specialization_skills[key] for key in SPECIALIZATIONS),
        ("CHA",),
        ("No Such Skill",),
    )
    asked = 0
    for state in _every_state(name, range(1, 3)):
        social = state.talking
        if social is None:
            continue
        for me in state.combatants.values():
            skills = {key: (value + 37) % 100 for key, value in me.stats.skills.items()}
            changed = me.model_copy(
                update={
                    "stats": me.stats.model_copy(update={"skills": skills}),
                    "social": None
                    if me.social is None
                    else me.social.model_copy(
                        update={"passions": {**me.social.passions, "Insight": 99}}
                    ),
                }
            )
            for who in (me, changed):
                for scale in ("short", "medium", "hourly", "daily"):
                    talk = social.model_copy(update={"time_scale": scale})
                    fast = [social_choices.best_specialization(talk, who) for _ in range(2)]
                    with fast_paths.reference():
                        reference = social_choices.best_specialization(talk, who)
                    assert fast == [reference, reference], (who.id, scale)
                for names in lists:
                    fast_best = [social_choices._best(who, names) for _ in range(2)]
                    with fast_paths.reference():
                        reference_best = social_choices._best(who, names)
                    assert fast_best == [reference_best, reference_best], (who.id, names)
                asked += 1
    assert asked > 0


@pytest.mark.parametrize("kind", [cmd.START, cmd.ADD_COMBATANT])
def test_a_gm_only_command_from_a_player_is_refused_as_the_engine_refuses_it(kind: str) -> None:
    """``PercentileEngine.check`` (``TableEngine.checked``, without the engine's memory)
    refuses a GM-only command from anyone else: the same refusal on both paths (a payload
    that does not parse is refused for that first, as the engine refuses it)."""
    state = _run("river_ambush", 1).state
    actor = next(iter(state.combatants))
    payload = {} if kind == cmd.START else {"id": "x"}
    command = Command.trusted(actor=actor, kind=kind, payload=payload)
    fast = _verdict(state, command)
    with fast_paths.reference():
        assert _verdict(state, command) == fast
    assert fast[0] == ("IllegalCommandError" if kind == cmd.START else "InvalidInputError")


@pytest.mark.parametrize("name", COMBATS)
def test_an_engagement_found_by_one_comparison_is_the_sorted_pairs(name: str) -> None:
    """``PercentileState.engagement``: for every two ids (the same one twice, and one no
    combatant has, included) on every state the shipped combats pass through, the very
    engagement the reference path finds, or none as it finds none."""
    found = 0
    for state in _every_state(name, range(1, 3)):
        ids = [*state.combatants, "nobody"]
        for a in ids:
            for b in ids:
                fast = state.engagement(a, b)
                with fast_paths.reference():
                    assert state.engagement(a, b) is fast, (a, b)
                found += fast is not None
    assert found > 0


@pytest.mark.parametrize("name", COMBATS)
def test_an_unworn_weapon_found_once_is_the_stat_blocks(name: str) -> None:
    """``gear.weapon`` (``_unworn``): every weapon and shield of every combatant on every
    state the shipped combats pass through, unarmed and an unknown name, as they are and
    with each worn (an HP in ``gear_hp``), and with two shields more before a combatant's
    own (so a shield is found by its name), on the fast paths (asked twice: found, then
    remembered) as on the reference path (the same value, or the same refusal)."""
    unworn = shielded = 0
    for state in _every_state(name, range(1, 3)):
        for first in state.combatants.values():
            # and with two shields more, before its own: each found by its name
            extra = (Shield(name="Buckler", hp=4), Shield(name="Pavise", hp=9, damage="1d4"))
            stats = first.stats.model_copy(update={"shields": (*extra, *first.stats.shields)})
            armed = [first, first.model_copy(update={"stats": stats})]
            for me in armed:
                names = [item.name for item in (*me.stats.weapons, *me.stats.shields)]
                for item in [*names, gear.UNARMED, "no such weapon"]:
                    worn = me.model_copy(update={"gear_hp": {**me.gear_hp, item: 1}})
                    for who in (me, worn):
                        fast, reference = _both(gear.weapon, who, item, state.options)
                        _same_value(fast, reference)
                        _same_value(_outcome(gear.weapon, who, item, state.options), reference)
                        unworn += item in names and item not in who.gear_hp
                        shielded += any(item == held.name for held in me.stats.shields[1:])
    assert unworn > 0
    assert shielded > 0


def _reads_varied(state: PercentileState, task: AttackTask) -> Iterator[PercentileState]:
    """``state`` with each value an attack's request reads changed in turn, for the
    attacker and the target: prone, distracted, Retreat, armor lost, gear worn, dropped
    and broken, a grapple and a weapon stuck, the engagement's distance, another stat
    block and other options."""
    yield state
    for who in (task.attacker, task.target):
        me = state.combatant(who)
        held = me.ready[:1]
        for changes in (
            {"prone": not me.prone},
            {"distracted": me.distracted + 20},
            {"retreating": not me.retreating},
            {"armor_lost": not me.armor_lost},
            {"gear_hp": dict.fromkeys(me.ready, 1)},
            {"ready": me.ready[1:]},
            {"broken": (*me.broken, *held)},
            {"stats": me.stats.model_copy(update={"skills": {**me.stats.skills, "Dodge": 3}})},
        ):
            yield state.with_combatant(me.model_copy(update=changes))
        yield state.model_copy(
            update={"grapples": (Grapple(grappler=task.target, grappled=who, skill="Brawl"),)}
        )
        other = task.target if who == task.attacker else task.attacker
        yield state.model_copy(
            update={"stuck": (StuckWeapon(owner=other, target=who, weapon="arrow"),)}
        )
    engaged = state.engagement(task.attacker, task.target)
    if engaged is not None:
        for distance in ("contact", "medium", "very_long"):
            moved = engaged.model_copy(update={"distance": distance})
            rest = tuple(item for item in state.engagements if item is not engaged)
            yield state.model_copy(update={"engagements": (*rest, moved)})
    options = state.options.model_copy(update={"retreat": not state.options.retreat})
    yield state.model_copy(update={"options": options})


@pytest.mark.parametrize("name", COMBATS)
def test_an_attack_request_built_once_for_its_reads_is_the_one_built_afresh(name: str) -> None:
    """``attack_request._by_reads``: the attacker's half, the defender's and the request
    are built once for equal values of what they read. On the states the shipped combats
    ask a defense in, each with every value a request reads changed in turn (each
    attacker's and target's, the grapples, stuck weapons, distance, stat block and
    options; and the attack as a Bash toward a hazard, at its edge or not), the
    attacker's half with either blow and the request of each defense offered, early or
    not, asked on the fast paths twice (built, then remembered), are the reference
    path's (the same value, or the same refusal), and so are each request's attack and
    defense breakdowns, remembered for the very request (``attack_input._for_request``)."""
    asked = 0
    for unvaried in _every_state(name, range(1, 3)):
        if not isinstance(unvaried.awaiting, DefenseChoice):
            continue
        plain = unvaried.awaiting.attack
        bashes = [
            plain.model_copy(update={"intent": "bash", "hazard": NearHazard(at_edge=edge)})
            for edge in (False, True)
        ]
        for task, state in [
            *((plain, state) for state in _reads_varied(unvaried, plain)),
            *((bash, unvaried) for bash in bashes),
        ]:
            offered = _offered(state, task)
            for critical in ("devastating", "precise"):
                for _ in range(2):
                    side = _both(attacker_side, state, task, critical)
                    _same_value(*side)
                for choice in offered:
                    for early in (False, True):
                        for _ in range(2):
                            built = _both(
                                attack_request,
                                state,
                                task,
                                critical=critical,
                                choice=choice,
                                early=early,
                            )
                            _same_value(*built)
                            asked += 1
                            if isinstance(built[0], AttackInput):
                                for breakdown in (attack_breakdown, defense_breakdown):
                                    _same_value(*_both(breakdown, built[0]))
    assert asked > 0
