"""Odds before committing, in a ``percentile`` encounter: the exact chances a console shows.

Nothing here is a second formula (STYLE.md, lesson 2): every chance comes from the rules
code the engine rolls with. An Attack is turned into its attempts by the engine's own
:func:`~.encounter.tasks.attack_tasks`, each attempt into the ``percentile.attack`` input
by :func:`~.encounter.requests.attack_request` (the attacker's and the target's current
skills, standing modifiers, melee distance), once per defense the target could choose
(:func:`~.encounter.defending.choices`), and read through
:func:`~.attack_odds.attack_odds`, the resolver's own odds. A melee attack on a target
not yet engaged is computed at the distance engaging would open at (P-OPT-12). Ability
Use, Help, Rally, Use Passion, the last action of a Cast Magic, Spirit Combat and a
Grapple's grab give the levels of their own d100 (the same breakdowns the engine rolls).

Who asks matters (docs/rulings.md, C-10): the GM sees every odds; a player only odds
computed from nothing hidden from them (C-02, C-03). An attack's odds against a target
the player does not control are reduced to the attack roll, and to nothing when even
the roll depends on something hidden. A social encounter's commands are
``social_odds.py``'s.
"""

from __future__ import annotations

from fractions import Fraction

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.chances import CommandOdds
from tablekeeper.engine.commands import Command
from tablekeeper.engine.sight import Sight
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.attack_input import AttackInput, attack_breakdown
from tablekeeper.rulesets.percentile.attack_odds import attack_odds
from tablekeeper.rulesets.percentile.checks import Level, level_odds
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.actions import base, rally_breakdown
from tablekeeper.rulesets.percentile.encounter.attack_request import attack_request, standing
from tablekeeper.rulesets.percentile.encounter.defending import Choice, choices, source
from tablekeeper.rulesets.percentile.encounter.engagement import opening_distance
from tablekeeper.rulesets.percentile.encounter.magic import casting_actions
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask
from tablekeeper.rulesets.percentile.encounter.social.commands import SOCIAL_TURN_KINDS
from tablekeeper.rulesets.percentile.encounter.state import Engagement, PercentileState, pair
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks, grapple_task
from tablekeeper.rulesets.percentile.social_odds import social_odds


def command_odds(state: PercentileState, command: Command, sight: Sight) -> CommandOdds | None:
    """The odds of ``command`` in the encounter now, as ``sight`` may see them; ``None``
    for a command that rolls nothing, one the odds cannot be computed for (an invalid
    payload, a combatant not in the encounter), or one whose odds would tell this viewer
    something hidden (C-10)."""
    try:
        return _odds(state, command, sight)
    except (RulesError, KeyError, ValueError):
        return None


