"""Who is engaged with whom, as the console's distances per pair (``engine/positions.py``).

Document 001 places no one on a map: combatants are engaged in melee or not (P-MOD-02),
and with the Weapon Reach rules two engaged combatants fight at a melee distance from
contact to very long (P-OPT-11); spirit combat engages a pair too (P-ACT-10). So the
board has no grid and no move command: a pair per engagement, in those words. Every
engagement stands in plain sight at the table (``cards.py``), so every viewer's board
is the same.
"""

from __future__ import annotations

from tablekeeper.engine.positions import Board, Pair
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.modifiers import MELEE_DISTANCES
from tablekeeper.rulesets.percentile.sentences import distance_words


def board(state: PercentileState, sight: Sight) -> Board | None:
    if not state.combatants:
        return None
    pairs = [
        Pair(
            a=item.pair[0],
            b=item.pair[1],
            words="engaged in melee"
            + (f" at {distance_words(item.distance)} distance" if item.distance else ""),
            distance=MELEE_DISTANCES.index(item.distance) if item.distance else None,
        )
        for item in state.engagements
    ]
    pairs += [Pair(a=a, b=b, words="engaged in spirit combat") for a, b in state.spirit_engagements]
    return Board(
        title="Engagements",
        unit="melee distance",
        units="melee distances",
        pairs=tuple(pairs),
        note="Combatants not listed are not engaged (P-MOD-02); a melee distance is counted "
        "from contact (0) to very long (4) (P-OPT-11).",
    )
