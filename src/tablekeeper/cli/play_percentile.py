"""``tablekeeper play percentile SCENARIO``: a combat of rule document 001, turn by turn.

The GM starts the encounter (turn orders are rolled), then plays each combatant's turn:
the table shows the turn order (who is acting, the turn order each rolled), the actions
left and defenses held, who is engaged with whom and at what melee distance, hit points
(by location with Hit Locations), Magic and Determination Points and what stands on each
(prone, grappled, a stuck weapon, a declared Disengage). Each turn the GM picks one of
the combatant's legal commands; every decision (a defense, a critical's blow, a fumble's
equipment, a critical Dodge's follow-up) is put to the GM. Unattended (standard input not
a terminal, or a ``--script`` run out) the first legal command and each decision's
default are taken, so a scenario plays to its end. Everything goes through
``services/``; nothing here computes a rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablekeeper.cli.gm import GameMaster
from tablekeeper.engine import ActorId, Command, Event, set_value
from tablekeeper.errors import InvalidInputError, RulesError
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.services.percentile_scenarios import PercentileRun

HELP = "a number: take that command · 'undo' · 'set PATH VALUE REASON' (GM override) · 'quit'"


def _name(state: PercentileState, key: object) -> str:
    """The combatant's name, with its id when another one has the same name."""
    found = state.combatants.get(ActorId(str(key)))
    if found is None:
        return str(key)
    twins = sum(1 for other in state.combatants.values() if other.name == found.name)
    return found.name if twins == 1 else f"{found.name} [{found.id}]"


def _notes(state: PercentileState, combatant: Combatant) -> str:
    notes: list[str] = []
    if combatant.form != "corporeal":
        notes.append(combatant.form)
    if combatant.prone:
        notes.append("prone")
    grapple = state.grapple_on(combatant.id)
    if grapple is not None:
        notes.append(f"grappled by {_name(state, grapple.grappler)} (x{grapple.tightened})")
    held = state.grapple_by(combatant.id)
    if held is not None:
        notes.append(f"grappling {_name(state, held.grappled)}")
    for stuck in state.stuck_in(combatant.id):
        notes.append(f"{stuck.weapon} stuck in it")
    if combatant.disengaging or combatant.spirit_disengaging:
        notes.append("disengaging")
    if combatant.distracted:
        notes.append(f"distracted (+{combatant.distracted}% to hit it)")
    if combatant.casting is not None:
        casting = combatant.casting
        notes.append(f"casting {casting.spell} {casting.spent}/{casting.needed}")
    if combatant.dropped:
        notes.append("dropped: " + ", ".join(combatant.dropped))
    return "; ".join(notes)


def _engaged(state: PercentileState, combatant: Combatant) -> str:
    parts = []
    for engagement in state.engagements:
        if engagement.involves(combatant.id):
            other = _name(state, engagement.other(combatant.id))
            at = f" ({engagement.distance.replace('_', ' ')})" if engagement.distance else ""
            parts.append(other + at)
    parts += [f"{_name(state, foe)} (spirit)" for foe in state.spirit_foes(combatant.id)]
    return ", ".join(parts) or "—"


def status_table(run: PercentileRun) -> Table:
    """Turn order, actions left, engagement and points, one row per combatant."""
    state = run.state
    title = f"round {state.round}" if state.clock is not None else "before the first round"
    table = Table(title=title, title_justify="left", pad_edge=False)
    for column in ("", "combatant", "turn order", "actions", "HP", "MP", "DP", "engaged with"):
        table.add_column(column, no_wrap=True)
    table.add_column("notes")
    order = list(state.clock.order) if state.clock is not None else []
    listed = order + [key for key in state.combatants if key not in order]
    for key in listed:
        combatant = state.combatant(key)
        marker = "▶" if key == state.active else ""
        rolled = combatant.turn_order
        turn = "" if rolled is None else str(rolled.total)
        if combatant.waited is not None:
            turn += f" → {combatant.waited}"
        reserves = sum(item.left for item in combatant.reserves)
        actions = f"{combatant.actions_left}" + (f" +{reserves} def." if reserves else "")
        hp = f"{combatant.hp}/{combatant.stats.hit_points}"
        if combatant.location_hp:
            full = combatant.stats.hit_points_at()
            hurt = [f"{k} {v}/{full[k]}" for k, v in combatant.location_hp.items() if v < full[k]]
            hp += f" ({', '.join(hurt)})" if hurt else ""
        down = state.is_down(combatant)
        table.add_row(
            marker,
            Text(f"{_name(state, key)} ({combatant.side})", "dim" if down else "bold"),
            turn,
            "out" if down else actions,
            Text(hp, "red" if combatant.hp <= 0 else ""),
            "" if combatant.magic_points is None else str(combatant.magic_points),
            "" if combatant.determination_points is None else str(combatant.determination_points),
            _engaged(state, combatant),
            _notes(state, combatant),
        )
    return table


