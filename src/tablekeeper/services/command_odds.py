"""Odds before committing: the exact chance of each outcome of a command the console offers.

The issue: "wherever the console offers an action with a roll, it shows the exact chance
of each outcome (hit, critical, injury, death...)". Nothing here is a second formula
(STYLE.md, lesson 2): every chance comes from the rules code the engine rolls with.

``percentile``: an Attack is turned into its attempts by the engine's own
:func:`~tablekeeper.rulesets.percentile.encounter.tasks.attack_tasks`, each attempt into
the ``percentile.attack`` input by
:func:`~tablekeeper.rulesets.percentile.encounter.requests.attack_request` (the
attacker's and the target's current skills, standing modifiers, melee distance), once
per defense the target could choose (:func:`~.defending.choices`), and read through
:func:`~tablekeeper.rulesets.percentile.attack_odds.attack_odds`, the resolver's own
odds. A melee attack on a target not yet engaged is computed at the distance engaging
would open at (P-OPT-12). Ability Use, Help, Rally, Use Passion, the last action of a
Cast Magic, Spirit Combat and a Grapple's grab give the levels of their own d100 (the
same breakdowns the engine rolls).

``realtime``: a reaction that rolls a check when used (the option ``reaction_checks``)
gives the ``realtime.check`` odds; Support gives the chance that the stabilization it
brings, when its charge completes, kills (R-CRIT-03); :func:`dying_odds` gives, for
every dying creature, that chance if stabilized now and 10 seconds from now.

Who asks matters (docs/rulings.md, C-10): the GM sees every odds; a player only odds
computed from nothing hidden from them (C-02, C-03). An attack's odds against a target
the player does not control are reduced to the attack roll, and to nothing when even
the roll depends on something hidden.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.commands import Command
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.percentile.attack_input import AttackInput, attack_breakdown
from tablekeeper.rulesets.percentile.attack_odds import attack_odds
from tablekeeper.rulesets.percentile.checks import Level, level_odds
from tablekeeper.rulesets.percentile.encounter import commands as pcmd
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.actions import base, rally_breakdown
from tablekeeper.rulesets.percentile.encounter.defending import Choice, choices, source
from tablekeeper.rulesets.percentile.encounter.engagement import opening_distance
from tablekeeper.rulesets.percentile.encounter.magic import casting_actions
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask
from tablekeeper.rulesets.percentile.encounter.requests import attack_request, standing
from tablekeeper.rulesets.percentile.encounter.state import Engagement, PercentileState, pair
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks, grapple_task
from tablekeeper.rulesets.realtime.checks import CheckInput, check_odds
from tablekeeper.rulesets.realtime.encounter import commands as rcmd
from tablekeeper.rulesets.realtime.encounter.life import death_chance_if_stabilized
from tablekeeper.rulesets.realtime.encounter.reactions import characteristic
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState
from tablekeeper.services.access import Viewer
from tablekeeper.services.campaigns import EncounterView

STABILIZE_LATER = 10
"""Seconds ahead for the second death chance :func:`dying_odds` shows."""


@dataclass(frozen=True)
class CommandOdds:
    """Exact chances for one command (or one dying creature), each with its label.

    The outcomes need not add up to 1: an attack lists its roll's levels, then for each
    defense the chance it hits, injures and takes the target out.
    """

    title: str
    outcomes: tuple[tuple[str, Fraction], ...]


def command_odds(view: EncounterView, command: Command, viewer: Viewer) -> CommandOdds | None:
    """The odds of ``command`` in the encounter now, as ``viewer`` may see them; ``None``
    for a command that rolls nothing, one the odds cannot be computed for (an invalid
    payload), or one whose odds would tell this viewer something hidden (C-10)."""
    try:
        if isinstance(view.state, PercentileState):
            return _percentile(view.state, command, viewer)
        if isinstance(view.state, RealtimeState):
            return _realtime(view.state, command, viewer)
    except (RulesError, KeyError, ValueError):
        return None
    return None


def dying_odds(view: EncounterView, viewer: Viewer) -> dict[str, CommandOdds]:
    """For each dying creature of a ``realtime`` encounter the viewer may see the numbers
    of: the chance that being stabilized (or healed) now, and in 10 seconds, kills it
    (R-CRIT-03, R-LIFE-03). Empty for any other ruleset."""
    state = view.state
    if not isinstance(state, RealtimeState):
        return {}
    found: dict[str, CommandOdds] = {}
    for creature in state.creatures.values():
        if not _sees(viewer, {creature.id}):
            continue
        now = death_chance_if_stabilized(creature)
        later = death_chance_if_stabilized(creature, later=STABILIZE_LATER)
        if now is None or later is None:
            continue
        found[creature.id] = CommandOdds(
            title=f"{creature.name}: P(death) if stabilized",
            outcomes=(("now", now), (f"in {STABILIZE_LATER} s", later)),
        )
    return found


def _sees(viewer: Viewer, needed: Iterable[str]) -> bool:
    """Whether every creature whose numbers the odds read is the viewer's to see."""
    return viewer.is_gm or all(key in viewer.characters for key in needed)


def _levels(chances: dict[Level, Fraction]) -> tuple[tuple[str, Fraction], ...]:
    return tuple((level.value, chance) for level, chance in chances.items())


# --- percentile ------------------------------------------------------------------------


