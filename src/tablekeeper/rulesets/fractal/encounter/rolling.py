"""A character's check: the pool, the TN and the modifiers its conditions bring.

Document 000: "Roll <Stat A> or <Stat B> against TN n" (F-CORE-03): the character rolls
the better die of the pair unless told otherwise; a weapon's TN stands in where the
action says so ("TN 4 if undefined", F-COMBAT-MICRO-01); the conditions that count in
the conflict add or take dice from that stat's rolls (F-COND-02, F-COND-04, G-F-11); a
Troupe's ally benefits from the dancer's positive conditions (F-DANCE-MICRO-03); Focused
[1] cancels a circumstance penalty (F-GTAB-MENT-07); the scene does the rest
(``fractal.check``). The same :func:`character_check` input gives the roll and the odds.
"""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.rulesets.fractal.actions import ActionDef
from tablekeeper.rulesets.fractal.checks import (
    CheckInput,
    CheckOutcome,
    CheckPlan,
    Modifier,
    plan_check,
    roll_plan,
)
from tablekeeper.rulesets.fractal.encounter.ap import conflict_of, elements_around
from tablekeeper.rulesets.fractal.encounter.state import Character, FractalState, Tool
from tablekeeper.rulesets.fractal.healing import ConditionEntry
from tablekeeper.rulesets.fractal.once import for_catalogue
from tablekeeper.rulesets.fractal.stats import Stat

DEFAULT_TN = 4
"""The TN where none is stated (F-COMBAT-MICRO-01, G-F-41)."""


def best_stat(character: Character, stats: tuple[Stat, ...]) -> Stat:
    """The better die of the pair (the first listed on a tie)."""
    return max(stats, key=lambda stat: (character.die(stat), -stats.index(stat)))


def action_tn(
    character: Character, action: ActionDef, *, area: bool = False, item: Tool | None = None
) -> int:
    """The TN the action rolls against: its own, its area TN, or the weapon's; a parry's
    is the parry TN of ``item``, the item that parries (F-COMBAT-NANO-13 .. -15), else of
    the first item of the kind held."""
    if area and action.effect is not None and action.effect.area_tn is not None:
        return action.effect.area_tn
    if action.tn_source in ("weapon", "weapon_cut", "weapon_thrust"):
        weapon = next((t for t in character.spec.tools if t.kind == "weapon"), None)
        tn = weapon.tn if weapon is not None else None
        if weapon is not None and action.tn_source == "weapon_cut" and weapon.cut_tn:
            tn = weapon.cut_tn  # "your weapon's cut TN" (F-COMBAT-NANO-02, -04)
        if weapon is not None and action.tn_source == "weapon_thrust" and weapon.thrust_tn:
            tn = weapon.thrust_tn  # F-COMBAT-NANO-03
        return (tn if tn is not None else DEFAULT_TN) + action.tn_offset
    if action.tn_source in ("parry", "weapon_parry"):
        # Counter: "your weapon's parry TN" (F-COMBAT-NANO-15); the others a weapon or shield's
        kinds = ("weapon",) if action.tn_source == "weapon_parry" else ("weapon", "shield")
        held = item or next((t for t in character.spec.tools if t.kind in kinds), None)
        return (
            held.parry_tn if held is not None and held.parry_tn else DEFAULT_TN
        ) + action.tn_offset
    return action.tn


def _applying(state: FractalState, character: Character, tree: str | None) -> list[ConditionEntry]:
    entries = [entry for entry in character.conditions if entry.applies_in(tree)]
    conflict = conflict_of(state, character)
    if conflict is not None and character.id in conflict.participants:
        for source in conflict.participants[character.id].shared_from:  # F-DANCE-MICRO-03
            donor = state.characters.get(source)
            if donor is not None:
                entries += [
                    e for e in donor.conditions if e.polarity == "positive" and e.applies_in(tree)
                ]
    return entries


def condition_modifiers(
    state: FractalState, character: Character, stat: Stat, tree: str | None
) -> tuple[list[Modifier], int]:
    """The dice the conditions add to or take from ``stat``'s rolls, and how many
    circumstance penalties Focused cancels."""
    modifiers: list[Modifier] = []
    cancels = 0
    for entry in _applying(state, character, tree):
        cancels += entry.cancels_circumstance_penalties
        for change in entry.dice:
            if change.stat == stat:
                modifiers.append(
                    Modifier(label=entry.label, source=entry.rule or "condition", dice=change.dice)
                )
    return modifiers, cancels


def character_check(
    state: FractalState,
    character: Character,
    *,
    stat: Stat,
    dice: int,
    tn: int,
    tree: str | None,
    action_type: str | None = None,
    ranged: bool = False,
    speaking: bool = False,
    purpose: str | None = None,
    bonus_dice: int = 0,
    defense: int = 0,
    armor: int = 0,
    extra: tuple[Modifier, ...] = (),
) -> CheckInput:
    """The ``fractal.check`` input for a character's roll, in its conflict's scene."""
    modifiers, cancels = condition_modifiers(state, character, stat, tree)
    if bonus_dice:
        modifiers.append(Modifier(label="bonus dice (assist)", source="F-GM-08", dice=bonus_dice))
    return CheckInput(
        die=character.die(stat),
        dice=dice,
        tn=tn,
        defense_successes=defense,
        armor=armor,
        stat=stat,
        action_type=action_type,
        ranged=ranged,
        speaking=speaking,
        purpose=purpose,
        tree=tree,
        scene_elements=elements_around(conflict_of(state, character), character.id),
        modifiers=(*modifiers, *extra),
        cancel_penalties=min(cancels, 4),
        options=state.options,
    )


def plan(state: FractalState, request: CheckInput) -> CheckPlan:
    """The check's plan, with the encounter's scene elements table: a pure function of
    the request and the table, built once for them on the fast paths (``once.py``)."""
    catalogue = state.catalogue
    return for_catalogue(
        catalogue, ("fractal.plan_check", request), lambda: plan_check(request, catalogue.scene)
    )


def roll(state: FractalState, request: CheckInput, roller: Roller) -> CheckOutcome:
    """Roll the check."""
    return roll_plan(plan(state, request), roller)
