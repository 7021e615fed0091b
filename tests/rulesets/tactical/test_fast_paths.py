"""The tactical engine's fast paths (``engine/fast_paths.py``) change nothing but the speed.

On every state the shipped scenarios pass through (and on each with the grid's distance,
the turn and the pools varied), each shortcut is held to the full computation it skips:
the candidates the fast path leaves out are exactly candidates the full check refuses
(``encounter/plainly_refused.py``), so the legal commands are the reference path's.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from tablekeeper.analysis.trials import TrialPlan, play, resolve_policy
from tablekeeper.dice.roller import Die, RandomRoller
from tablekeeper.engine import fast_paths, step_memory
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import Decision, Option, PendingDecision
from tablekeeper.engine.policies import DefaultPolicy
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.step_memory import Memory
from tablekeeper.engine.steps import Step
from tablekeeper.engine.values import GM, ActorId
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.attack import offered_cunning
from tablekeeper.rulesets.tactical.catalogue import load_catalogue
from tablekeeper.rulesets.tactical.encounter import (
    aimed_at,
    asking,
    candidates,
    transitions,
    triggers,
)
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import plainly_refused as plainly
from tablekeeper.rulesets.tactical.encounter.attack_once import rolled_attack
from tablekeeper.rulesets.tactical.encounter.candidates import iter_candidates
from tablekeeper.rulesets.tactical.encounter.flow import (
    attack_input,
    defenses_open,
    threat_against,
    utility_input,
)
from tablekeeper.rulesets.tactical.encounter.reach import targets_for
from tablekeeper.rulesets.tactical.encounter.state import (
    Concentration,
    CunningChoice,
    Maneuver,
    TacticalState,
    Use,
    Weapon,
)
from tablekeeper.rulesets.tactical.encounter.traits import available
from tablekeeper.rulesets.tactical.encounter.utility_once import rolled_utility
from tablekeeper.rulesets.tactical.grid import distance, sees
from tablekeeper.rulesets.tactical.policy import POLICY, attack_worth, weighed
from tablekeeper.rulesets.tactical.scenario import ENGINE
from tablekeeper.rulesets.tactical.threat import ThreatInput, threat_of, total_threat
from tablekeeper.rulesets.tactical.utility import UtilityOutcome
from tablekeeper.services import lab

from ..conformance import played_states

SCENARIO_NAMES = [name for ruleset, name in lab.shipped_scenarios() if ruleset == "tactical"]

SEEDS = (1, 2, 3)


@cache
def _visited(name: str) -> tuple[TacticalState, ...]:
    """Every state the scenario passes through on the reference path, over :data:`SEEDS`."""
    return tuple(
        state
        for seed in SEEDS
        for state in played_states("tactical", name, seed, DefaultPolicy())[1]
    )


def _varied(state: TacticalState) -> Iterator[TacticalState]:
    """The state, and the state with what the shortcuts read changed: the grid's distance,
    the action used or not, a maneuver in progress or not, the pools emptied."""
    yield state
    for metric in ("alternating", "manhattan"):
        options = state.options.model_copy(update={"distance": metric})
        yield state.model_copy(update={"options": options})
    turn = state.turn
    if turn is None:
        return
    changed: list[dict[str, Any]] = [
        {"action_used": not turn.action_used},
        {"maneuver": None, "maneuvers": 1},
        {"maneuver": Maneuver(skill="quick_step", paces=2), "maneuvers": 1},
        {"maneuvers": 1, "action_used": True},
    ]
    for update in changed:
        yield state.model_copy(update={"turn": turn.model_copy(update=update)})
    emptied = {
        key: one.model_copy(update={"poise": 0, "momentum": 0, "focus": 0, "extra_maneuvers": 1})
        for key, one in state.characters.items()
    }
    yield state.model_copy(update={"characters": emptied})


def _states(name: str) -> Iterator[tuple[TacticalState, ActorId]]:
    for visited in _visited(name):
        for state in _varied(visited):
            if state.turn is not None:
                yield state, state.turn.actor


def _allowed(state: TacticalState, command: Command) -> bool:
    with fast_paths.reference():
        return ENGINE.allows(state, command)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_candidates_left_out_are_refused_by_the_full_check(name: str) -> None:
    """The fast candidates are the reference candidates in order, less some; each one left
    out is refused by the full check; so the legal commands are the same."""
    left_out = kept = 0
    for state, actor in _states(name):
        with fast_paths.reference():
            full = list(iter_candidates(state, actor))
        fast = list(iter_candidates(state, actor))
        remaining = iter(full)
        for command in fast:  # a subsequence of the full candidates
            assert any(command == other for other in remaining), (command, state)
        for command in full:
            if command in fast:
                kept += 1
                continue
            left_out += 1
            assert not _allowed(state, command), (command, state)
        with fast_paths.reference():
            legal = ENGINE.legal_commands(state, actor)
        assert ENGINE.legal_commands(state, actor) == legal
        assert tuple(ENGINE.legal_lazily(state, actor)) == legal
    assert left_out > 100
    assert kept > 100


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_each_refusal_known_early_is_a_refusal_of_the_full_check(name: str) -> None:
    """Every skill of the acting character, at every standing character: when a predicate
    of ``plainly_refused`` says the check refuses it, the check refuses it."""
    said = 0
    for state, actor in _states(name):
        character = state.character(actor)
        for key in state.catalogue.skills:
            skill = state.catalogue.skills[key]
            if skill.type in ("action", "other"):
                refused = plainly.no_action_left(state.turn)  # type: ignore[arg-type]
            elif skill.type == "maneuver":
                refused = plainly.no_maneuver_left(state.turn, character)  # type: ignore[arg-type]
            else:
                refused = False
            refused = refused or plainly.cannot_act(state, character)
            refused = refused or plainly.cannot_pay(character, skill)
            aims = [None] if skill.target not in ("melee", "ranged") else state.standing()
            for aimed in aims:
                far = aimed is not None and plainly.beyond_reach(state, character, skill, aimed)
                if not (refused or far):
                    continue
                target = {} if aimed is None else {"target": aimed.id}
                command = cmd.use_skill(actor, key, **target)
                assert not _allowed(state, command), (command, state)
                said += 1
    assert said > 1000


class _FirstOptions(DefaultPolicy):
    """:class:`DefaultPolicy` with a cunning effect's first option, its default before
    ``cunning_worth``, under which the duel's mage petrified herself with her own ward."""

    def answer(self, state: object, decision: PendingDecision) -> Command:
        if isinstance(getattr(state, "awaiting", None), CunningChoice):
            return decision.answer(decision.option_ids[0])
        return super().answer(state, decision)


