"""``tablekeeper play RULESET SCENARIO``: a scenario played in the terminal, GM at the keys.

One runner for every ruleset: it knows a ruleset only through its contract. It loads
the scenario through ``services/scenarios.py``, shows the actors' cards as a table (each
card's gauges as bars, its facts, its standing odds), the clock in the ruleset's words,
and every event as the ruleset's sentence; it puts every decision to the GM, and asks the
ruleset's follow-ups (a reaction's damage). Each turn the GM may pick a numbered legal
command, give a GM command by its name (``damage aliena 3`` or ``damage creature=aliena
amount=3``: the payload's fields in order, or named), override a value (``set PATH VALUE
REASON``), undo, ask for help (``?``) or quit; Enter lets the scenario play on as it
would unattended. When standard input is not a terminal, or once a ``--script`` of GM
lines runs out, every question takes its default and the scenario plays on by itself
(``ScenarioRun.next_command`` with the ruleset's policy), so it plays to its end
unattended.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablekeeper.cli.errors import user_errors
from tablekeeper.cli.gm import GameMaster, script_lines
from tablekeeper.cli.play_command import play
from tablekeeper.engine.cards import ActorCard, Gauge, distinct_names, names_of
from tablekeeper.engine.chances import percent
from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import DECISION_KINDS
from tablekeeper.engine.events import Event
from tablekeeper.engine.overrides import set_value
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.scenarios import Scenario, ScenarioRun
from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.engine.values import GM
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.services import scenarios
from tablekeeper.services.rulesets import ruleset_named
from tablekeeper.web.labels import distinct_labels

BAR = 12
HELP = (
    "Enter (or 'next'): play on · a number: take that command · a GM command by name with "
    "its fields in order or as field=value ({gm}) · 'set PATH VALUE REASON' (GM override) · "
    "'undo' · 'quit' · '?': this help"
)


def bar(gauge: Gauge) -> Text:
    """``HP [████████░░░░] 8/12``: a gauge as a bar and its numbers."""
    filled = round(BAR * gauge.fraction)
    unit = f" {gauge.unit}" if gauge.unit else ""
    return Text.assemble(
        f"{gauge.label} ",
        ("█" * filled, "cyan"),
        ("░" * (BAR - filled), "dim"),
        f" {gauge.value}/{gauge.maximum}{unit}",
    )


class Runner:
    """Plays one scenario run, showing the table and asking the GM."""

    def __init__(self, console: Console, run: ScenarioRun[Any], rules: Ruleset, gm: GameMaster):
        self.console, self.run, self.rules, self.gm = console, run, rules, gm
        self.policy = rules.policy()
        self.stopped = False
        self.shown_at = -1  # the log length the table was last printed at

    @property
    def state(self) -> Any:
        return self.run.session.state

    def cards(self) -> tuple[ActorCard, ...]:
        return self.rules.cards(self.state, GM_SIGHT)

    def names(self) -> dict[str, str]:
        return distinct_names(names_of(self.cards()))

    def print_table(self) -> None:
        """Print the table, unless nothing happened since it was last printed."""
        if len(self.run.session.log) != self.shown_at:
            self.shown_at = len(self.run.session.log)
            self.console.print(self.table())

    def table(self) -> Table:
        """One row per actor: name and side, life, gauges as bars, facts and odds."""
        table = Table(
            title=Text(self.rules.words.clock(self.state)), title_justify="left", pad_edge=False
        )
        for column in ("", "actor", "state", "gauges"):
            table.add_column(column, no_wrap=True)
        table.add_column("notes")
        odds = self.rules.standing_odds(self.state, GM_SIGHT)
        for card in self.cards():
            notes = [f"{fact.label}: {fact.value}" for fact in card.facts]
            notes += [f"{fact.explain}" for fact in card.facts if fact.explain]
            if card.conditions:
                notes.append(
                    "conditions: "
                    + ", ".join(
                        item.name + (f" ({item.lasts})" if item.lasts else "")
                        for item in card.condition_list
                    )
                )
            standing = odds.get(card.id)
            if standing is not None:
                chances = " · ".join(f"{label} {percent(p)}" for label, p in standing.outcomes)
                notes.append(f"{standing.title}: {chances}")
            gauges = Text("\n").join(bar(gauge) for gauge in card.gauges) or Text("—", "dim")
            table.add_row(
                "▶" if card.acting else "",
                Text(f"{self.names()[card.id]} ({card.side})", "dim" if card.defeated else "bold"),
                Text(card.life, "red" if card.defeated else "green"),
                gauges,
                "; ".join(notes),
            )
        return table

    def play(self) -> None:
        """To the scenario's end (or ``quit``)."""
        scenario = self.run.scenario
        title = f"{scenario.name} (seed {self.run.seed})"
        self.console.print(
            Panel(Text(scenario.summary or scenario.name), title=Text(title), title_align="left")
        )
        self.console.print(self.table())
        while not self.run.finished and not self.stopped:
            submitted = [self.submit(command) for command in self.run.due()]  # every one
            happened = any(submitted)
            if self.run.session.pending is not None:
                self.decide()
                continue
            if self.gm.attended:
                if happened:
                    self.print_table()
                self.gm_turn()
                continue
            command = self.run.next_command(self.policy)
            if command is None:
                break
            if self.submit(command) or happened:
                self.print_table()
        self.print_table()
        ended = escape(self.rules.ended(self.state) or "")
        clock = escape(self.rules.words.clock(self.state))
        self.console.print(
            (f"[bold]End:[/bold] {ended} ({clock})" if ended else f"[bold]End[/bold] at {clock}")
            + f"; {len(self.run.session.log.events)} events logged."
        )

    def submit(self, command: Command) -> bool:
        """Submit, show what happened, ask every decision and follow-up; whether anything
        worth reading happened."""
        clock = self.rules.words.clock(self.state)
        try:
            events = self.run.session.submit(command)
        except RulesError as error:
            self.console.print(Text.assemble(("refused: ", "red"), str(error)))
            return False
        happened = self.show(events, clock)
        happened = self.follow_up(events) or happened
        while self.run.session.pending is not None:
            happened = self.decide() or happened
        return happened

    def follow_up(self, events: Sequence[Event]) -> bool:
        """Ask the GM what the rules leave to them after ``events`` (a reaction's damage),
        when someone is at the keys; whether anything happened."""
        happened = False
        for asked in self.rules.follow_ups(self.state, events) if self.gm.attended else ():
            answer = self.gm.ask(asked.question, "0").strip() or "0"
            payload = {**asked.payload, asked.ask: _value(answer)}
            happened = self.submit(Command(actor=GM, kind=asked.kind, payload=payload)) or happened
        return happened

    def show(self, events: Sequence[Event], clock: str) -> bool:
        """Print each event worth reading, stamped with the clock it started at."""
        names = self.names()
        shown = False
        for event in events:
            if event.kind in DECISION_KINDS:  # the runner asks the decision itself
                continue
            line = self.rules.words.event_sentence(event, names, GM_SIGHT)
            if line:
                self.console.print(Text.assemble((f"  [{clock}] ", "dim"), line))
                shown = True
        return shown

    def decide(self) -> bool:
        """Put the pending decision to the GM; a refused answer takes the default."""
        pending = self.run.session.pending
        assert pending is not None
        labels = " · ".join(f"{option.id}: {option.label}" for option in pending.options)
        choice = self.gm.ask(f"{pending.prompt} [{labels}]", pending.default, pending.option_ids)
        clock = self.rules.words.clock(self.state)
        try:
            events = self.run.session.answer(choice)
        except RulesError as error:
            self.console.print(
                Text.assemble(("refused: ", "red"), f"{error}; taking {pending.default}")
            )
            events = self.run.session.answer(pending.default)
        happened = self.show(events, clock)
        return self.follow_up(events) or happened

    def legal(self) -> list[Command]:
        """Every command the GM may give now: the GM's own, then each actor's."""
        actors = [GM, *(card.id for card in self.cards())]
        return [command for actor in actors for command in self.run.session.legal_commands(actor)]

    def gm_turn(self) -> None:
        """One GM line: a numbered command, a GM command, an override, undo, help or quit."""
        legal = self.legal()
        names = self.names()
        offered = distinct_labels(
            [
                {
                    "label": self.rules.words.command_label(command, self.state, names),
                    "payload": command.model_dump(mode="json").get("payload") or {},
                }
                for command in legal
            ]
        )
        for number, item in enumerate(offered, start=1):  # words, never markup nor emoji
            self.console.print(Text(f"  {number}. {item['label']}"))
        line = self.gm.ask(f"{self.rules.words.clock(self.state)} (help: ?)", "")
        words = shlex.split(line) if line.strip() else []
        try:
            self.gm_line(words, legal)
        except (RulesError, ValueError) as error:
            gm = ", ".join(item.kind.partition(".")[2] for item in self.rules.gm_commands())
            self.console.print(Text.assemble(("not understood: ", "red"), f"{line!r}: {error}"))
            self.console.print(HELP.format(gm=gm))

    def gm_line(self, words: list[str], legal: list[Command]) -> None:
        """Do what one GM line says (see the module docstring)."""
        verb = words[0].lower() if words else ""
        if verb in ("", "next", "."):
            command = self.run.next_command(self.policy)
            if command is None:
                self.stopped = True
            else:
                self.submit(command)
        elif verb in ("?", "help"):
            gm = ", ".join(item.kind.partition(".")[2] for item in self.rules.gm_commands())
            self.console.print(HELP.format(gm=gm))
        elif verb == "quit":
            self.stopped = True
        elif verb == "undo":
            self.console.print(f"undone: {self.run.session.undo().command_id}")
        elif verb.isdigit():
            if not 1 <= int(verb) <= len(legal):
                raise InvalidInputError(f"choose 1 to {len(legal)}", field="command")
            self.submit(legal[int(verb) - 1])
        elif verb == "set" and len(words) >= 3:
            reason = " ".join(words[3:]) or "GM ruling"
            self.submit(set_value(words[1], _value(words[2]), reason=reason))
        else:
            self.submit(self.gm_command(verb, words[1:]))

    def gm_command(self, verb: str, args: list[str]) -> Command:
        """A GM command by its name: its payload's fields in order, or ``field=value``."""
        kinds = {item.kind.partition(".")[2]: item for item in self.rules.gm_commands()}
        spec = kinds.get(verb.replace("-", "_"))
        if spec is None:
            raise InvalidInputError(
                f"no GM command {verb!r} (GM commands: {', '.join(kinds) or 'none'})",
                field="command",
            )
        fields = list(spec.payload.model_fields)
        payload: dict[str, Any] = {}
        for position, arg in enumerate(args):
            name, equals, value = arg.partition("=")
            if equals and name in spec.payload.model_fields:
                payload[name] = _value(value)
            elif position < len(fields):
                payload[fields[position]] = _value(arg)
        return Command(actor=GM, kind=spec.kind, payload=payload)


