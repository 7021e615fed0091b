"""Rolling at the table die by die, and the outcome next to the commands (issue 13), over
the TestClient: the panel asks each die by its label, a wrong face is refused next to the
die's input, nothing is stored until the last die, and a hit asks the GM's damage there."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from . import test_encounter_pages
from .test_encounter_pages import Table

table_fixture = pytest.fixture(name="table")(test_encounter_pages.table.__wrapped__)

PANEL = re.compile(r'<section class="table-roll".*?</section>', re.S)
OUTCOME = re.compile(r'<section class="outcome".*?</section>', re.S)
HTMX = {"HX-Request": "true"}


def _panel(text: str) -> str:
    found = PANEL.search(text)
    assert found, "the die-by-die panel"
    return found.group(0)


def _reaction(table: Table) -> tuple[str, str]:
    """Demilio walks away from Aliena: her Opportunity Attack is offered (its decision's
    address, the reaction's option)."""
    table.submit("Move Demilio to (0, 2)")
    table.submit("Advance 1 s")
    page = table.page()
    decision = re.search(r'/decisions/(?P<id>\w+)"', page)
    assert decision
    return f"{table.url}/decisions/{decision['id']}", "react:opportunity_attack"


def _hit_at_the_table(table: Table) -> None:
    """Aliena's Opportunity Attack, its d20 rolled at the table as a 5: a hit whose damage
    the GM is asked for."""
    url, option = _reaction(table)
    data = {"option": option, "expected_version": table.version(), "at_table": "1", "die": "5"}
    table.gm.post(url, data=data)


def test_an_answer_rolled_at_the_table_asks_its_die_then_stores_it_once(table: Table) -> None:
    url, option = _reaction(table)
    seen = table.version()
    first = table.gm.post(
        url, data={"option": option, "expected_version": seen, "at_table": "1"}, headers=HTMX
    )
    assert first.status_code == 200
    panel = _panel(first.text)
    assert "Roll d20: Aliena's Opportunity Attack check" in panel
    assert panel.count('name="die" value=') == 20, "a button a face for a d20"
    assert 'name="option" value="react:opportunity_attack"' in panel, "the answer carried"
    assert table.version() == seen, "nothing stored while a die is missing"

    wrong = table.gm.post(
        url,
        data={"option": option, "expected_version": seen, "at_table": "1", "die_typed": "25"},
        headers=HTMX,
    )
    assert wrong.status_code == 200
    refused = _panel(wrong.text)
    assert 'id="table-roll-error"' in refused
    assert "die 1 (Opportunity Attack check) is 25, which a d20 cannot show" in refused
    assert 'aria-invalid="true"' in refused
    assert table.version() == seen

    done = table.gm.post(
        url,
        data={"option": option, "expected_version": seen, "at_table": "1", "die": "5"},
        headers=HTMX,
    )
    assert done.status_code == 200
    assert not PANEL.search(done.text)
    outcome = OUTCOME.search(done.text)
    assert outcome
    assert "5 on the d20 against 12: hit" in outcome.group(0)
    assert 'Aliena\'s Opportunity Attack check <span class="die">5</span>' in outcome.group(0)
    assert table.version() > seen


def test_a_hit_waiting_for_the_gms_damage_asks_it_next_to_the_outcome(table: Table) -> None:
    url, option = _reaction(table)
    data = {"option": option, "expected_version": table.version(), "at_table": "1", "die": "5"}
    assert table.gm.post(url, data=data).status_code == 303  # without htmx: back to the page
    page = table.page()
    outcome = OUTCOME.search(page)
    assert outcome
    assert "Damage dealt to Demilio by Opportunity Attack?" in outcome.group(0)
    assert 'name="sheet.creature" value="demilio"' in outcome.group(0)
    assert "Damage dealt to Demilio" not in table.page(table.player), "the GM's ruling"
    dealt = table.gm.post(
        f"{table.url}/gm/realtime.damage",
        data={
            "sheet.creature": "demilio",
            "sheet.source": "Opportunity Attack",
            "sheet.amount": "4",
            "expected_version": table.version(),
        },
    )
    assert dealt.status_code == 303
    after = table.page()
    assert "12 / 16" in after, "Demilio took the 4"
    assert "Damage dealt to Demilio by Opportunity Attack?" not in after, "asked once"


def test_a_command_needing_no_die_is_stored_at_once_and_a_player_cannot_roll(
    table: Table,
) -> None:
    command = table.command("Advance 1 s")
    seen = table.version()
    refused = table.player.post(
        f"{table.url}/commands",
        data={"command": table.command("Move Aliena to (1, 0)", table.player), "at_table": "1"},
    )
    assert refused.status_code == 403
    assert table.version() == seen
    stored = table.gm.post(
        f"{table.url}/commands",
        data={"command": command, "expected_version": seen, "at_table": "1"},
    )
    assert stored.status_code == 303
    assert table.version() > seen


def test_faces_left_over_are_refused_and_a_gm_tool_rolls_at_the_table(table: Table) -> None:
    heal = {
        "sheet.creature": "demilio",
        "sheet.amount": "8",
        "at_table": "1",
        "expected_version": str(table.version()),
    }
    # Demilio is not below 0 HP: healing rolls nothing, so a die typed is one too many
    extra = table.gm.post(f"{table.url}/gm/realtime.heal", data={**heal, "die_typed": "4"})
    assert extra.status_code == 422
    assert "1 face was left over: 4" in extra.text
    assert table.version() == int(heal["expected_version"])


def test_the_gm_sees_a_roll_at_the_table_button_a_player_does_not(table: Table) -> None:
    assert 'name="at_table" value="1"' in table.page()
    assert 'name="at_table" value="1"' not in table.page(table.player)


def test_cancel_leaves_nothing(table: Table, client: TestClient) -> None:
    url, option = _reaction(table)
    seen = table.version()
    asked = table.gm.post(url, data={"option": option, "expected_version": seen, "at_table": "1"})
    assert asked.status_code == 200
    cancel = re.search(r'id="table-roll-cancel"', _panel(asked.text))
    assert cancel
    page = table.page()
    assert not PANEL.search(page)
    assert table.version() == seen
    assert "Aliena must choose" in page, "the decision still waits"


def test_the_die_panel_and_the_follow_up_are_labelled(table: Table) -> None:
    from .test_accessibility import problems

    url, option = _reaction(table)
    seen = table.version()
    asked = table.gm.post(url, data={"option": option, "expected_version": seen, "at_table": "1"})
    assert problems(asked.text) == []
    refused = table.gm.post(
        url, data={"option": option, "expected_version": seen, "at_table": "1", "die": "0"}
    )
    assert 'id="table-roll-error"' in refused.text
    assert problems(refused.text) == []
    table.gm.post(
        url, data={"option": option, "expected_version": seen, "at_table": "1", "die": "5"}
    )
    page = table.page()
    assert 'for="follow-up-0"' in page
    assert problems(page) == []


def test_an_answer_reads_as_the_option_chosen_in_the_log(table: Table) -> None:
    # A GM walk-through read "Chosen: react:opportunity_attack" in the log: an option's id.
    url, option = _reaction(table)
    page = table.page()
    label = re.search(rf'value="{option}"[^>]*>.*?<button[^>]*>(?P<label>[^<]+)<', page, re.S)
    assert label, "the option's button"
    answered = table.gm.post(
        url, data={"option": option, "expected_version": table.version(), "faces": "19"}
    )
    assert answered.status_code == 303, answered.text
    words = f"Aliena chooses: {label['label'].strip()}"
    assert words in table.page()  # the GM
    assert words in table.page(table.player)  # Ann, who plays Aliena
    assert "Chosen: react" not in table.page() + table.page(table.player)


def _offered_at_table(page: str, label: str) -> bool:
    """Whether the button labelled ``label`` has a "Roll at the table" beside it."""
    found = re.search(
        rf"<button type=\"submit\"[^>]*>{re.escape(label)}(?:</button>|\s*<span).*?</form>",
        page,
        re.S,
    )
    assert found, f"no button {label!r}"
    return "Roll at the table" in found.group(0)


def test_only_a_command_or_answer_that_rolls_dice_is_offered_to_roll_at_the_table(
    table: Table,
) -> None:
    # A GM walk-through found "Roll at the table" beside ending a turn and a move: commands
    # that roll nothing, where the button stored them at once with no die asked.
    page = table.page()
    for label in ("Advance 1 s", "Move Aliena to (1, 0)", "Aliena: start Complex Spell*"):
        assert not _offered_at_table(page, label), label
    _reaction(table)
    page = table.page()
    assert _offered_at_table(page, "Opportunity Attack (cooldown 8 s)"), "its check rolls a d20"
    assert not _offered_at_table(page, "Decline"), "declining rolls nothing"


def test_a_bad_damage_in_the_follow_up_is_refused_beside_it_not_in_the_gm_tools(
    table: Table,
) -> None:
    # A GM walk-through typed a bad damage into "Damage dealt ... [Deal it]": the refusal
    # came back in the GM tools' own Deal damage form, far from the prompt answered.
    _hit_at_the_table(table)
    outcome = OUTCOME.search(table.page())
    assert outcome
    form = re.search(r'<form[^>]*class="follow-up".*?</form>', outcome.group(0), re.S)
    assert form, "the follow-up's form"
    action = re.search(r'action="([^"]+)"', form.group(0))
    assert action
    sent = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(0)))
    asked = re.search(r'<input type="text" id="follow-up-0" name="([^"]+)"', form.group(0))
    assert asked
    seen = table.version()
    refused = table.gm.post(action[1], data={**sent, asked[1]: "lots"}, headers=HTMX)
    assert refused.status_code == 200
    assert table.version() == seen
    outcome = OUTCOME.search(refused.text)
    assert outcome, "the prompt still asks"
    beside = re.search(r'<form[^>]*class="follow-up has-error".*?</form>', outcome.group(0), re.S)
    assert beside, "the refusal is told at the follow-up's own form"
    error = re.search(r'<p class="error" role="alert" id="follow-up-0-error">(.*?)</p>', beside[0])
    assert error
    assert "integer" in error[1]
    assert 'aria-invalid="true" aria-describedby="follow-up-0-error"' in beside[0]
    assert 'value="lots"' in beside[0], "what the GM typed is kept to correct"
    tools = re.search(r'<section class="panel gm-tools".*?</section>', refused.text, re.S)
    assert tools
    assert 'class="error"' not in tools[0], "nothing told in the GM tools"
    assert '<details class="gm-form" open>' not in tools[0]


def test_success_and_failure_points_are_spelled_out_where_the_gm_reads_them(
    table: Table,
) -> None:
    # R-TEST-02: the document's S.P. and F.P. are Success Points and Failure Points; a GM
    # walk-through read "hit, 7 S.P." in the outcome and the log, unexplained.
    _hit_at_the_table(table)
    page = table.page()
    outcome = OUTCOME.search(page)
    assert outcome
    assert 'hit, 7 <abbr title="Success Points">S.P.</abbr>' in outcome.group(0)
    log = re.search(r'<section[^>]*id="log".*?</section>', page, re.S)
    assert log
    assert '<abbr title="Success Points">S.P.</abbr>' in log.group(0)
    assert "7 S.P." not in page.replace("Undo: ", "").split('id="gm-tools"')[0]
