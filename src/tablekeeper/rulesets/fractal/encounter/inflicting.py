"""Inflicting conditions, and what happens when they bring a character to 0.

Document 000, 6.1-6.4, Chapters 17-18, 16.2. Every condition (and each spillover) is a
separate entry of the checklist (F-COND-08, G-F-10); an "or" die change is one stat,
chosen by the inflicter for a negative condition and the recipient for a positive one,
the first listed by default (G-F-11); a positive condition waits for the next refresh
(F-GTAB-03). A Max AP drop clamps the pool (G-F-33). Then, at 0 Max AP in the conflict:
a Combat character falls to its wounds (F-MTAB-CBT-05, G-F-32), a dancer's performance
is over (F-MTAB-DAN-09, F-DANCE-GEN-09), a debater is removed in shame, or Flipped when
positive conditions did it (F-MTAB-SOC-09, F-SOCIAL-GEN-03, F-SOCIAL-GEN-04). A
lethal-tagged condition that brings AP or a stat die to zero fells a character in any
tree (F-COND-19); a mage whose AP a condition brings to 0 loses every spell
(F-MAGIC-MICRO-09).
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.conditions import ConditionOutcome, SpillOutcome, lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.ap import conflict_of, max_ap
from tablekeeper.rulesets.fractal.encounter.state import GOLDEN_HOUR_SECONDS, Character, Out
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.healing import AppliedDice, ConditionEntry, undressed_lethal
from tablekeeper.rulesets.fractal.stats import Stat
from tablekeeper.rulesets.fractal.tables import DiceChange


def _dice(
    changes: tuple[DiceChange, ...], chosen: Stat | None, either: bool
) -> tuple[AppliedDice, ...]:
    applied: list[AppliedDice] = []
    for change in changes:
        if change.mode == "and" or either:
            applied += [
                AppliedDice(stat=s, dice=change.dice, when=change.when) for s in change.stats
            ]
        else:
            stat = chosen if chosen in change.stats else change.stats[0]
            applied.append(AppliedDice(stat=stat, dice=change.dice, when=change.when))
    return tuple(applied)


def entry_from(
    work: Work,
    character: Character,
    outcome: ConditionOutcome | SpillOutcome,
    *,
    number: int,
    conflict: str | None,
    by: str | None,
    chosen_stat: Stat | None = None,
    spillover_of: str | None = None,
    also_trees: tuple[str, ...] = (),
) -> ConditionEntry:
    """The checklist entry for a looked-up condition (a spillover is looked up again on
    its own row, G-F-10)."""
    if isinstance(outcome, SpillOutcome):
        outcome = lookup(
            outcome.table, outcome.condition, outcome.severity, work.state.options, work.catalogue
        )
    assert outcome.name is not None
    assert outcome.polarity is not None
    either = work.state.options.or_dice == "either_stat"
    positive = outcome.polarity == "positive"
    restores = outcome.restores_die_sizes
    max_change = outcome.max_ap_change
    if positive and restores and outcome.restore_mode == "or":
        if character.reduced:  # restore a die size if one is reduced, else Max AP
            max_change = 0
        else:
            restores = 0
    micro = outcome.table.endswith("_micro")
    return ConditionEntry(
        id=f"{character.id}-{number}",
        name=outcome.name,
        table=outcome.table,
        kind=outcome.kind,
        polarity=outcome.polarity,
        severity=outcome.severity,
        rule=outcome.rule,
        tree=outcome.tree,
        also_trees=also_trees,
        max_ap_change=max_change,
        in_social_scenes_only=outcome.in_social_scenes_only,
        temporary_ap=outcome.temporary_ap,
        temporary_ap_use=outcome.temporary_ap_use,
        dice=_dice(outcome.dice_changes, chosen_stat, either),
        cancels_circumstance_penalties=outcome.cancels_circumstance_penalties,
        macro_rerolls=outcome.macro_rerolls,
        ignores_social_armor=outcome.ignores_social_armor,
        restores_die_sizes=restores,
        lethal=outcome.lethal,
        dressing=outcome.dressing,
        dor=outcome.recovery.dor,
        recovery=outcome.recovery,
        lasts="next_scene" if positive and not micro else "until_healed",
        scenes_left=(2 if conflict else 1) if positive and not micro else None,
        ends_with=conflict if outcome.recovery.ends_with_conflict else None,
        pending=positive and max_change >= 0,  # a buff waits for the refresh (F-GTAB-03)
        spillover_of=spillover_of,
        conflict=conflict,
        by=by,
        provisional=outcome.provisional,
    )


def inflict(
    work: Work,
    target: str,
    outcome: ConditionOutcome,
    *,
    conflict: str | None,
    by: str | None,
    chosen_stat: Stat | None = None,
    also_trees: tuple[str, ...] = (),
) -> list[ConditionEntry]:
    """Inflict ``outcome`` and its spillovers; then see what 0 AP means. Returns the
    entries put on the target."""
    if not outcome.inflicted:
        return []
    character = work.state.characters[target]
    main = entry_from(
        work,
        character,
        outcome,
        number=character.numbered + 1,
        conflict=conflict,
        by=by,
        chosen_stat=chosen_stat,
        also_trees=also_trees,
    )
    work.emit(ev.CONDITION_INFLICTED, ev.ConditionInflicted(character=target, entry=main))
    put = [main]
    if work.state.options.spillover == "condition":
        for spill in outcome.spillover:
            receiver = by if spill.to == "attacker" and by is not None else target
            holder = work.state.characters[receiver]
            entry = entry_from(
                work,
                holder,
                spill,
                number=holder.numbered + 1,
                conflict=conflict,
                by=by,
                spillover_of=main.id,
            )
            work.emit(
                ev.CONDITION_INFLICTED, ev.ConditionInflicted(character=receiver, entry=entry)
            )
            if receiver == target:
                put.append(entry)
            else:
                after_condition(work, receiver, entry)
    after_condition(work, target, main)
    return put


def after_condition(work: Work, target: str, cause: ConditionEntry) -> None:
    """Clamp the pool to a lower Max AP, then what 0 means (the module docstring)."""
    state = work.state
    character = state.characters[target]
    if character.life == "dead":
        return
    maximum = max_ap(state, character).total
    if character.ap > maximum:
        work.emit(
            ev.AP_SET,
            ev.ApSet(character=target, ap=maximum, reason=f"Max AP {maximum}", rule="G-F-33"),
        )
    character = work.state.characters[target]
    if cause.polarity != "negative" and not cause.max_ap_change:
        return
    current = character.ap if state.options.falling_trigger == "current_ap" else maximum
    zero_die = any(size == 0 for size in character.stats.values())
    if cause.lethal and (current <= 0 or zero_die) and character.life == "up":
        fall(work, target, rule="F-COND-19")
    if maximum <= 0 and character.spells:
        work.emit(
            ev.SPELLS_COLLAPSED,
            ev.SpellsCollapsed(
                character=target,
                conflict=character.conflict,
                spells=tuple(s.id for s in character.spells),
                reason="zero_ap",
                rule="F-MAGIC-MICRO-09",
            ),
        )
    if maximum <= 0:
        zero_translation(work, target, cause)


def zero_translation(work: Work, target: str, cause: ConditionEntry) -> None:
    """What 0 Max AP means in the conflict the character is in (its tree's table)."""
    state = work.state
    character = state.characters[target]
    conflict = conflict_of(state, character)
    if conflict is None or conflict.level not in ("micro", "nano"):
        return
    participant = conflict.participants.get(target)
    if participant is None or not participant.in_play:
        return
    if conflict.tree == "combat":
        if state.options.micro_combat_zero_falls or cause.lethal:
            out(work, conflict.id, target, "fallen", "F-MTAB-CBT-05")
            if work.state.characters[target].life == "up":
                fall(work, target, rule="G-F-32")
        else:
            out(work, conflict.id, target, "removed", "F-MTAB-CBT-05")
    elif conflict.tree == "dancing":
        out(work, conflict.id, target, "performance_over", "F-MTAB-DAN-09")
    elif conflict.tree == "social":
        flipped = cause.polarity == "positive" or (
            cause.table == "social_micro" and cause.kind == "positive"
        )
        if flipped:
            out(work, conflict.id, target, "flipped", "F-SOCIAL-GEN-04")
            flip(work, conflict.id, target, cause.by)
        else:
            out(work, conflict.id, target, "removed", "F-SOCIAL-GEN-03")
    else:
        out(work, conflict.id, target, "removed", "F-SOCIAL-GEN-02")


def out(work: Work, conflict: str, target: str, how: Out, rule: str, by: str | None = None) -> None:
    work.emit(
        ev.PARTICIPANT_OUT,
        ev.ParticipantOut(conflict=conflict, character=target, out=how, rule=rule, by=by),
    )


def flip(work: Work, conflict: str, target: str, by: str | None) -> None:
    """The target switches to the side of whoever won it over (F-MTAB-SOC-08)."""
    found = work.state.conflicts[conflict]
    if by is None or by not in found.participants:
        return
    side = found.participants[by].side
    if found.participants[target].side != side:
        work.emit(
            ev.SIDE_CHANGED,
            ev.SideChanged(conflict=conflict, character=target, side=side, rule="F-MTAB-SOC-08"),
        )


def fall(work: Work, target: str, *, rule: str) -> None:
    """Unconscious and bleeding out: the Golden Hour starts (F-COND-19, F-COND-20). The
    Hour waits on the lethal-tagged conditions; a Micro Combat fall with none waits on
    its Combat wounds (G-F-32)."""
    character = work.state.characters[target]
    waits = [entry.id for entry in undressed_lethal(character.conditions)]
    if not waits:
        waits = [e.id for e in character.conditions if e.table == "combat_micro" and not e.dressed]
    if not waits:
        work.emit(ev.LIFE_CHANGED, ev.LifeChanged(character=target, life="unconscious", rule=rule))
        return
    work.emit(
        ev.LIFE_CHANGED,
        ev.LifeChanged(
            character=target,
            life="bleeding_out",
            golden_hour_left=GOLDEN_HOUR_SECONDS,
            to_dress=tuple(waits),
            rule=rule,
        ),
    )
