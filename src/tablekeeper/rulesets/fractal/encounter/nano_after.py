"""After a Beat's attacks: Aim and Reload, Momentum per pair, the duel's bookkeeping.

Document 000: Aim (F-COMBAT-NANO-08) enables a Shoot at its target, lost at any other
action or at a wound that lowers a stat or the pool (F-COMBAT-NANO-09); Reload saves
its successes until they are *more* than the weapon's requirement (F-COMBAT-NANO-10,
G-F-21); Shoot spends the load and the aim (G-F-39). Momentum per pair (F-GM-11):
stolen by a defense that brought the attack to zero, else kept by its holder, else (at
The Drop) taken by whoever struck the harder blow, or by the only one who attacked
(G-F-07). An item beaten or blocked open cannot be used next Beat; one beaten with 3+
successes is dropped (F-COMBAT-NANO-04, -14).
"""

from __future__ import annotations

from typing import Literal

from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.duel import Declaration, Duel, pair
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.nano_flow import ATTACKS, opponents
from tablekeeper.rulesets.fractal.encounter.nano_magic import surge
from tablekeeper.rulesets.fractal.encounter.nano_ongoing import ongoing
from tablekeeper.rulesets.fractal.encounter.nano_strike import STEALS, Outcome, nano_roll
from tablekeeper.rulesets.fractal.encounter.nano_zones import FALLING
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat
from tablekeeper.rulesets.fractal.encounter.spells import collapse
from tablekeeper.rulesets.fractal.encounter.state import ActiveSpell
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.scene import SceneElement, created_severity


def _ranged(work: Work, conflict_id: str, mine: Declaration, duel: Duel) -> Duel:
    conflict = work.state.conflicts[conflict_id]
    key = mine.character
    if mine.action == "aim" and mine.target is not None:
        check = nano_roll(
            work, conflict, key, "aim", mine.dice, mine.stat, role="attack", target=mine.target
        )
        if check.success_level >= 1:
            return duel.model_copy(update={"aimed": {**duel.aimed, key: mine.target}})
    if mine.action == "overwatch":  # until the Beat after this one (F-COMBAT-NANO-11, G-F-N10)
        check = nano_roll(work, conflict, key, "overwatch", mine.dice, mine.stat, role="attack")
        if check.success_level >= 1:
            watched = {**duel.overwatch, key: conflict.step + 1}
            return duel.model_copy(update={"overwatch": watched})
    if mine.action == "reload":
        check = nano_roll(work, conflict, key, "reload", mine.dice, mine.stat, role="attack")
        weapon = next(
            (t for t in work.state.characters[key].spec.tools if t.kind == "weapon"), None
        )
        need = weapon.reload if weapon is not None else 0
        saved = duel.reload_saved.get(key, 0) + check.success_level
        if saved > need:  # "more successes than the weapon's reload requirement" (G-F-21)
            kept = {k: v for k, v in duel.reload_saved.items() if k != key}
            loaded = duel.loaded if key in duel.loaded else (*duel.loaded, key)
            return duel.model_copy(update={"reload_saved": kept, "loaded": loaded})
        return duel.model_copy(update={"reload_saved": {**duel.reload_saved, key: saved}})
    return duel


MEND_DOR_PER_SUCCESS = 3
"""Mend Wounds removes conditions with a DoR up to its successes x 3 (F-MAGIC-NANO-12)."""


def _mend(work: Work, patient: str, threshold: int) -> None:
    """Remove every condition with Days of Rest at most ``threshold`` (binary: F-DOWN-05;
    only those that have Days of Rest, G-F-34)."""
    for entry in work.state.characters[patient].conditions:
        if entry.dor is not None and entry.dor <= threshold and entry.polarity == "negative":
            work.emit(
                ev.CONDITION_REMOVED,
                ev.ConditionRemoved(
                    character=patient,
                    id=entry.id,
                    name=entry.name,
                    by="mend_wounds",
                    rule="F-MAGIC-NANO-12",
                ),
            )


def _terrain(work: Work, conflict_id: str, mage: str, element: str, successes: int) -> None:
    """An elemental terrain element of Severity = the successes (F-SCENE-02), kept while
    the spell is sustained."""
    severity = created_severity(successes)
    if severity is None:
        return
    caster = work.state.characters[mage]
    spell = ActiveSpell(
        id=f"{mage}-spell-{caster.spells_started + 1}",
        action="thermal_manipulation",
        conflict=conflict_id,
        successes=successes,
    )
    work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=mage, spell=spell))
    placed = SceneElement(element=element, severity=severity, created_by=spell.id)
    work.emit(ev.ELEMENT_PLACED, ev.ElementPlaced(conflict=conflict_id, element=placed))