def test_a_character_who_cannot_act_is_offered_only_the_end_of_its_turn() -> None:
    played = (played_states("tactical", "duel", seed, _FirstOptions())[1] for seed in SEEDS)
    states = [
        state
        for visited in played
        for state in visited
        if state.turn is not None and plainly.cannot_act(state, state.character(state.turn.actor))
    ]
    assert states
    for state in states:
        assert state.turn is not None
        legal = ENGINE.legal_commands(state, state.turn.actor)
        assert [command.kind for command in legal] == [cmd.END_TURN]


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_style_skills_built_once_are_those_worked_out_afresh(name: str) -> None:
    """Each character's skills, grouped as the candidates offer them, built once per
    catalogue, style, unlocked skills and cunning, are the groups worked out afresh."""
    compared = 0
    for state in _visited(name):
        for character in state.characters.values():
            fast = candidates.style_skills(state, character)
            with fast_paths.reference():
                full = candidates.style_skills(state, character)
            assert fast == full
            compared += 1
    assert compared > 100


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_nearest_enemy_read_once_is_the_nearest_enemy_asked_each_time(name: str) -> None:
    """From every square of the map, for every character, with every distance metric."""
    compared = 0
    for visited in _visited(name)[::5]:
        for state in list(_varied(visited))[:3]:  # the three metrics
            for character in state.characters.values():
                fast = candidates._nearest_enemy_gap(state, character)
                with fast_paths.reference():
                    full = candidates._nearest_enemy_gap(state, character)
                    for x in range(state.map.width):
                        for y in range(state.map.height):
                            assert fast((x, y)) == full((x, y)), (character.id, (x, y))
                            compared += 1
    assert compared > 5_000


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_first_reaction_found_lazily_is_the_first_of_all_of_them(name: str) -> None:
    """On every state with a skill in use, with each character of the state as its user
    and each as its target: the first who may react, found lazily, is the first of the
    full list, and each character's known reactions built once are those listed afresh."""
    compared = offered = 0
    for state in _visited(name):
        for key in state.characters:
            fast_known = triggers._reactions_known(state, key)
            with fast_paths.reference():
                assert triggers._reactions_known(state, key) == fast_known
        use = state.use
        if use is None:
            continue
        users = [use.user, *state.characters]
        for user in users:
            for target in state.characters:
                varied = use.model_copy(update={"user": user, "targets": (target,), "offered": ()})
                fast = triggers.first_reaction_candidate(state, varied)
                with fast_paths.reference():
                    full = triggers.reaction_candidates(state, varied)
                    assert triggers.first_reaction_candidate(state, varied) == fast
                assert fast == (full[0] if full else None)
                compared += 1
                offered += fast is not None
    assert compared > 100
    assert offered > 10


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_threat_built_once_is_the_threat_worked_out(name: str) -> None:
    """Every attack of the catalogue by every character at every character."""
    state = _visited(name)[-1]
    compared = 0
    for skill in state.catalogue.skills.values():
        if skill.threat is None:
            continue
        for user in state.characters.values():
            for aimed in state.characters.values():
                args = (skill.threat, user.agility, skill.tags, aimed.immune)
                fast = threat_of(*args)
                with fast_paths.reference():
                    full = total_threat(
                        ThreatInput(
                            base_threat=args[0],
                            agility=args[1],
                            tags=args[2],
                            target_immune_tags=args[3],
                        )
                    )
                assert fast == full
                compared += 1
    assert compared > 40


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_sight_remembered_is_sight_worked_out(name: str) -> None:
    """From every square of the scenario's map to every square."""
    grid = _visited(name)[0].map
    squares = [(x, y) for x in range(grid.width) for y in range(grid.height)]
    seen = 0
    for a in squares:
        for b in squares:
            fast = sees(grid, a, b)
            with fast_paths.reference():
                assert sees(grid, a, b) == fast, (a, b)
            seen += fast
    assert 0 < seen < len(squares) ** 2


