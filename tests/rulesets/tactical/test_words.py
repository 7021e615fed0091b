"""The ``tactical`` words: a command's label names its squares as the map does."""

from __future__ import annotations

from tablekeeper.engine.commands import Command
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.words import WORDS

NAMES = {"brenna": "Brenna"}


def test_a_move_and_an_aimed_skill_name_their_square_as_the_map_does() -> None:
    # "Brenna: move to (5, 3)", not the JSON list "[5, 3]" (GM walkthrough)
    move = Command(kind=cmd.MOVE, actor="brenna", payload={"character": "brenna", "to": [5, 3]})
    assert WORDS.command_label(move, TacticalState(), NAMES) == "Brenna: move to (5, 3)"
    aimed = Command(
        kind=cmd.USE_SKILL,
        actor="brenna",
        payload={"character": "brenna", "skill": "fireball", "point": [2, 7]},
    )
    assert WORDS.command_label(aimed, TacticalState(), NAMES).endswith(" at (2, 7)")
