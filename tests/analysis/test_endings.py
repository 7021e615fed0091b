"""How the trials ended, told in words a designer reads (the designer's walkthrough):
the scenario's length run out said so, endings counted by how they ended and not by
their scores, the "how it ended" table only where it says more than the win table, and
the win table's "no one" row explained where its cause is known."""

from __future__ import annotations

from typing import Any

from tablekeeper.analysis.report import summarize
from tablekeeper.analysis.telling import NO_ONE, told_endings, told_sides
from tablekeeper.analysis.trials import Cast, Trial
from tablekeeper.services import lab


def _report(name: str, ruleset: str, trials: int) -> dict[str, Any]:
    result = lab.simulate(name, ruleset=ruleset, trials=trials, seed=0, workers=1)
    report: dict[str, Any] = result["points"][0]["report"]
    return report


def test_a_trial_that_played_its_whole_length_ended_as_its_length_ran_out() -> None:
    """bleeding_out plays 30 seconds and no side wins: each trial ended as "the 30
    seconds ran out" (the run's words, in the scenario's unit; realtime tells none), and
    the win table's "no one" says so."""
    report = _report("bleeding_out", "realtime", 4)
    assert report["endings"] == {
        "the 30 seconds ran out": {
            "count": 4,
            "rate": 1.0,
            "low": report["endings"]["the 30 seconds ran out"]["low"],
            "high": 1.0,
            "sides": {NO_ONE: 4},
        }
    }
    assert [label for _, label, _ in told_sides(report)] == [
        "party",
        "foes",
        "no one: the 30 seconds ran out",
    ]
    assert [text for text, _ in told_endings(report)[1]] == ["the 30 seconds ran out"]
    assert told_endings(report, sides_told=True) == ("", ())  # the win table says it


def test_a_table_repeating_the_win_table_is_not_shown_but_no_ones_cause_is() -> None:
    """river_ambush: the ruleset's endings name the sides again ("travellers left
    standing"); what the table adds is why no one won some trials: the rounds ran out."""
    report = _report("river_ambush", "percentile", 60)
    rounds = next(text for text in report["endings"] if text.endswith("rounds ran out"))
    assert report["endings"][rounds]["sides"] == {NO_ONE: report["sides"][NO_ONE]["wins"]}
    assert [text for text, _ in told_endings(report)[1]] == [rounds]
    assert told_sides(report)[-1][1] == f"no one: {rounds}"


def test_a_social_encounters_no_one_row_says_it_ended_socially() -> None:
    report = _report("bandit_toll", "percentile", 12)
    assert told_sides(report)[-1][1] == "no one: the social encounter ended (how it ended, below)"
    shared, rows = told_endings(report, sides_told=True)
    assert shared == "the social encounter ended"
    assert sum(row["count"] for _, row in rows) == 12


def test_a_dance_off_ends_in_words_grouped_by_how_not_by_its_scores() -> None:
    report = _report("dance_off", "fractal", 40)
    assert all("{" not in text and "(" not in text for text in report["endings"])
    assert len(report["endings"]) <= 5  # prevail or the time limit, each side, or a tie
    shared, rows = told_endings(report, sides_told=True)
    assert shared == "The midsummer dance-off"
    texts = {text for text, _ in rows}
    assert "the time limit expired: troupe won the crowd" in texts
    assert "troupe prevail" in texts


def test_a_solo_project_is_counted_by_its_result_not_its_total() -> None:
    report = _report("feast_preparations", "fractal", 6)
    assert list(report["endings"]) == ["The feast's dishes: success"]
    assert told_endings(report) == ("", ())  # every trial the party's, so: nothing more


def test_a_combat_ending_reads_in_words_and_repeats_nothing() -> None:
    report = _report("skirmish", "tactical", 2)
    assert list(report["endings"]) == ["goblins left standing"]  # not "goblins stands"
    assert told_endings(report) == ("", ())


def test_endings_count_the_sides_that_won_them() -> None:
    trials = [
        Trial(0, 0, "a", "a won (by 3)", 1, 1, {}),
        Trial(1, 1, "a", "a won (by 5)", 1, 1, {}),
        Trial(2, 2, None, "a tie (2 each)", 1, 1, {}),
        Trial(3, 3, "b", None, 1, 1, {}),
    ]
    endings = summarize(trials, Cast())["endings"]
    assert {text: row["sides"] for text, row in endings.items()} == {
        "a won": {"a": 2},
        "a tie": {NO_ONE: 1},
        "b": {"b": 1},
    }


def test_a_trial_whose_rounds_ran_out_lasted_the_scenarios_rounds_not_one_more() -> None:
    """A ruleset's ``elapsed`` counts rounds begun: when the last round is over its
    clock has begun one more, which no one played (the run stops there). A trial that
    ran out lasted the scenario's length: the tactical duel's "the 12 rounds ran out"
    beside a length of 13 told the designer two things (the designer's walkthrough)."""
    for name, ruleset, rounds in (("duel", "tactical", 1), ("river_ambush", "percentile", 1)):
        result = lab.simulate(
            name, ruleset=ruleset, trials=6, seed=0, workers=1, vary=[f"rounds={rounds}"]
        )
        report = result["points"][0]["report"]
        ran_out = f"the {rounds} round ran out"
        assert any(text.startswith(ran_out) for text in report["endings"]), report["endings"]
        assert report["length"]["max"] == rounds, (name, report["length"])