def _dispel(work: Work, conflict_id: str, mine: Declaration) -> None:
    """Dispel: TN 4; clears the effect if its successes reach the creator's original
    total (ties to the dispeller, G-F-18)."""
    assert mine.target is not None
    check = nano_roll(
        work, work.state.conflicts[conflict_id], mine.character, "dispel", mine.dice,
        mine.stat, role="attack", target=mine.target,
    )  # fmt: skip
    spell = next((s for s in work.state.characters[mine.target].spells if s.id == mine.item), None)
    if spell is not None and check.success_level >= spell.successes:
        collapse(work, mine.target, (spell.id,), reason="dispelled", rule="F-MAGIC-NANO-19")


def _lift(work: Work, conflict_id: str, mine: Declaration) -> int:
    """A hit gives the partner the declared number of dice on its next proactive action
    (returned); a miss drops it: the falling table at half the miss, rounded down (G-F-24,
    the table provisional: G-F-N12)."""
    assert mine.target is not None
    check = nano_roll(
        work, work.state.conflicts[conflict_id], mine.character, "lift_and_support",
        mine.dice, mine.stat, role="attack", target=mine.target,
    )  # fmt: skip
    if check.success_level >= mine.declared:
        return mine.declared
    severity = (mine.declared - check.success_level) // 2
    if severity:
        fall = lookup(FALLING, "negative", min(4, severity), work.state.options, work.catalogue)
        inflict(work, mine.target, fall, conflict=conflict_id, by=mine.character)
    return 0


def _choreography(
    work: Work, conflict_id: str, seated: list[str], declared: dict[str, Declaration], duel: Duel
) -> tuple[dict[str, int], list[str]]:
    """Interpret Tempo, Read the Room, Shift Mood (G-F-28) and Mend Wounds."""
    tempo = dict(duel.tempo)
    room_read = list(duel.room_read)
    for key in seated:  # Choreography in the duel (F-DANCE-NANO-15 .. -17, G-F-28)
        mine = declared[key]
        if mine.action in ("interpret_tempo", "read_the_room", "shift_mood"):
            check = nano_roll(
                work, work.state.conflicts[conflict_id], key, mine.action, mine.dice,
                mine.stat, role="attack",
            )  # fmt: skip
            level = check.success_level
            if mine.action == "interpret_tempo" and level:
                tempo[key] = 1 if level <= 3 else 2
            elif mine.action == "read_the_room" and level and key not in room_read:
                room_read.append(key)
            elif mine.action == "shift_mood" and level:
                room_read = []
    for key in seated:  # Thermal Manipulation: sustained terrain (F-MAGIC-NANO-04)
        mine = declared[key]
        if mine.action == "thermal_manipulation" and mine.item is not None:
            check = nano_roll(
                work, work.state.conflicts[conflict_id], key, mine.action, mine.dice,
                mine.stat, role="attack",
            )  # fmt: skip
            _terrain(work, conflict_id, key, mine.item, check.success_level)
        if mine.action == "dispel" and mine.target is not None and mine.item is not None:
            _dispel(work, conflict_id, mine)
    for key in seated:  # Mend Wounds: DoR up to successes x 3, instantly (F-MAGIC-NANO-12)
        mine = declared[key]
        if mine.action == "mend_wounds":
            check = nano_roll(
                work, work.state.conflicts[conflict_id], key, "mend_wounds", mine.dice,
                mine.stat, role="attack", target=mine.target or key,
            )  # fmt: skip
            _mend(work, mine.target or key, check.success_level * MEND_DOR_PER_SUCCESS)
    return tempo, room_read


