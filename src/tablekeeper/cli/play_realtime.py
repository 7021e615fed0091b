"""``tablekeeper play realtime SCENARIO``: a scenario played second by second in the terminal.

Each second the timeline's commands are given, the GM may give more (interactive), and
the clock advances; every reaction decision is put to the GM. The table shows each
creature's HP and life state, its charge bar (A.P. charged / cost), its reaction
cooldown, and for the dying the seconds at negative HP and the exact chance of death if
stabilized now or in 10 seconds. When standard input is not a terminal, or once a
``--script`` of GM lines runs out, decisions take their defaults and time advances by
itself, so a scenario plays to its end unattended (``cli/gm.py``). ``cli/play.py`` picks
this runner for ``realtime``; everything goes through ``services/``; nothing here
computes a rule.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from fractions import Fraction

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablekeeper.cli.gm import GameMaster
from tablekeeper.engine import ActorId, Command, Event, set_value
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.realtime.checks import CheckOutcome
from tablekeeper.rulesets.realtime.encounter import (
    Creature,
    LifeState,
    death_chance_if_stabilized,
    seconds_left,
)
from tablekeeper.rulesets.realtime.encounter import commands as orders
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.services.realtime_scenarios import ScenarioRun

BAR = 12
LIFE_STYLE = {
    LifeState.CONSCIOUS: "green",
    LifeState.UNCONSCIOUS: "yellow",
    LifeState.DYING: "bold red",
    LifeState.DEAD: "dim",
}
HELP = (
    "enter or 'a [N]': advance 1 (or N) seconds · 'damage WHO N' · 'heal WHO N' · "
    "'move WHO X Y [forced]' · 'start WHO COST NAME' · 'support WHO TARGET' · "
    "'cancel WHO' · 'rest WHO QUALITY HOURS' · 'end-rest WHO' · "
    "'set PATH VALUE REASON' (GM override) · 'undo' · 'quit'"
)


def charge_bar(creature: Creature) -> Text:
    """``[██████░░░░░░] 3/5 Incantation``: the action being charged, or nothing."""
    charge = creature.charge
    if charge is None:
        return Text("—", style="dim")
    filled = round(BAR * charge.charged / charge.cost)
    return Text.assemble(
        ("█" * filled, "cyan"),
        ("░" * (BAR - filled), "dim"),
        f" {charge.charged}/{charge.cost} {_unit(charge.timed)} ",
        (charge.name, "bold"),
    )


def chance(value: Fraction | None) -> str:
    """An exact chance as a percentage: ``21%``, ``1/3%`` when not a whole one."""
    if value is None:
        return ""
    percent = value * 100
    return f"{percent.numerator}%" if percent.denominator == 1 else f"{percent}%"


def creature_table(run: ScenarioRun) -> Table:
    """One row per creature: HP, life state, charge bar, cooldown, dying, notes."""
    state = run.state
    table = Table(title=f"second {state.second}", title_justify="left", pad_edge=False)
    for column in ("creature", "HP", "state", "charging", "reaction", "dying"):
        table.add_column(column, no_wrap=True)
    table.add_column("P(death) if stabilized\nnow / in 10 s", no_wrap=True, justify="right")
    table.add_column("notes")
    for creature in state.creatures.values():
        left = creature.reaction_cooldown_left(state.second)
        reaction = Text("ready", "green") if left == 0 else Text(f"cooldown {left} s", "yellow")
        dying, odds = Text(), Text()
        if creature.is_dying:
            dying.append(
                f"{creature.seconds_negative} s, dies in {seconds_left(creature)} s", "red"
            )
            now = chance(death_chance_if_stabilized(creature))
            later = chance(death_chance_if_stabilized(creature, later=10))
            odds.append(f"{now} / {later}", "bold red")
        notes = []
        if creature.resting is not None:
            rest = creature.resting
            notes.append(f"resting since second {rest.started_at} (score {rest.score})")
        if creature.injuries:
            notes.append("injuries: " + ", ".join(injury.name for injury in creature.injuries))
        table.add_row(
            f"{creature.name} ({creature.side})",
            f"{creature.hp}/{creature.max_hp}",
            Text(creature.life.value, LIFE_STYLE[creature.life]),
            charge_bar(creature),
            reaction if creature.can_act else Text("—", "dim"),
            dying,
            odds,
            "; ".join(notes),
        )
    return table


def describe(event: Event, run: ScenarioRun) -> str | None:
    """One line for an event a GM wants to read, or ``None`` for bookkeeping."""
    if event.kind.startswith("override."):
        data = event.payload
        return f"GM override: {data.get('path') or data.get('target')} ({data['reason']})"
    if event.kind not in ev.EVENT_MODELS:
        return None
    payload = ev.read_event(event.kind, event.payload)
    names = {key: creature.name for key, creature in run.state.creatures.items()}
    who = names.get(ActorId(getattr(payload, "creature", "")), "")
    match payload:
        case ev.ActionStarted(charge=charge):
            return f"{who} starts charging {charge.name} ({charge.cost} {_unit(charge.timed)})"
        case ev.ActionCancelled():
            return (
                f"{who}'s {payload.name} is cancelled at {payload.charged}/{payload.cost}: "
                f"charge lost ({payload.reason}, {payload.rule})"
            )
        case ev.ActionCompleted():
            result = "" if payload.result == "done" else f" ({payload.result.replace('_', ' ')})"
            return f"{who} completes {payload.name}{result}"
        case ev.Moved():
            verb = "moves" if payload.voluntary else "is pushed"
            return f"{who} {verb} to {payload.destination}"
        case ev.TriggerOpened(trigger=trigger):
            concerned = ", ".join(names[key] for key in trigger.candidates)
            return (
                f"{names[trigger.source]} {trigger.description} (trigger {trigger.id}: {concerned})"
            )
        case ev.ReactionUsed():
            return (
                f"{who} uses {payload.name} against {names[payload.target]}: ready again at "
                f"second {payload.ready_at}{_check_text(payload.check)}"
            )
        case ev.ReactionDeclined():
            return f"{who} declines to react"
        case ev.Damaged():
            return f"{who} takes {payload.amount} damage: {payload.hp_after} HP"
        case ev.Healed():
            return f"{who} is healed to {payload.hp_after} HP"
        case ev.CriticalInjuryRolled(outcome=outcome):
            result = "death" if outcome.dead else f"{outcome.injury} ({outcome.test_modifier})"
            return (
                f"{who}'s critical injury roll: {outcome.die} + {outcome.modifier} = "
                f"{outcome.total}: {result}"
            )
        case ev.Stabilized():
            return f"{who} is stabilized at 0 HP"
        case ev.Died():
            return f"{who} dies ({payload.rule})"
        case ev.TreatmentRolled(outcome=outcome):
            result = "success" if outcome.check.success else "failure"
            return f"{who} treats {names[payload.target]}'s {outcome.injury}: {result}"
        case ev.RestStarted(rest=rest):
            return f"{who} begins to rest (score {rest.score})"
        case ev.RestEnded():
            gained = payload.hp_after - payload.hp_before
            return f"{who}'s Rest ends after {payload.hours} h ({payload.reason}): +{gained} HP"
    return None


def _unit(timed: bool) -> str:
    return "s" if timed else "A.P."


def _check_text(check: CheckOutcome | None) -> str:
    if check is None:
        return ""
    verdict = (
        f"hit, {check.success_points} S.P."
        if check.success
        else f"miss, {check.failure_points} F.P."
    )
    return f" ({check.die} on the d20 against {check.threshold}: {verdict})"


class Runner:
    """Plays a scenario run, showing each second and asking the GM."""

    def __init__(self, console: Console, run: ScenarioRun, gm: GameMaster) -> None:
        self.console, self.run, self.gm = console, run, gm
        self.stopped = False
        self.hits: list[Event] = []  # reactions used, whose damage the GM enters

    def play(self) -> None:
        """Second by second to the scenario's end (or ``quit``)."""
        self.console.print(
            Panel(
                self.run.scenario.summary or self.run.scenario.name,
                title=f"{self.run.scenario.name} (seed {self.run.seed})",
                title_align="left",
            )
        )
        self.console.print(creature_table(self.run))
        while not self.run.finished and not self.stopped:
            happened = [self.submit(command) for command in self.run.due()]
            if self.gm.attended:
                self.console.print(creature_table(self.run))
                self.gm_turn()
            elif self.submit(self.run.advance_command(1)) or any(happened):
                self.console.print(creature_table(self.run))
        self.console.print(creature_table(self.run))
        self.console.print(
            f"[bold]End[/bold] at second {self.run.second}: "
            f"{len(self.run.session.log.events)} events logged."
        )

    def submit(self, command: Command) -> bool:
        """Submit, show what happened, ask every decision; whether anything happened."""
        second = self.run.second
        try:
            events = self.run.session.submit(command)
        except RulesError as error:
            self.console.print(f"[red]refused:[/red] {error}")
            return False
        happened = self.show(events, second)
        while self.run.session.pending is not None:
            happened = self.decide() or happened
        while self.hits:
            self.ask_damage(self.hits.pop(0))
        return happened

    def show(self, events: Sequence[Event], second: int) -> bool:
        """Print each event worth reading, stamped with the second it happened in
        (``second``: the second the first event happened in)."""
        shown = False
        for event in events:
            line = describe(event, self.run)
            if line:
                self.console.print(Text.assemble((f"  s{second} ", "dim"), line))
                shown = True
                if event.kind == ev.REACTION_USED and self.gm.attended:
                    self.hits.append(event)
            if event.kind == ev.SECONDS_ELAPSED:
                second += int(str(event.payload["seconds"]))
            elif event.kind == ev.SECOND_ENDED:
                second += 1
        return shown

    def decide(self) -> bool:
        """Put the pending decision to the GM; a refused answer declines."""
        pending = self.run.session.pending
        assert pending is not None
        labels = " · ".join(f"{option.id}: {option.label}" for option in pending.options)
        choice = self.gm.ask(f"{pending.prompt} [{labels}]", pending.default, pending.option_ids)
        second = self.run.second
        try:
            return self.show(self.run.session.answer(choice), second)
        except RulesError as error:
            self.console.print(f"[red]refused:[/red] {error}; declining")
            return self.show(self.run.session.answer("decline"), second)

    def ask_damage(self, event: Event) -> None:
        """Ask the damage of a reaction that hit (or rolled nothing): the GM's to rule."""
        check = event.payload.get("check")
        if isinstance(check, dict) and not check["success"]:
            return
        answer = self.gm.ask(f"Damage dealt to {event.payload['target']}?", "0")
        if answer.strip() not in ("", "0"):
            self.submit(
                orders.damage(
                    str(event.payload["target"]), int(answer), source=str(event.payload["name"])
                )
            )

    def gm_turn(self) -> None:
        """The GM's commands for this second, until the clock advances."""
        while not self.stopped:
            line = self.gm.ask(f"second {self.run.second} (help: ?)", "a")
            try:
                words = shlex.split(line) or ["a"]
                verb, args = words[0].lower(), words[1:]
                if verb in ("a", "advance"):
                    self.submit(self.run.advance_command(int(args[0]) if args else 1))
                    return
                if verb == "quit":
                    self.stopped = True
                elif verb == "undo":
                    self.console.print(f"undone: {self.run.session.undo().command_id}")
                elif verb in ("?", "help"):
                    self.console.print(HELP)
                else:
                    self.submit(gm_command(verb, args))
            except (RulesError, ValueError, IndexError) as error:
                self.console.print(f"[red]not understood:[/red] {line!r}: {error}. {HELP}")


def gm_command(verb: str, args: list[str]) -> Command:
    """The command a GM line names (see ``HELP``)."""
    if verb == "damage":
        return orders.damage(args[0], int(args[1]))
    if verb == "heal":
        return orders.heal(args[0], int(args[1]))
    if verb == "move":
        forced = args[3:] == ["forced"]
        return orders.move(args[0], (int(args[1]), int(args[2])), voluntary=not forced, actor="gm")
    if verb == "start":
        return orders.start_action(args[0], name=" ".join(args[2:]), cost=int(args[1]), actor="gm")
    if verb == "support":
        return orders.support(args[0], args[1], actor="gm")
    if verb == "cancel":
        return orders.cancel_action(args[0], actor="gm")
    if verb == "rest":
        return orders.rest(args[0], quality=args[1], hours=int(args[2]), actor="gm")
    if verb == "end-rest":
        return orders.end_rest(args[0])
    if verb == "set":
        return set_value(args[0], _value(args[1]), reason=" ".join(args[2:]) or "GM ruling")
    raise InvalidInputError(f"no GM command {verb!r}", field="command")


def _value(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text
