"""How a command plays out: its handler, the queued tasks, the decisions, the clock.

Every command is played on a :class:`~.work.Work` pad: its handler drafts events and may
raise a decision; then :func:`proceed` plays the queued tasks (the attempts of a Split
Action, free attacks, a counter-attack, the end of a Move) until one needs a decision,
and finally the clock (``turns.settle``) until a combatant's turn is open. An answer
(:func:`answer`) resumes from what the state says the decision was about.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tablekeeper.engine.decisions import Decision
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.attack_input import CriticalChoice
from tablekeeper.rulesets.percentile.encounter import (
    actions,
    forms,
    impaling,
    magic,
    movement,
    spirit,
)
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import grapple as grappling
from tablekeeper.rulesets.percentile.encounter.attacking import declare, defend_or_resolve, resolve
from tablekeeper.rulesets.percentile.encounter.defending import Choice
from tablekeeper.rulesets.percentile.encounter.engagement import opening_distance
from tablekeeper.rulesets.percentile.encounter.followups import follow_up, get_up, get_up_decision
from tablekeeper.rulesets.percentile.encounter.fumbling import apply as apply_fumble
from tablekeeper.rulesets.percentile.encounter.fumbling import queue_free_attack
from tablekeeper.rulesets.percentile.encounter.life import hurt
from tablekeeper.rulesets.percentile.encounter.pending import (
    AttackTask,
    Awaiting,
    CriticalBlow,
    DefenseChoice,
    DodgeFollowUp,
    FinishMove,
    FreeAttacker,
    FumbleItem,
    GetUp,
    GetUpTask,
    HoldGrapple,
    ResistMagic,
    SpiritBlock,
    SpiritCritical,
    SpiritResponse,
    TakeFreeAttack,
    Task,
)
from tablekeeper.rulesets.percentile.encounter.roster import add
from tablekeeper.rulesets.percentile.encounter.state import pair
from tablekeeper.rulesets.percentile.encounter.tasks import attack_tasks, grapple_task
from tablekeeper.rulesets.percentile.encounter.turns import settle, start_encounter
from tablekeeper.rulesets.percentile.encounter.work import Work

Play = Callable[[Work, Any], Decision | None]


def _start(work: Work, order: cmd.Nothing) -> None:
    start_encounter(work)


def _end(work: Work, order: cmd.Nothing) -> None:
    work.emit(ev.ENCOUNTER_ENDED, ev.EncounterEnded(winner=None, reason="the GM ended it"))


def _engage(work: Work, order: cmd.Engage) -> None:
    a, b = order.pair
    distance = order.distance or opening_distance(work.state, a, b)
    work.emit(ev.ENGAGED, ev.Engaged(pair=pair(a, b), distance=distance))


def _damage(work: Work, order: cmd.GmDamage) -> None:
    hurt(
        work, order.combatant, order.amount, source=order.source, rule="GM", location=order.location
    )


def _attack(work: Work, order: cmd.Attack) -> None:
    tasks = attack_tasks(work.state, order)  # before the action spends the Aim
    actions.take(work, order.combatant, "attack", target=order.targets[0])
    work.queue(*tasks, front=False)


def _grapple(work: Work, order: cmd.Grapple) -> None:
    if order.maneuver == "grab":
        task = grapple_task(work.state, order, reason="grapple")
        actions.take(work, order.combatant, "grapple", target=order.target)
        work.queue(task, front=False)
    else:
        actions.take(work, order.combatant, order.maneuver, target=order.target)
        grappling.maneuver(work, order.combatant, order.maneuver)


def _regrab(work: Work, order: cmd.Target) -> None:
    grab = cmd.Grapple(combatant=order.combatant, target=order.target)
    task = grapple_task(work.state, grab, reason="regrab")
    actions.take(work, order.combatant, "grapple", target=order.target)
    work.queue(task, front=False)


def _escape(work: Work, order: cmd.Who) -> Decision | None:
    actions.take(work, order.combatant, "escape")
    return grappling.ask_hold(work, order.combatant)


def _release(work: Work, order: cmd.Who) -> None:
    grappling.release(work, order.combatant)


def _spirit_combat(work: Work, order: cmd.SpiritCombat) -> Decision | None:
    actions.take(work, order.combatant, "spirit_combat", physical=False, target=order.target)
    work.emit(ev.SPIRIT_GUARD_TAKEN, ev.CombatantOnly(combatant=order.combatant))
    if order.target is None:
        return None
    return spirit.attack(work, order.combatant, order.target)


HANDLERS: Mapping[str, Play] = {
    cmd.P + "add_combatant": add,
    cmd.P + "start": _start,
    cmd.P + "end": _end,
    cmd.P + "damage": _damage,
    cmd.P + "engage": _engage,
    cmd.P + "end_turn": actions.end_turn,
    cmd.P + "ability": actions.ability,
    cmd.P + "aim": actions.aim,
    cmd.P + "attack": _attack,
    cmd.P + "cast": magic.cast,
    cmd.P + "concentrate": actions.concentrate,
    cmd.P + "defend": actions.defend,
    cmd.P + "disengage": actions.disengage,
    cmd.P + "disengage_spirit": actions.disengage_spirit,
    cmd.P + "equip": actions.equip,
    cmd.P + "grapple": _grapple,
    cmd.P + "escape": _escape,
    cmd.P + "release": _release,
    cmd.P + "help": actions.help_ally,
    cmd.P + "manifest": forms.manifest,
    cmd.P + "discorporate": forms.discorporate,
    cmd.P + "move": movement.move,
    cmd.P + "rally": actions.rally,
    cmd.P + "spirit_combat": _spirit_combat,
    cmd.P + "wait": actions.wait,
    cmd.P + "stand_up": actions.stand_up,
    cmd.P + "pull_weapon": impaling.pull,
    cmd.P + "remove_weapon": impaling.remove,
    cmd.P + "let_go": impaling.let_go,
    cmd.P + "regrab": _regrab,
    cmd.P + "drop": actions.drop,
    cmd.P + "speak": actions.speak,
    cmd.P + "step": actions.step,
    cmd.P + "use_passion": actions.use_passion,
}
assert set(HANDLERS) == set(cmd.COMMAND_MODELS), "every command kind has a handler"


def play_task(work: Work, task: Task) -> Decision | None:
    """Play one queued task."""
    if isinstance(task, AttackTask):
        if task.optional:
            return movement.offer_free_attack(work, task)
        return declare(work, task)
    if isinstance(task, FinishMove):
        movement.finish(work, task)
        return None
    assert isinstance(task, GetUpTask)
    return get_up_decision(work, task.combatant)


def proceed(work: Work, decision: Decision | None = None) -> Decision | None:
    """Play the queued tasks, then the clock, stopping at the first decision."""
    for _ in range(10_000):
        if decision is not None:
            return decision
        tasks = work.state.tasks
        if not tasks:
            settle(work)
            return None
        work.emit(ev.TASKS_SET, ev.TasksSet(tasks=tasks[1:]))
        decision = play_task(work, tasks[0])
    raise RuntimeError("the tasks did not run out")  # pragma: no cover


def _resume(work: Work, awaiting: Awaiting, option: str) -> Decision | None:
    if isinstance(awaiting, CriticalBlow):
        critical: CriticalChoice = "precise" if option == "precise" else "devastating"
        return defend_or_resolve(work, awaiting.attack, awaiting.roll, critical)
    if isinstance(awaiting, DefenseChoice):
        return resolve(
            work, awaiting.attack, awaiting.roll, awaiting.critical, Choice.parse(option)
        )
    if isinstance(awaiting, DodgeFollowUp):
        follow_up(work, awaiting, option)
    elif isinstance(awaiting, FumbleItem):
        return apply_fumble(work, awaiting.fumbler, awaiting.face, option, awaiting.during)
    elif isinstance(awaiting, FreeAttacker):
        queue_free_attack(work, ActorId(option), awaiting.fumbler)
    elif isinstance(awaiting, TakeFreeAttack):
        if option == "attack":
            return declare(work, awaiting.attack.model_copy(update={"optional": False}))
    elif isinstance(awaiting, GetUp):
        get_up(work, awaiting.combatant, option)
    elif isinstance(awaiting, HoldGrapple):
        grappling.escape(work, awaiting.escaper, hold=option == "hold")
    elif isinstance(awaiting, ResistMagic):
        magic.resisted(work, awaiting, option)
    elif isinstance(awaiting, SpiritCritical):
        return spirit.chose_blow(work, awaiting, option)
    elif isinstance(awaiting, SpiritResponse):
        return spirit.respond(work, awaiting, option)
    elif isinstance(awaiting, SpiritBlock):
        return spirit.blocked(work, awaiting, option)
    return None


def answer(work: Work, chooser: str, option: str) -> Decision | None:
    """Resume from the decision the state is waiting on, with ``option``."""
    awaiting = work.state.awaiting
    if awaiting is None:
        raise IllegalCommandError("no decision is pending in this encounter", field="kind")
    made = ev.ChoiceMade(chooser=ActorId(chooser), about=awaiting.kind, option=option)
    work.emit(ev.CHOICE_MADE, made)
    return proceed(work, _resume(work, awaiting, option))


def play(work: Work, kind: str, payload: Any) -> Decision | None:
    """Play the command ``kind`` (already checked), then everything it sets going."""
    return proceed(work, HANDLERS[kind](work, payload))
