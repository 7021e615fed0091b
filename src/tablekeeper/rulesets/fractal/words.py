"""The ``fractal`` ruleset's words: its commands, events and outcomes as the table says them.

One definition for every interface (the terminal runner, the console's buttons and log,
the Markdown export). A sentence says only what its viewer may know (G-F-E10): another
character's AP is the GM's and its player's, so a player reads "Orc takes Strike [2]",
the GM "Orc takes Strike [2] (Max AP 11)".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import Frozen
from tablekeeper.engine.words import Names, engine_sentence, kind_words, name_of
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.state import FractalState
from tablekeeper.rulesets.fractal.nano_words import SENTENCES as NANO_SENTENCES
from tablekeeper.rulesets.fractal.nano_words import WEIGHTS as NANO_WEIGHTS
from tablekeeper.rulesets.fractal.nano_words import nano_clock


def dice_text(check: CheckOutcome, sight: Sight) -> str:
    """``[6, 4, 1] vs TN 4: 2 successes``; without the TN in a "dice only" roll (C-20)."""
    faces = ", ".join(str(face) for face in check.dice) or "no dice"
    level = "" if check.success_level == check.successes else f", level {check.success_level}"
    against = f" vs TN {check.tn}" if sight.shows_targets else ""
    return (
        f"[{faces}]{against}: {check.successes} "
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
            return f"{who}: {action.name}{on}{how}, {dice_words(payload.get('dice'))}"
        if kind == cmd.END_TURN:
            return f"{who}: end the turn"
        if kind == cmd.SOLO_ROLL:
            spread = ", ".join(f"{t} {n}" for t, n in (payload.get("allocation") or {}).items())
            return f"Work on the project: {spread}"
        if kind == cmd.FINISH_PROJECT:
            return "Finish the project"
        if kind == cmd.ASSIST:
            helped = name_of(names, payload.get("to"))
            return f"{who}: assist {helped} with {dice_words(payload.get('dice'))}"
        if kind == cmd.MACRO:
            return (
                f"{who}: Macro {payload.get('tree') or payload.get('stat')} check, "
                f"{dice_words(payload.get('dice'))}"
            )
        if kind == cmd.OPEN_CONFLICT and payload.get("level") == "nano":
            return f"Open a Nano {payload.get('tree')} duel {payload.get('id')}"
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
        """Each open conflict's clock, by its title where it has one: ``The ambush:
        exchange 2, Brenna's turn``."""
        parts = []
        for conflict in state.open_conflicts():
            named = conflict.title or conflict.id
            if conflict.level == "micro":
                current = conflict.current
                turn = f", {state.characters[current].name}'s turn" if current else ""
                parts.append(f"{named}: exchange {conflict.step}{turn}")
            elif conflict.level == "solo" and conflict.project is not None:
                project = conflict.project
                parts.append(
                    f"{named}: interval {conflict.step} of {project.intervals}, "
                    f"{project.total}/{project.goal} successes"
                )
            elif conflict.level == "nano" and conflict.duel is not None:
                parts.append(nano_clock(state, conflict))
            else:
                parts.append(f"{named}: {conflict.level} scene")
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


