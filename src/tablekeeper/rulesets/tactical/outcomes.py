"""What a ``tactical`` encounter came to, for simulations: the contract's ``tally``.

Per character: defeated, and what its three pools lost (poise is what blows take;
momentum and focus are what its skills spend). Nobody dies in document 004's skills
chapter (``dead`` stays 0); a character that lost poise counts one injury. The winner is the
contract's default, the last side standing, which is what the engine's ``ended`` says.
"""

from __future__ import annotations

from tablekeeper.engine.tallies import DEAD, DEFEATED, INJURIES, Tally
from tablekeeper.rulesets.tactical.catalogue import Track
from tablekeeper.rulesets.tactical.encounter.state import TacticalState

TRACKS: tuple[Track, ...] = ("poise", "momentum", "focus")


def tally(start: TacticalState, end: TacticalState) -> Tally:
    """Each character's counts from ``start`` to ``end``."""
    found: dict[str, dict[str, int]] = {}
    for key, character in end.characters.items():
        first = start.characters.get(key, character)
        lost = {track: max(0, first.pool(track) - character.pool(track)) for track in TRACKS}
        found[key] = {
            DEFEATED: int(character.defeated),
            DEAD: 0,
            INJURIES: int(lost["poise"] > 0 or (character.defeated and not first.defeated)),
            "poise lost": lost["poise"],
            "momentum spent": lost["momentum"],
            "focus spent": lost["focus"],
        }
    return found
