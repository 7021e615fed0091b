"""The ``realtime`` ruleset's words: its commands, events and outcomes as the table says them.

One definition for every interface (the terminal runner, the console's buttons and log,
the Markdown export): :data:`WORDS` meets :class:`~tablekeeper.engine.words.Words`. A
sentence says only what its viewer may know (docs/rulings.md, C-03): another creature's
HP, its critical injury and the threshold of its checks are the GM's (and its player's),
so a player reads "Wolf takes 5 damage", the GM "Wolf takes 5 damage: -2 HP".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import Names, engine_sentence, name_of, square
from tablekeeper.rulesets.realtime.checks import CheckOutcome
from tablekeeper.rulesets.realtime.encounter import commands as cmd
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter.state import RealtimeState

ABBREVIATIONS: Mapping[str, str] = {
    "S.P.": "Success Points",
    "F.P.": "Failure Points",
    "A.P.": "Action Points",
}
"""The document's abbreviations and its terms for them: a check's Success Points (S.P.)
and Failure Points (F.P.), the margin ``characteristic - die`` (R-TEST-02), and the
Action Points (A.P.) an action costs; an interface spells them out where they are read
(the console's ``<abbr title>``)."""


def unit(timed: bool) -> str:
    """What a charge counts: seconds for a timed action (a treatment), else A.P."""
    return "s" if timed else "A.P."


def check_text(check: CheckOutcome | None, sight_sees: bool) -> str:
    """A reaction's check in brackets: the die, and against the threshold when the viewer
    may see it (``(14 on the d20 against 11: miss, 3 F.P.)``)."""
    if check is None:
        return ""
    if not sight_sees:
        return f" ({check.die} on the d20: {'hit' if check.success else 'miss'})"
    verdict = (
        f"hit, {check.success_points} S.P."
        if check.success
        else f"miss, {check.failure_points} F.P."
    )
    return f" ({check.die} on the d20 against {check.threshold}: {verdict})"


class RealtimeWords:
    """How ``realtime`` says what its commands do and what its events mean."""

    abbreviations: Mapping[str, str] = ABBREVIATIONS
    """What its sentences abbreviate, spelled out (:data:`ABBREVIATIONS`)."""

    def command_label(self, command: Command, state: RealtimeState, names: Names) -> str:
        """``Aliena: start Complex Spell*``, ``Move Aliena to (1, 0)``, ``Advance 1 s``."""
        payload: Mapping[str, Any] = command.payload
        who = name_of(names, payload.get("creature", command.actor))
        kind = command.kind

        def name(key: str) -> str:
            return name_of(names, payload.get(key))

        if kind == cmd.ADVANCE:
            return f"Advance {payload.get('seconds', 1)} s"
        if kind == cmd.START_ACTION:
            action = payload.get("action")
            entry = state.catalogue.actions.get(action) if isinstance(action, str) else None
            title = entry.name if entry is not None else payload.get("name")
            target = f" on {name('target')}" if payload.get("target") else ""
            return f"{who}: start {title or action}{target}"
        if kind == cmd.MOVE:
            forced = "" if payload.get("voluntary", True) else " (forced)"
            return f"Move {who} to {square(payload.get('to') or (0, 0))}{forced}"
        if kind == cmd.CANCEL_ACTION:
            creature = state.creatures.get(str(payload.get("creature")))  # type: ignore[call-overload]
            charge = creature.charge if creature is not None else None
            return f"{who}: give up {charge.name if charge else 'the action'}"
        if kind == cmd.SUPPORT:
            return f"{who}: Support {name('target')}"
        if kind == cmd.TREAT:
            injury = payload.get("injury")
            return f"{who}: {payload.get('level')} treatment of {name('target')}'s injury {injury}"
        if kind == cmd.REACT:
            reaction = state.catalogue.reactions.get(str(payload.get("reaction")))
            title = reaction.name if reaction is not None else payload.get("reaction")
            return f"{who}: {title} (trigger {payload.get('trigger')})"
        if kind == cmd.DAMAGE:
            return f"Deal {payload.get('amount')} damage to {who}"
        if kind == cmd.HEAL:
            return f"Heal {who} by {payload.get('amount')}"
        return f"{who}: {kind.removeprefix('realtime.').replace('_', ' ')}"

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        """One line for an event a GM or player wants to read; ``None`` for bookkeeping."""
        shared = engine_sentence(event, names, sight)
        if shared is not None or event.kind not in ev.EVENT_MODELS:
            return shared
        return _sentence(ev.read_event(event.kind, event.payload), names, sight)

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        """The command's outcome: its weightiest sentences (a death, an injury, damage, a
        reaction, an action completed), at most two, joined."""
        ranked: list[tuple[int, str]] = []
        for event in events:
            weight = _WEIGHT.get(event.kind)
            if weight is None:
                continue
            line = self.event_sentence(event, names, sight)
            if line:
                ranked.append((weight, line))
        if not ranked:
            return None
        ranked.sort(key=lambda item: -item[0])
        return "; ".join(line for _, line in ranked[:2])

    def clock(self, state: RealtimeState) -> str:
        """``second 12``, or ``second 12 (ending)`` while its end is resolved."""
        return f"second {state.second}" + (" (ending)" if state.ending_second else "")

    def __repr__(self) -> str:
        return "RealtimeWords()"


_WEIGHT = {
    ev.DIED: 9,
    ev.CRITICAL_INJURY_ROLLED: 8,
    ev.DAMAGED: 7,
    ev.REACTION_USED: 6,
    ev.STABILIZED: 6,
    ev.HEALED: 5,
    ev.TREATMENT_ROLLED: 5,
    ev.ACTION_COMPLETED: 4,
    ev.ACTION_CANCELLED: 4,
    ev.REST_ENDED: 3,
    ev.MOVED: 3,
    ev.MOVE_BLOCKED: 3,
    ev.CREATURE_REMOVED: 3,
    ev.ACTION_STARTED: 2,
    ev.TRIGGER_OPENED: 2,
    ev.REST_STARTED: 2,
    ev.REACTION_DECLINED: 1,
}
"""Which events say most about what a command did, for its summary."""


def _sentence(payload: Any, names: Names, sight: Sight) -> str | None:
    """The sentence of an event: of the actions and the clock, or else of life and rest."""
    who = name_of(names, getattr(payload, "creature", ""))
    creature = str(getattr(payload, "creature", ""))
    sees = sight.sees(creature)
    if isinstance(payload, ev.ReactionUsed):  # its check's threshold: not "dice only" (C-20)
        return _action_sentence(payload, who, names, sight.sees_targets(creature))
    return _action_sentence(payload, who, names, sees) or _life_sentence(payload, who, names, sees)


def _action_sentence(payload: Any, who: str, names: Names, sees: bool) -> str | None:
    """Charging, moving, triggers and reactions, the clock, creatures joining."""
    match payload:
        case ev.ActionStarted(charge=charge):
            return f"{who} starts charging {charge.name} ({charge.cost} {unit(charge.timed)})"
        case ev.ActionCancelled():
            return (
                f"{who}'s {payload.name} is cancelled at {payload.charged}/{payload.cost}: "
                f"charge lost ({payload.reason.replace('_', ' ')}, {payload.rule})"
            )
        case ev.ActionCompleted():
            result = "" if payload.result == "done" else f" ({payload.result.replace('_', ' ')})"
            return f"{who} completes {payload.name}{result}"
        case ev.Moved():
            verb = "moves" if payload.voluntary else "is pushed"
            return f"{who} {verb} to {payload.destination}"
        case ev.MoveBlocked():
            return (
                f"{who} cannot reach {payload.destination}: "
                f"{name_of(names, payload.by)} stands there"
            )
        case ev.TriggerOpened(trigger=trigger):
            concerned = ", ".join(name_of(names, key) for key in trigger.candidates)
            return (
                f"{name_of(names, trigger.source)} {trigger.description or trigger.kind} "
                f"(trigger {trigger.id}: {concerned})"
            )
        case ev.ReactionUsed():
            return (
                f"{who} uses {payload.name} against {name_of(names, payload.target)}: ready "
                f"again at second {payload.ready_at}{check_text(payload.check, sees)}"
            )
        case ev.ReactionDeclined():
            return f"{who} declines to react"
        case ev.CreatureAdded(creature=creature):
            return f"{creature.name} joins ({creature.side})"
        case ev.CreatureRemoved(name=name):
            return f"{name} leaves the encounter"
        case ev.AdvanceStarted():
            return f"The clock runs {payload.seconds} s"
    return None


def _life_sentence(payload: Any, who: str, names: Names, sees: bool) -> str | None:
    """Damage and healing, injuries, stabilization and death, treatment and rest; the HP,
    the injury and the rest score only for those who may see them."""
    match payload:
        case ev.Damaged():
            after = f": {payload.hp_after} HP" if sees else ""
            source = f" ({payload.source})" if payload.source else ""
            return f"{who} takes {payload.amount} damage{source}{after}"
        case ev.Healed():
            return f"{who} is healed to {payload.hp_after} HP" if sees else f"{who} is healed"
        case ev.CriticalInjuryRolled(outcome=outcome):
            if not sees:  # the total is the HP's, the injury the creature's own
                return (
                    f"{who} dies of a critical injury"
                    if outcome.dead
                    else (f"{who} suffers a critical injury")
                )
            if outcome.dead:
                return f"{who}'s critical injury roll: {outcome.total}: death"
            return (
                f"{who}'s critical injury roll: {outcome.die} + {outcome.modifier} = "
                f"{outcome.total}: {outcome.injury} ({outcome.test_modifier})"
            )
        case ev.Stabilized():
            return f"{who} is stabilized at 0 HP by {name_of(names, payload.by)}"
        case ev.Died():
            return f"{who} dies ({payload.rule})"
        case ev.TreatmentRolled(outcome=outcome):
            result = "success" if outcome.check.success else "failure"
            return f"{who} treats {name_of(names, payload.target)}'s injury: {result}"
        case ev.RestStarted(rest=rest):
            return f"{who} begins to rest" + (f" (score {rest.score})" if sees else "")
        case ev.RestEnded():
            gained = payload.hp_after - payload.hp_before
            hp = f": +{gained} HP" if sees else ""
            return f"{who}'s Rest ends after {payload.hours} h ({payload.reason}){hp}"
    return None


WORDS = RealtimeWords()
"""The ``realtime`` ruleset's words."""
