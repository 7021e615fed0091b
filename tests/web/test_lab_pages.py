"""The console's balance lab page (``web/lab.py``, ``services/lab_jobs.py``): both forms,
a run started, its progress, its charts, its downloads, and bad input named by field."""

from __future__ import annotations

import csv
import doctest
import io
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablekeeper.analysis.glance import sides_of
from tablekeeper.services import lab, lab_jobs
from tablekeeper.web import lab as web_lab
from tablekeeper.web.lab import (
    PointCharts,
    count_top,
    held_text,
    length_bars,
    resolver_choices,
    resolver_example,
    resolver_items,
    win_rate_trends,
    win_rates,
)

HTMX = {"HX-Request": "true"}

POOL_SWEEP = {
    "resolver": "dice.pool",
    "input.dice": "3",
    "input.sides": "6",
    "input.tn": "4",
    "vary": "tn=3:5",
}
"""A small sweep form: 3d6 at TN 3 to 5."""


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


def test_a_varied_run_shows_every_point_at_a_glance_above_the_points(
    client: TestClient,
) -> None:
    # two fields varied: no trend chart can hold them; the glance table compares the points
    started = client.post(
        "/lab/simulations",
        data={
            "scenario": "duel/first_blood",
            "trials": "20",
            "vary": "fighters.1.hp=8,12\nfighters.0.hp=9,11",
        },
    )
    assert started.status_code == 303, started.text
    run = _finish(lab_jobs.run_of(_run_id(started)))
    page = client.get(started.headers["location"]).text
    table = page.split('id="lab-glance"', 1)[1].split("</table>", 1)[0]
    assert page.index('id="lab-glance"') < page.index('id="lab-point-1"')
    head = table.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert "Bob › hp" in head and "Alice › hp" in head  # noqa: PT018
    assert run.result is not None
    rows = table.split("<tbody>", 1)[1].split("<tr>")[1:]
    assert len(rows) == 4
    first = run.result["points"][0]
    # each row leads to its point's report, and each report back (25 points: a long page)
    value = first["values"]["fighters.1.hp"]
    assert (
        f'<th scope="row"><a href="#lab-point-1" title="This point\'s report">{value}</a>'
        in (rows[0])
    )
    assert '<a href="#lab-point-4"' in rows[3]
    assert page.count('<a href="#lab-glance">Every point at a glance</a>') == 4
    for side, row in first["report"]["sides"].items():
        if row["wins"]:
            assert f"{100 * row['rate']:.1f} %" in rows[0], side
    assert 'id="lab-alike"' not in page  # the hp changed the results
    alone = client.post("/lab/simulations", data={"scenario": "duel/first_blood", "trials": "5"})
    _finish(lab_jobs.run_of(_run_id(alone)))
    assert 'id="lab-glance"' not in client.get(alone.headers["location"]).text


def test_a_misspelt_field_is_named_before_the_grids_size(client: TestClient) -> None:
    # 41 points of a field the scenario has not: the misspelling first (designer's walkthrough)
    refused = client.post(
        "/lab/simulations",
        data={"scenario": "duel/first_blood", "trials": "10", "vary": "fighters.1.hpp=30:70"},
    )
    assert refused.status_code == 422
    assert "hpp" in refused.text
    assert "the console plays at most" not in refused.text
    sweep = client.post("/lab/sweeps", data={**POOL_SWEEP, "vary": "tnn=1:100"}, headers=HTMX)
    assert "tnn" in sweep.text
    assert "the console plays at most" not in sweep.text
    assert not lab_jobs._runs


