"""What a ``fractal`` scene came to, for simulations: the contract's ``winner`` and
``tally``.

The winner is the winner every closed conflict agrees on (a side, or the character whose
Solo project succeeded, as that character's side); conflicts that disagree, or one the GM
must decide, name none. Per character: out of its conflict, dead, the negative conditions
(wounds off the condition tables) it took, and the AP it ended below where it began.
"""

from __future__ import annotations

from tablekeeper.engine.tallies import DEAD, DEFEATED, INJURIES, Tally
from tablekeeper.rulesets.fractal.cards import life_of
from tablekeeper.rulesets.fractal.encounter.state import FractalState


def winner(state: FractalState) -> str | None:
    """The side every closed conflict was won by, once all are closed."""
    conflicts = list(state.conflicts.values())
    if not conflicts or any(c.ended is None for c in conflicts):
        return None
    winners = set()
    for conflict in conflicts:
        won = conflict.winner
        if won is None:
            return None
        character = state.characters.get(won)
        winners.add(character.spec.side if character is not None else won)
    return winners.pop() if len(winners) == 1 else None


def elapsed(state: FractalState) -> int:
    """Steps played over every conflict (a closed conflict's every step, an open one's
    before its current)."""
    return sum(
        c.step if c.ended is not None else max(0, c.step - 1) for c in state.conflicts.values()
    )


def tally(start: FractalState, end: FractalState) -> Tally:
    """Each character's counts from ``start`` to ``end``."""
    found: dict[str, dict[str, int]] = {}
    for key, character in end.characters.items():
        first = start.characters.get(key, character)
        before = {entry.id for entry in first.conditions}
        taken = [
            entry
            for entry in character.conditions
            if entry.polarity == "negative" and entry.id not in before
        ]
        found[key] = {
            DEFEATED: int(life_of(end, character)[1]),
            DEAD: int(character.life == "dead"),
            INJURIES: len(taken),
            "AP lost": max(0, first.ap - character.ap),
        }
    return found
