"""What a character's conditions, fighting style and passives make of it now.

Conditions are data (``data/conditions.yaml``, provisional, G-S-02); their mechanical
hooks are read here and nowhere else: defenses a character cannot gain (S-DEF-01,
S-DEF-04), boons and banes (G-S-04), lost bonus movement, skills blocked (S-UNI-02), no
action at all, no sight. The fighting style decides which skills a character may use
(S-TYPE-09, S-TAG-05, S-TAG-11 .. S-TAG-20, S-UNI-02).
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.tactical.catalogue import Catalogue, ConditionDef, SkillDef, Track
from tablekeeper.rulesets.tactical.encounter.state import Character, TacticalState
from tablekeeper.rulesets.tactical.once import for_catalogue
from tablekeeper.rulesets.tactical.options import TacticalOptions


def conditions_of(catalogue: Catalogue, character: Character) -> list[ConditionDef]:
    return [
        catalogue.conditions[key] for key in character.conditions if key in catalogue.conditions
    ]


def can_gain(catalogue: Catalogue, character: Character, track: Track) -> bool:
    """Whether the character can gain ``track`` now (knocked-down: no momentum, S-DEF-01)."""
    return not any(track in held.no_gain for held in conditions_of(catalogue, character))


def own_boons(catalogue: Catalogue, character: Character) -> tuple[int, int]:
    """Boons and banes the character's conditions put on its own rolls."""
    held = conditions_of(catalogue, character)
    return sum(c.boons_on_own for c in held), sum(c.banes_on_own for c in held)


def boons_against(catalogue: Catalogue, character: Character) -> tuple[int, int]:
    """Boons and banes its conditions give action attacks targeting it."""
    held = conditions_of(catalogue, character)
    return sum(c.boons_against for c in held), sum(c.banes_against for c in held)


def bonus_movement(catalogue: Catalogue, character: Character) -> bool:
    """Whether its conditions leave it the agility movement of maneuvers (hindered: no)."""
    return not any(held.no_bonus_movement for held in conditions_of(catalogue, character))


def can_act(catalogue: Catalogue, character: Character) -> bool:
    return not character.defeated and not any(
        held.cannot_act for held in conditions_of(catalogue, character)
    )


def can_see(catalogue: Catalogue, character: Character) -> bool:
    return not any(held.cannot_see for held in conditions_of(catalogue, character))


def armor_of(catalogue: Catalogue, character: Character) -> int:
    """Armor, with the passives of its fighting style (S-TYPE-09)."""
    passives = [
        catalogue.skills[key]
        for key in character.style
        if key in catalogue.skills and catalogue.skills[key].type == "passive"
    ]
    return character.armor + sum(skill.armor for skill in passives)


def counted_in_style(catalogue: Catalogue, style: tuple[str, ...]) -> list[str]:
    """The readied skills a fighting style counts: bonus and core ones are not (S-TAG-05,
    S-TAG-12)."""
    return [
        key
        for key in style
        if not any(catalogue.tags[tag].uncounted for tag in catalogue.skills[key].tags)
    ]


TIER_NEEDS = {"expert": "novice", "master": "expert", "grandmaster": "master"}
"""Each tier is unlocked after a number of skills of the tier below (S-TAG-15 .. 17)."""

TIER_COUNT = 2
"""How many: "a certain number", provisionally 2 (G-S-08)."""


def tier_of(catalogue: Catalogue, skill: SkillDef) -> str | None:
    for tag in skill.tags:
        tier = catalogue.tags[tag].tier
        if tier is not None:
            return tier
    return None