def command_label(state: PercentileState, command: Command) -> str:
    """What a legal command does, in words."""
    data = command.payload
    what = command.kind.removeprefix("percentile.").replace("_", " ")
    if "targets" in data and isinstance(data["targets"], list):
        names = ", ".join(_name(state, key) for key in data["targets"])
        return f"attack {names}"
    if data.get("target") is not None:
        return f"{what} {_name(state, data['target'])}"
    if what == "move":
        return f"move {data['meters']} m"
    if what == "grapple":
        return f"{data['maneuver']} {_name(state, data['target'])}"
    return what


def _roll(roll: CheckOutcome) -> str:
    return f"{roll.roll} against {roll.effective_skill}%, {roll.level.value}"


def describe(state: PercentileState, event: Event) -> str | None:
    """One line for an event a GM wants to read, or ``None`` for bookkeeping."""
    if event.kind.startswith("override."):
        data = event.payload
        return f"GM override: {data.get('path') or data.get('target')} ({data['reason']})"
    if event.kind not in ev.EVENT_MODELS:
        return None
    payload = ev.read_event(event.kind, event.payload)
    name = _name(state, getattr(payload, "combatant", ""))
    match payload:
        case ev.TurnOrderRolled(order=rolled):
            base = "1D10" if rolled.initiative is None else f"{rolled.initiative} + 1D10"
            mod = f" {rolled.modifier:+d} reach" if rolled.modifier else ""
            return (
                f"{name}'s turn order ({rolled.reason}): {base} ({rolled.die}){mod} = "
                f"{rolled.total}"
            )
        case ev.RoundStarted():
            names = ", ".join(_name(state, key) for key in payload.order)
            return f"Round {payload.round}: {names}"
        case ev.TurnStarted(lost=lost):
            return f"{name}'s turn" + (f" (fumble: lost its {lost})" if lost else "")
        case ev.AttackRolled(attack=task, roll=roll):
            return (
                f"{_name(state, task.attacker)} attacks {_name(state, task.target)} with "
                f"{task.weapon}: {roll.roll} against {roll.effective_skill}%, {roll.level.value}"
            )
        case ev.AttackResolved(outcome=outcome):
            defense = outcome.defense
            if defense is None:
                return None
            return (
                f"  {defense.kind}: {defense.check.roll} against {defense.check.effective_skill}%, "
                f"{defense.check.level.value} ({defense.effect.value})"
            )
        case ev.Damaged():
            where = f" to the {payload.location}" if payload.location else ""
            return (
                f"{name} takes {payload.amount} damage{where} ({payload.source}): "
                f"{payload.hp_after} HP"
            )
        case ev.PointsChanged():
            change = f"{payload.before} → {payload.after}"
            return f"{name}: {payload.points} points {change} ({payload.source})"
        case ev.Engaged():
            a, b = (_name(state, key) for key in payload.pair)
            at = f" at {payload.distance.replace('_', ' ')} distance" if payload.distance else ""
            return f"{a} and {b} are engaged in melee{at}"
        case ev.Disengagement() if event.kind == ev.DISENGAGED:
            others = ", ".join(_name(state, key) for key in payload.others)
            return f"{name} disengages from {others} ({payload.reason})"
        case ev.Fumbled(outcome=outcome):
            return f"{name} fumbles: {outcome.roll}, {outcome.text}"
        case ev.SpiritRolled(roll=roll):
            return f"{name} rolls Spirit Combat ({payload.role}): {_roll(roll)}"
        case ev.CheckRolled(purpose="bash_edge", roll=roll):
            return f"{name} rolls to stop at the edge: {_roll(roll)}"
        case ev.CheckRolled(roll=roll):
            return f"{name} rolls {payload.purpose.replace('_', ' ')}: {_roll(roll)}"
        case ev.Pushed(into_hazard=into):
            push = f"{payload.meters} m by {_name(state, payload.by)}"
            if into is None:
                return f"{name} is pushed {push}"
            if into:
                return f"{name} is pushed into the hazard ({push})"
            return f"{name} stops at the edge (pushed {push})"
        case ev.ActionTaken() if payload.actions == 0:
            return None
        case ev.CombatantOnly() if event.kind == ev.COMBATANT_DOWN:
            return f"{name} is out of the fight"
        case ev.EncounterEnded():
            return f"The encounter ends: {payload.winner or 'no one'} stands ({payload.reason})"
    return None


