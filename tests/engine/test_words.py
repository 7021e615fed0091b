"""A decision's answer in the log's words (issue 13: "a log that reads like the table"):
the option's label, not its id, for whoever may read the question; for anyone else only
that the choice is made (a GM walk-through read "Chosen: defense:4" on a player's page)."""

from __future__ import annotations

from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.engine.values import CommandId
from tablekeeper.engine.words import answer_sentence

ASKED = Event(
    sequence=4,
    command_id=CommandId("c3"),
    kind=DECISION_REQUESTED,
    payload={
        "chooser": "goblin_1",
        "prompt": "Brenna strikes with 3 successes: defend?",
        "options": [
            {"id": "defense:4", "label": "Defense with 4 dice (AP 6 left)"},
            {"id": "none", "label": "Do not defend"},
        ],
        "default": "none",
    },
)
ANSWERED = Event(
    sequence=5,
    command_id=CommandId("c4"),
    kind=DECISION_ANSWERED,
    payload={"decision": "c3", "option": "defense:4"},
)
NAMES = {"goblin_1": "Goblin 1", "brenna": "Brenna"}


def test_the_gm_and_the_choosers_players_read_the_option_taken() -> None:
    said = "Goblin 1 chooses: Defense with 4 dice (AP 6 left)"
    assert answer_sentence(ANSWERED, ASKED, NAMES, GM_SIGHT) == said
    assert answer_sentence(ANSWERED, ASKED, NAMES, Sight.player({"goblin_1"})) == said


def test_anyone_else_reads_only_that_the_choice_is_made() -> None:
    seen = answer_sentence(ANSWERED, ASKED, NAMES, Sight.player({"brenna"}))
    assert seen == "Goblin 1 has chosen"