def _levels(chances: dict[Level, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    return tuple((level.value, chance) for level, chance in chances.items())


def _odds(state: PercentileState, command: Command, sight: Sight) -> CommandOdds | None:
    kind = command.kind
    if kind in SOCIAL_TURN_KINDS:
        return social_odds(state, command, sight)
    if kind == cmd.ATTACK:
        return _attack(state, command.payload_as(cmd.Attack), sight)
    if kind == cmd.GRAPPLE:
        return _grapple(state, command.payload_as(cmd.Grapple), sight)
    rolled = _percentile_check(state, command)
    if rolled is None:
        return None
    who, title, breakdown = rolled
    if not sight.sees(who):
        return None
    return CommandOdds(title=title, outcomes=_levels(level_odds(breakdown.total, state.options)))


def _percentile_check(
    state: PercentileState, command: Command
) -> tuple[str, str, Breakdown] | None:
    """The acting combatant, a title and the breakdown of the d100 a command rolls."""
    kind = command.kind
    if kind == cmd.ABILITY:
        order = command.payload_as(cmd.Ability)
        return order.combatant, order.skill, _check(state, order, "P-ACT-01")
    if kind == cmd.HELP:
        helping = command.payload_as(cmd.Help)
        title = f"{helping.skill} to help {state.combatant(helping.ally).name}"
        return helping.combatant, title, _check(state, helping, "P-ACT-17")
    if kind == cmd.RALLY:
        who = command.payload_as(cmd.Who).combatant
        return who, "Rally", rally_breakdown(state, who)
    if kind == cmd.USE_PASSION:
        passion = command.payload_as(cmd.Passion)
        if not gear.has_skill(state.combatant(passion.combatant), passion.passion):
            return None
        terms = Breakdown.of(base(state, passion.combatant, passion.passion, "P-REA-04"))
        return passion.combatant, passion.passion, terms
    if kind == cmd.CAST:
        return _cast(state, command.payload_as(cmd.Cast))
    if kind == cmd.SPIRIT_COMBAT:
        who = command.payload_as(cmd.SpiritCombat).combatant
        combatant = state.combatant(who)
        if not gear.has_skill(combatant, gear.SPIRIT_COMBAT):
            return None
        term = Contribution(
            amount=gear.skill(combatant, gear.SPIRIT_COMBAT),
            label=gear.SPIRIT_COMBAT,
            source="P-SPC-01",
        )
        return who, "Spirit Combat", Breakdown.of(term)
    return None


def _check(state: PercentileState, order: cmd.Ability | cmd.Help, source_id: str) -> Breakdown:
    """Ability Use or Help: the skill (or characteristic x5), the GM's modifier, and the
    standing penalties of a physical action (as ``actions.check`` rolls it)."""
    terms = [base(state, order.combatant, order.skill, source_id)]
    if order.modifier:
        terms.append(Contribution(amount=order.modifier, label="GM modifier", source="P-MOD-01"))
    physical = order.physical if isinstance(order, cmd.Ability) else True
    if physical:
        terms.extend(standing(state, order.combatant))
    return Breakdown.of(*terms)


def _cast(state: PercentileState, order: cmd.Cast) -> tuple[str, str, Breakdown] | None:
    """The casting roll, on the action that completes the casting only (P-OPT-21)."""
    current = state.combatant(order.combatant).casting
    if current is None or current.spell != order.spell:
        needed, spent, skill = casting_actions(order.magic_points, state.options), 0, order.skill
    else:
        needed, spent, skill = current.needed, current.spent, current.skill
    if spent + 1 < needed:
        return None
    terms = Breakdown.of(base(state, order.combatant, skill or "POW", "P-ACT-04"))
    return order.combatant, f"Cast {order.spell}", terms


def _engaged(state: PercentileState, task: AttackTask) -> PercentileState:
    """The state as the attack finds it once its pair is engaged: a melee attack on a
    target not yet engaged opens at the distance P-OPT-12 gives (``engagement.engage``)."""
    weapon = gear.weapon(state.combatant(task.attacker), task.weapon, state.options)
    if weapon.ranged or state.engagement(task.attacker, task.target) is not None:
        return state
    distance = opening_distance(
        state, task.attacker, task.target, weapon=task.weapon, declared=task.distance
    )
    engagement = Engagement(pair=pair(task.attacker, task.target), distance=distance)
    return state.model_copy(update={"engagements": (*state.engagements, engagement)})


def _roll_needs(state: PercentileState, task: AttackTask) -> set[str]:
    """Whose hidden numbers the attack roll reads: the attacker's; the target's too when
    it is distracted (a fumble's penalty, kept by the GM) or when the distance engaging
    opens at depends on its weapon's reach."""
    needed: set[str] = {task.attacker}
    if state.combatant(task.target).distracted:
        needed.add(task.target)
    weapon = gear.weapon(state.combatant(task.attacker), task.weapon, state.options)
    unengaged = state.engagement(task.attacker, task.target) is None
    if not weapon.ranged and unengaged and state.options.weapon_reach:
        needed.add(task.target)
    return needed


_VERBS = {"dodge": "dodges", "parry": "parries", "block": "blocks"}
"""What a defense kind's target does, in the odds' words (``hit if Orc parries``)."""


def _describe(choice: Choice, target: str) -> str:
    if choice.kind == "none":
        return f"{target} does not defend"
    name = "dive dodges" if choice.dive else _VERBS[choice.kind]
    item = f" with {choice.item}" if choice.item else ""
    return f"{target} {name}{item}"


def _defenses(state: PercentileState, task: AttackTask, request: AttackInput) -> list[Choice]:
    """The single (unsplit) defenses the target may choose, ``none`` last."""
    offered = choices(state, task.target, task.attacker, ranged=request.attacker.weapon.ranged)
    return [choice for choice in offered if choice.split == 1]


def _attempt(state: PercentileState, task: AttackTask, full: bool) -> list[tuple[str, Fraction]]:
    """One attempt's odds: the attack roll's levels, then, in full, for each defense the
    target may choose, the chance the blow connects, injures (1 point or more gets
    through, G-P-27) and takes the target out of the fight (0 HP or below, G-P-E3); for a
    Disarm, the chance the weapon is knocked away instead."""
    engaged = _engaged(state, task)
    request = attack_request(engaged, task)
    rolled = level_odds(
        attack_breakdown(request).total,
        request.options,
        automatic_success=request.attacker.automatic_success,
    )
    outcomes = list(_levels(rolled))
    if not full:
        return outcomes
    target = engaged.combatant(task.target)
    where = source(engaged, task.target)
    early = where.early if where is not None else False
    for choice in _defenses(engaged, task, request):
        defended = attack_request(engaged, task, choice=choice, early=early)
        odds = attack_odds(defended)
        how = _describe(choice, target.name)
        outcomes.append((f"hit if {how}", odds.hit))
        if task.intent == "disarm":
            disarmed = dict(odds.outcomes.outcomes).get("disarmed", Fraction(0))
            outcomes.append((f"disarmed if {how}", disarmed))
            continue
        injured = sum((p for value, p in odds.damage if value >= 1), Fraction(0))
        down = sum((p for value, p in odds.damage if value >= target.hp), Fraction(0))
        outcomes.append((f"injured if {how}", injured))
        outcomes.append((f"out of the fight if {how}", down))
    return outcomes


def _attack(state: PercentileState, order: cmd.Attack, sight: Sight) -> CommandOdds | None:
    tasks = attack_tasks(state, order)
    outcomes: list[tuple[str, Fraction]] = []
    for task in tasks:
        full = sight.sees_all({task.attacker, task.target})
        if not full and not sight.sees_all(_roll_needs(state, task)):
            return None
        attempt = _attempt(state, task, full)
        if len(tasks) > 1:
            name = state.combatant(task.target).name
            attempt = [(f"{name}: {label}", chance) for label, chance in attempt]
        outcomes.extend(attempt)
    names = ", ".join(state.combatant(target).name for target in order.targets)
    return CommandOdds(title=f"Attack {names}", outcomes=tuple(_unique(outcomes)))


def _unique(outcomes: list[tuple[str, Fraction]]) -> list[tuple[str, Fraction]]:
    """Labels made unique (the same target attacked twice in a Split Action)."""
    seen: dict[str, int] = {}
    unique = []
    for label, chance in outcomes:
        seen[label] = seen.get(label, 0) + 1
        unique.append((label if seen[label] == 1 else f"{label} ({seen[label]})", chance))
    return unique


def _grapple(state: PercentileState, order: cmd.Grapple, sight: Sight) -> CommandOdds | None:
    """A Grapple's grab: its attack roll (the defense it meets is the target's choice)."""
    if order.maneuver != "grab":
        return None
    task = grapple_task(state, order, reason="grapple")
    if not sight.sees_all(_roll_needs(state, task)):
        return None
    name = state.combatant(order.target).name
    return CommandOdds(title=f"Grapple {name}", outcomes=tuple(_attempt(state, task, False)))
