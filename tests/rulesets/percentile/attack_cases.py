"""Inputs for the attack tests: a swordsman (Sword 60%, 1d8+1, damage bonus 1d4) against a
target in 2 AP of physical and 1 AP of magical armor."""

from __future__ import annotations

from typing import Any

from tablekeeper.rulesets.percentile import AttackInput

from .helpers import SHIELD, SWORD

ARMOR = {"physical": 2, "magical": 1}
SHORTSWORD: dict[str, Any] = {"name": "shortsword", "damage": "1d6", "type": "slashing", "hp": 10}


def attack_input(
    attacker: dict[str, Any] | None = None,
    defender: dict[str, Any] | None = None,
    **top: Any,
) -> AttackInput:
    """The swordsman's attack, with ``attacker`` / ``defender`` fields changed."""
    data: dict[str, Any] = {
        "attacker": {"skill": 60, "weapon": SWORD, "damage_bonus": "1d4"} | (attacker or {}),
        "defender": {"armor": ARMOR} | (defender or {}),
    }
    return AttackInput.model_validate(data | top)


def parry(skill: int = 50, **more: Any) -> dict[str, Any]:
    """A parry with the shortsword (HP 10)."""
    return {"defense": "parry", "skill": skill, "weapon": SHORTSWORD} | more


def block(skill: int = 50, **more: Any) -> dict[str, Any]:
    """A block with the heater shield (HP 12, 1d4)."""
    return {"defense": "block", "skill": skill, "shield": SHIELD} | more


def dodge(skill: int = 50, **more: Any) -> dict[str, Any]:
    return {"defense": "dodge", "skill": skill} | more
