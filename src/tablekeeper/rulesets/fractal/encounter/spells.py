"""Spells in play: started, sustained at each refresh, collapsed (document 000, Chapter 10).

A Micro spell that lasts "for as long as you maintain the spell" (Ergokinesis's terrain,
Naturalism's condition) is an :class:`~tablekeeper.rulesets.fractal.encounter.state.
ActiveSpell` of its mage. At each refresh the mage may Sustain: Logic or Meditation
against TN 4 + 1 per active spell effect, the dice committed its cost (G-F-20); success
keeps them all, failure or not spending the AP collapses them all (F-MAGIC-MICRO-08);
AP brought to 0 by a condition loses them (F-MAGIC-MICRO-09); the conflict's end lets
them lapse (G-F-E6). Collapsing undoes what each kept up.
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.rulesets.fractal.derived import sustain_breakdown
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import spend
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat, character_check, roll
from tablekeeper.rulesets.fractal.encounter.state import PendingSustain
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat


def collapse(
    work: Work,
    mage: str,
    spells: tuple[str, ...],
    *,
    reason: Literal["failed", "not_spent", "zero_ap", "conflict_ended", "dispelled"],
    rule: str,
) -> None:
    """The spells end: their conditions go, what they suppressed returns, their terrain
    clears."""
    character = work.state.characters[mage]
    for spell in [s for s in character.spells if s.id in spells]:
        for holder, entry_id in spell.conditions:
            entry = work.state.characters[holder].condition(entry_id)
            if entry is not None:
                work.emit(
                    ev.CONDITION_REMOVED,
                    ev.ConditionRemoved(
                        character=holder, id=entry_id, name=entry.name, by="ruling", rule=rule
                    ),
                )
        for holder, entry_id in spell.suppressed:
            entry = work.state.characters[holder].condition(entry_id)
            if entry is not None:
                work.emit(
                    ev.CONDITION_CHANGED,
                    ev.ConditionChanged(
                        character=holder,
                        entry=entry.model_copy(update={"suppressed": False}),
                        why="the spell lapsed",
                    ),
                )
        for holder, stat, steps in spell.withered:  # Wither lapses (F-MAGIC-NANO-14)
            lost = work.state.characters[holder].reduced.get(stat, 0)
            work.emit(
                ev.STAT_RESTORED,
                ev.StatRestored(
                    character=holder, stat=stat, reduced=max(0, lost - steps), rule=rule
                ),
            )
        conflict = work.state.conflicts.get(spell.conflict)
        if conflict is not None:
            for index, placed in enumerate(conflict.scene_elements):
                if placed.created_by == spell.id:
                    work.emit(
                        ev.ELEMENT_CLEARED,
                        ev.ElementCleared(
                            conflict=spell.conflict, index=index, element=placed.element
                        ),
                    )
                    break
    work.emit(
        ev.SPELLS_COLLAPSED,
        ev.SpellsCollapsed(
            character=mage, conflict=character.conflict, spells=spells, reason=reason, rule=rule
        ),
    )


def sustain(work: Work, pending: PendingSustain, option: str) -> None:
    """Answer Sustain Spell at the refresh (F-MAGIC-MICRO-08, G-F-20)."""
    mage = work.state.characters[pending.mage]
    spells = tuple(s.id for s in mage.spells if s.conflict == pending.conflict)
    if option == "collapse" or not option.startswith("sustain:"):
        work.emit(
            ev.SUSTAINED,
            ev.Sustained(
                conflict=pending.conflict, mage=pending.mage, check=None, maintained=False
            ),
        )
        collapse(work, pending.mage, spells, reason="not_spent", rule="F-MAGIC-MICRO-08")
        return
    dice = int(option.split(":", 1)[1])
    cost = dice * work.state.options.ap_per_die
    if work.state.options.sustain_cost == "one_per_effect":
        cost += len(spells)
    ap, temporary = spend(mage, min(cost, mage.ap + mage.temporary_total), "special")
    work.emit(
        ev.AP_SPENT,
        ev.ApSpent(
            character=pending.mage,
            amount=cost,
            ap=ap,
            temporary=temporary,
            for_what="Sustain Spell",
        ),
    )
    stat = best_stat(mage, (Stat.LOGIC, Stat.MEDITATION))
    conflict = work.state.conflicts[pending.conflict]
    request = character_check(
        work.state,
        work.state.characters[pending.mage],
        stat=stat,
        dice=dice,
        tn=sustain_breakdown(len(spells)).total,
        tree=conflict.tree,
        action_type="special",
    )
    check = roll(work.state, request, work.roller)
    maintained = check.success_level >= 1
    work.emit(
        ev.SUSTAINED,
        ev.Sustained(
            conflict=pending.conflict, mage=pending.mage, check=check, maintained=maintained
        ),
    )
    if not maintained:
        collapse(work, pending.mage, spells, reason="failed", rule="F-MAGIC-MICRO-08")
