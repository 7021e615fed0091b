"""The console's balance lab page (``web/lab.py``, ``services/lab_jobs.py``): both forms,
a run started, its progress, its charts, its downloads, and bad input named by field."""

from __future__ import annotations

import csv
import io
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.services import lab, lab_jobs
from tablekeeper.web.lab import (
    length_bars,
    resolver_choices,
    resolver_example,
    resolver_items,
    win_rates,
)

HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _no_runs_left() -> Iterator[None]:
    yield
    for run in list(lab_jobs._runs.values()):
        _finish(run)
    lab_jobs._runs.clear()


def _finish(run: lab_jobs.LabRun, seconds: float = 120) -> lab_jobs.LabRun:
    deadline = time.monotonic() + seconds
    while not run.finished:
        assert time.monotonic() < deadline, "the run never ended"
        time.sleep(0.05)
    return run


def _run_id(response: Any) -> str:
    return str(response.headers["location"]).rsplit("/", 1)[1]


def test_the_lab_page_offers_every_shipped_scenario_and_the_resolvers(client: TestClient) -> None:
    html = client.get("/lab").text
    for ruleset, name in lab.shipped_scenarios():
        assert f'value="{ruleset}/{name}"' in html
    assert 'value="dice.pool"' in html
    assert 'name="csrf_token"' in html
    assert 'href="/lab"' in client.get("/").text


def test_a_simulation_runs_and_shows_its_win_rates_lengths_and_downloads(
    client: TestClient,
) -> None:
    started = client.post(
        "/lab/simulations",
        data={"scenario": "duel/first_blood", "trials": "40", "seed": "3", "vary": ""},
    )
    assert started.status_code == 303
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.error is None
    page = client.get(started.headers["location"]).text
    assert "Wins of 40 trials" in page
    assert '<option value="duel/first_blood" selected>' in page  # the form as it was
    assert 'id="lab-trials" name="trials" min="1" max="2000" value="40"' in page
    assert 'class="lab-histogram"' in page
    expected = lab.simulate("first_blood", ruleset="duel", trials=40, seed=3, workers=1)
    assert 'class="lab-ticks' not in page  # 17 to 50 commands: too many bars to label each
    for side, row in expected["points"][0]["report"]["sides"].items():
        assert f'data-side="{side}" data-rate="{row["rate"]:.4f}"' in page
    data = client.get(f"/lab/runs/{run.id}/result.json")
    assert data.headers["content-disposition"].startswith("attachment")
    assert {k: v for k, v in data.json().items() if k != "timing"} == {
        k: v for k, v in expected.items() if k != "timing"
    }
    rows = list(csv.DictReader(io.StringIO(client.get(f"/lab/runs/{run.id}/result.csv").text)))
    assert {row["side"] for row in rows} == set(expected["points"][0]["report"]["sides"])


