"""Macro checks: one roll settles it (document 000, F-CORE-14; each tree's Macro stats).

A Macro check rolls the better of its tree's pair (Social: Words or People,
F-SOCIAL-MACRO-01; Combat: Body or Meditation, F-COMBAT-MACRO-01...) or a named stat. It
succeeds on at least one success (G-F-E7). Inside a conflict its dice come from the pool;
outside one the check is a time step of its own and may commit up to Max AP (F-CORE-13).
Focused [4] allows one re-roll of a failed Macro check, the new result kept
(F-GTAB-MENT-09). A Severity 1 or 2 condition whose recovery is a Macro check is removed
by that check succeeding (F-GTAB-MENT-05, F-GTAB-SOC-05, F-DOWN-07).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import conflict_of, spend
from tablekeeper.rulesets.fractal.encounter.closing import remove
from tablekeeper.rulesets.fractal.encounter.commands import CharacterOnly, MacroCheck
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat, character_check, roll
from tablekeeper.rulesets.fractal.encounter.state import Character, FractalState
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.healing import ConditionEntry
from tablekeeper.rulesets.fractal.stats import Stat

MACRO_HEALS_UP_TO = 2
"""Severity 1 & 2 conditions go with a single Macro skill event (F-DOWN-07)."""


def macro_stat(state: FractalState, character: Character, order: MacroCheck) -> Stat:
    if order.stat is not None:
        return order.stat
    assert order.tree is not None
    return best_stat(character, state.catalogue.actions.tree(order.tree).macro.stats)


def reroller(character: Character) -> ConditionEntry | None:
    """The active condition that grants a Macro re-roll (Focused [4])."""
    return next(
        (e for e in character.conditions if e.macro_rerolls and not e.pending and not e.suppressed),
        None,
    )


def macro_check(work: Work, order: MacroCheck, *, reroll_of: str | None = None) -> None:
    state = work.state
    character = state.characters[order.character]
    conflict = conflict_of(state, character)
    if conflict is not None:
        cost = order.dice * state.options.ap_per_die
        ap, temporary = spend(character, cost, "neutral")
        work.emit(
            ev.AP_SPENT,
            ev.ApSpent(
                character=character.id,
                amount=cost,
                ap=ap,
                temporary=temporary,
                for_what="a Macro check",
            ),
        )
        character = work.state.characters[order.character]
    stat = macro_stat(state, character, order)
    tree = order.tree or (conflict.tree if conflict is not None else None)
    request = character_check(
        work.state,
        character,
        stat=stat,
        dice=order.dice,
        tn=order.tn,
        tree=tree,
        purpose=order.purpose,
    )
    check = roll(work.state, request, work.roller)
    succeeded = check.success_level >= 1
    key = f"macro-{state.macros + 1}"
    payload: dict[str, Any] = order.model_dump(mode="json")
    work.emit(
        ev.MACRO_ROLLED,
        ev.MacroRolled(
            character=order.character,
            key=key,
            request=payload,
            tree=tree,
            stat=stat,
            check=check,
            succeeded=succeeded,
            purpose=order.purpose,
            reroll_of=reroll_of,
            for_condition=order.for_condition,
        ),
    )
    if succeeded and order.for_condition is not None:
        entry = work.state.characters[order.character].condition(order.for_condition)
        if entry is not None:
            remove(work, order.character, entry.id, entry.name, "ruling", "F-DOWN-07")


def reroll(work: Work, order: CharacterOnly) -> None:
    """Focused [4]: the last failed Macro check again, the new result kept."""
    character = work.state.characters[order.character]
    entry = reroller(character)
    assert entry is not None
    request = MacroCheck.model_validate(work.state.last_macro[order.character])
    work.emit(
        ev.CONDITION_CHANGED,
        ev.ConditionChanged(
            character=character.id,
            entry=entry.model_copy(update={"macro_rerolls": entry.macro_rerolls - 1}),
            why="a Macro re-roll used",
        ),
    )
    macro_check(work, request, reroll_of="last")
