"""The scene at the start of a turn: Noxious and Hazardous (document 000, 6.5).

Noxious [S]: roll Body or Meditation against TN 4; failing (no success) is Sickened [S]
and S AP lost (F-SCENE-10, G-F-38). Hazardous [S]: spend an action to avoid it, a
Maneuvers-type roll (Body or Nature, TN 4) scoring S successes, or receive an S-level
condition from the most relevant generic table, which the GM names when placing it
(Impact by default) (F-SCENE-15, G-F-38). The dice come from the pool, as any action's.
"""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import spend
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat, character_check, roll
from tablekeeper.rulesets.fractal.encounter.state import PendingTurnStart
from tablekeeper.rulesets.fractal.encounter.work import Work

HAZARD_DEFAULT = "impact"
"""The Hazardous condition when the GM names none (G-F-38)."""


def answer_turn_start(work: Work, pending: PendingTurnStart, chooser: ActorId, option: str) -> None:
    """Roll (or not) against the element; suffer what failing brings."""
    state = work.state
    element = state.catalogue.scene.element(pending.element)
    effect = next(e for e in element.effects if e.kind in ("roll_each_turn", "hazard_each_turn"))
    conflict = state.conflicts[pending.conflict]
    placed = next((p for p in conflict.scene_elements if p.element == pending.element), None)
    check = None
    if option.startswith("roll:"):
        dice = int(option.split(":", 1)[1])
        holder = state.characters[pending.character]
        cost = dice * state.options.ap_per_die
        ap, temporary = spend(holder, min(cost, holder.ap + holder.temporary_total), "neutral")
        work.emit(
            ev.AP_SPENT,
            ev.ApSpent(
                character=holder.id, amount=cost, ap=ap, temporary=temporary, for_what=element.name
            ),
        )
        holder = work.state.characters[pending.character]
        request = character_check(
            work.state,
            holder,
            stat=best_stat(holder, effect.stats),
            dice=dice,
            tn=effect.tn or 4,
            tree=conflict.tree,
            action_type="neutral",
        )
        check = roll(work.state, request, work.roller)
    need = pending.severity if effect.kind == "hazard_each_turn" else 1
    avoided = check is not None and check.success_level >= need
    work.emit(
        ev.TURN_START_RESOLVED,
        ev.TurnStartResolved(
            conflict=pending.conflict,
            character=pending.character,
            element=pending.element,
            check=check,
            avoided=avoided,
        ),
    )
    if avoided:
        return
    if effect.kind == "roll_each_turn" and effect.condition is not None:
        outcome = lookup(
            "physical", effect.condition, pending.severity, state.options, state.catalogue
        )
        inflict(work, pending.character, outcome, conflict=pending.conflict, by=None)
        holder = work.state.characters[pending.character]
        lost = effect.lose_ap_per_severity * pending.severity
        work.emit(
            ev.AP_SET,
            ev.ApSet(
                character=holder.id,
                ap=max(0, holder.ap - lost),
                reason=f"{element.name} [{pending.severity}]",
                rule=effect.rule,
            ),
        )
        return
    kind = (placed.condition if placed is not None else None) or HAZARD_DEFAULT
    table = state.catalogue.conditions.generic_kind(kind)[0].id
    outcome = lookup(table, kind, pending.severity, state.options, state.catalogue)
    inflict(work, pending.character, outcome, conflict=pending.conflict, by=None)