def test_a_short_histogram_writes_each_bars_length_under_it(client: TestClient) -> None:
    started = client.post(
        "/lab/simulations", data={"scenario": "percentile/river_ambush", "trials": "40"}
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.result is not None
    lengths = sorted(map(int, run.result["points"][0]["report"]["length"]["histogram"]))
    assert lengths[-1] - lengths[0] < 16
    page = client.get(started.headers["location"]).text
    ticks = page.split('class="lab-ticks muted"', 1)[1].split("</p>", 1)[0]
    shown = [int(tick) for tick in re.findall(r"<span>(\d+)</span>", ticks)]
    assert shown == list(range(lengths[0], lengths[-1] + 1))  # every round, none skipped


def test_htmx_gets_the_runs_part_which_polls_until_the_charts(client: TestClient) -> None:
    started = client.post(
        "/lab/simulations",
        data={"scenario": "realtime/bleeding_out", "trials": "30", "vary": "seconds=20,40"},
        headers=HTMX,
    )
    assert started.status_code == 200
    run_id = started.headers["HX-Push-Url"].rsplit("/", 1)[1]
    assert "<h1>" not in started.text  # the part, not the page
    run = lab_jobs.run_of(run_id)
    assert run.total == 60
    if not run.finished:
        assert 'hx-trigger="every 500ms"' in started.text
        assert "<progress" in started.text
    _finish(run)
    done = client.get(f"/lab/runs/{run_id}", headers=HTMX).text
    assert "every 500ms" not in done
    assert done.count('class="lab-point"') == 2
    assert "seconds = 20" in done and "seconds = 40" in done  # noqa: PT018


def test_a_sweep_runs_and_shows_its_outcome_table(client: TestClient) -> None:
    started = client.post(
        "/lab/sweeps",
        data={
            "resolver": "dice.pool",
            "input.dice": "3",
            "input.sides": "6",
            "input.tn": "4",
            "vary": "tn=3:5",
        },
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.error is None
    assert run.result is not None and run.result["input"] == {"dice": 3, "sides": 6, "tn": 4}  # noqa: PT018
    page = client.get(started.headers["location"]).text
    assert 'id="lab-sweep-table"' in page
    assert page.count('<th scope="row">') == 3
    assert 'name="input.dice" value="3"' in page  # the run's page shows the input it swept
    assert b"tn," in client.get(f"/lab/runs/{run.id}/result.csv").content


@pytest.mark.parametrize(
    ("data", "field", "reason"),
    [
        ({"scenario": "duel/first_blood", "trials": "0"}, "trials", "trials must be 1 to 2000"),
        ({"scenario": "duel/first_blood", "trials": "many"}, "trials", "not a whole number"),
        ({"scenario": "duel/first_blood", "seed": "-1"}, "seed", "from 0"),
        ({"scenario": "duel/first_blood", "vary": "nonsense"}, "vary", ""),
        ({"scenario": "duel/first_blood", "vary": "seconds=1:100"}, "vary", "at most 25"),
    ],
)
def test_bad_simulation_input_is_named_by_field(
    client: TestClient, data: dict[str, str], field: str, reason: str
) -> None:
    response = client.post("/lab/simulations", data=data)
    assert response.status_code == 422
    assert f'id="lab-{field}-error"' in response.text
    assert reason in response.text
    assert not lab_jobs._runs


def test_bad_sweep_input_is_named_by_field(client: TestClient) -> None:
    pool = {"resolver": "dice.pool", "input.sides": "6", "input.tn": "4", "vary": "tn=3:5"}
    response = client.post("/lab/sweeps", data={**pool, "input.dice": "many"})
    assert response.status_code == 422
    assert 'id="f-input-dice-error"' in response.text
    assert 'name="input.dice" value="many"' in response.text  # what was typed, kept
    missing = client.post("/lab/sweeps", data=pool, headers=HTMX)
    assert missing.status_code == 422
    assert missing.headers["HX-Retarget"] == "#main"
    assert 'id="f-input-dice-error"' in missing.text  # a required field left empty
    vary = client.post("/lab/sweeps", data={**pool, "input.dice": "3", "vary": "dice=-1:1"})
    assert vary.status_code == 422  # a varied value the input refuses: named at the vary box
    assert 'id="lab-sweep-vary-error"' in vary.text and "at dice=-1" in vary.text  # noqa: PT018
    assert 'id="f-input-dice-error"' not in vary.text  # not beside the dice typed, 3
    unknown = client.post("/lab/sweeps", data={**pool, "resolver": "percentile.nope"})
    assert unknown.status_code == 422
    assert 'id="lab-resolver-error"' in unknown.text


def test_the_sweep_form_is_the_resolvers_input_filled_with_its_example(
    client: TestClient,
) -> None:
    """A designer picks a resolver and reads its input as fields, its example filled in,
    and the numbers it may vary, each with a line to put in the vary box."""
    page = client.get("/lab?resolver=percentile.attack").text
    assert 'name="input.attacker.skill" value="50"' in page
    assert 'name="input.attacker.weapon.name" value="sword"' in page
    assert 'data-vary-line="attacker.skill=30:70:10"' in page
    assert "Options: the table&#39;s rulings" in page or "Options: the table's rulings" in page
    fragment = client.get("/lab/resolver-input", params={"resolver": "dice.pool"}, headers=HTMX)
    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<div id="lab-resolver-input">')
    assert 'data-vary-line="tn=2:6"' in fragment.text
    assert client.get("/lab/resolver-input", params={"resolver": "nope"}).status_code == 422


def test_the_numbers_a_sweep_offers_can_each_be_swept() -> None:
    """Each number the form offers has a line that runs: none inside a part the example
    leaves out that cannot stand on its defaults (the defender's weapon), none without a
    value to vary around, a default's value used (the options'); parts named by their
    field, not their model's class."""
    items = resolver_items("percentile.attack")
    choices = resolver_choices(items, resolver_example("percentile.attack"))
    paths = {choice.path: choice for choice in choices}
    assert "attacker.skill" in paths
    assert "defender.weapon.hp" not in paths
    assert paths["options.critical_divisor"].line == "options.critical_divisor=8:12"
    assert paths["attacker.skill"].label == "Attacker › Skill"
    for name in lab.sweepable_resolvers():  # and every resolver's every line sweeps
        example = dict(lab.resolver_named(name).example or {})
        for choice in resolver_choices(resolver_items(name), resolver_example(name)):
            assert not choice.line.endswith("="), (name, choice)
            lab.check_sweep(name, example, [choice.line])


def test_a_varied_scenario_value_the_file_refuses_is_named_at_the_vary_box(
    client: TestClient,
) -> None:
    refused = client.post(
        "/lab/simulations", data={"scenario": "duel/first_blood", "vary": "fighters.0.hp=0"}
    )
    assert refused.status_code == 422
    assert 'id="lab-vary-error"' in refused.text and "fighters.0.hp" in refused.text  # noqa: PT018


def test_the_simulation_form_lists_the_scenarios_numbers(client: TestClient) -> None:
    """What a designer may vary in a scenario, by whose it is ("what if the wolves had
    more Bite?"): each number of the file as written, its format and seed left out."""
    page = client.get("/lab?scenario=realtime/bleeding_out").text
    assert "aliena › hp" in page
    assert 'data-vary-line="creatures.0.hp=18:22"' in page
    assert 'data-vary-line="seed=' not in page
    fragment = client.get("/lab/scenario-numbers", params={"scenario": "duel/first_blood"})
    assert "Bob › defense" in fragment.text
    assert 'data-vary-line="fighters.1.defense=7:11"' in fragment.text


def test_one_run_at_a_time_and_an_unknown_run_is_a_404(client: TestClient) -> None:
    first = client.post("/lab/simulations", data={"scenario": "tactical/duel", "trials": "60"})
    assert first.status_code == 303
    busy = client.post("/lab/simulations", data={"scenario": "duel/first_blood"})
    if not lab_jobs.run_of(_run_id(first)).finished:
        assert busy.status_code == 503
        assert "busy" in busy.text
    assert client.get("/lab/runs/nope").status_code == 404
    assert client.get("/lab/runs/nope/result.json").status_code == 404


def test_a_post_without_the_csrf_token_is_refused(database_url: str) -> None:
    from tablekeeper.web.app import create_console_app

    with TestClient(create_console_app(database_url)) as bare:
        refused = bare.post("/lab/simulations", data={"scenario": "duel/first_blood"})
    assert refused.status_code == 403
    assert not lab_jobs._runs


def test_the_charts_are_drawn_from_the_report_alone() -> None:
    report = {"sides": {"a": {"wins": 3, "rate": 0.75, "low": 0.3, "high": 0.95}}}
    (rate,) = win_rates(report)
    assert (rate.rate, rate.low, rate.high) == (75.0, 30.0, 95.0)
    bars = length_bars({str(n): 1 for n in range(100)})
    assert len(bars) <= 40
    assert sum(bar.count for bar in bars) == 100
    assert bars[0].label == "0-2"
    assert length_bars({}) == ()
    gap = length_bars({"2": 3, "5": 1})
    assert [(bar.label, bar.count) for bar in gap] == [("2", 3), ("3", 0), ("4", 0), ("5", 1)]


def test_a_sweep_shows_its_summary_in_a_scrollable_region_and_its_chart(
    client: TestClient,
) -> None:
    """The sweep's table is its summary (P(success), mean S.P.: not a column per S.P.),
    inside a region that scrolls sideways by itself, under the chart of its main column
    drawn as the terminal's ``--plot`` draws it (inline SVG)."""
    started = client.post(
        "/lab/sweeps",
        data={
            "resolver": "realtime.check",
            "input.characteristic": "12",
            "vary": "characteristic=8:14:2",
        },
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.error is None, run.error
    page = client.get(started.headers["location"]).text
    region = page[page.index('class="lab-scroll"') - 5 :]
    region = region[: region.index(">")]
    assert 'role="region"' in region and 'tabindex="0"' in region  # noqa: PT018
    assert 'aria-label="Exact odds of realtime.check"' in region
    table = page[page.index('id="lab-sweep-table"') : page.index("</table>")]
    assert '<th scope="col">P(success)</th>' in table
    assert '<th scope="col">mean S.P.</th>' in table
    assert "7 S.P." not in table
    chart = page[page.index('class="lab-sweep-chart"') :]
    assert chart.index("<svg") < chart.index("</figure>")
    assert 'aria-label="Chart of realtime.check: the summary over characteristic"' in chart
    csv = client.get(f"/lab/runs/{run.id}/result.csv").text
    assert csv.splitlines()[0].startswith("characteristic,P(success),")
    assert ",7 S.P.," in csv.splitlines()[0]  # the downloads keep every outcome
