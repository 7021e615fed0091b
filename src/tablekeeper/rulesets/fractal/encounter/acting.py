"""The Micro actions of the six trees, played (document 000, Chapters 9-14).

An action commits dice from the pool (G-F-01) and rolls its stat against its TN
(``rolling.py``); its effect is the catalogue's: ``inflict`` (Melee, Ranged, Solo,
Conversation, Correspondence, Ergokinesis, Mentalism: each target may defend, then the
success level after defense and armor is read on the table, F-CORE-05, G-F-04),
``grant`` (Oratory to its audience, Choreography to oneself), ``share`` (Troupe),
``move`` (Maneuvers), ``naturalism`` (a physical condition granted or suppressed while
sustained), ``craft`` (Art and Cooking actions, rolled). Minions leave at the first
success and a cleave takes the margin (F-GM-04, F-GM-05, G-F-31); a boss whose support
network is all Flipped may concede (F-GM-09).
"""

from __future__ import annotations

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.decisions import Decision
from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.commands import Act
from tablekeeper.rulesets.fractal.encounter.defending import next_defense
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.rolling import (
    action_tn,
    best_stat,
    character_check,
    roll,
)
from tablekeeper.rulesets.fractal.encounter.spending import commit
from tablekeeper.rulesets.fractal.encounter.state import (
    ActiveSpell,
    Conflict,
    PendingDefense,
)
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.healing import AppliedDice, ConditionEntry
from tablekeeper.rulesets.fractal.scene import SceneElement, created_severity

SQUARE_FEET, SQUARE_METERS = 5, 2
"""A maneuver's square in theater of the mind: 5 feet or 2 meters (F-COMBAT-MICRO-04)."""


def play_act(work: Work, order: Act) -> Decision | None:
    """Play a Micro action (the module docstring)."""
    state = work.state
    conflict = state.conflicts[order.conflict]
    character = state.characters[order.character]
    action = state.catalogue.actions.action(order.action)
    effect = action.effect
    assert effect is not None
    stat = order.stat or best_stat(character, action.stats)
    commit(
        work, order.character, order.dice, action.primary_type, action.tree == "magic", action.name
    )
    bonus = conflict.participants[order.character].bonus_dice
    request = character_check(
        work.state,
        work.state.characters[order.character],
        stat=stat,
        dice=order.dice,
        tn=action_tn(character, action, area=order.area),
        tree=conflict.tree,
        action_type=action.primary_type,
        ranged=action.ranged,
        speaking=action.speaking,
        purpose=order.purpose,
        bonus_dice=bonus,
    )
    check = roll(work.state, request, labelled(work.roller, action.name, order.character))
    work.emit(
        ev.ACTION_ROLLED,
        ev.ActionRolled(
            conflict=order.conflict,
            character=order.character,
            action=action.id,
            stat=stat,
            tool=action.tool,
            check=check,
            targets=order.targets,
            spell=action.is_spell,
            bonus_dice_used=bonus,
        ),
    )
    if effect.kind == "inflict":
        if order.terrain is not None:
            _terrain(work, order, check)
            return None
        polarity = order.polarity or ("negative" if effect.polarity != "positive" else "positive")
        if action.tree == "dancing" and polarity == "positive":  # F-DANCE-GEN-03: one's own favor
            _grant_table(
                work, order.conflict, order.character, "dancing_micro", check.success_level
            )
            return None
        targets = list(
            order.targets
            if effect.area != "never" and (effect.area == "always" or order.area)
            else order.targets[:1]
        )
        if effect.mindless_immune:
            targets = [t for t in targets if not state.characters[t].spec.mindless]
        if not targets:
            return None
        pending = PendingDefense(
            conflict=order.conflict,
            attacker=order.character,
            target=targets[0],
            action=action.id,
            successes=check.success_level,
            dice=order.dice,
            remaining=tuple(targets[1:]),
            polarity=polarity,
            kind=order.kind,
            chosen_stat=order.chosen_stat.value if order.chosen_stat else None,
            cleave=order.cleave,
        )
        return next_defense(work, pending)
    if effect.kind == "grant":
        _grant(work, order, action, check)
    elif effect.kind == "share":
        allies = tuple(order.targets[: check.success_level])
        if allies:
            work.emit(
                ev.SHARED,
                ev.Shared(conflict=order.conflict, character=order.character, allies=allies),
            )
    elif effect.kind == "move":
        _move(work, order, conflict, check)
    elif effect.kind == "naturalism":
        _naturalism(work, order, check)
    return None


def _grant_table(work: Work, conflict: str, key: str, table: str, successes: int) -> None:
    outcome = lookup(table, "positive", successes, work.state.options, work.catalogue)
    inflict(work, key, outcome, conflict=conflict, by=key)