def sheet_problems(
    catalogue: Catalogue, options: TacticalOptions, character: Character
) -> list[str]:
    """Why a character's fighting style or learned skills break the rules, if they do."""
    problems: list[str] = []
    for key in (*character.style, *character.unlocked):
        if key not in catalogue.skills:
            problems.append(f"no skill {key!r} in the catalogue")
    if problems:
        return problems
    counted = counted_in_style(catalogue, character.style)
    if len(counted) > options.fighting_style_size:
        problems.append(
            f"the fighting style readies {len(counted)} skills, more than "
            f"{options.fighting_style_size} (bonus and core skills not counted)"
        )
    tiers: dict[str, int] = {}
    for key in character.unlocked:
        tier = tier_of(catalogue, catalogue.skills[key])
        if tier is not None:
            tiers[tier] = tiers.get(tier, 0) + 1
    for key in character.unlocked:
        skill = catalogue.skills[key]
        tier = tier_of(catalogue, skill)
        below = TIER_NEEDS.get(tier or "")
        if below is not None and tiers.get(below, 0) < TIER_COUNT:
            problems.append(f"{skill.name} ({tier}) needs {TIER_COUNT} {below} skills unlocked")
    for key in character.style:
        skill = catalogue.skills[key]
        tier = tier_of(catalogue, skill)
        if tier not in (None, "basic") and key not in character.unlocked:
            problems.append(f"{skill.name} is a {tier} skill not unlocked")
        for tag in skill.tags:
            exclusive = catalogue.tags[tag].exclusive_class
            if exclusive is not None and character.character_class != exclusive:
                problems.append(f"{skill.name} is used exclusively by {exclusive}s")
    return problems


def available(state: TacticalState, character: Character, key: str) -> str | None:
    """Why ``character`` cannot use skill ``key`` now, or ``None`` when it can.

    On the fast paths the answer is built once per catalogue for the values it reads (the
    skill and :func:`available_reads`: ``once.py``): the
    candidates, their checks and the reactions ask it of a character state after state,
    and of characters alike (the goblins)."""
    if not fast_paths.enabled():
        return _available(state, character, key)
    return for_catalogue(
        state.catalogue,
        ("available", key, available_reads(state, character)),
        lambda: _available(state, character, key),
    )


def available_reads(state: TacticalState, character: Character) -> tuple[object, ...]:
    """What :func:`available` reads of ``character`` and the state, the skill's key and
    the catalogue aside: its name, style, skills unlocked, conditions, berserk state,
    class, the names of its weapons and the skill it concentrates on."""
    held = state.concentrations.get(character.id)
    return (
        character.name,
        character.style,
        character.unlocked,
        character.conditions,
        character.berserking,
        character.berserk_skill,
        character.character_class,
        tuple([weapon.name for weapon in character.wielding]),  # names: no model compared
        None if held is None else held.skill,
    )


def _available(state: TacticalState, character: Character, key: str) -> str | None:
    catalogue = state.catalogue
    skill = catalogue.skills.get(key)
    if skill is None:
        return f"there is no skill {key!r}"
    tags = {tag: catalogue.tags[tag] for tag in skill.tags}
    universal = "universal" in tags
    permanent = any(tag.permanent for tag in tags.values()) and key in character.unlocked
    if not (universal or permanent or key in character.style):
        return f"{skill.name} is not in {character.name}'s fighting style"
    for condition in conditions_of(catalogue, character):
        if key in condition.blocks_skills:
            return f"{character.name} is {condition.name}: no {skill.name}"
    if any(tag.berserk for tag in tags.values()):
        if not character.berserking:
            return f"{skill.name} is a berserk skill: only while berserking (S-TAG-19)"
        if character.berserk_skill != key:
            return f"{character.name}'s berserk skill now is {character.berserk_skill}"
    for tag in tags.values():
        if tag.exclusive_class and character.character_class != tag.exclusive_class:
            return f"{skill.name} is used exclusively by {tag.exclusive_class}s"
    if skill.weapon is not None and not character.holds(skill.weapon):
        return f"{character.name} does not hold the {skill.weapon}"
    if any(tag.bare_handed for tag in tags.values()):
        reason = _bare_hands(state, character)
        if reason:
            return reason
    if skill.two_handed:
        held = state.concentrations.get(character.id)
        if held is not None and _is_bare_handed(catalogue, held.skill):
            return "not while concentrating on a bare-handed skill (S-TAG-04)"
    return None


def _is_bare_handed(catalogue: Catalogue, key: str) -> bool:
    skill = catalogue.skills.get(key)
    return skill is not None and any(catalogue.tags[tag].bare_handed for tag in skill.tags)


def _bare_hands(state: TacticalState, character: Character) -> str | None:
    weapons = character.wielding
    if len(weapons) >= 2:
        return "a bare-handed skill needs a free hand, not a weapon in each hand (S-TAG-04)"
    held = state.concentrations.get(character.id)
    if held is not None:
        skill = state.catalogue.skills.get(held.skill)
        if skill is not None and skill.two_handed:
            return "not while concentrating on a two-handed weapon's skill (S-TAG-04)"
    return None
