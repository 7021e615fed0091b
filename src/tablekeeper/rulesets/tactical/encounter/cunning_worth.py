"""What a cunning option is worth to the character who earned it: the decision's default.

Document 004 lets the user choose each cunning effect ("will usually offer you a choice",
S-CUN-02) and says nothing of which one the console should offer first, or which one a
character nobody plays takes (G-S-E7, docs/rulings.md). The default was the first option
of the skill's first tag, which on oneself could be the worst: Stone Ward (earth, a
personal skill) offered "the target becomes petrified" first, so an unattended mage turned
herself to stone with her own ward, and could not act again (in three trials of four of
the shipped ``tactical/duel``, which the knight then won).

The default is the option worth the most to the user's side, the first among equals. An
option's worth is the sum of its effects', each counted for the side it lands on (for the
user and its allies as it is, for anyone else negated):

- a condition: what its holder gains by it, read from the condition's own hooks (each boon
  or bane 2, each defense it cannot gain, a lost bonus movement, blocked skills, sight,
  hearing 1 or 2, and 10 for one that stops the holder acting); nothing when the holder
  already has it or is immune to it, nor for a condition the GM describes (``bleeding``:
  no hook to read);
- removing a non-persistent condition: the loss of the one it would remove;
- damage: a point a point; interrupting: 3 when the character concentrates; taking or
  knocking away a weapon: 3 when one is held; ignoring armor: the yield damage the armor
  took (what the effect deals); a free move, a shove, a companion's extra maneuver: 1.

These weights are a project ruling for a default, not a rule: a person at the console
reads the options and picks any of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablekeeper.rulesets.tactical.catalogue import (
    ConditionDef,
    ConditionEffect,
    CunningOption,
    DamageEffect,
    Effect,
    FlagEffect,
    MoveEffect,
    RemoveConditionEffect,
    ShoveEffect,
)
from tablekeeper.rulesets.tactical.encounter.effects import (
    armor_ignored,
    receiver,
    removable_condition,
    removes_from,
    takes_condition,
)
from tablekeeper.rulesets.tactical.encounter.state import TacticalState

CANNOT_ACT = 10
"""What a condition that stops its holder acting costs it (petrified): more than any other."""

PER_BOON = 2
"""What a boon or a bane is worth, on one's own rolls or on the attacks against one."""

CONCENTRATION = 3
"""What interrupting a concentration is worth (its effects end with it)."""

WEAPON = 3
"""What taking or knocking away a held weapon is worth."""


def condition_worth(definition: ConditionDef) -> int:
    """What holding the condition is worth to its holder (below 0: it hurts)."""
    worth = PER_BOON * (
        definition.boons_on_own
        + definition.banes_against
        - definition.banes_on_own
        - definition.boons_against
    )
    worth -= len(definition.no_gain) + int(definition.no_bonus_movement)
    worth -= int(bool(definition.blocks_skills)) + int(definition.cannot_hear)
    worth -= 2 * int(definition.cannot_see) + CANNOT_ACT * int(definition.cannot_act)
    return worth


def default_cunning(
    state: TacticalState, user: str, target: str, options: Sequence[CunningOption]
) -> str:
    """The id of the option worth the most to ``user``'s side on ``target``, the first
    among equals (the module docstring)."""
    worths = [option_worth(state, user, target, option) for option in options]
    return options[worths.index(max(worths))].id


def option_worth(state: TacticalState, user: str, target: str, option: CunningOption) -> int:
    """What ``option`` chosen by ``user`` on ``target`` is worth to ``user``'s side."""
    return sum(_effect_worth(state, user, target, effect) for effect in option.effects)


def _effect_worth(state: TacticalState, user: str, target: str, effect: Effect) -> int:
    side = state.character(user).side

    def for_user(key: str | None, worth: int) -> int:
        if key is None or key not in state.characters:
            return 0
        return worth if state.character(key).side == side else -worth

    if state.character(target).defeated and not isinstance(effect, MoveEffect):
        return 0  # nothing more lands on a defeated target (effects.apply_effects)
    if isinstance(effect, ConditionEffect):
        who = receiver(state, user, target, effect.to)
        definition = state.catalogue.conditions.get(effect.condition)
        if who is None or definition is None:
            return 0
        if not takes_condition(state.character(who), effect.condition):
            return 0
        return for_user(who, condition_worth(definition))
    if isinstance(effect, RemoveConditionEffect):
        who = removes_from(user, target, effect.to)
        removed = removable_condition(state, who)
        definition = state.catalogue.conditions.get(removed) if removed else None
        return for_user(who, -condition_worth(definition)) if definition else 0
    if isinstance(effect, DamageEffect):
        return for_user(target, -effect.amount)
    if isinstance(effect, MoveEffect):
        return 1 if effect.paces else 0
    if isinstance(effect, ShoveEffect):
        return for_user(target, -1) if effect.paces else 0
    if isinstance(effect, FlagEffect) and effect.type == "companion_maneuver":
        companion = state.character(user).companion
        return 1 if companion is not None and companion in state.characters else 0
    if isinstance(effect, FlagEffect):
        return for_user(target, -_flag_harm(state, target, effect))
    return 0  # a note: the GM's to carry out


def _flag_harm(state: TacticalState, target: str, effect: FlagEffect) -> int:
    """What a flag effect takes from ``target``: its concentration, its weapon, its armor."""
    held = state.character(target)
    if effect.type == "interrupt":
        return CONCENTRATION if target in state.concentrations else 0
    if effect.type in ("take_weapon", "disarm"):
        return WEAPON if held.wielding else 0
    return armor_ignored(state)  # ignore_armor: the yield damage the armor took
