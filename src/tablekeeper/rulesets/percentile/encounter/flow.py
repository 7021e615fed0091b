"""How a command plays out: the plays of the table's own commands, the queued tasks, the clock.

Every command is played on a :class:`~.draft.PercentileDraft` pad: its play (a function here, or in
the module of its action: ``actions``, ``movement``, ``magic``, ``manifesting``, ``impaling``,
``roster``) drafts events and may raise a decision; then :func:`proceed` plays the
queued tasks (the attempts of a Split Action, free attacks, a counter-attack, the end of
a Move) until one needs a decision, and finally the clock (``turns.settle``) until a
combatant's turn is open, or, in a social encounter, its own clock (``social/rounds.py``).
The engine calls :func:`proceed` after every command and every answer (``resumes.py``
says how an answer resumes).
"""

from __future__ import annotations

from tablekeeper.engine.decisions import Decision
from tablekeeper.rulesets.percentile.encounter import actions, movement, spirit
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import grapple as grappling
from tablekeeper.rulesets.percentile.encounter.attack_in_play import declare
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.engagement import opening_distance
from tablekeeper.rulesets.percentile.encounter.followups import get_up_decision
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.pending import (
    AttackTask,
    FinishMove,
    GetUpTask,
    Task,
)
from tablekeeper.rulesets.percentile.encounter.social import rounds as social_rounds
from tablekeeper.rulesets.percentile.encounter.state import pair
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks, grapple_task
from tablekeeper.rulesets.percentile.encounter.turns import settle, start_encounter


def start(draft: PercentileDraft, order: cmd.Nothing) -> None:
    """The GM starts the encounter: turn orders are rolled, round 1 opens."""
    start_encounter(draft)


def end(draft: PercentileDraft, order: cmd.Nothing) -> None:
    """The GM ends the encounter (a social encounter under way first ends early: scored
    if some target DP is 0 or less, P-ARG-10)."""
    if draft.state.talking is not None:
        social_rounds.end_early(draft, ev.GM_ENDED)
    draft.emit(ev.ENCOUNTER_ENDED, ev.EncounterEnded(winner=None, reason=ev.GM_ENDED))


def engage(draft: PercentileDraft, order: cmd.Engage) -> None:
    """The GM rules two combatants engaged, at the distance engaging opens at unless told."""
    a, b = order.pair
    distance = order.distance or opening_distance(draft.state, a, b)
    draft.emit(ev.ENGAGED, ev.Engaged(pair=pair(a, b), distance=distance))


def damage(draft: PercentileDraft, order: cmd.GmDamage) -> None:
    """The GM deals damage by ruling."""
    hurt(
        draft,
        order.combatant,
        order.amount,
        source=order.source,
        rule="GM",
        location=order.location,
    )


def attack(draft: PercentileDraft, order: cmd.Attack) -> None:
    """Attack: the action, then each attempt queued (Split Action, P-OPT-07)."""
    tasks = attack_tasks(draft.state, order)  # before the action spends the Aim
    actions.take(draft, order.combatant, "attack", target=order.targets[0])
    draft.queue(*tasks, front=False)


def grapple(draft: PercentileDraft, order: cmd.Grapple) -> None:
    """Grapple: a grab is an attack queued; holding the target, Twist Limb or Tighten."""
    if order.maneuver == "grab":
        task = grapple_task(draft.state, order, reason="grapple")
        actions.take(draft, order.combatant, "grapple", target=order.target)
        draft.queue(task, front=False)
    else:
        actions.take(draft, order.combatant, order.maneuver, target=order.target)
        grappling.maneuver(draft, order.combatant, order.maneuver)


def regrab(draft: PercentileDraft, order: cmd.Target) -> None:
    """Re-grabbing a stuck weapon let go of: a Grapple action (P-OPT-05)."""
    grab = cmd.Grapple(combatant=order.combatant, target=order.target)
    task = grapple_task(draft.state, grab, reason="regrab")
    actions.take(draft, order.combatant, "grapple", target=order.target)
    draft.queue(task, front=False)


def escape(draft: PercentileDraft, order: cmd.Who) -> Decision | None:
    """Escape from Grapple: the grappler is asked whether to hold."""
    actions.take(draft, order.combatant, "escape")
    return grappling.ask_hold(draft, order.combatant)


def release(draft: PercentileDraft, order: cmd.Who) -> None:
    """The grappler lets go."""
    grappling.release(draft, order.combatant)


def spirit_combat(draft: PercentileDraft, order: cmd.SpiritCombat) -> Decision | None:
    """Spirit Combat: ready to defend until the next turn, and an attack if it has a target."""
    actions.take(draft, order.combatant, "spirit_combat", physical=False, target=order.target)
    draft.emit(ev.SPIRIT_GUARD_TAKEN, ev.CombatantOnly(combatant=order.combatant))
    if order.target is None:
        return None
    return spirit.attack(draft, order.combatant, order.target)


def play_task(draft: PercentileDraft, task: Task) -> Decision | None:
    """Play one queued task."""
    if isinstance(task, AttackTask):
        if task.optional:
            return movement.offer_free_attack(draft, task)
        return declare(draft, task)
    if isinstance(task, FinishMove):
        movement.finish(draft, task)
        return None
    assert isinstance(task, GetUpTask)
    return get_up_decision(draft, task.combatant)


def proceed(draft: PercentileDraft, decision: Decision | None = None) -> Decision | None:
    """Play the queued tasks, then the clock, stopping at the first decision (or at the
    one still asked: the GM took out someone else while it waits, ``leaving.py``)."""
    for _ in range(10_000):
        if decision is not None:
            return decision
        if draft.state.awaiting is not None:
            return None
        tasks = draft.state.tasks
        if not tasks:
            if draft.state.talking is not None:
                return social_rounds.settle(draft)
            settle(draft)
            return None
        draft.emit(ev.TASKS_SET, ev.TasksSet(tasks=tasks[1:]))
        decision = play_task(draft, tasks[0])
    raise RuntimeError("the tasks did not run out")  # pragma: no cover