def _characters_varied(state: TacticalState) -> Iterator[TacticalState]:
    """The state with each character changed in what availability reads: a condition of
    the catalogue, no weapon, two weapons, berserking on each berserk skill, a class, the
    style and the skills unlocked of another, a concentration on each skill."""
    catalogue = state.catalogue
    for key, one in state.characters.items():
        changes: list[dict[str, Any]] = [
            {"conditions": (*one.conditions, condition)} for condition in catalogue.conditions
        ]
        changes += [
            {"wielding": ()},
            {"wielding": (Weapon(name="hammer", two_handed=True), Weapon(name="knife"))},
            {"character_class": "berserker", "berserking": True, "berserk_skill": "rend"},
            {"berserking": True, "berserk_skill": None},
            {"style": ("rend", "grab", "hammer_blow"), "unlocked": ("rend",)},
            {"name": "Another"},
        ]
        for change in changes:
            changed = one.model_copy(update=change)
            yield state.model_copy(update={"characters": {**state.characters, key: changed}})
        for skill in ("grab", "hammer_blow", "stone_ward"):
            held = {**state.concentrations, key: Concentration(skill=skill)}
            yield state.model_copy(update={"concentrations": held})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_availability_built_once_is_availability_worked_out(name: str) -> None:
    """Every skill of the catalogue for every character, on every state the scenario
    passes through and on each with the characters varied: the answer built once for the
    values it reads is the answer worked out from the state (a value it reads and its key
    left out would give another state's answer)."""
    compared = refused = 0
    visited = _visited(name)
    for base in visited[:: max(1, len(visited) // 25)]:
        for state in (base, *_characters_varied(base)):
            for character in state.characters.values():
                for key in (*state.catalogue.skills, "no_such_skill"):
                    fast = available(state, character, key)
                    with fast_paths.reference():
                        full = available(state, character, key)
                    assert fast == full, (character, key)
                    compared += 1
                    refused += full is not None
    assert compared > 10_000
    assert 0 < refused < compared


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_closing_move_built_once_is_the_closing_move_worked_out(name: str) -> None:
    """For the acting character of every state (its distance, turn and pools varied), and
    with each other character standing where it stands, at each distance it may want:
    the closing move built once for what it reads is the move worked out afresh."""
    compared = moves = 0
    for visited, actor in _states(name):
        for state in (visited, *_allies_moved(visited, actor)):
            character = state.character(actor)
            here = candidates._nearest_enemy_distance(state, character, character.position)
            for want in (1, 2, 5):
                fast = candidates._closing_move(state, character, want, here)
                with fast_paths.reference():
                    full = candidates._closing_move(state, character, want, here)
                assert fast == full, (actor, want, state)
                compared += 1
                moves += full is not None
    assert compared > 1000
    assert moves > 100


def _allies_moved(state: TacticalState, actor: str) -> Iterator[TacticalState]:
    """The state with an ally of ``actor`` standing on a free square next to it (in the
    way of its closing move): only the squares others block change."""
    me = state.character(actor)
    x, y = me.position
    for key, one in state.characters.items():
        if key == actor or one.is_enemy_of(me) or one.defeated:
            continue
        for square in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if state.map.open(square) and not state.occupied(square):
                moved = one.model_copy(update={"position": square})
                yield state.model_copy(update={"characters": {**state.characters, key: moved}})


def test_the_cunning_options_built_once_are_those_listed_afresh() -> None:
    """For the tags of every skill of the catalogue, each alone, and none."""
    catalogue = _visited("skirmish")[0].catalogue
    tag_sets = {skill.tags for skill in catalogue.skills.values()}
    tag_sets |= {(tag,) for tag in catalogue.tags} | {()}
    for tags in tag_sets:
        fast = offered_cunning(tags)
        with fast_paths.reference():
            assert offered_cunning(tags) == fast
    assert len(tag_sets) > 20


def _sight_varied(state: TacticalState) -> Iterator[TacticalState]:
    """The state with each character hidden, blinded or defeated in turn."""
    for key, one in state.characters.items():
        for change in (
            {"visible": False},
            {"conditions": (*one.conditions, "blinded")},
            {"defeated": True},
        ):
            changed = one.model_copy(update=change)
            yield state.model_copy(update={"characters": {**state.characters, key: changed}})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_skill_aimed_at_a_character_targets_as_the_rule_says(name: str) -> None:
    """Every melee and ranged skill of the catalogue, by every character at every
    character (and at nobody), on states the scenario passes through with the metric,
    the zone of control and each character's sight varied: the outcome read off the
    state is the targeting rule's outcome, reason and zone banes included."""
    compared = legal = banes = 0
    visited = _visited(name)
    skills = [
        key
        for key, skill in visited[0].catalogue.skills.items()
        if skill.target in ("melee", "ranged")
    ]
    for base in visited[:: max(1, len(visited) // 12)]:
        zoned = base.model_copy(
            update={"options": base.options.model_copy(update={"zone_of_control": 4})}
        )
        for state in (*list(_varied(base))[:3], zoned, *_sight_varied(base)):
            for user in state.characters:
                for key in skills:
                    for target in (*state.characters, "nobody"):
                        fast = targets_for(state, user, key, target=target, point=None)
                        with fast_paths.reference():
                            full = targets_for(state, user, key, target=target, point=None)
                        assert fast == full, (user, key, target)
                        compared += 1
                        legal += full.legal
                        banes += bool(full.zone_of_control_banes)
    assert compared > 10_000
    assert 0 < legal < compared
    assert banes > 0


def _attack_varied(
    state: TacticalState, only: tuple[str, ...] | None = None
) -> Iterator[TacticalState]:
    """The state with each character (of ``only``, if given) changed, one at a time, in a
    value an attack's input reads (a condition giving a boon or a bane, armor, passive
    armor, brawn, cunning, agility, vulnerability, resistance, immunity, minion status) or
    in one it does not (its name, its pools, where it stands)."""
    catalogue = state.catalogue
    for key, one in state.characters.items():
        if only is not None and key not in only:
            continue
        changes: list[dict[str, Any]] = [
            {"conditions": (*one.conditions, condition)}
            for condition in ("heedless", "evasive", "blessed", "weakened")
            if condition in catalogue.conditions
        ]
        changes += [
            {"armor": one.armor + 2},
            {"style": (*one.style, "iron_skin")},
            {"brawn": one.brawn + 1},
            {"cunning": one.cunning + 1},
            {"agility": one.agility + 1},
            {"vulnerable": ("fire", "slashing", "blunt", "piercing")},
            {"resistant": ("fire", "slashing", "blunt", "piercing")},
            {"immune": ("slashing", "blunt", "piercing")},
            {"minion": not one.minion},
            {"name": "Another", "poise": 0, "position": (0, 0)},
        ]
        for change in changes:
            changed = one.model_copy(update=change)
            yield state.model_copy(update={"characters": {**state.characters, key: changed}})


def _attack_once(
    state: TacticalState, use: Use, target: str, defense: Any, seed: int
) -> tuple[object, ...]:
    """The attack's input, outcome and the faces rolled, or the refusal's words."""
    roller = RandomRoller(seed)
    try:
        check, outcome = rolled_attack(state, use, target, defense, roller, attack_input)
    except InvalidInputError as error:
        return ("refused", str(error), tuple(roller.history))
    return (check, outcome, tuple(roller.history))


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_an_attack_built_once_is_the_attack_worked_out_and_rolled(name: str) -> None:
    """Every attack of the catalogue by every character at every other, as an action and
    as a maneuver, with and without boons, against each defense, on states the scenario
    passes through with the characters varied in what the input reads (and in what it does
    not): the input, the outcome and the dice rolled for what they read are those worked
    out afresh and rolled with the same roller (a value read and left out of the key would
    give another state's attack)."""
    compared = refused = hits = 0
    visited = _visited(name)
    attacks = [
        key
        for key, skill in visited[0].catalogue.skills.items()
        if skill.yield_ is not None and skill.threat is not None
    ]
    for index, base in enumerate(visited[:: max(1, len(visited) // 3)]):
        for state in (base, *_attack_varied(base)):
            for user in state.characters:
                for target in state.characters:
                    if target == user:
                        continue
                    for number, key in enumerate(attacks):
                        origin = ("action", "maneuver")[number % 2]
                        use = Use(user=user, skill=key, origin=origin, boons=number % 3)
                        defense = ("yield", "block", "yield", "dodge")[(number + index) % 4]
                        seed = index + number
                        fast = _attack_once(state, use, target, defense, seed)
                        with fast_paths.reference():
                            full = _attack_once(state, use, target, defense, seed)
                        assert fast == full, (user, target, key, defense)
                        compared += 1
                        refused += full[0] == "refused"
                        hits += bool(fast[-1])
    assert compared > 2_000
    assert 0 < refused < compared
    assert hits > 500


def test_the_decisions_built_once_are_those_built_afresh() -> None:
    """Each argument changed in turn (the chooser, the prompt, a reaction's key or name,
    a defense's label, the default): the decision built once for its arguments is the one
    built afresh, and never another's."""
    reactions = [
        ("a", "Aya's Slash: react?", (("parry", "Parry"), ("dodge_away", "Dodge Away"))),
        ("b", "Aya's Slash: react?", (("parry", "Parry"), ("dodge_away", "Dodge Away"))),
        ("a", "Aya's Stab: react?", (("parry", "Parry"), ("dodge_away", "Dodge Away"))),
        ("a", "Aya's Slash: react?", (("parry", "Parry"),)),
        ("a", "Aya's Slash: react?", (("parry", "Riposte"), ("dodge_away", "Dodge Away"))),
        ("a", "Aya's Slash: react?", (("dodge_away", "Dodge Away"), ("parry", "Parry"))),
    ]
    made = set()
    for args in reactions * 2:
        fast = asking.reaction_decision(*args)
        with fast_paths.reference():
            assert asking.reaction_decision(*args) == fast
        made.add(fast.model_dump_json())
    defend = (("block", "Block: pay 2 momentum"), ("yield", "Yield: take the yield"))
    defenses = [
        ("a", "Aya's Slash: threat 2. Defend or yield?", defend, "block"),
        ("a", "Aya's Slash: threat 2. Defend or yield?", defend, "yield"),
        ("b", "Aya's Slash: threat 2. Defend or yield?", defend, "block"),
        ("a", "Aya's Slash: threat 3. Defend or yield?", defend, "block"),
        ("a", "Aya's Slash: threat 2. Defend or yield?", defend[:1], "block"),
        ("a", "Aya's Slash: threat 2. Defend or yield?", (("block", "Block"), defend[1]), "block"),
    ]
    for asked in defenses * 2:
        fast = asking.defense_decision(*asked)
        with fast_paths.reference():
            assert asking.defense_decision(*asked) == fast
        made.add(fast.model_dump_json())
    assert len(made) == len(reactions) + len(defenses)


def _targets_or_refusal(
    state: TacticalState, user: str, key: str, target: str | None, point: Any
) -> object:
    """The targeting outcome, or the error building its input raised."""
    try:
        return targets_for(state, user, key, target=target, point=point)
    except ValueError as error:  # pydantic's ValidationError: out of the models' bounds
        return ("refused", type(error).__name__, str(error))


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_personal_skill_targets_its_user_as_the_rule_says(name: str) -> None:
    """Every personal skill of the catalogue, by every character, aimed at nothing, at
    each character, at nobody and at points on and off the map, on states the scenario
    passes through with the characters' sight varied and one's cunning beyond the
    targeting models' bounds: the outcome answered from the user's id is the rule's."""
    compared = refused = 0
    visited = _visited(name)
    skills = [
        key for key, skill in visited[0].catalogue.skills.items() if skill.target == "personal"
    ]
    assert skills
    for base in visited[:: max(1, len(visited) // 8)]:
        sharp = {
            key: one.model_copy(update={"cunning": 1_000})
            for key, one in list(base.characters.items())[:1]
        }
        beyond = base.model_copy(update={"characters": {**base.characters, **sharp}})
        for state in (base, beyond, *_sight_varied(base)):
            for user in state.characters:
                for key in skills:
                    for target in (None, *state.characters, "nobody"):
                        for point in (None, (0, 0), (99, 99)):
                            fast = _targets_or_refusal(state, user, key, target, point)
                            with fast_paths.reference():
                                full = _targets_or_refusal(state, user, key, target, point)
                            assert fast == full, (user, key, target, point)
                            compared += 1
                            refused += isinstance(full, tuple)
    assert compared > 1_000
    assert 0 < refused < compared


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_reaction_reaches_its_target_as_the_rule_says(name: str) -> None:
    """Every melee and ranged skill of the catalogue, by every character at every
    character (and at nobody), on states the scenario passes through with the metric and
    each character's sight varied: ``reaches`` is the targeting rule's legality; and each
    reaction's target, for a use aimed at every pair of characters, is the one the rule
    finds."""
    compared = legal = 0
    visited = _visited(name)
    catalogue = visited[0].catalogue
    skills = [key for key, skill in catalogue.skills.items() if skill.target in ("melee", "ranged")]
    reactions = [key for key, skill in catalogue.skills.items() if skill.type == "reaction"]
    for base in visited[:: max(1, len(visited) // 10)]:
        for state in (*list(_varied(base))[:3], *_sight_varied(base)):
            for user in state.characters.values():
                for key in skills:
                    skill = state.catalogue.skills[key]
                    for target in (*state.characters, "nobody"):
                        fast = aimed_at.reaches(state, user, skill, target)
                        with fast_paths.reference():
                            full = targets_for(state, user.id, key, target=target, point=None)
                        assert fast == full.legal, (user.id, key, target)
                        compared += 1
                        legal += fast
            ids = list(state.characters)
            for first in ids:
                for second in ids:
                    use = Use(user=first, skill="slash", origin="action", targets=(first, second))
                    for user_key in ids:
                        for key in reactions:
                            fast_target = triggers.reaction_target(state, user_key, key, use)
                            with fast_paths.reference():
                                full_target = triggers.reaction_target(state, user_key, key, use)
                            assert fast_target == full_target, (user_key, key, use)
                            compared += 1
    assert compared > 5_000
    assert 0 < legal < compared


def _pools_varied(
    state: TacticalState, only: tuple[str, ...] | None = None
) -> Iterator[TacticalState]:
    """The state with each character's (of ``only``, if given) pools changed, one pool at
    a time (emptied, one point, three): what paying and the yield's price read."""
    for key, one in state.characters.items():
        if only is not None and key not in only:
            continue
        for track in ("poise", "momentum", "focus"):
            for held in (0, 1, 3):
                if one.pool(track) != held:
                    changed = one.model_copy(update={track: held})
                    characters = {**state.characters, key: changed}
                    yield state.model_copy(update={"characters": characters})


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_the_skills_left_unrefused_once_are_those_filtered_afresh(name: str) -> None:
    """Each group of a character's skills the candidates offer (movers, actions, wards,
    other attacks, utilities), on states the scenario passes through with the characters
    varied in what availability reads and in their pools: the skills kept, built once for
    the keys, what availability reads and the pools, are those each asked afresh whether
    it is available and affordable (a value read and left out of the key would keep
    another state's skills)."""
    compared = dropped = 0
    visited = _visited(name)
    for base in visited[:: max(1, len(visited) // 12)]:
        for state in (base, *_characters_varied(base), *_pools_varied(base)):
            for character in state.characters.values():
                style = candidates.style_skills(state, character)
                groups = (style.movers, style.actions, style.wards, style.others, style.utilities)
                for keys in groups:
                    fast = candidates._unrefused(state, character, keys, refused=False, fast=True)
                    with fast_paths.reference():
                        full = candidates._usable(state, character, keys)
                    assert fast == full, (character, keys)
                    compared += 1
                    dropped += len(full) < len(keys)
    assert compared > 2_000
    assert 0 < dropped < compared


@cache
def _played(name: str) -> tuple[TacticalState, ...]:
    """Every state the scenario passes through as a trial plays it (the ruleset's own
    policy, ``TacticalPolicy``), on the reference path, over :data:`SEEDS`."""
    return tuple(state for seed in SEEDS for state in played_states("tactical", name, seed)[1])


def _nearest(state: TacticalState, user: str) -> tuple[str, ...]:
    """``user`` and the two standing enemies nearest it (whom its attacks reach first)."""
    me = state.character(user)
    enemies = sorted(
        (other for other in state.standing() if other.is_enemy_of(me)),
        key=lambda other: (distance(me.position, other.position), other.id),
    )
    return (user, *[enemy.id for enemy in enemies[:2]])


def _attacks(state: TacticalState, user: str, aimed: tuple[str, ...]) -> Iterator[Command]:
    """Every attack of ``user``'s style (and the universal ones) at each standing
    character of ``aimed`` but itself: a melee or ranged skill aimed at it, a line or
    blast at its square (or the user's)."""
    me = state.character(user)
    style = candidates.style_skills(state, me)
    for key in (*style.actions, *style.others):
        skill = state.catalogue.skills[key]
        if not skill.is_attack:
            continue
        for other in state.standing():
            if other.id == user or other.id not in aimed:
                continue
            if skill.target in ("melee", "ranged"):
                yield cmd.use_skill(user, key, target=other.id)
            elif skill.target in ("line", "blast"):
                point = me.position if skill.blast == "central" else other.position
                yield cmd.use_skill(user, key, point=point)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_an_attack_weighed_once_is_the_attack_weighed_afresh(name: str) -> None:
    """The policy's worth of every attack of the acting character, and its defense and
    loss for every target of it, on states the scenario passes through as a trial plays
    it, with the characters varied in what the attack's input reads, in their pools and
    in the grid's distance: the answers built once for the values they read are those
    worked out afresh (the input built, the yield's odds counted), and so is the command
    the policy chooses among the legal ones (a value read and left out of a key would
    weigh another state's attack)."""
    compared = weighed_count = chosen = 0
    worths: set[Fraction] = set()
    defenses: set[str] = set()
    played = _played(name)
    bases = [state for state in played if state.turn is not None and state.use is None]
    for base in bases[:: max(1, len(bases) // 6)]:
        assert base.turn is not None
        actor = base.turn.actor
        near = _nearest(base, actor)
        variants = [*_varied(base), *_attack_varied(base, near), *_pools_varied(base, near)]
        for state in variants:
            for command in _attacks(state, actor, near):
                fast = attack_worth(state, command)
                with fast_paths.reference():
                    full = attack_worth(state, command)
                assert fast == full, (command, state)
                compared += 1
                assert full is not None
                worths.add(full)
                order = command.payload_as(cmd.UseSkill)
                if order.target is None:
                    continue
                aimed = state.character(order.target)
                if aimed.defeated:
                    continue
                use = Use(user=actor, skill=order.skill, origin="action", targets=(aimed.id,))
                threat = threat_against(state, use, aimed.id)
                offered = defenses_open(state, use, aimed.id)
                fast_weighed = weighed(state, use, aimed.id, threat, offered)
                with fast_paths.reference():
                    full_weighed = weighed(state, use, aimed.id, threat, offered)
                assert fast_weighed == full_weighed, (command, state)
                weighed_count += 1
                defenses.add(full_weighed[0])
            if state.turn is not None and state.turn.actor == actor:
                legal = ENGINE.legal_commands(state, actor)
                if legal:
                    with fast_paths.reference():
                        full_choice = POLICY.choose(state, actor, legal)
                    assert POLICY.choose(state, actor, legal) == full_choice
                    chosen += 1
    assert compared > 500
    assert weighed_count > 300
    assert chosen > 50
    assert len(worths) > 5
    assert "yield" in defenses
    assert len(defenses) > 1


def _utility_once(state: TacticalState, use: Use, seed: int) -> tuple[object, ...]:
    """The utility action's input, outcome and the faces rolled."""
    roller = RandomRoller(seed)
    check, outcome = rolled_utility(state, use, roller, utility_input)
    return (check, outcome, tuple(roller.history))


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_a_utility_action_built_once_is_the_one_worked_out_and_rolled(name: str) -> None:
    """A utility action by every character, with and without boons and banes, on states
    the scenario passes through with the characters varied in what the input reads (a
    condition giving a boon or a bane, cunning) and in what it does not, and with the
    options' cunning threshold and critical counting changed: the input, the outcome and
    the dice rolled for what they read are those worked out afresh and rolled with the
    same roller (a value read and left out of the key would give another state's roll)."""
    compared = 0
    effects: set[tuple[int, int]] = set()
    dice: set[int] = set()
    visited = _visited(name)
    for index, base in enumerate(visited[:: max(1, len(visited) // 4)]):
        options = base.options
        threshold = "at_or_below" if options.cunning_threshold == "below" else "below"
        counting = "instead" if options.critical_counting == "as_well" else "as_well"
        changed = [
            base.model_copy(update={"options": options.model_copy(update=update)})
            for update in ({"cunning_threshold": threshold}, {"critical_counting": counting})
        ]
        for state in (base, *_attack_varied(base), *changed):
            for number, user in enumerate(state.characters):
                boons, banes = number % 3, (number + index) % 2
                use = Use(user=user, skill="defend", origin="action", boons=boons, banes=banes)
                seed = index * 7 + number
                fast = _utility_once(state, use, seed)
                with fast_paths.reference():
                    full = _utility_once(state, use, seed)
                assert fast == full, (user, boons, banes)
                compared += 1
                outcome = full[1]
                assert isinstance(outcome, UtilityOutcome)
                effects.add((outcome.cunning_effects, outcome.critical_effects))
                dice.add(len(outcome.dice))
    assert compared > 300
    assert len(effects) >= 3
    assert len(dice) > 2


TRIAL_SEEDS = tuple(range(1, 31))
"""Enough trials that their dice differ (yields, utility rolls) and their states part."""


def _trial(name: str, seed: int, *, reference: bool) -> tuple[list[Any], list[int]]:
    """The scenario played as ``play_trials`` plays a trial started afresh (its start
    inside ``fast_paths.trial()``, keeping no log), on the fast paths or the reference
    path: after the start and after each command, the command, the state (dumped, its
    catalogue told apart by identity) and the pending decision; and the faces rolled."""
    if name not in _PLANS:  # parsed once, as ``play_trials`` parses a plan's scenario
        source = lab.scenario_source(name, ruleset="tactical")
        plan = TrialPlan("tactical", source.data, source.source)
        _PLANS[name] = (plan, plan.scenario())
    plan, scenario = _PLANS[name]
    rules = load_ruleset("tactical")
    assert rules.scenarios is not None
    record: list[Any] = []

    def seen(command: Command | None) -> None:
        state: TacticalState = run.session.state
        pending = run.session.pending
        record.append(
            (
                command,
                state.model_dump(mode="json", exclude={"catalogue"}),
                state.catalogue == _CATALOGUE,
                None if pending is None else pending.model_dump(mode="json"),
            )
        )

    def go() -> Any:
        with fast_paths.trial():
            started = rules.scenarios.start(scenario, RandomRoller(seed), seed=seed)  # type: ignore[union-attr]
        return started

    if reference:
        with fast_paths.reference():
            run = go()
    else:
        run = go()
    submit = run.session.submit

    def recording(command: Command, **kwargs: Any) -> Any:
        events = submit(command, **kwargs)
        seen(command)
        return events

    run.session.submit = recording
    seen(None)
    policy = resolve_policy(plan.policy, rules)
    if reference:
        with fast_paths.reference():
            play(run, policy)
    else:
        play(run, policy)
    return record, list(run.session.roller.history.faces)


_PLANS: dict[str, tuple[TrialPlan, Any]] = {}
_CATALOGUE = load_catalogue(None)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_trials_played_through_the_remembered_steps_are_the_reference_trials(name: str) -> None:
    """Trials of the scenario (30 seeds, each played twice on the fast paths: the second
    time every state comes from memory, the first time from the trials before it) pass
    through the reference path's states, pending decisions and commands, and roll the same
    faces: a command that rolled no die and the policy's choice are taken from memory for
    the very state, a command that rolled dice is played and its step, when equal to one
    it gave before, handed out as that one (``encounter/transitions.py``). The memories
    are used (steps handed out again, dice outcomes merged), or the test would prove
    nothing."""
    counted = {"again": 0, "merged": 0}
    step_once = transitions.step_once

    def counting(state: Any, command: Command, roller: Any, play_: Any) -> Any:
        known = transitions._PLAYED.recall((id(state), id(command)))
        if known is not None and known.state is state and known.command is command:
            counted["again" if known.step is not None else "merged"] += 1
        return step_once(state, command, roller, play_)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transitions, "step_once", counting)
        for seed in TRIAL_SEEDS:
            expected = _trial(name, seed, reference=True)
            assert _trial(name, seed, reference=False) == expected, seed
            assert _trial(name, seed, reference=False) == expected, seed
    assert counted["again"] > 10 * len(TRIAL_SEEDS)
    assert counted["merged"] > 0


def test_a_state_is_the_same_as_its_copy_and_not_as_a_changed_one() -> None:
    state = _visited(SCENARIO_NAMES[0])[-1]
    assert step_memory.same(state, state.model_copy(update={}))
    assert not step_memory.same(state, state.model_copy(update={"doom": state.doom + 1}))


def _asking(prompt: str) -> Step:
    """A step that only asks the GM ``prompt``."""
    return Step(
        decision=Decision(
            chooser=GM, prompt=prompt, options=(Option(id="o", label="O"),), default="o"
        )
    )


def test_a_command_that_rolls_is_played_again_and_only_an_equal_step_is_handed_out() -> None:
    """From one state, a command whose dice differ is played each time and keeps its own
    step; one whose dice give an equal step gets the step given before; a command that
    rolls nothing is the very step, without being played again."""
    played: list[int] = []
    state = _visited(SCENARIO_NAMES[0])[0]
    roller = RandomRoller(1)

    def playing(rolls: int, step: Step) -> Any:
        def play_() -> Step:
            played.append(1)
            for _ in range(rolls):
                roller.roll(Die(6))
            return step.model_copy(update={})

        return play_

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transitions, "_PLAYED", Memory(transitions.STEPS_REMEMBERED))
        command = cmd.simple(cmd.END_TURN, "x")
        first = transitions.step_once(state, command, roller, playing(1, _asking("a")))
        second = transitions.step_once(state, command, roller, playing(1, _asking("b")))
        third = transitions.step_once(state, command, roller, playing(1, _asking("a")))
        assert (len(played), len(roller.history)) == (3, 3)
        assert second is not first
        assert third is first
        quiet = cmd.simple(cmd.END_TURN, "y")
        once = transitions.step_once(state, quiet, roller, playing(0, _asking("b")))
        again = transitions.step_once(state, quiet, roller, playing(0, _asking("a")))
        assert again is once
        assert (len(played), len(roller.history)) == (4, 3)


def test_a_session_keeping_a_log_and_the_reference_path_are_never_served_from_memory() -> None:
    """A command remembered for a state (a trial's, keeping no log) is played in full for
    a session that keeps a log (its step drafts the events) and on the reference path."""
    state = next(s for s in _visited(SCENARIO_NAMES[0]) if s.turn is not None and s.use is None)
    assert state.turn is not None
    command = cmd.simple(cmd.END_TURN, state.turn.actor)
    with fast_paths.unlogged():
        remembered = ENGINE.submit(state, command, RandomRoller(1))
        assert ENGINE.submit(state, command, RandomRoller(1)) is remembered
        assert remembered.events == ()
        with fast_paths.reference():
            assert ENGINE.submit(state, command, RandomRoller(1)) is not remembered
    logged = ENGINE.submit(state, command, RandomRoller(1))
    assert logged is not remembered
    assert logged.events
    assert logged.state == remembered.state
