"""What a duellist's hands hold this Beat, and which item each of its actions uses.

Document 000, Chapter 9: "A character can have one item (weapon or shield) in each hand.
You cannot use the same tool (such as a specific weapon) to perform two actions at the
same time." (F-COMBAT-GEN-01, F-CORE-11); Master Strike parries with the item that
strikes (F-COMBAT-NANO-06). Parry and Block Open roll against "your weapon or shield's
parry TN", Counter against "your weapon's parry TN" (F-COMBAT-NANO-13 .. -15): the item
that parries is the one whose parry TN counts. The declaration's refusals
(``nano_declare.tools_for``), the roll and the odds all ask :func:`parrying_item`.
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter.duel import Declaration, Duel
from tablekeeper.rulesets.fractal.encounter.nano_magic import decayed_items
from tablekeeper.rulesets.fractal.encounter.state import Character, FractalState, Tool

WEAPON_ACTIONS = ("cut", "thrust", "beat", "shoot", "aim", "reload", "overwatch")
"""The actions a weapon in hand performs."""

PARRIES = ("parry", "block_open", "counter")
"""The reactions an item in hand performs (Slip and the Social reactions need none)."""


def held(duel: Duel, character: Character, decayed: frozenset[str] = frozenset()) -> list[Tool]:
    """The items in hand it may use this Beat (not dropped, not beaten, not blocked, not
    decayed: ``decayed_items``)."""
    gone = set(duel.dropped.get(character.id, ())) | set(duel.locked.get(character.id, ()))
    gone |= decayed
    return [t for t in character.spec.tools if t.id not in gone]


def weapon_among(items: list[Tool], order: Declaration) -> Tool | None:
    """The weapon its action uses: the first held (none for an action without one)."""
    if order.action not in WEAPON_ACTIONS:
        return None
    return next((t for t in items if t.kind == "weapon"), None)


def parrying_among(items: list[Tool], order: Declaration, technique: str) -> Tool | None:
    """The item ``technique`` uses in ``order``: for its declared Parry, Block Open or
    Counter the first weapon or shield (Counter: weapon) its action leaves free; for
    Master Strike's parry pile the weapon that strikes."""
    weapon = weapon_among(items, order)
    if technique in PARRIES and order.defense == technique:
        kinds = ("weapon",) if technique == "counter" else ("weapon", "shield")
        busy = weapon.id if weapon is not None else None
        return next((t for t in items if t.kind in kinds and t.id != busy), None)
    if technique == "parry" and order.wrap == "master_strike":
        return weapon
    return None


def parrying_item(
    state: FractalState, duel: Duel, order: Declaration, technique: str
) -> Tool | None:
    """The item that rolls ``technique`` for ``order``'s character this Beat (None: no
    item parries, or none is free)."""
    character = state.characters[order.character]
    items = held(duel, character, decayed_items(state, character.id))
    return parrying_among(items, order, technique)
