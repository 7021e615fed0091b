"""What a combatant fights with now: its stat block as the fight has left it.

Weapons and shields keep the HP chipping and damage left them (P-ATK-11, P-ATK-12,
fumble 06), are in hand (``ready``), on the ground (``dropped``: a fumble, a disarm) or
broken (a fumble 03 strap, a weapon stuck and broken, 0 HP). A lost armor strap takes the
physical armor off (fumble 03). Fighting without a weapon is Brawl with the options'
unarmed damage (G-P-C6, G-P-E6). The skills are the stat block's; a missing one is an
:class:`~tablekeeper.errors.IllegalCommandError` naming it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tablekeeper.engine import fast_paths
from tablekeeper.engine.memo import built_for_each
from tablekeeper.engine.step_memory import Memory
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.percentile.encounter.state import Combatant
from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.stats import Armor, ArmorValues, Shield, StatBlock, Weapon

UNARMED = "unarmed"
BRAWL = "Brawl"
DODGE = "Dodge"
SPIRIT_COMBAT = "Spirit Combat"


def unarmed(options: PercentileOptions) -> Weapon:
    """Hands and feet: Brawl, the options' unarmed damage, crushing, short reach (on the
    engine's fast paths, one frozen value per unarmed damage: ``engine/fast_paths.py``)."""
    if fast_paths.enabled():
        return _unarmed(options.unarmed_damage)
    return _unarmed.__wrapped__(options.unarmed_damage)


@lru_cache(maxsize=64)
def _unarmed(damage: str) -> Weapon:
    return Weapon(name=UNARMED, skill=BRAWL, damage=damage, type="crushing", hp=0, reach="short")


def weapon(combatant: Combatant, name: str, options: PercentileOptions) -> Weapon:
    """The weapon (or shield struck with) named ``name``, with its HP as worn now."""
    if name == UNARMED:
        return unarmed(options)
    stats = combatant.stats
    if fast_paths.enabled() and name not in combatant.gear_hp:
        return _unworn(stats, name)
    if any(item.name == name for item in stats.shields):
        found = shield(combatant, name).as_weapon()
    else:
        found = stats.weapon(name)
    hp = combatant.gear_hp.get(name)
    return found if hp is None else found.model_copy(update={"hp": hp})


UNWORN_KEPT = 256
"""How many stat blocks' weapons :func:`_unworn` keeps (the least recently met go first)."""

_UNWORN: Memory[Any, Any] = Memory(UNWORN_KEPT)


def _unworn(stats: StatBlock, name: str) -> Weapon:
    """:func:`weapon` for a weapon or shield no wear has touched (no HP in ``gear_hp``):
    the stat block's own, a shield as the weapon it strikes with, found once for the very
    stat block (a frozen value no event replaces, held with the weapon, so its identity
    names it) and the name, on the engine's fast paths (``engine/fast_paths.py``). It
    reads nothing of the combatant but its stat block, as :func:`weapon` does then (the
    shield's HP, like the weapon's, comes from ``gear_hp`` only). An unknown name raises
    as the stat block does, and nothing is kept (``memo.built_for_each``)."""
    return built_for_each((stats,), name, lambda: _stat_block_weapon(stats, name), _UNWORN)


def _stat_block_weapon(stats: StatBlock, name: str) -> Weapon:
    if any(item.name == name for item in stats.shields):
        return stats.shield(name).as_weapon()
    return stats.weapon(name)


def shield(combatant: Combatant, name: str | None = None) -> Shield:
    """The shield named ``name`` (the first one), with its HP as worn now."""
    found = combatant.stats.shield(name)
    hp = combatant.gear_hp.get(found.name)
    return found if hp is None else found.model_copy(update={"hp": hp})


def armor(combatant: Combatant) -> Armor:
    """The armor worn now: without its physical AP once its strap broke (fumble 03)."""
    worn = combatant.stats.armor
    if not combatant.armor_lost:
        return worn
    return Armor(
        physical=0,
        magical=worn.magical,
        locations={
            key: ArmorValues(physical=0, magical=value.magical)
            for key, value in worn.locations.items()
        },
    )


def held_weapons(combatant: Combatant) -> tuple[str, ...]:
    """The weapons in hand, in stat block order."""
    return tuple(
        item.name
        for item in combatant.stats.weapons
        if item.name in combatant.ready and item.name not in combatant.broken
    )


def held_shields(combatant: Combatant) -> tuple[str, ...]:
    """The shields in hand, in stat block order."""
    return tuple(
        item.name
        for item in combatant.stats.shields
        if item.name in combatant.ready and item.name not in combatant.broken
    )


def main_weapon(combatant: Combatant) -> str:
    """The first weapon in hand, else ``unarmed``."""
    held = held_weapons(combatant)
    return held[0] if held else UNARMED


def skill(combatant: Combatant, name: str, field: str = "skill") -> int:
    """The percent of the skill ``name``; a stat block without it cannot use it."""
    if name in combatant.stats.skills:
        return combatant.stats.skills[name]
    known = ", ".join(sorted(combatant.stats.skills)) or "none"
    raise IllegalCommandError(f"{combatant.id} has no {name} skill (skills: {known})", field=field)


def has_skill(combatant: Combatant, name: str) -> bool:
    """Whether the stat block lists the skill ``name``."""
    return name in combatant.stats.skills


def weapon_skill(combatant: Combatant, item: Weapon, override: str | None = None) -> str:
    """The skill an attack or parry with ``item`` rolls: named, the weapon's, or its name."""
    return override or item.skill or item.name


def owned(combatant: Combatant) -> tuple[str, ...]:
    """Every weapon and shield the combatant has, not broken."""
    names = [item.name for item in combatant.stats.weapons]
    names += [item.name for item in combatant.stats.shields]
    return tuple(name for name in names if name not in combatant.broken)
