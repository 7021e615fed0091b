"""The ``fractal`` ruleset's words: its commands, events and outcomes as the table says them.

One definition for every interface (the terminal runner, the console's buttons and log,
the Markdown export). A sentence says only what its viewer may know (G-F-E10): another
character's AP is the GM's and its player's, so a player reads "Orc takes Strike [2]",
the GM "Orc takes Strike [2] (Max AP 11)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import Names, engine_sentence, kind_words, name_of
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.state import FractalState


def dice_text(check: CheckOutcome) -> str:
    """``[6, 4, 1] vs TN 4: 2 successes``."""
    faces = ", ".join(str(face) for face in check.dice) or "no dice"
    level = "" if check.success_level == check.successes else f", level {check.success_level}"
    return (
        f"[{faces}] vs TN {check.tn}: {check.successes} "
        f"success{'es' if check.successes != 1 else ''}{level}"
    )


class FractalWords:
    """How ``fractal`` says what its commands do and what its events mean."""

    def command_label(self, command: Command, state: FractalState, names: Names) -> str:
        payload: Mapping[str, Any] = command.payload
        who = name_of(names, payload.get("character", command.actor))
        kind = command.kind
        if kind == cmd.ACT:
            action = state.catalogue.actions.action(str(payload.get("action")))
            targets = [name_of(names, t) for t in payload.get("targets") or []]
            on = f" on {', '.join(targets)}" if targets else ""
            polarity = payload.get("polarity")
            how = " (win over)" if polarity == "positive" and action.tree == "social" else ""
            return f"{who}: {action.name}{on}{how}, {payload.get('dice')} dice"
        if kind == cmd.END_TURN:
            return f"{who}: end the turn"
        if kind == cmd.SOLO_ROLL:
            spread = ", ".join(f"{t} {n}" for t, n in (payload.get("allocation") or {}).items())
            return f"Work on the project: {spread}"
        if kind == cmd.FINISH_PROJECT:
            return "Finish the project"
        if kind == cmd.ASSIST:
            return (
                f"{who}: assist {name_of(names, payload.get('to'))} with {payload.get('dice')} dice"
            )
        if kind == cmd.MACRO:
            return (
                f"{who}: Macro {payload.get('tree') or payload.get('stat')} check, "
                f"{payload.get('dice')} dice"
            )
        if kind == cmd.OPEN_CONFLICT:
            return f"Open {payload.get('level')} {payload.get('tree')} conflict {payload.get('id')}"
        return f"{who}: {kind_words(kind).lower()}" if "character" in payload else kind_words(kind)

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        shared = engine_sentence(event, names, sight)
        if shared is not None or event.kind not in ev.EVENT_MODELS:
            return shared
        return _sentence(ev.read_event(event), names, sight)

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        ranked: list[tuple[int, str]] = []
        for event in events:
            weight = _WEIGHT.get(event.kind)
            line = self.event_sentence(event, names, sight) if weight is not None else None
            if line and weight is not None:
                ranked.append((weight, line))
        if not ranked:
            return None
        ranked.sort(key=lambda item: -item[0])
        return "; ".join(line for _, line in ranked[:2])

    def clock(self, state: FractalState) -> str:
        """Each open conflict's clock: ``ambush: exchange 2, Brenna's turn``."""
        parts = []
        for conflict in state.open_conflicts():
            if conflict.level == "micro":
                current = conflict.current
                turn = f", {state.characters[current].name}'s turn" if current else ""
                parts.append(f"{conflict.id}: exchange {conflict.step}{turn}")
            elif conflict.level == "solo" and conflict.project is not None:
                project = conflict.project
                parts.append(
                    f"{conflict.id}: interval {conflict.step} of {project.intervals}, "
                    f"{project.total}/{project.goal} successes"
                )
            else:
                parts.append(f"{conflict.id}: {conflict.level} scene")
        return "; ".join(parts) or ("over" if state.conflicts else "no conflict yet")

    def __repr__(self) -> str:
        return "FractalWords()"


_WEIGHT = {
    ev.LIFE_CHANGED: 9,
    ev.CONFLICT_CLOSED: 9,
    ev.PARTICIPANT_OUT: 8,
    ev.CONDITION_INFLICTED: 7,
    ev.SIDE_CHANGED: 7,
    ev.PROJECT_ENDED: 7,
    ev.DEFENDED: 6,
    ev.ACTION_ROLLED: 5,
    ev.PROJECT_ROLLED: 5,
    ev.MACRO_ROLLED: 5,
    ev.MOVED: 4,
    ev.SUSTAINED: 4,
    ev.CONDITION_REMOVED: 4,
    ev.TURN_ENDED: 1,
}


def _sentence(payload: Any, names: Names, sight: Sight) -> str | None:
    who = name_of(names, getattr(payload, "character", ""))
    sees = sight.sees(str(getattr(payload, "character", "")))
    match payload:
        case ev.CharacterAdded(character=character):
            return f"{character.name} joins ({character.spec.side})"
        case ev.ConflictOpened(conflict=conflict):
            return (
                f"{conflict.level.capitalize()} {conflict.tree} conflict "
                f"{conflict.title or conflict.id} opens"
            )
        case ev.ConflictClosed():
            return f"Conflict {payload.conflict} ends: {payload.ended}"
        case ev.ApRefreshed():
            return f"{who}'s pool refreshes to {payload.ap} AP" if sees else None
        case ev.TurnStarted():
            return f"{who}'s turn"
        case ev.TurnEnded():
            return f"{who} ends the turn" + (
                f" (Soothing +{payload.restored} AP)" if payload.restored and sees else ""
            )
        case ev.ExchangeEnded():
            return f"Exchange {payload.step} of {payload.conflict} ends"
        case ev.ActionRolled():
            targets = (
                f" on {', '.join(name_of(names, t) for t in payload.targets)}"
                if payload.targets
                else ""
            )
            return (
                f"{who}: {payload.action.replace('_', ' ')}{targets}, {payload.stat.value} "
                f"{dice_text(payload.check)}"
            )
        case ev.Defended():
            target = name_of(names, payload.target)
            if payload.check is None:
                return f"{target} does not defend: level {payload.level}"
            return (
                f"{target} defends ({payload.action}): {dice_text(payload.check)}; the attack is "
                f"at level {payload.level}"
            )
        case ev.ConditionInflicted(entry=entry):
            return f"{who} takes {entry.label}" + (" (lethal)" if entry.lethal else "")
        case ev.ConditionRemoved():
            return (
                f"{who}'s {payload.name} is gone ({payload.by.replace('_', ' ')}, {payload.rule})"
            )
        case ev.ConditionChanged(entry=entry):
            return f"{who}'s {entry.label}: {payload.why}"
        case ev.ParticipantOut():
            return (
                f"{who} is out of {payload.conflict}: {payload.out.replace('_', ' ')} "
                f"({payload.rule})"
            )
        case ev.SideChanged():
            return f"{who} now sides with {payload.side} ({payload.rule})"
        case ev.LifeChanged():
            if payload.life == "bleeding_out" and payload.golden_hour_left == 3600:
                return (
                    f"{who} falls to the wounds: unconscious and bleeding out (the Golden Hour "
                    "starts)"
                )
            if payload.life == "bleeding_out":
                return None
            return f"{who} is {payload.life.replace('_', ' ')} ({payload.rule})"
        case ev.Moved():
            return f"{who} moves {payload.squares} squares ({payload.feet} ft)"
        case ev.Sustained():
            return (
                f"{name_of(names, payload.mage)} {'sustains' if payload.maintained else 'loses'} "
                "the spells"
            )
        case ev.SpellsCollapsed():
            return f"{who}'s spells collapse ({payload.reason.replace('_', ' ')})"
        case ev.ProjectRolled():
            return (
                f"{payload.technique.replace('_', ' ').capitalize()}: {dice_text(payload.check)}; "
                f"{payload.total} in all"
            )
        case ev.ProjectEnded():
            return f"The project is a {payload.result}: {payload.total} of {payload.goal} successes"
        case ev.OutputServed():
            return f"Served to {', '.join(name_of(names, k) for k in payload.to)}"
        case ev.MacroRolled():
            verdict = "success" if payload.succeeded else "failure"
            return (
                f"{who}'s Macro {payload.tree or payload.stat.value} check: "
                f"{dice_text(payload.check)}, {verdict}"
            )
        case ev.ElementPlaced(element=element):
            return (
                f"{element.element.capitalize()} [{element.severity}] covers "
                f"{element.zone or 'the scene'}"
            )
        case ev.ElementCleared():
            return f"{payload.element.capitalize()} clears"
        case ev.BonusDice():
            return (
                f"{name_of(names, payload.by)} gives {name_of(names, payload.to)} {payload.dice} "
                "bonus dice"
            )
        case ev.TimePassed():
            return None
    return None


WORDS = FractalWords()
"""The ``fractal`` ruleset's words."""
