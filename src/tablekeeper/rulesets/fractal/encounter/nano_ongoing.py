"""Ongoing spells of a Nano duel whose effect is the fiction's while they are maintained
(document 000, Magic, Nano; F-MAGIC-NANO-05, -08, -15, -16, -21; ruling G-F-N8).

Fine Manipulation ("use arm's-length skills at a distance while the spell is maintained"),
Telepathic Link ("as many creatures as successes"; "casting it again [...] counts as a
second spell effect for sustaining"), Shift Form ("any 2-point gift while maintained"),
Speak With Nature (on any success, "the GM translates"), Scry ("see and hear everything
in the target's presence while sustained", TN 6). On a success the spell is in play
(an ``ActiveSpell`` with its successes and target): Sustain Spell keeps it at each
refresh, Dispel can clear it (TN 4 against its successes, G-F-18), and it ends as every
spell does (``spells.py``). What the mage then sees, says or becomes is the GM's.
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.nano_strike import nano_roll
from tablekeeper.rulesets.fractal.encounter.state import ActiveSpell
from tablekeeper.rulesets.fractal.encounter.work import Work

ONGOING = {
    "fine_manipulation": "F-MAGIC-NANO-05",
    "telepathic_link": "F-MAGIC-NANO-08",
    "shift_form": "F-MAGIC-NANO-15",
    "speak_with_nature": "F-MAGIC-NANO-16",
    "scry": "F-MAGIC-NANO-21",
}
"""The ongoing spells and their rules."""

INSTANT = {"alter_memory": "F-MAGIC-NANO-09"}
"""Alter Memory: "Modify, add, or remove a specific memory" at once; the roll is the rule's,
the memory the GM's (G-F-N8)."""


def ongoing(
    work: Work, conflict_id: str, seated: list[str], declared: dict[str, Declaration]
) -> None:
    """Roll each ongoing spell declared this Beat; a success puts it in play."""
    for key in seated:
        mine = declared[key]
        if mine.action not in ONGOING and mine.action not in INSTANT:
            continue
        check = nano_roll(
            work, work.state.conflicts[conflict_id], key, mine.action, mine.dice, mine.stat,
            role="attack", target=mine.target,
        )  # fmt: skip
        if check.success_level < 1 or mine.action in INSTANT:
            continue
        caster = work.state.characters[key]
        spell = ActiveSpell(
            id=f"{key}-spell-{caster.spells_started + 1}",
            action=mine.action,
            conflict=conflict_id,
            successes=check.success_level,
            target=mine.target,
        )
        work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=key, spell=spell))