def _grant(work: Work, order: Act, action: ActionDef, check: CheckOutcome) -> None:
    effect = action.effect
    assert effect is not None
    if effect.to == "self":  # Choreography: by margin of success (F-DANCE-MICRO-04)
        _grant_table(
            work, order.conflict, order.character, effect.table or "dancing_micro", check.margin
        )
        return
    strength = min(4, check.success_level)
    if not strength or effect.condition is None:
        return
    output = work.catalogue.outputs.condition(effect.condition)
    for key in order.targets or (order.character,):
        give_output(work, key, output.id, strength, conflict=order.conflict, by=order.character)


def give_output(
    work: Work, key: str, output_id: str, strength: int, *, conflict: str | None, by: str | None
) -> None:
    """Put a named output condition (Inspired, Well Fed, Praised: G-F-44) on ``key``."""
    output = work.catalogue.outputs.condition(output_id)
    holder = work.state.characters[key]
    positive = output.polarity == "positive"
    strength = max(1, min(4, strength))
    entry = ConditionEntry(
        id=f"{key}-{holder.numbered + 1}",
        name=output.name,
        table="outputs",
        kind=output.id,
        polarity=output.polarity,
        severity=strength,
        rule=output.rule,
        tree=output.tree,
        max_ap_change=output.max_ap_change,
        temporary_ap=output.temporary_ap_per_strength * strength,
        dice=tuple(
            AppliedDice(stat=change.stats[0], dice=change.dice, when=change.when)
            for change in output.dice_changes
        ),
        rank_bonus={stat.value: bonus for stat, bonus in output.rank_bonus.items()},
        lasts=output.lasts,
        scenes_left=None
        if output.lasts == "conflict"
        else (2 if conflict and output.lasts == "next_scene" else 1),
        ends_with=conflict if output.lasts == "conflict" else None,
        pending=positive,
        conflict=conflict,
        by=by,
        provisional=output.provisional,
    )
    work.emit(ev.CONDITION_INFLICTED, ev.ConditionInflicted(character=key, entry=entry))


def _terrain(work: Work, order: Act, check: CheckOutcome) -> None:
    severity = created_severity(check.success_level)  # F-SCENE-02, F-MAGIC-MICRO-03
    if severity is None or order.terrain is None:
        return
    mage = work.state.characters[order.character]
    spell = ActiveSpell(
        id=f"{mage.id}-spell-{mage.spells_started + 1}",
        action=order.action,
        conflict=order.conflict,
    )
    work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=mage.id, spell=spell))
    element = SceneElement(
        element=order.terrain, severity=severity, created_by=spell.id, zone=order.zone
    )
    work.emit(ev.ELEMENT_PLACED, ev.ElementPlaced(conflict=order.conflict, element=element))


def _naturalism(work: Work, order: Act, check: CheckOutcome) -> None:
    """Suppress or grant a physical condition while maintained (F-MAGIC-MICRO-05)."""
    strength = min(4, check.success_level)
    if not strength:
        return
    mage = work.state.characters[order.character]
    granted: list[tuple[str, str]] = []
    suppressed: list[tuple[str, str]] = []
    for key in order.targets[: None if order.area else 1]:
        if order.suppress is not None:
            entry = work.state.characters[key].condition(order.suppress)
            if entry is not None and entry.table == "physical":
                work.emit(
                    ev.CONDITION_CHANGED,
                    ev.ConditionChanged(
                        character=key,
                        entry=entry.model_copy(update={"suppressed": True}),
                        why="Naturalism",
                    ),
                )
                suppressed.append((key, entry.id))
        else:
            outcome = lookup(
                "physical", order.kind or "refreshed", strength, work.state.options, work.catalogue
            )
            for entry in inflict(work, key, outcome, conflict=order.conflict, by=order.character):
                granted.append((key, entry.id))
    spell = ActiveSpell(
        id=f"{mage.id}-spell-{mage.spells_started + 1}",
        action=order.action,
        conflict=order.conflict,
        conditions=tuple(granted),
        suppressed=tuple(suppressed),
    )
    work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=mage.id, spell=spell))


def _move(work: Work, order: Act, conflict: Conflict, check: CheckOutcome) -> None:
    """Maneuvers: success level + 1 squares, x 5 feet or x 2 meters (F-COMBAT-MICRO-04);
    Difficult [S] costs S more successes a square crossed (F-SCENE-14, G-F-22)."""
    level = check.success_level
    base = level + 1 if (level or work.state.options.failed_maneuver_moves) else 0
    difficult = max(
        (e.severity for e in conflict.scene_elements if e.element == "difficult"), default=0
    )
    cost = difficult * order.through_difficult
    squares = max(0, base - cost)
    position = conflict.participants[order.character].position
    if order.to is not None:
        start = position or (0, 0)
        dx, dy = order.to[0] - start[0], order.to[1] - start[1]
        reach = max(abs(dx), abs(dy))
        if reach > squares and reach:
            dx, dy = round(dx * squares / reach), round(dy * squares / reach)
        position = (start[0] + dx, start[1] + dy)
    work.emit(
        ev.MOVED,
        ev.Moved(
            conflict=order.conflict,
            character=order.character,
            squares=squares,
            feet=squares * SQUARE_FEET,
            meters=squares * SQUARE_METERS,
            cost=cost,
            position=position,
        ),
    )