def after_beat(
    work: Work,
    conflict_id: str,
    seated: list[str],
    declared: dict[str, Declaration],
    outcome: Outcome,
) -> None:
    """Aim and Reload, the bookkeeping, then the momentum (the module docstring)."""
    duel = work.state.conflicts[conflict_id].duel
    assert duel is not None
    for key in seated:
        duel = _ranged(work, conflict_id, declared[key], duel)
    aimed = {
        k: v
        for k, v in duel.aimed.items()
        if k not in outcome.wounded and k not in outcome.shot  # F-COMBAT-NANO-09, G-F-39
    }
    loaded = tuple(k for k in duel.loaded if k not in outcome.shot)
    bonus = {k: v for k, v in {**duel.bonus, **outcome.bonus}.items() if v}
    for key in seated:  # Coded Message: its successes, an ally's bonus dice (F-SOCIAL-NANO-21)
        mine = declared[key]
        if mine.action == "coded_message" and mine.target is not None:
            check = nano_roll(
                work, work.state.conflicts[conflict_id], key, "coded_message", mine.dice,
                mine.stat, role="attack", target=mine.target,
            )  # fmt: skip
            if check.success_level:
                bonus[mine.target] = bonus.get(mine.target, 0) + check.success_level
        if mine.action == "lift_and_support" and mine.target is not None:  # F-DANCE-NANO-08
            lifted = _lift(work, conflict_id, mine)
            if lifted:
                bonus[mine.target] = bonus.get(mine.target, 0) + lifted
    tempo, room_read = _choreography(work, conflict_id, seated, declared, duel)
    ongoing(work, conflict_id, seated, declared)  # F-MAGIC-NANO-05, -08, -15, -16, -21
    surge(work, conflict_id, seated, declared)  # Kinetic Surge (F-MAGIC-NANO-03)
    for key in seated:  # a hybrid project's technique: an Interval of it (F-COOK-GEN-07)
        mine = declared[key]
        if mine.craft is not None and mine.craft_dice:
            conflict = work.state.conflicts[conflict_id]
            check = nano_roll(work, conflict, key, mine.craft, mine.craft_dice, None, role="attack")
            project = work.state.conflicts[conflict_id].project
            assert project is not None
            work.emit(
                ev.PROJECT_ROLLED,
                ev.ProjectRolled(
                    conflict=conflict_id,
                    technique=mine.craft,
                    stat=best_stat(
                        work.state.characters[key], work.catalogue.actions.action(mine.craft).stats
                    ),
                    check=check,
                    total=project.total + check.success_level,
                ),
            )
    for (key, zone), built in outcome.armor.items():  # Routine Armor (F-DANCE-GEN-08, G-F-26)
        have = work.state.conflicts[conflict_id].participants[key].routine_armor.get(zone, 0)
        work.emit(
            ev.ARMOR_SET,
            ev.ArmorSet(conflict=conflict_id, character=key, zone=zone, amount=have + built),
        )
    drain = dict(duel.drain)
    for key, amount in outcome.drain.items():
        drain[key] = drain.get(key, 0) + amount
    cut_off = {**duel.cut_off, **outcome.cut_off}
    locked_next = dict(duel.locked_next)
    for key, items in outcome.locks.items():
        locked_next[key] = (*locked_next.get(key, ()), *items)
    dropped = dict(duel.dropped)
    for key, items in outcome.drops.items():
        dropped[key] = (*dropped.get(key, ()), *items)
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict_id,
            duel=duel.model_copy(
                update={
                    "aimed": aimed,
                    "loaded": loaded,
                    "bonus": bonus,
                    "locked_next": locked_next,
                    "dropped": dropped,
                    "drain": drain,
                    "tempo": tempo,
                    "room_read": tuple(room_read),
                    "cut_off": cut_off,
                }
            ),
            why="the beat resolved",
            rule="G-F-07",
        ),
    )
    _momentum(work, conflict_id, seated, declared, outcome)


def _momentum(
    work: Work,
    conflict_id: str,
    seated: list[str],
    declared: dict[str, Declaration],
    outcome: Outcome,
) -> None:
    conflict = work.state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    seen: set[str] = set()
    for a in conflict.participants:
        for b in opponents(conflict, a):
            key = pair(a, b)
            if key in seen:
                continue
            seen.add(key)
            holder = duel.momentum.get(key)
            thief = outcome.stolen.get((a, b)) or outcome.stolen.get((b, a))
            if thief is not None:
                defense = declared[thief].defense or "parry"
                rule = STEALS.get(defense, "F-COMBAT-NANO-13")
                if holder != thief:
                    _emit(work, conflict_id, key, thief, "steal", rule)
                continue
            if holder is not None:
                continue  # the holder keeps it (G-F-07)
            struck_a = outcome.landed.get((a, b))
            struck_b = outcome.landed.get((b, a))
            attacked_a = a in declared and declared[a].action in ATTACKS and declared[a].target == b
            attacked_b = b in declared and declared[b].action in ATTACKS and declared[b].target == a
            taker = None
            if attacked_a and not attacked_b:
                taker = a
            elif attacked_b and not attacked_a:
                taker = b
            elif (struck_a or 0) != (struck_b or 0):
                taker = a if (struck_a or 0) > (struck_b or 0) else b
            if taker is not None:
                _emit(work, conflict_id, key, taker, "take", "G-F-07")


def _emit(
    work: Work,
    conflict_id: str,
    key: str,
    holder: str,
    how: Literal["steal", "take"],
    rule: str,
) -> None:
    work.emit(
        nev.MOMENTUM,
        nev.MomentumChanged(
            conflict=conflict_id,
            pair=key,
            holder=holder,
            how=how,
            rule=rule,
        ),
    )