def test_a_grid_whose_points_all_came_alike_says_the_field_changed_nothing(
    client: TestClient,
) -> None:
    # Designer's walkthrough: Corvo's melee rank at 0 and at 4 played the steel duel to the
    # very same numbers (with G-F-01's `rank_caps_dice` off, as by default, a Nano duel
    # reads a rank in a Feint, and Corvo has no Feint), and the page showed two equal rows.
    started = client.post(
        "/lab/simulations",
        data={
            "scenario": "fractal/steel_duel",
            "trials": "10",
            "vary": "characters.1.ranks.melee=0,4",
        },
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.result is not None
    reports = [point["report"] for point in run.result["points"]]
    assert reports[0] == reports[1]
    page = client.get(started.headers["location"]).text
    note = page.split('id="lab-alike" role="note">', 1)[1].split("</p>", 1)[0]
    assert note.startswith("Every point came to the same results: Corvo › ranks › melee")


def test_a_grid_too_big_says_what_the_console_does_with_its_points(client: TestClient) -> None:
    # a sweep plays nothing: it works its points out (designer's walkthrough)
    sweep = client.post("/lab/sweeps", data={**POOL_SWEEP, "vary": "tn=1:40"}, headers=HTMX)
    assert "the grid has 40 points; the console works out at most 25" in sweep.text
    played = {"scenario": "duel/first_blood", "trials": "10", "vary": "fighters.0.hp=1:40"}
    simulation = client.post("/lab/simulations", data=played)
    assert "the grid has 40 points; the console plays at most 25" in simulation.text
    assert not lab_jobs._runs


def test_the_no_one_row_says_why_no_side_won(client: TestClient) -> None:
    # bleeding_out plays its 30 seconds out, no side winning (designer's walkthrough:
    # "no one 100.0%" and nothing saying the length ran out)
    started = client.post(
        "/lab/simulations", data={"scenario": "realtime/bleeding_out", "trials": "4"}
    )
    _finish(lab_jobs.run_of(_run_id(started)))
    page = client.get(started.headers["location"]).text
    row = page.split('data-side="no one"', 1)[1].split("</tr>", 1)[0]
    assert '<th scope="row">no one: the 30 seconds ran out</th>' in row
    assert "How it ended" not in page  # the row says it; no table to repeat it


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
    # percentile leaves death to the GM: its actors' deaths read so, not "0.0 %"
    actors = page.split('class="lab-actors"', 1)[1].split("</table>", 1)[0]
    rows = actors.split("<tbody>", 1)[1].split("<tr>")[1:]
    assert rows
    assert all("GM&#39;s call</span>" in row for row in rows), rows[0]


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
        data=POOL_SWEEP,
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.error is None
    assert run.result is not None and run.result["input"] == {"dice": 3, "sides": 6, "tn": 4}  # noqa: PT018
    page = client.get(started.headers["location"]).text
    assert 'id="lab-sweep-table"' in page
    assert page.count('<th scope="row">') == 3
    assert 'name="input.dice" value="3"' in page  # the run's page shows the input it swept
    # and beside its numbers, what they were worked out with (the varied tn aside)
    assert '<p class="lab-held" id="lab-held">Held at every point: dice = 3, sides = 6</p>' in page
    assert b"tn," in client.get(f"/lab/runs/{run.id}/result.csv").content


@pytest.mark.parametrize(
    ("data", "field", "reason"),
    [
        (
            {"scenario": "duel/first_blood", "trials": "0"},
            "trials",
            "trials must be 1 to 2,000 per grid point in the console (tablekeeper simulate, "
            "in a terminal, plays up to 1,000,000)",
        ),
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
    assert missing.headers["HX-Retarget"] == "#lab-sweep"  # the sweep form alone
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
    # the count axis reads round numbers (top, half, 0), the bars scaled to its top
    assert [bar.height for bar in gap] == [75.0, 0.0, 0.0, 25.0]  # the axis's top is 4
    tall = length_bars({"3": 1487, "4": 700})
    assert [bar.height for bar in tall] == [100 * 1487 / 1500, 100 * 700 / 1500]


def test_a_side_that_never_won_has_no_trend_line_as_it_has_no_glance_column() -> None:
    def point(hp: int, wins: int) -> dict[str, Any]:
        rate = wins / 10
        return {
            "values": {"hp": hp},
            "report": {
                "trials": 10,
                "sides": {
                    "heroes": {"wins": wins, "rate": rate, "low": 0.0, "high": 1.0},
                    "no one": {"wins": 0, "rate": 0.0, "low": 0.0, "high": 0.3},
                    "wolves": {"wins": 10 - wins, "rate": 1 - rate, "low": 0.0, "high": 1.0},
                },
            },
        }

    result = {"varied": ["hp"], "points": [point(8, 3), point(12, 10)]}
    trends = win_rate_trends(result)
    assert [trend.side for trend in trends] == ["heroes", "wolves"]
    assert [p.value for p in trends[1].points] == [8, 12]  # a side that won once keeps both


def test_a_long_length_axis_is_labelled_at_five_bars_spread_over_it() -> None:
    # designer's walkthrough: 27 bars of the duel's lengths labelled "12-13" and "64" alone
    bars = length_bars({str(n): 1 for n in range(12, 66)})
    chart = PointCharts("As written", {}, (), bars, 30.0, "commands")
    ticks = chart.length_ticks
    assert [label for _, label in ticks] == [bars[i].label for i in (0, 6, 13, 20, len(bars) - 1)]
    assert ticks[0][1] == "12-13" and ticks[-1][1] == "64-65"  # noqa: PT018
    assert round(ticks[0][0], 2) == round(50 / len(bars), 2)  # the first bar's centre
    lone = PointCharts("As written", {}, (), length_bars({"3": 5}), 3.0, "rounds")
    assert lone.length_ticks == ((50.0, "3"),)


def test_a_sweeps_held_input_names_each_value_by_its_path_the_varied_ones_aside() -> None:
    result = {
        "input": {"attacker": {"skill": 50, "weapon": {"damage": "1d8"}}, "sides": [6, 8, 10]},
        "varied": ["attacker.skill"],
    }
    assert held_text(result) == (
        "attacker.weapon.damage = 1d8, sides.0 = 6, sides.1 = 8, sides.2 = 10"
    )
    many = {"input": {f"f{n}": n for n in range(45)}, "varied": []}
    assert held_text(many).endswith("f39 = 39 and 5 more")


def test_the_count_axis_tops_are_round_with_a_whole_half() -> None:
    assert doctest.testmod(web_lab).failed == 0  # count_top's and held_text's examples
    steps = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
    whole = [s * 10**k // 10 for k in range(6) for s in steps if s * 10**k % 10 == 0]
    tops = sorted(top for top in whole if top % 2 == 0)  # 1, 1.2 ... 8 times 10^k, even
    for tallest in range(1, 5000):
        top = count_top(tallest)
        assert top == min(t for t in tops if t >= tallest)  # the least round top
        assert top >= tallest
        assert top % 2 == 0
        assert top < 2 * tallest or tallest == 1  # never more than twice the tallest bar
        assert str(top).rstrip("0") in ("1", "12", "15", "2", "25", "3", "4", "5", "6", "8")


# --- the designer's review: reaching the lab, the busy refusal, the report, the forms ---


def test_every_page_reaches_the_lab_from_the_top_navigation(client: TestClient) -> None:
    for address in ("/", "/lab", "/lab/runs/nope"):  # the error page too
        page = client.get(address).text
        top = page.split('<header class="top">', 1)[1].split("</header>", 1)[0]
        assert '<a href="/lab"' in top and ">Balance lab</a>" in top, address  # noqa: PT018


def test_a_gms_encounter_opens_the_lab_with_its_rulesets_scenario(client: TestClient) -> None:
    from . import test_encounter_pages

    table = test_encounter_pages.table.__wrapped__(client)
    page = table.page()
    first = lab.scenarios_of("realtime")[0]  # the table is realtime's
    assert f'href="/lab?scenario=realtime/{first}"' in page
    assert "/lab?scenario=" not in table.page(table.player)  # the GM's, not a player's
    chosen = client.get(f"/lab?scenario=realtime/{first}").text
    assert f'<option value="realtime/{first}" selected>' in chosen
    assert lab.scenarios_of("duel") == ("first_blood",)


def test_a_players_browser_neither_sees_nor_opens_the_lab(client: TestClient) -> None:
    # the lab plays the shipped scenarios, a demo campaign's foes among them: the GM's
    from . import test_encounter_pages

    table = test_encounter_pages.table.__wrapped__(client)
    top = table.page(table.player).split('<header class="top">', 1)[1].split("</header>")[0]
    assert "Balance lab" not in top
    assert "Balance lab" in table.page().split("</header>", 1)[0]  # the GM's page shows it
    for refused in (
        table.player.get("/lab"),
        table.player.get("/lab/scenario-numbers?scenario=duel/first_blood"),
        table.player.post("/lab/simulations", data={"scenario": "duel/first_blood"}),
    ):
        assert refused.status_code == 403
        assert "the balance lab is the GM&#39;s" in refused.text
        assert "lab: the balance lab" not in refused.text  # a sentence, not a field's name
    for seen in (table.player.get("/lab"), table.player.get("/")):  # pages with no viewer
        assert (
            "Balance lab" not in seen.text.split('<header class="top">', 1)[1].split("</header>")[0]
        )
    assert not lab_jobs._runs
    assert client.get("/lab").status_code == 200  # the GM's browser
    with TestClient(client.app) as fresh:  # a designer's, who joined no campaign
        assert fresh.get("/lab").status_code == 200


def _held_run(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """Simulations that play batches of 10 trials until told to go on (or stopped)."""
    import threading

    go_on = threading.Event()
    played = threading.Event()
    real = lab.simulate

    def simulate(scenario: str, **options: Any) -> dict[str, Any]:
        for _ in range(options["trials"] // 10):
            options["progress"](10)
            played.set()
            go_on.wait(5)
        return real(scenario, **{**options, "progress": None})

    monkeypatch.setattr(lab_jobs.lab, "simulate", simulate)
    return go_on, played


def test_a_busy_refusal_shows_beside_the_button_with_a_stop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on, played = _held_run(monkeypatch)
    first = client.post("/lab/simulations", data={"scenario": "duel/first_blood", "trials": "200"})
    run = lab_jobs.run_of(_run_id(first))
    assert played.wait(5)
    busy = client.post(
        "/lab/sweeps",
        data=POOL_SWEEP,
        headers=HTMX,
    )
    assert busy.status_code == 503
    form = busy.text.split('id="lab-sweep"', 1)[1].split("</form>", 1)[0]
    slot = form.split('id="lab-sweep-busy"', 1)[1]
    assert 'role="alert"' in form.split('id="lab-sweep-busy"', 1)[1].split(">", 1)[0]
    assert "the lab is busy with another run" in slot
    assert f'formaction="/lab/runs/{run.id}/stop"' in slot
    assert "busy" not in busy.text.split('id="lab-simulate"', 1)[0]  # not atop the page
    running = client.get(f"/lab/runs/{run.id}", headers=HTMX).text
    assert f'action="/lab/runs/{run.id}/stop"' in running and "Stop the run" in running  # noqa: PT018
    # the refused page and a reload of the lab keep the run in sight, its progress and Stop
    for page in (busy.text, client.get("/lab").text):
        part = page.split('id="lab-run"', 1)[1]
        assert f'hx-get="/lab/runs/{run.id}"' in part
        assert "Stop the run" in part
    # swapped in by htmx, a <noscript> refresh would come alive and leave the page
    assert 'http-equiv="refresh"' not in busy.text
    assert 'http-equiv="refresh"' in client.get("/lab").text  # a page without JavaScript
    stopped = client.post(f"/lab/runs/{run.id}/stop")
    assert stopped.status_code == 303
    go_on.set()
    _finish(run)
    assert run.stopped and run.result is not None  # noqa: PT018
    assert run.done < run.total
    page = client.get(f"/lab/runs/{run.id}").text
    assert f"Stopped after {run.done} of 200 trials" in page
    assert "Stop the run" not in page
    again = client.post("/lab/simulations", data={"scenario": "duel/first_blood", "trials": "10"})
    assert again.status_code == 303  # the lab is free again


def _held_after_first_batch(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    """Real simulations that wait after their first batch of trials until told to go on."""
    import threading

    go_on = threading.Event()
    played = threading.Event()
    real = lab.simulate

    def simulate(scenario: str, **options: Any) -> dict[str, Any]:
        told = options["progress"]

        def progress(finished: int) -> None:
            told(finished)
            if not played.is_set():
                played.set()
                go_on.wait(5)

        return real(scenario, **{**options, "progress": progress})

    monkeypatch.setattr(lab_jobs.lab, "simulate", simulate)
    return go_on, played


def test_a_stopped_simulation_shows_and_downloads_the_trials_it_played(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stopped after its first batch (50 trials a point: the first point's first 50),
    the page shows what was played, marked stopped, and says the other points were not
    reached; the JSON is the result of a whole run's first trials, marked stopped."""
    simulate = lab.simulate
    go_on, played = _held_after_first_batch(monkeypatch)
    asked = {"scenario": "duel/first_blood", "trials": "200", "seed": "7"}
    first = client.post("/lab/simulations", data={**asked, "vary": "fighters.0.hp=8:9"})
    run = lab_jobs.run_of(_run_id(first))
    assert played.wait(5)
    client.post(f"/lab/runs/{run.id}/stop")
    go_on.set()
    _finish(run)
    assert run.stopped and run.done == 50  # noqa: PT018
    page = client.get(f"/lab/runs/{run.id}").text
    assert "Stopped after 50 of 400 trials: the results below are of the 50 played" in page
    assert "Wins of 50 trials (of 200 asked)" in page
    assert page.count('class="lab-wins"') == 1  # the first point's; the second not reached
    assert "Not reached" in page.split('id="lab-point-2"', 1)[1]
    wins = re.findall(r'data-side="([^"]+)" data-rate="([0-9.]+)"', page)
    result = client.get(f"/lab/runs/{run.id}/result.json").json()
    assert (result["stopped"], result["played"], result["planned"]) == (True, 50, 400)
    report = result["points"][0]["report"]
    assert wins == [(side, f"{row['rate']:.4f}") for side, row in report["sides"].items()]
    whole = simulate("first_blood", trials=50, seed=7, workers=1, vary=["fighters.0.hp=8"])
    assert report == whole["points"][0]["report"]
    assert result["points"][1]["report"]["trials"] == 0
    rows = list(csv.DictReader(io.StringIO(client.get(f"/lab/runs/{run.id}/result.csv").text)))
    assert {row["trials"] for row in rows} == {"50"}  # the point not reached left out
    assert {row["fighters.0.hp"] for row in rows} == {"8"}


def test_the_progress_says_trials_and_points(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    go_on, played = _held_run(monkeypatch)
    started = client.post(
        "/lab/simulations",
        data={"scenario": "duel/first_blood", "trials": "150", "vary": "fighters.0.hp=8:12"},
        headers=HTMX,
    )
    assert played.wait(5)
    run = lab_jobs.run_of(started.headers["HX-Push-Url"].rsplit("/", 1)[1])
    page = client.get(f"/lab/runs/{run.id}", headers=HTMX).text
    assert f"Played {run.done} of 750 trials (5 points × 150)" in page
    go_on.set()
    _finish(run)


def test_the_simulation_report_has_the_terminals_numbers(client: TestClient) -> None:
    started = client.post(
        "/lab/simulations",
        data={"scenario": "duel/first_blood", "trials": "30", "vary": "fighters.0.hp=8,12"},
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.result is not None
    page = client.get(started.headers["location"]).text
    report = run.result["points"][0]["report"]
    length = report["length"]
    assert (
        f"mean {length['mean']:.1f} (sd {length['sd']:.1f}), median {length['median']}, "
        f"min {length['min']}, max {length['max']}"
    ) in page
    assert 'class="lab-count-axis' in page  # the histogram's counts
    top = count_top(max(length["histogram"].values()))
    axis = page.split('class="lab-count-axis', 1)[1].split("</p>", 1)[0]
    assert f"<span>{top}</span><span>{top // 2}</span><span>0</span>" in axis
    actors = page.split('class="lab-actors"', 1)[1].split("</table>", 1)[0]
    for row in report["actors"].values():
        assert f'<th scope="row">{row["name"]}</th>' in actors
        assert f"{100 * row['defeated']:.1f} %" in actors
        injuries = f"{row['injuries']:.2f} ± {row['spread']['injuries']:.2f}"
        assert injuries in actors  # the mean with its sd, as the terminal has it
    assert "Alice › hp = 8" in page  # the number's name, as the list of numbers shows it
    bars = length_bars(length["histogram"])
    if len(bars) > 16:  # too many to label each: five of them, spread over the axis
        ticks = page.split('class="lab-length-ticks muted"', 1)[1].split("</p>", 1)[0]
        shown = re.findall(r'<span style="left: [\d.]+%">([^<]+)</span>', ticks)
        assert shown[0] == bars[0].label and shown[-1] == bars[-1].label  # noqa: PT018
        assert len(shown) == 5
    assert "fighters.0.hp = 8" not in page
    trend = page.split('id="lab-trend"', 1)[1].split("</figure>", 1)[0]
    assert "Win rate over Alice › hp" in trend
    assert trend.count("<polyline") == len(sides_of(run.result))  # each side that won
    csv_response = client.get(f"/lab/runs/{run.id}/result.csv")
    assert (
        'filename="duel-first_blood-simulation.csv"' in csv_response.headers["content-disposition"]
    )
    rows = list(csv.DictReader(io.StringIO(csv_response.text)))
    assert rows[0]["length_median"] == str(length["median"])
    assert {"length_mean", "length_min", "length_max"} <= set(rows[0])
    # what plays it again, in every row (a designer's walkthrough: no CSV held them)
    assert {(row["trials"], row["seed"]) for row in rows} == {
        (str(run.result["trials"]), str(run.result["seed"]))
    }
    actor_rows = list(
        csv.DictReader(io.StringIO(client.get(f"/lab/runs/{run.id}/actors.csv").text))
    )
    assert len(actor_rows) == 2 * len(report["actors"])
    assert {"fighters.0.hp", "actor", "side", "defeated", "dead", "injuries"} <= set(actor_rows[0])
    named = client.get(f"/lab/runs/{run.id}/result.json").headers["content-disposition"]
    assert 'filename="duel-first_blood-simulation.json"' in named


def test_the_resolver_form_reads_as_the_rules_do(client: TestClient) -> None:
    page = client.get("/lab?resolver=percentile.attack").text
    form = page.split('id="lab-resolver-input"', 1)[1].split('id="lab-sweep-vary"', 1)[0]
    labels = [text.strip() for text in re.findall(r"<label for=\"f-input-[^\"]*\">([^<]*)", form)]
    assert "HP" in labels and "SIZ" in labels  # noqa: PT018
    assert "Hp" not in labels and "Siz" not in labels  # noqa: PT018
    assert not re.search(r"\((?:[A-Z]{1,2}-)+[A-Z0-9.]+", form)  # no "(P-OPT-03)", "(G-P-07: ..."
    assert not re.search(r"\b[GP]-[A-Z]+-\d", form)
    assert "``" not in form and "<code>people</code>" in form  # noqa: PT018
    assert "(required if given)" in form  # the defender's weapon's name
    folds = re.findall(r'<details class="fold" id="([^"]+)"([^>]*)>', form)
    assert folds
    shut = {name for name, attributes in folds if "open" not in attributes}
    assert "f-input-defender-weapon-fold" in shut or "f-input-attacker-armor-fold" in shut
    assert ("f-input-defender-fold", " open") in folds  # the example fills the defender


def test_an_optional_part_with_an_error_opens() -> None:
    from tablekeeper.web.form_fields import FieldGroup

    items = resolver_items("percentile.attack")
    weapon = next(
        child
        for item in items
        if isinstance(item, FieldGroup) and item.path == "defender"
        for child in item.children
        if isinstance(child, FieldGroup) and child.path == "defender.weapon"
    )
    assert not weapon.holds({}, {})
    assert weapon.holds({}, {"input.defender.weapon.hp": "Field required"})
    assert weapon.holds({"input.defender.weapon.name": "sword"}, {})


def test_the_intro_says_a_grid_of_several_fields_is_played(client: TestClient) -> None:
    page = client.get("/lab").text
    assert "while one field varies" not in page
    assert "or several" in page


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


def test_how_the_trials_ended_shows_where_some_had_no_winner(client: TestClient) -> None:
    """A social encounter's results (the terminal's "how it ended"), not only "no one"."""
    started = client.post(
        "/lab/simulations", data={"scenario": "percentile/bandit_toll", "trials": "20"}
    )
    run = _finish(lab_jobs.run_of(_run_id(started)))
    assert run.result is not None
    report = run.result["points"][0]["report"]
    page = client.get(started.headers["location"]).text
    if report["sides"]["no one"]["wins"] and any(t != "no one" for t in report["endings"]):
        table = page.split('class="lab-endings"', 1)[1].split("</table>", 1)[0]
        for text, row in report["endings"].items():
            words = text.removeprefix("the social encounter ended: ")  # said once, not per row
            assert f'<th scope="row">{words}</th><td>{row["count"]}</td>' in table
    else:
        pytest.fail(f"bandit_toll no longer ends without a winner: {report['endings']}")


def test_a_run_finishing_while_its_part_is_made_is_shown_as_it_was_read() -> None:
    """The run's thread may finish it between the page's reading of it and the template's
    (CI met it: the report drawn without its values, a 500). The part shows the run as
    its context read it: still playing, then, on the next poll, finished."""
    from tablekeeper.web.lab import _run_context
    from tablekeeper.web.templating import environment

    run = lab_jobs.LabRun(id="r", kind="simulation", title="A run", total=10)
    template = environment().get_template("_lab_run.html")
    read = _run_context(run)
    run.result = lab.simulate("first_blood", ruleset="duel", trials=10, seed=1, workers=1)
    run.finished = True  # as _play does: the result first, then finished
    html = template.render({"request": None, "run": run, "fragment": True, **read})
    assert "lab-progress" in html
    html = template.render({"request": None, "run": run, "fragment": True, **_run_context(run)})
    assert "lab-progress" not in html
    assert "Download the data" in html