def _percentile(state: PercentileState, command: Command, viewer: Viewer) -> CommandOdds | None:
    kind = command.kind
    if kind == pcmd.P + "attack":
        return _attack(state, command.payload_as(pcmd.Attack), viewer)
    if kind == pcmd.P + "grapple":
        return _grapple(state, command.payload_as(pcmd.Grapple), viewer)
    rolled = _percentile_check(state, command)
    if rolled is None:
        return None
    who, title, breakdown = rolled
    if not _sees(viewer, {who}):
        return None
    return CommandOdds(title=title, outcomes=_levels(level_odds(breakdown.total, state.options)))


def _percentile_check(
    state: PercentileState, command: Command
) -> tuple[str, str, Breakdown] | None:
    """The acting combatant, a title and the breakdown of the d100 a command rolls."""
    kind = command.kind
    if kind == pcmd.P + "ability":
        order = command.payload_as(pcmd.Ability)
        return order.combatant, order.skill, _check(state, order, "P-ACT-01")
    if kind == pcmd.P + "help":
        helping = command.payload_as(pcmd.Help)
        title = f"{helping.skill} to help {state.combatant(helping.ally).name}"
        return helping.combatant, title, _check(state, helping, "P-ACT-17")
    if kind == pcmd.P + "rally":
        who = command.payload_as(pcmd.Who).combatant
        return who, "Rally", rally_breakdown(state, who)
    if kind == pcmd.P + "use_passion":
        passion = command.payload_as(pcmd.Passion)
        if not gear.has_skill(state.combatant(passion.combatant), passion.passion):
            return None
        terms = Breakdown.of(base(state, passion.combatant, passion.passion, "P-REA-04"))
        return passion.combatant, passion.passion, terms
    if kind == pcmd.P + "cast":
        return _cast(state, command.payload_as(pcmd.Cast))
    if kind == pcmd.P + "spirit_combat":
        who = command.payload_as(pcmd.SpiritCombat).combatant
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


def _check(state: PercentileState, order: pcmd.Ability | pcmd.Help, source_id: str) -> Breakdown:
    """Ability Use or Help: the skill (or characteristic x5), the GM's modifier, and the
    standing penalties of a physical action (as ``actions.check`` rolls it)."""
    terms = [base(state, order.combatant, order.skill, source_id)]
    if order.modifier:
        terms.append(Contribution(amount=order.modifier, label="GM modifier", source="P-MOD-01"))
    physical = order.physical if isinstance(order, pcmd.Ability) else True
    if physical:
        terms.extend(standing(state, order.combatant))
    return Breakdown.of(*terms)


def _cast(state: PercentileState, order: pcmd.Cast) -> tuple[str, str, Breakdown] | None:
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


def _describe(choice: Choice, target: str) -> str:
    if choice.kind == "none":
        return f"{target} does not defend"
    name = "Dive Dodges" if choice.dive else f"{choice.kind}s"
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


def _attack(state: PercentileState, order: pcmd.Attack, viewer: Viewer) -> CommandOdds | None:
    tasks = attack_tasks(state, order)
    outcomes: list[tuple[str, Fraction]] = []
    for task in tasks:
        full = _sees(viewer, {task.attacker, task.target})
        if not full and not _sees(viewer, _roll_needs(state, task)):
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


def _grapple(state: PercentileState, order: pcmd.Grapple, viewer: Viewer) -> CommandOdds | None:
    """A Grapple's grab: its attack roll (the defense it meets is the target's choice)."""
    if order.maneuver != "grab":
        return None
    task = grapple_task(state, order, reason="grapple")
    if not _sees(viewer, _roll_needs(state, task)):
        return None
    name = state.combatant(order.target).name
    return CommandOdds(title=f"Grapple {name}", outcomes=tuple(_attempt(state, task, False)))


# --- realtime --------------------------------------------------------------------------


def _realtime(state: RealtimeState, command: Command, viewer: Viewer) -> CommandOdds | None:
    if command.kind == rcmd.REACT:
        return _react(state, command.payload_as(rcmd.React), viewer)
    if command.kind == rcmd.SUPPORT:
        return _support(state, command.payload_as(rcmd.Support), viewer)
    return None


def _react(state: RealtimeState, order: rcmd.React, viewer: Viewer) -> CommandOdds | None:
    """A reaction that rolls ``realtime.check`` with a characteristic when used."""
    entry = state.catalogue.reactions.get(order.reaction)
    if entry is None or entry.check is None or not state.options.reaction_checks:
        return None
    creature = state.creature(order.creature)
    value = characteristic(creature, entry.check)
    if value is None or not _sees(viewer, {order.creature}):
        return None
    odds = check_odds(CheckInput(characteristic=value, characteristic_name=entry.check))
    return CommandOdds(title=f"{entry.name}: {entry.check} check", outcomes=odds.outcomes)


def support_seconds(state: RealtimeState, order: rcmd.Support) -> int:
    """Seconds the dying target counts at negative HP between now and the Support's
    completion: the charge gains its A.P. at the end of each second and completes in the
    third step of the second that reaches the cost, before the dying count one more
    second in the seventh (G-R-E1)."""
    creature = state.creature(order.creature)
    rate = creature.rate(state.options)
    return max(0, math.ceil(state.catalogue.support.cost / rate) - 1)


def _support(state: RealtimeState, order: rcmd.Support, viewer: Viewer) -> CommandOdds | None:
    """Support on a dying creature: the chance the stabilization it brings kills."""
    target = state.creature(order.target)
    if not _sees(viewer, {order.target}):
        return None
    later = support_seconds(state, order)
    chance = death_chance_if_stabilized(target, later=later)
    if chance is None:
        return None
    return CommandOdds(
        title=f"Support {target.name}",
        outcomes=(("dies when stabilized", chance), ("survives", 1 - chance)),
    )