class Runner:
    """Plays a percentile scenario run turn by turn, asking the GM."""

    def __init__(self, console: Console, run: PercentileRun, gm: GameMaster) -> None:
        self.console, self.run, self.gm = console, run, gm
        self.stopped = False

    def play(self) -> None:
        """Turn by turn to the scenario's end (or ``quit``)."""
        scenario = self.run.scenario
        self.console.print(
            Panel(
                scenario.summary or scenario.name,
                title=f"{scenario.name} (seed {self.run.seed})",
                title_align="left",
            )
        )
        if self.run.state.clock is None:
            self.submit(self.run.start_command())
        shown: tuple[int, object] | None = None
        while not self.run.finished and not self.stopped:
            if self.run.session.pending is not None:
                self.decide()
                continue
            state = self.run.state
            if (state.round, state.active) != shown:
                self.console.print(status_table(self.run))
                shown = (state.round, state.active)
            self.turn()
        self.console.print(status_table(self.run))
        state = self.run.state
        ended = f"{state.winner or 'no one'} stands" if state.over else "the rounds ran out"
        self.console.print(
            f"[bold]End[/bold] in round {state.round}: {ended}; "
            f"{len(self.run.session.log.events)} events logged."
        )

    def show(self, events: Sequence[Event]) -> None:
        """Print each event worth reading (named as the state after them has it)."""
        state = self.run.state
        for event in events:
            line = describe(state, event)
            if line:
                self.console.print(Text.assemble(("  ", ""), line))

    def submit(self, command: Command) -> None:
        """Submit and show what happened."""
        try:
            self.show(self.run.session.submit(command))
        except RulesError as error:
            self.console.print(f"[red]refused:[/red] {error}")

    def decide(self) -> None:
        """Put the pending decision to the GM; a refused answer takes the default."""
        pending = self.run.session.pending
        assert pending is not None
        labels = " · ".join(f"{option.id}: {option.label}" for option in pending.options)
        choice = self.gm.ask(f"{pending.prompt} [{labels}]", pending.default, pending.option_ids)
        try:
            self.show(self.run.session.answer(choice))
        except RulesError as error:
            self.console.print(f"[red]refused:[/red] {error}; taking {pending.default}")
            self.show(self.run.session.answer(pending.default))

    def turn(self) -> None:
        """One command for the combatant whose turn it is."""
        state = self.run.state
        actor = state.active
        if actor is None:
            self.stopped = True
            return
        legal = self.run.session.legal_commands(actor)
        if self.gm.attended:
            for number, command in enumerate(legal, start=1):
                self.console.print(f"  {number}. {command_label(state, command)}")
        combatant = state.combatant(actor)
        line = self.gm.ask(
            f"{_name(state, actor)}, {combatant.actions_left} action(s) left (help: ?)", "1"
        )
        words = line.split()
        verb = words[0].lower() if words else "1"
        try:
            if verb.isdigit() and 1 <= int(verb) <= len(legal):
                chosen = legal[int(verb) - 1]
                self.console.print(f"  → {command_label(state, chosen)}", style="dim")
                self.submit(chosen)
            elif verb == "quit":
                self.stopped = True
            elif verb == "undo":
                self.console.print(f"undone: {self.run.session.undo().command_id}")
            elif verb == "set" and len(words) >= 3:
                value: int | str = int(words[2]) if words[2].lstrip("-").isdigit() else words[2]
                reason = " ".join(words[3:]) or "GM ruling"
                self.submit(set_value(words[1], value, reason=reason))
            else:
                raise InvalidInputError(f"not understood: {line!r}. {HELP}", field="command")
        except RulesError as error:
            self.console.print(f"[red]{error}[/red]")