def _value(text: str) -> Any:
    """A typed value: JSON when it reads as JSON (``3``, ``true``, ``[1, 0]``), else text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _limited(loaded: Scenario, length: int | None, unit: str | None) -> Scenario:
    """The scenario played for ``length`` instead (``unit``: what the option counts)."""
    if length is None:
        return loaded
    if unit is not None and unit != loaded.length_unit:
        raise InvalidInputError(
            f"--{unit} is for scenarios counted in {unit}; this one counts {loaded.length_unit} "
            f"(use --{loaded.length_unit} or --length)",
            field=f"--{unit}",
        )
    shortened: Scenario = loaded.with_length(length)
    return shortened


def run_play(
    ruleset: str,
    scenario: Path,
    *,
    seed: int | None,
    script: Path | None,
    length: int | None,
    seconds: int | None,
    rounds: int | None,
) -> None:
    """Play a scenario in the terminal (``tablekeeper play``: ``cli/play_command.py``)."""
    interactive = script is None and sys.stdin.isatty()
    # The rules' words are printed as they are: ":dagger:" is no emoji, "[wolf_1]" no markup.
    console = Console(highlight=False, emoji=False, width=None if interactive else 160)
    with user_errors():
        if ruleset not in scenarios.scenario_rulesets():
            raise InvalidInputError(
                "the terminal runner plays "
                + " or ".join(repr(name) for name in scenarios.scenario_rulesets())
                + f" scenarios, not {ruleset!r}",
                field="RULESET",
            )
        rules = ruleset_named(ruleset, field="RULESET")
        loaded = scenarios.load_scenario(scenario, ruleset=ruleset)
        for option, unit in ((length, None), (seconds, "seconds"), (rounds, "rounds")):
            loaded = _limited(loaded, option, unit)
        lines = script_lines(script) if script is not None else []
        if not interactive and script is None:
            console.print(
                "[dim]Standard input is not a terminal: decisions take their defaults and "
                "the scenario plays on by itself.[/dim]"
            )
        gm = GameMaster(console, interactive=interactive, script=lines)
        Runner(console, scenarios.start(loaded, seed=seed), rules, gm).play()


__all__ = ["Runner", "play", "run_play"]