def _character_added(
    payload: ev.CharacterAdded, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    character = payload.character
    return f"{character.name} joins ({character.spec.side})"


def _conflict_opened(
    payload: ev.ConflictOpened, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    conflict = payload.conflict
    return (
        f"{conflict.level.capitalize()} {conflict.tree} conflict "
        f"{conflict.title or conflict.id} opens"
    )


def _conflict_closed(
    payload: ev.ConflictClosed, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"Conflict {payload.conflict} ends: {payload.ended}"


def _ap_refreshed(
    payload: ev.ApRefreshed, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who}'s pool refreshes to {payload.ap} AP" if sees else None


def _turn_started(
    payload: ev.TurnStarted, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who}'s turn"


def _turn_ended(
    payload: ev.TurnEnded, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who} ends the turn" + (
        f" (Soothing +{payload.restored} AP)" if payload.restored and sees else ""
    )


def _exchange_ended(
    payload: ev.ExchangeEnded, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"Exchange {payload.step} of {payload.conflict} ends"


def _action_rolled(
    payload: ev.ActionRolled, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    targets = (
        f" on {', '.join(name_of(names, t) for t in payload.targets)}" if payload.targets else ""
    )
    return (
        f"{who}: {payload.action.replace('_', ' ')}{targets}, {payload.stat.value} "
        f"{dice_text(payload.check, sight)}"
    )


def _defended(payload: ev.Defended, names: Names, sight: Sight, who: str, sees: bool) -> str | None:
    target = name_of(names, payload.target)
    if payload.check is None:
        return f"{target} does not defend: level {payload.level}"
    return (
        f"{target} defends ({payload.action}): {dice_text(payload.check, sight)}; the attack is "
        f"at level {payload.level}"
    )


def _condition_inflicted(
    payload: ev.ConditionInflicted, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    entry = payload.entry
    return f"{who} takes {entry.label}" + (" (lethal)" if entry.lethal else "")


def _condition_removed(
    payload: ev.ConditionRemoved, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who}'s {payload.name} is gone ({payload.by.replace('_', ' ')}, {payload.rule})"


def _condition_changed(
    payload: ev.ConditionChanged, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    entry = payload.entry
    return f"{who}'s {entry.label}: {payload.why}"


def _participant_out(
    payload: ev.ParticipantOut, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who} is out of {payload.conflict}: {payload.out.replace('_', ' ')} ({payload.rule})"


def _side_changed(
    payload: ev.SideChanged, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who} now sides with {payload.side} ({payload.rule})"


def _life_changed(
    payload: ev.LifeChanged, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    if payload.life == "bleeding_out" and payload.golden_hour_left == 3600:
        return f"{who} falls to the wounds: unconscious and bleeding out (the Golden Hour starts)"
    if payload.life == "bleeding_out":
        return None
    return f"{who} is {payload.life.replace('_', ' ')} ({payload.rule})"


def _moved(payload: ev.Moved, names: Names, sight: Sight, who: str, sees: bool) -> str | None:
    return f"{who} moves {payload.squares} squares ({payload.feet} ft)"


def _sustained(
    payload: ev.Sustained, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return (
        f"{name_of(names, payload.mage)} {'sustains' if payload.maintained else 'loses'} the spells"
    )


def _spells_collapsed(
    payload: ev.SpellsCollapsed, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{who}'s spells collapse ({payload.reason.replace('_', ' ')})"


def _project_rolled(
    payload: ev.ProjectRolled, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return (
        f"{payload.technique.replace('_', ' ').capitalize()}: {dice_text(payload.check, sight)}; "
        f"{payload.total} in all"
    )


def _project_ended(
    payload: ev.ProjectEnded, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    goal = f" of {payload.goal}" if sight.shows_targets else ""
    return f"The project is a {payload.result}: {payload.total}{goal} successes"


def _output_served(
    payload: ev.OutputServed, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"Served to {', '.join(name_of(names, k) for k in payload.to)}"


def _macro_rolled(
    payload: ev.MacroRolled, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    verdict = "success" if payload.succeeded else "failure"
    return (
        f"{who}'s Macro {payload.tree or payload.stat.value} check: "
        f"{dice_text(payload.check, sight)}, {verdict}"
    )


def _element_placed(
    payload: ev.ElementPlaced, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    element = payload.element
    return (
        f"{element.element.capitalize()} [{element.severity}] covers {element.zone or 'the scene'}"
    )


def _element_cleared(
    payload: ev.ElementCleared, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return f"{payload.element.capitalize()} clears"


def _bonus_dice(
    payload: ev.BonusDice, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return (
        f"{name_of(names, payload.by)} gives {name_of(names, payload.to)} {payload.dice} bonus dice"
    )


def _time_passed(
    payload: ev.TimePassed, names: Names, sight: Sight, who: str, sees: bool
) -> str | None:
    return None


_SENTENCES: dict[type[Frozen], Callable[[Any, Names, Sight, str, bool], str | None]] = {
    ev.CharacterAdded: _character_added,
    ev.ConflictOpened: _conflict_opened,
    ev.ConflictClosed: _conflict_closed,
    ev.ApRefreshed: _ap_refreshed,
    ev.TurnStarted: _turn_started,
    ev.TurnEnded: _turn_ended,
    ev.ExchangeEnded: _exchange_ended,
    ev.ActionRolled: _action_rolled,
    ev.Defended: _defended,
    ev.ConditionInflicted: _condition_inflicted,
    ev.ConditionRemoved: _condition_removed,
    ev.ConditionChanged: _condition_changed,
    ev.ParticipantOut: _participant_out,
    ev.SideChanged: _side_changed,
    ev.LifeChanged: _life_changed,
    ev.Moved: _moved,
    ev.Sustained: _sustained,
    ev.SpellsCollapsed: _spells_collapsed,
    ev.ProjectRolled: _project_rolled,
    ev.ProjectEnded: _project_ended,
    ev.OutputServed: _output_served,
    ev.MacroRolled: _macro_rolled,
    ev.ElementPlaced: _element_placed,
    ev.ElementCleared: _element_cleared,
    ev.BonusDice: _bonus_dice,
    ev.TimePassed: _time_passed,
}
"""Each event's payload model and its sentence."""

_SENTENCES.update(NANO_SENTENCES)
_WEIGHT.update(NANO_WEIGHTS)


def _sentence(payload: Any, names: Names, sight: Sight) -> str | None:
    who = name_of(names, getattr(payload, "character", ""))
    sees = sight.sees(str(getattr(payload, "character", "")))
    found = _SENTENCES.get(type(payload))
    return None if found is None else found(payload, names, sight, who, sees)


WORDS = FractalWords()
"""The ``fractal`` ruleset's words."""
