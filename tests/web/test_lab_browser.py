"""The balance lab in Chromium: pick a scenario, vary a field, run, watch the progress
(htmx polls the run's part), see the charts, download the data; then a sweep, and a bad
input's error next to its field. Screenshots: ``TABLEKEEPER_SCREENSHOTS=dir``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .browser import Screenshots


def test_a_designer_simulates_a_scenario_over_a_field_and_downloads_the_data(
    live_server: str, page: Any, screenshots: Screenshots, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/")
    with page.expect_navigation(timeout=60_000):  # the first visit loads every ruleset
        page.get_by_role("navigation", name="Sections").get_by_role(
            "link", name="Balance lab"
        ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Balance lab")
    page.get_by_label("Scenario").select_option("realtime/bleeding_out")
    page.get_by_label("Trials per point").fill("60")
    page.get_by_label("Seed").fill("7")
    # "What if Aliena had more hit points?": her number picked from the scenario's list.
    page.locator('#lab-scenario-numbers button[data-vary-line^="creatures.0.hp="]').click()
    expect(page.locator("#lab-vary")).to_have_value("creatures.0.hp=18:22")
    page.locator("#lab-vary").fill("seconds=20,60")
    page.get_by_role("button", name="Run the simulation").click()
    run = page.locator("#lab-run")
    expect(run.locator(".lab-point")).to_have_count(2, timeout=60_000)
    assert "/lab/runs/" in page.url  # the run has its own address (htmx pushed it)
    expect(run.get_by_role("heading", name="seconds = 60")).to_be_visible()
    expect(run.locator("table.lab-wins").first).to_contain_text("Wins of 60 trials")
    expect(run.locator("svg.lab-histogram").first).to_be_visible()
    screenshots.take(page, "lab-01-simulation")
    # A number and its interval read on one line: "93.0 % (91.8-94.0 %)" broke before
    # its last "%", and an actor's "1.00 ± 0.00" before its sd (the designer's walkthrough).
    lines = page.evaluate(
        """() => [...document.querySelectorAll(
                '#lab-run .lab-rate-text, #lab-run .lab-actors td:not(:last-child)')]
            .map((cell) => {
                const range = document.createRange();
                range.selectNodeContents(cell);
                const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                return [cell.textContent.trim(), tops.size];
            })"""
    )
    assert lines, "no rate or actor cells read"
    assert [text for text, count in lines if count > 1] == []
    wide = page.viewport_size
    for width in (1280, 1000, 800, 700):  # each rate beside its bar, not under it
        page.set_viewport_size({"width": width, "height": 900})
        beside = page.evaluate(
            """() => [...document.querySelectorAll('#lab-run .lab-wins tbody td')].map((cell) => {
                    const bar = cell.querySelector('svg').getBoundingClientRect();
                    const text = cell.querySelector('.lab-rate-text').getBoundingClientRect();
                    return text.left >= bar.right && text.top < bar.bottom;
                })"""
        )
        assert beside, width
        assert all(beside), (width, beside)
        tracks = page.evaluate(  # one scale: every bar of a table as long at 100 %
            """() => [...document.querySelectorAll('#lab-run .lab-wins')].map((table) =>
                    new Set([...table.querySelectorAll('svg')].map(
                        (bar) => Math.round(bar.getBoundingClientRect().width))).size)"""
        )
        assert tracks, width
        assert set(tracks) == {1}, (width, tracks)
    page.set_viewport_size(wide)
    # Each axis label on one line and on its line: the histogram's top, half and 0 at the
    # chart's top, middle and bottom; the win rate's 100 %, 50 % and 0 % at y = 0, 50 and
    # 100 of its view box (-2 to 102). "100 %" broke over two lines, and the labels sat
    # half a line off their marks.
    axes = page.evaluate(
        """() => [...document.querySelectorAll('#lab-run .lab-count-axis, #lab-run .lab-trend-y')]
            .map((axis) => {
                const chart = axis.parentElement.querySelector('svg').getBoundingClientRect();
                const [from, span] = axis.classList.contains('lab-trend-y') ? [2, 104] : [0, 100];
                return [...axis.querySelectorAll('span')].map((label, index) => {
                    const box = label.getBoundingClientRect();
                    const mark = chart.top + chart.height * (from + 50 * index) / span;
                    const tops = [...label.getClientRects()].map((r) => Math.round(r.top));
                    const off = Math.abs((box.top + box.bottom) / 2 - mark);
                    return [label.textContent, off, new Set(tops).size];
                });
            })"""
    )
    assert len(axes) == 3, axes  # two histograms and the win-rate chart
    for labels in axes:
        assert [text for text, off, lines in labels if off > 2 or lines > 1] == [], labels

    with page.expect_download() as download:
        run.get_by_role("link", name="JSON").click()
    saved = tmp_path / "result.json"
    download.value.save_as(saved)
    result = json.loads(saved.read_text())
    assert [point["values"] for point in result["points"]] == [{"seconds": 20}, {"seconds": 60}]
    assert result["trials"] == 60 and result["seed"] == 7  # noqa: PT018

    page.reload()  # the run's own page, whole
    expect(page.locator("#lab-run .lab-point")).to_have_count(2)


def test_a_sweep_and_a_bad_field_in_the_browser(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/lab", timeout=60_000)  # the first visit loads every ruleset
    page.get_by_label("Scenario").select_option("percentile/river_ambush")
    page.get_by_label("Trials per point").fill("60")
    page.get_by_role("button", name="Run the simulation").click()
    expect(page.locator("#lab-run .lab-point")).to_have_count(1, timeout=120_000)
    expect(page.locator("#lab-run tr[data-side]").first).to_be_visible()
    screenshots.take(page, "lab")  # the README's

    # The resolver's input is a form filled with its example; a number picked from the
    # list puts its line in the vary box.
    page.get_by_label("Resolver").select_option("percentile.attack")
    expect(page.locator('[name="input.attacker.skill"]')).to_have_value("50")
    page.get_by_label("Resolver").select_option("dice.pool")
    dice = page.locator('[name="input.dice"]')
    expect(dice).to_have_value("5")
    dice.fill("3")
    page.locator("#lab-sweep-vary").fill("dice=-1:1")  # a value the input refuses
    page.get_by_role("button", name="Run the sweep").click()
    expect(page.locator("#lab-sweep-vary-error")).to_contain_text("at dice=-1")
    # The refusal is the sweep's alone: the simulation form keeps what was chosen in it,
    # and the run below stays (it showed the first scenario again: a walkthrough).
    expect(page.get_by_label("Scenario")).to_have_value("percentile/river_ambush")
    expect(page.get_by_label("Trials per point")).to_have_value("60")
    expect(page.locator("#lab-run tr[data-side]").first).to_be_visible()
    # The line put right, its error goes at once: a refused simulation now would redraw
    # its own form alone, and left "at dice=-1" beside a line that no longer says it.
    # Picked from the list, the line is put right the usual way: its error goes too.
    page.locator('#lab-resolver-input button[data-vary-line="tn=2:6"]').click()
    expect(page.locator("#lab-sweep-vary-error")).to_have_count(0)
    vary = page.locator("#lab-sweep-vary")
    expect(vary).not_to_have_attribute("aria-invalid", "true")
    assert "lab-sweep-vary-error" not in (vary.get_attribute("aria-describedby") or "")
    page.locator("#lab-sweep-vary").fill("")
    page.locator('#lab-resolver-input button[data-vary-line="tn=2:6"]').click()
    expect(page.locator("#lab-sweep-vary")).to_have_value("tn=2:6")
    page.get_by_role("button", name="Run the sweep").click()
    table = page.locator("#lab-sweep-table")
    expect(table.locator("tbody tr")).to_have_count(5, timeout=30_000)
    expect(page.locator("#lab-sweep-vary-error")).to_have_count(0)  # the old refusal is gone
    expect(page.locator("#lab-sweep .has-error")).to_have_count(0)
    screenshots.take(page, "lab-02-sweep")

    # The percentile attack's sweep (19 outcomes) is its summary: it fits the column, the
    # page never scrolls sideways, and its chart is drawn above it.
    page.get_by_label("Resolver").select_option("percentile.attack")
    expect(page.locator('[name="input.attacker.skill"]')).to_have_value("50")
    page.locator("#lab-sweep-vary").fill("attacker.skill=30:90:10")
    page.get_by_role("button", name="Run the sweep").click()
    expect(table.locator("tbody tr")).to_have_count(7, timeout=30_000)
    expect(page.get_by_role("region", name="Exact odds of percentile.attack")).to_be_visible()
    expect(page.locator(".lab-sweep-chart svg")).to_be_visible()
    expect(table.locator("thead")).to_contain_text("P(hit)")
    wide = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 0, f"the page scrolls {wide} px sideways"
    fits = page.evaluate(
        "(() => { const t = document.querySelector('#lab-sweep-table');"
        " return t.scrollWidth <= t.parentElement.clientWidth; })()"
    )
    assert fits
    screenshots.take(page, "lab-04-sweep-summary")

    # A refused simulation is the simulation's alone: the sweep form and its table stay.
    page.locator("#lab-vary").fill("nowhere=1:2")
    page.get_by_role("button", name="Run the simulation").click()
    expect(page.locator("#lab-vary-error")).to_be_visible()
    expect(page.get_by_label("Resolver")).to_have_value("percentile.attack")
    expect(page.locator("#lab-sweep-vary")).to_have_value("attacker.skill=30:90:10")
    expect(table.locator("tbody tr")).to_have_count(7)
    page.locator("#lab-vary").fill("")  # the simulation's line put right: its error goes
    expect(page.locator("#lab-vary-error")).to_have_count(0)
    expect(page.locator("#lab-vary")).not_to_have_attribute("aria-invalid", "true")

    # A fresh tab: a load begun on this one while htmx still settles the sweep (recording
    # its address in the history) is cancelled by it (Chromium: net::ERR_ABORTED).
    page = page.context.new_page()
    page.goto(f"{live_server}/lab")
    # the first scenario (the duel) has rounds: 100 points, more than the console plays
    page.locator("#lab-vary").fill("rounds=1:100")
    page.get_by_role("button", name="Run the simulation").click()
    expect(page.locator("#lab-vary-error")).to_contain_text("at most 25")
    expect(page.locator("#lab-vary")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#lab-vary")).to_have_value("rounds=1:100")
    # a field the scenario has not is named first, whatever the grid's size
    page.locator("#lab-vary").fill("seconds=1:100")
    page.get_by_role("button", name="Run the simulation").click()
    expect(page.locator("#lab-vary-error")).to_contain_text("seconds: no such field here")
    screenshots.take(page, "lab-03-error", full_page=False)


def test_a_busy_lab_says_so_beside_the_button_and_stops_the_run(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    """A sweep pressed while a long simulation plays: the refusal is beside the button,
        with a Stop for the run that holds the lab; stopped, it says so and shows what it played,
    and the sweep runs."""
    from playwright.sync_api import expect

    # a long run: percentile's fight plays about 100 trials a second, so 10,000 hold the
    # lab for over a minute (tactical's skirmish, since it remembers its steps played
    # before, finished them before the sweep was pressed)
    page.goto(f"{live_server}/lab?scenario=percentile/spirit_skirmish", timeout=60_000)
    page.get_by_label("Trials per point").fill("2000")
    page.locator("#lab-vary").fill("seed=1:5")
    page.get_by_role("button", name="Run the simulation").click()
    progress = page.locator("#lab-run label[for=lab-progress-bar]")
    expect(progress).to_contain_text("of 10000 trials (5 points × 2000)", timeout=30_000)
    expect(page.get_by_role("button", name="Stop the run")).to_be_visible()
    page.get_by_label("Resolver").select_option("dice.pool")
    expect(page.locator('[name="input.dice"]')).to_have_value("5")  # its input swapped in
    page.locator("#lab-sweep-vary").fill("tn=3:5")
    sweep_button = page.get_by_role("button", name="Run the sweep")
    sweep_button.click()
    busy = page.locator("#lab-sweep-busy")
    expect(busy).to_contain_text("the lab is busy with another run")
    expect(busy).to_have_attribute("role", "alert")
    expect(busy).to_be_in_viewport()  # where the designer looks: beside the button
    screenshots.take(page, "lab-04-busy", full_page=False, at=page.locator("#lab-sweep-vary"))
    busy.get_by_role("button", name="Stop it").click()
    expect(page.locator("#lab-run")).to_contain_text("Stopped after", timeout=30_000)
    # what it played is shown: the first point's first trials; the last point not reached
    expect(page.locator("#lab-run")).to_contain_text("the results below are of the")
    expect(page.locator("#lab-run table.lab-wins").first).to_be_visible()
    expect(page.locator("#lab-point-5")).to_contain_text("Not reached")
    screenshots.take(page, "lab-05-stopped", full_page=False, at=page.locator("#lab-run"))
    page.get_by_role("button", name="Run the sweep").click()
    expect(page.locator("#lab-sweep-table tbody tr")).to_have_count(3, timeout=30_000)
    expect(page.locator("#lab-sweep-busy")).to_have_count(0)


def test_the_resolver_form_folds_its_optional_parts(
    live_server: str, page: Any, screenshots: Screenshots
) -> None:
    from playwright.sync_api import expect

    page.goto(f"{live_server}/lab?resolver=percentile.attack", timeout=60_000)
    weapon = page.locator("#f-input-defender-weapon-fold")
    expect(weapon).not_to_have_attribute("open", "")
    expect(page.locator("#f-input-defender-weapon-name")).to_be_hidden()
    expect(page.locator("#f-input-attacker-situations-fold")).not_to_have_attribute("open", "")
    form = page.locator("#lab-sweep").bounding_box()
    assert form is not None and form["height"] < 4500, form  # noqa: PT018 (unfolded: ~7,800 px)
    weapon.locator("summary").click()
    expect(page.get_by_label("Name (required if given)").last).to_be_visible()
    expect(page.locator("#lab-resolver-input")).not_to_contain_text("``")
    screenshots.take(page, "lab-06-resolver-form")
