"""Committing dice: the Action Pool spent on an action (G-F-01, G-F-33), and which table
and column an attack reads."""

from __future__ import annotations

from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import spend
from tablekeeper.rulesets.fractal.encounter.commands import Act
from tablekeeper.rulesets.fractal.encounter.state import FractalState
from tablekeeper.rulesets.fractal.encounter.work import Work


def commit(
    work: Work, character: str, dice: int, action_type: str, magical: bool, for_what: str
) -> None:
    """Spend the dice's AP (G-F-01), temporary AP first (G-F-33)."""
    holder = work.state.characters[character]
    cost = dice * work.state.options.ap_per_die
    ap, temporary = spend(holder, cost, action_type, magical)
    work.emit(
        ev.AP_SPENT,
        ev.ApSpent(character=character, amount=cost, ap=ap, temporary=temporary, for_what=for_what),
    )


def table_and_kind(
    state: FractalState, action: ActionDef, order: Act, polarity: str
) -> tuple[str, str]:
    """The table and column an ``inflict`` action reads (the engine's and the odds')."""
    effect = action.effect
    assert effect is not None
    assert effect.table is not None
    if effect.table != "generic":
        return effect.table, polarity
    kind = order.kind or effect.kinds[0]
    if kind == "knockdown":
        kind = state.options.knockdown  # G-F-16
    return state.catalogue.conditions.generic_kind(kind)[0].id, kind
