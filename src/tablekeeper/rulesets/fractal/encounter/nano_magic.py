"""Kinetic Surge, Accelerate Decay, the area forms and resisting a spell in a Nano duel.

Document 000, Magic, Nano: Kinetic Surge "Roll Meditation or Nature against TN 4. Move 1
unit per success, ignoring terrain conditions." (F-MAGIC-NANO-03); Phantasm and Empathic
Projection: "TN 6 allows the condition to be applied to everything in an AOE" / "to
affect every creature in an aoe" (F-MAGIC-NANO-06, -10); "All mentalism spells can be
resisted by the "resist mental" instinct." (F-MAGIC-NANO-11); Accelerate Decay "Items may
be rendered unusable at 2+ successes. If an item is being carried, then its carrier may
resist the spell, and the spell's effects if successful revert when the mage is no longer
sustaining it." (F-MAGIC-NANO-17). Rulings G-F-N13 (docs/rulings.md).
"""

from __future__ import annotations

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.checks import Modifier
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.state import ActiveSpell, Character, FractalState
from tablekeeper.rulesets.fractal.encounter.work import Work

AREA_SPELLS = ("phantasm", "empathic_projection")
"""The spells with a TN 6 area form (F-MAGIC-NANO-06, -10)."""

MENTALISM_STRIKES = ("phantasm", "mind_spike", "empathic_projection")
"""The mentalism spells aimed at an opponent (Alter Memory's target is not one)."""

RESIST_MENTAL = "resist_mental"
"""The instinct a sheet records (``instincts``) to resist mentalism (F-MAGIC-NANO-11)."""

RESISTS = {"resist_mental": MENTALISM_STRIKES, "resist_decay": ("accelerate_decay",)}
"""Each resistance and the spells it meets (provisional reactions, G-F-N13)."""

DECAY_UNUSABLE_AT = 2
"""Accelerate Decay: "Items may be rendered unusable at 2+ successes" (F-MAGIC-NANO-17)."""


def _refuse(message: str, field: str) -> None:
    raise IllegalCommandError(message, field=field)


def decayed_items(state: FractalState, carrier: str) -> frozenset[str]:
    """The carrier's items an Accelerate Decay still sustained has made unusable; when the
    spell lapses they are usable again (F-MAGIC-NANO-17: "revert")."""
    return frozenset(
        item
        for character in state.characters.values()
        for spell in character.spells
        for holder, item in spell.decayed
        if holder == carrier
    )


def area_raise(
    state: FractalState, character: Character, declaration: Declaration
) -> tuple[Modifier, ...]:
    """The TN an area form rolls at: the action's area TN (6), not its TN (4)."""
    if not declaration.area or declaration.action not in AREA_SPELLS:
        return ()
    action = state.catalogue.actions.action(declaration.action)
    assert action.area_tn is not None
    return (Modifier(label="the area form", source=action.rule, tn=action.area_tn - action.tn),)


def area_targets(state: FractalState, conflict_id: str, mine: Declaration) -> list[str]:
    """Everyone an area form strikes: its declared target, then every other opponent still
    in the duel, in seat order (a duel has no squares: its AoE is the opposing side)."""
    assert mine.target is not None
    if not mine.area:
        return [mine.target]
    conflict = state.conflicts[conflict_id]
    side = conflict.participants[mine.character].side
    others = [
        key
        for key, p in conflict.participants.items()
        if p.in_play and p.side != side and key != mine.target
    ]
    return [mine.target, *others]


def resists(defense: str, attack: str | None) -> bool:
    """Whether a resistance meets this attack (``True`` for every other reaction)."""
    return defense not in RESISTS or attack in RESISTS[defense]


def magic_rules(
    state: FractalState, character: Character, order: Declaration, target_items: list[str]
) -> None:
    """What Kinetic Surge, Accelerate Decay, an area form and a resistance ask of a
    declaration (``target_items``: what its target may still use)."""
    if order.area and order.action not in AREA_SPELLS:
        _refuse("only Phantasm and Empathic Projection have an area form (TN 6)", "area")
    if order.action == "accelerate_decay" and order.item not in target_items:
        _refuse("Accelerate Decay names an item the target carries (F-MAGIC-NANO-17)", "item")
    if order.defense == RESIST_MENTAL and RESIST_MENTAL not in character.spec.instincts:
        _refuse(
            f'{character.name} has no "resist mental" instinct on its sheet (F-MAGIC-NANO-11)',
            "defense",
        )


def surge(
    work: Work, conflict_id: str, seated: list[str], declared: dict[str, Declaration]
) -> None:
    """Kinetic Surge: 1 unit per success, no terrain cost; with a zone named and a success,
    the mage stands in that zone now (G-F-N13)."""
    from tablekeeper.rulesets.fractal.encounter.nano_strike import nano_roll

    for key in seated:
        mine = declared[key]
        if mine.action != "kinetic_surge":
            continue
        conflict = work.state.conflicts[conflict_id]
        check = nano_roll(work, conflict, key, "kinetic_surge", mine.dice, mine.stat, role="attack")
        units = check.success_level
        work.emit(
            ev.MOVED,
            ev.Moved(
                conflict=conflict_id, character=key, squares=units, feet=units * 5,
                meters=units * 2, cost=0,
            ),
        )  # fmt: skip
        if units >= 1 and mine.zone is not None and mine.zone != conflict.participants[key].zone:
            work.emit(
                nev.RELOCATED, nev.Relocated(conflict=conflict_id, character=key, zone=mine.zone)
            )


def decay(work: Work, conflict_id: str, mine: Declaration, margin: int) -> None:
    """At 2+ successes past the carrier's resistance the item is unusable while the spell
    is sustained (F-MAGIC-NANO-17): a spell in play that Sustain Spell keeps and Dispel
    reaches (its successes, G-F-18)."""
    assert mine.target is not None
    if margin < DECAY_UNUSABLE_AT or mine.item is None:
        return
    mage = work.state.characters[mine.character]
    spell = ActiveSpell(
        id=f"{mage.id}-spell-{mage.spells_started + 1}",
        action="accelerate_decay",
        conflict=conflict_id,
        successes=margin,
        target=mine.target,
        decayed=((mine.target, mine.item),),
    )
    work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=mage.id, spell=spell))
