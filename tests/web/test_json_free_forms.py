"""No GM types JSON on game night (issue 13, "Forms in the rules' words"): every command
form of every ruleset and of the duel, and every campaign's options, is a form of inputs,
on the demo encounters and on an encounter of each shipped scenario. The one JSON box left
is the sheet form's collapsed "edit as JSON" escape hatch (not on these pages)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tablekeeper.api.deps import engine_of
from tablekeeper.persistence.unit_of_work import SqlUnitOfWork
from tablekeeper.services import demo_campaigns, scenarios
from tablekeeper.services.rulesets import installed_rulesets, ruleset_named
from tablekeeper.web.encounter import gm_forms
from tablekeeper.web.form_fields import FieldGroup, FormItem
from tablekeeper.web.forms import posted_names
from tablekeeper.web.pages import option_items

JSON_ASKED = re.compile(r"<textarea|JSON\.|\(JSON\)", re.IGNORECASE)
"""What a form asking for JSON shows: a textarea, or the help "JSON." of a text input."""


def json_inputs(items: tuple[FormItem, ...]) -> list[str]:
    """The inputs among ``items`` (and inside their fieldsets and rows) that take JSON."""
    found: list[str] = []
    for item in items:
        if isinstance(item, FieldGroup):
            found += json_inputs(item.children)
        elif item.widget == "json":
            found.append(item.name)
        else:
            found += [f"{item.name}.{name}" for name in json_inputs(item.columns)]
    return found


def json_asked(page: str, section: str) -> list[str]:
    """Each place of the page's ``section`` (by its id) that asks for JSON."""
    start = page.index(f'id="{section}"')
    body = page[start : page.index("</section>", start)] if "</section>" in page[start:] else page
    return [body[max(0, m.start() - 160) : m.end() + 40] for m in JSON_ASKED.finditer(body)]


@pytest.mark.parametrize("ruleset", installed_rulesets())
def test_no_gm_form_nor_option_takes_json(ruleset: str) -> None:
    forms = {form.kind: json_inputs(form.items) for form in gm_forms(ruleset)}
    assert {kind: inputs for kind, inputs in forms.items() if inputs} == {}
    if ruleset_named(ruleset).Options.model_fields:
        assert json_inputs(option_items(ruleset)) == []


def shipped() -> list[tuple[str, str]]:
    return [
        (ruleset, name)
        for ruleset in scenarios.scenario_rulesets()
        for name in scenarios.packaged_scenarios(ruleset)
    ]


def scenario_table(client: TestClient, ruleset: str, name: str) -> tuple[str, str]:
    """An encounter of the shipped scenario ``name``, its GM's key in ``client``: its page's
    address and the encounter's id."""
    engine = engine_of(client.app)  # type: ignore[arg-type]
    campaign, secret = demo_campaigns.scenario_campaign(
        lambda: SqlUnitOfWork(engine), ruleset, name
    )
    opened = client.get(f"/campaigns/{campaign.id}?key={secret}")
    assert opened.status_code == 303
    encounter = demo_campaigns.demo_encounter(SqlUnitOfWork(engine), campaign.id)
    assert encounter is not None
    return f"/campaigns/{campaign.id}/encounters/{encounter}", encounter


def gm_page(client: TestClient, ruleset: str, name: str) -> str:
    page = client.get(scenario_table(client, ruleset, name)[0])
    assert page.status_code == 200, page.text
    return page.text


@pytest.mark.parametrize(("ruleset", "name"), shipped())
def test_no_gm_tool_asks_for_json_on_a_shipped_scenarios_table(
    client: TestClient, ruleset: str, name: str
) -> None:
    page = gm_page(client, ruleset, name)
    assert 'id="gm-tools"' in page
    assert json_asked(page, "gm-tools") == []


@pytest.mark.parametrize("ruleset", sorted(demo_campaigns.demo_scenarios()))
def test_no_gm_tool_asks_for_json_on_a_demo_table(client: TestClient, ruleset: str) -> None:
    page = gm_page(client, ruleset, demo_campaigns.demo_scenarios()[ruleset])
    assert json_asked(page, "gm-tools") == []


@pytest.mark.parametrize("ruleset", installed_rulesets())
def test_no_campaign_option_asks_for_json(client: TestClient, ruleset: str) -> None:
    fragment = client.get("/campaign-options", params={"ruleset": ruleset})
    if fragment.status_code == 200:  # a ruleset a campaign may play
        assert json_asked(fragment.text + "</section>", "campaign-options") == []


def test_a_rows_inputs_belong_to_its_form() -> None:
    social = {form.kind: form for form in gm_forms("percentile")}["percentile.start_social"]
    posted = {"sheet.parties.3.side": "x", "sheet.other.0": "y", "sheet.length": "short"}
    names = posted_names(social.items, posted)
    assert {"sheet.parties.3.side", "sheet.length"} <= names
    assert "sheet.other.0" not in names


TITLE_CASED_ABBREVIATION = re.compile(r"\b(?:Tn|Hp|Ap|Mp|Dp|Siz|Pow|Mov|Sp|Fp)\b")
"""A rule's abbreviation written as a word (``Tn`` for TN): a label made from a field
name whose model's descriptions never write it in capitals."""


def labels(items: tuple[FormItem, ...]) -> list[str]:
    """Every label among ``items``, inside their fieldsets and rows too."""
    found: list[str] = []
    for item in items:
        found.append(item.label)
        if isinstance(item, FieldGroup):
            found += labels(item.children)
        else:
            found += labels(item.columns)
    return found


@pytest.mark.parametrize("ruleset", installed_rulesets())
def test_no_gm_form_writes_an_abbreviation_as_a_word(ruleset: str) -> None:
    # A GM walk-through read "Tn" on fractal's Macro check form, where the sweep's form
    # read "TN": the label is made from the field name, capitals from its descriptions.
    written = {
        form.kind: [label for label in labels(form.items) if TITLE_CASED_ABBREVIATION.search(label)]
        for form in gm_forms(ruleset)
    }
    assert {kind: found for kind, found in written.items() if found} == {}
