"""Reactions made for another: a partner's Cover / Mirror, an ally's Counterspell, a Ward's allies.

Document 000. Cover / Mirror is a partner's reaction for a dancer who has none of its own
(F-DANCE-NANO-07). Counterspell: "Roll Words or Visual against an incoming spell targeted
anywhere within range's TN + 2. If you reduce the incoming spell to zero successes, you
siezs momentum AND reflect the spell back at the caster" (F-MAGIC-NANO-20): a spell aimed
at an ally in range is met too; a Nano duel has no range, so every ally in it is within
it (G-F-N11), and the ally is met only when it has no reaction of its own to the spell
(G-F-N15). Each returns the reaction, its dice, its stat and who rolls it; each character
defends once (``used``). A Ward: allies add their dice to the mage's one roll (G-F-N11).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from tablekeeper.rulesets.fractal.checks import Modifier
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.state import FractalState
from tablekeeper.rulesets.fractal.stats import Stat

Guard = tuple[str, int, Stat | None, str]
"""A defense found: its technique, dice, stat, and the character who rolls it."""


def _allies(
    state: FractalState, declared: dict[str, Declaration], target: str, used: set[str]
) -> Iterator[tuple[str, Declaration]]:
    """The declarations of ``target``'s side in its conflict but its own, not yet used."""
    conflict = state.conflicts.get(state.characters[target].conflict or "")
    if conflict is None or target not in conflict.participants:
        return
    side = conflict.participants[target].side
    for key, theirs in declared.items():
        partner = conflict.participants.get(key)
        if key != target and partner is not None and partner.side == side and key not in used:
            yield key, theirs


def cover(
    state: FractalState,
    declared: dict[str, Declaration],
    target: str,
    attacker: str,
    used: set[str],
) -> Guard | None:
    """Cover / Mirror: a partner's reaction for a dancer who has none (F-DANCE-NANO-07)."""
    for key, theirs in _allies(state, declared, target, used):
        if theirs.defense == "cover_mirror" and theirs.against in (None, attacker):
            used.add(key)
            return "cover_mirror", theirs.defense_dice, theirs.defense_stat, key
    return None


def counterspell_for(
    state: FractalState,
    declared: dict[str, Declaration],
    target: str,
    attacker: str,
    used: set[str],
) -> Guard | None:
    """An ally's Counterspell against a spell aimed at ``target`` (F-MAGIC-NANO-20,
    G-F-N15): the first ally's, in the order they declared, against this caster or none
    in particular."""
    if not state.catalogue.actions.action(declared[attacker].action or "cut").is_spell:
        return None  # F-MAGIC-NANO-20: "an incoming spell"
    for key, theirs in _allies(state, declared, target, used):
        if theirs.defense == "counterspell" and theirs.against in (None, attacker):
            used.add(key)
            return "counterspell", theirs.defense_dice, theirs.defense_stat, key
    return None


def ward_assists(declared: Mapping[str, Declaration], mage: str) -> tuple[Modifier, ...]:
    """The dice allies add to ``mage``'s Ward: "Allies within the mage's range may
    contribute their AP to this action" (F-MAGIC-NANO-18, F-MAGIC-MICRO-07, G-F-N11); the
    roll's and the odds', once."""
    return tuple(
        Modifier(label=f"{k}'s dice", source="F-MAGIC-MICRO-07", dice=d.defense_dice)
        for k, d in declared.items()
        if d.defense == "ward" and d.assist == mage
    )
