"""Roll modes (issue 13: "Roll visibility per NPC, as Foundry's roll modes"; ruling C-16):
the GM makes a creature's rolls secret by default or for one command, and a player then
receives none of what the command rolled, anywhere the log goes, but the decision it
raises for them.
"""

from __future__ import annotations

import pytest

from tablekeeper.engine.events import GM_ONLY, Event, EventDraft, Visibility
from tablekeeper.engine.roll_modes import with_roll_mode
from tablekeeper.engine.values import GM
from tablekeeper.errors import ForbiddenError, InvalidInputError
from tablekeeper.rulesets.realtime.encounter.commands import advance, move
from tablekeeper.services import encounters, logs, roll_modes

from .tables import Table, memory, seat


def _play(seated: Table) -> None:
    encounters.start_encounter(
        seated.new_uow(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
    )


def _commands_seen(seated: Table, token: str) -> set[str]:
    seen = logs.encounter_log(seated.new_uow(), "e1", viewer=seated.viewer(token))
    return {str(record.command_id) for record in seen}


def test_a_creature_set_to_gm_only_rolls_where_no_player_sees_it() -> None:
    seated = seat(memory())
    _play(seated)
    roll_modes.set_roll_mode(seated.new_uow(), "k1", "orc", "gm_only")
    view = encounters.submit_command(seated.new_uow(), "e1", move("orc", (2, 1)))
    secret = str(view.records[-1].command_id)
    assert {r.visibility.audience for r in view.records if isinstance(r, Event)} == {"gm"}
    assert secret not in _commands_seen(seated, seated.ann)
    assert secret in {str(r.command_id) for r in logs.encounter_log(seated.new_uow(), "e1")}
    # the hero's own command stays public
    shown = encounters.submit_command(seated.new_uow(), "e1", move("rogue", (5, 1)))
    assert str(shown.records[-1].command_id) in _commands_seen(seated, seated.ann)


def test_the_gm_chooses_for_one_command_over_the_creatures_default() -> None:
    seated = seat(memory())
    _play(seated)
    hidden = encounters.submit_command(
        seated.new_uow(), "e1", move("orc", (2, 1)), roll_mode="gm_only"
    )
    assert str(hidden.records[-1].command_id) not in _commands_seen(seated, seated.ann)
    roll_modes.set_roll_mode(seated.new_uow(), "k1", "orc", "gm_only")
    public = encounters.submit_command(
        seated.new_uow(), "e1", move("orc", (3, 0), cost=2, actor=GM), roll_mode="public"
    )
    assert str(public.records[-1].command_id) in _commands_seen(seated, seated.ann)
    assert roll_modes.roll_modes(seated.new_uow(), "k1") == {"orc": "gm_only"}


def test_a_decision_raised_by_a_secret_command_stays_its_choosers() -> None:
    # The orc leaves the hero's reach at second 2; the hero's player is offered the
    # reaction even though the advance that raised it rolled in secret.
    seated = seat(memory())
    _play(seated)
    encounters.submit_command(seated.new_uow(), "e1", move("orc", (3, 0), cost=2, actor=GM))
    view = encounters.submit_command(seated.new_uow(), "e1", advance(2), roll_mode="gm_only")
    assert view.pending is not None
    assert view.pending.chooser == "hero"
    seen = logs.encounter_log(seated.new_uow(), "e1", viewer=seated.viewer(seated.ann))
    requested = [r for r in seen if isinstance(r, Event) and r.kind == "decision.requested"]
    assert requested
    assert requested[-1].payload.get("chooser") == "hero"


def test_a_secret_answer_is_seen_by_its_chooser_alone() -> None:
    # Which option a chooser took in secret is theirs and the GM's (bug 8's rule: a
    # walk-through saw a secret NPC's defense read "Chosen: defense:4" on a player's page).
    seated = seat(memory())
    _play(seated)
    encounters.submit_command(seated.new_uow(), "e1", move("orc", (3, 0), cost=2, actor=GM))
    view = encounters.submit_command(seated.new_uow(), "e1", advance(2))
    assert view.pending is not None
    assert view.pending.chooser == "hero"
    option = view.pending.option_ids[0]
    answered = encounters.answer_decision(
        seated.new_uow(), "e1", view.pending.id, option, roll_mode="gm_only"
    )
    command = str(answered.records[-1].command_id)
    assert command in _commands_seen(seated, seated.ann)  # the hero's player
    assert command not in _commands_seen(seated, seated.bo)  # the rogue's
    assert command in {str(r.command_id) for r in logs.encounter_log(seated.new_uow(), "e1")}


def test_an_undone_secret_command_leaves_no_trace_for_a_player() -> None:
    seated = seat(memory())
    _play(seated)
    before = logs.encounter_log(seated.new_uow(), "e1", viewer=seated.viewer(seated.ann))
    encounters.submit_command(seated.new_uow(), "e1", move("orc", (2, 1)), roll_mode="gm_only")
    encounters.undo(seated.new_uow(), "e1")
    after = logs.encounter_log(seated.new_uow(), "e1", viewer=seated.viewer(seated.ann))
    assert after == before


def test_only_the_gm_chooses_and_a_bad_mode_is_named() -> None:
    seated = seat(memory())
    _play(seated)
    ann = seated.viewer(seated.ann)
    with pytest.raises(ForbiddenError):
        encounters.submit_command(
            seated.new_uow(),
            "e1",
            move("hero", (0, 1)),
            viewer=ann,
            roll_mode="gm_only",
        )
    with pytest.raises(ForbiddenError):
        roll_modes.set_roll_mode(seated.new_uow(), "k1", "hero", "gm_only", viewer=ann)
    with pytest.raises(InvalidInputError) as raised:
        roll_modes.set_roll_mode(seated.new_uow(), "k1", "orc", "blind")
    assert raised.value.field == "roll_mode"
    with pytest.raises(InvalidInputError) as raised:
        encounters.submit_command(seated.new_uow(), "e1", move("orc", (2, 1)), roll_mode="whisper")
    assert raised.value.field == "roll_mode"
    assert encounters.load_encounter(seated.new_uow(), "e1").version == 3  # nothing written


def test_a_secret_mode_hides_every_event_but_a_decision_and_its_answer() -> None:
    drafts = [
        EventDraft(kind="rolled", payload={"roll": 14}),
        EventDraft(kind="whispered", visibility=Visibility.for_player("hero")),
        EventDraft(kind="noted", visibility=GM_ONLY),
        EventDraft(kind="decision.requested", payload={"chooser": "hero"}),
        EventDraft(kind="decision.answered", visibility=Visibility.for_player("hero")),
    ]
    laid = with_roll_mode(drafts, "gm_only")
    assert [d.visibility.audience for d in laid] == ["gm", "gm", "gm", "public", "player"]
    assert with_roll_mode(drafts, "public") == drafts


def test_a_public_answer_made_in_secret_is_its_choosers_and_the_gms() -> None:
    answer = EventDraft(kind="decision.answered", payload={"decision": "c4", "option": "x"})
    by_npc = with_roll_mode([answer], "gm_only", answering="orc")[0].visibility
    assert (by_npc.audience, by_npc.player) == ("player", "orc")  # no player controls it
    assert with_roll_mode([answer], "gm_only", answering=GM)[0].visibility == GM_ONLY
    assert with_roll_mode([answer], "gm_only")[0].visibility == GM_ONLY
    assert with_roll_mode([answer], "dice_only", answering="orc") == [answer]
