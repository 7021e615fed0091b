"""Sweeps: a resolver's exact odds over a grid, written as tables, files and charts."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tablekeeper.analysis import sweep as sweeps
from tablekeeper.analysis.plots import plot_simulation, plot_sweep
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import lab
from tablekeeper.services.resolvers import resolver_odds

ATTACK = {
    "attacker": {
        "skill": 50,
        "weapon": {"name": "sword", "damage": "1d8", "type": "slashing", "hp": 10},
    },
    "defender": {"defense": "dodge", "skill": 30},
}
GRID = ["attacker.skill=30:90:30", "defender.skill=20,60"]


def test_each_point_is_the_resolvers_own_exact_odds() -> None:
    result = lab.sweep("percentile.attack", ATTACK, GRID)
    assert result["varied"] == ["attacker.skill", "defender.skill"]
    assert len(result["points"]) == 6
    point = result["points"][3]  # attacker 60, defender 60
    assert point["values"] == {"attacker.skill": 60, "defender.skill": 60}
    at_point = {
        **ATTACK,
        "attacker": {**ATTACK["attacker"], "skill": 60},
        "defender": {**ATTACK["defender"], "skill": 60},
    }
    exact = resolver_odds("percentile.attack", at_point).as_dict()
    assert {label: Fraction(value) for label, value in point["odds"].items() if value != "0"} == {
        label: chance for label, chance in exact.items() if chance
    }
    assert sum(Fraction(v) for v in point["odds"].values()) == 1


def test_the_dice_checks_sweep_too() -> None:
    result = lab.sweep("dice.pool", {"dice": 5, "sides": 6, "tn": 4}, ["tn=2:6:2"])  # 6: 1 in 6
    assert [p["values"]["tn"] for p in result["points"]] == [2, 4, 6]
    assert result["points"][2]["odds"]["0"] == str(Fraction(5, 6) ** 5)


def test_a_point_the_input_model_refuses_names_the_point_and_the_field() -> None:
    with pytest.raises(
        InvalidInputError, match=r"at attacker\.skill=-10: input\.attacker\.skill"
    ) as caught:
        lab.sweep("percentile.attack", ATTACK, ["attacker.skill=-10,10"])
    assert caught.value.field == "vary"  # the value came from the grid
    base = {**ATTACK, "defender": {"defense": "dodge", "skill": -5}}
    with pytest.raises(InvalidInputError, match=r"input\.defender\.skill") as caught:
        lab.sweep("percentile.attack", base, ["attacker.skill=10,20"])
    assert caught.value.field == "input.defender.skill"  # the base input's own field
    assert "at attacker.skill" not in str(caught.value)  # not blamed on the point
    with pytest.raises(InvalidInputError, match="vary at least one field"):
        lab.sweep("percentile.attack", ATTACK, [])


def test_csv_and_parquet_hold_one_row_per_point(tmp_path: Path) -> None:
    pyarrow = pytest.importorskip("pyarrow.parquet")
    result = lab.sweep("dice.pool", {"dice": 3, "sides": 6, "tn": 4}, ["tn=3:5"])
    lines = sweeps.to_csv(result).splitlines()
    assert lines[0] == "tn,mean successes,P(successes ≥ 1),0,1,2,3"
    assert lines[2].startswith("4,1.5,0.875,0.125,0.375,0.375,0.125")
    path = sweeps.to_parquet(sweeps.rows(result), tmp_path / "pool.parquet")
    table = pyarrow.read_table(path)
    assert table.column("tn").to_pylist() == [3, 4, 5]
    assert table.column("3").to_pylist()[1] == 0.125


@pytest.mark.parametrize("grid", [["attacker.skill=30:90:30"], GRID])
def test_charts_are_drawn_as_png_or_svg(tmp_path: Path, grid: list[str]) -> None:
    result = lab.sweep("percentile.attack", ATTACK, grid)
    assert plot_sweep(result, tmp_path / "sweep.png").read_bytes()[:4] == b"\x89PNG"
    assert b"<svg" in plot_sweep(result, tmp_path / "sweep.svg").read_bytes()[:400]
    with pytest.raises(InvalidInputError, match=r"a \.png or \.svg file"):
        plot_sweep(result, tmp_path / "sweep.pdf")


def test_a_simulation_is_charted(tmp_path: Path) -> None:
    result = lab.simulate("first_blood", trials=6, seed=1, workers=1, vary=["fighters.0.hp=8,12"])
    assert plot_simulation(result, tmp_path / "sim.png").stat().st_size > 1000


def test_the_summary_reads_the_outcome_by_the_resolvers_reading() -> None:
    """The percentile attack's summary: each result's chance in the rules' order and the
    mean damage, exact, summing what the full odds say; its main column is P(hit)."""
    result = lab.sweep("percentile.attack", ATTACK, GRID)
    assert sweeps.columns_of(result) == [
        "P(fumble)",
        "P(miss)",
        "P(avoided)",
        "P(hit)",
        "mean damage",
    ]
    assert result["main"] == "P(hit)"
    point = result["points"][3]
    odds = {label: Fraction(value) for label, value in point["odds"].items()}
    hits = sum(chance for label, chance in odds.items() if label.endswith(" damage"))
    damage = sum(int(label.split()[0]) * c for label, c in odds.items() if label[0].isdigit())
    assert Fraction(point["summary"]["P(hit)"]) == hits
    assert Fraction(point["summary"]["mean damage"]) == damage
    assert sum(Fraction(point["summary"][k]) for k in sweeps.columns_of(result)[:4]) == 1


def test_a_resolver_without_a_reading_has_one_chance_per_outcome() -> None:
    result = lab.sweep("percentile.check", {"skill": 50}, ["skill=40,60"])
    assert sweeps.columns_of(result) == ["P(critical)", "P(success)", "P(failure)", "P(fumble)"]
    assert result["main"] in {"P(success)", "P(failure)"}  # the chances that vary most


def test_tactical_effects_are_means_not_a_column_per_combination() -> None:
    result = lab.sweep("tactical.attack", None, ["cunning=0:6:3"])
    assert sweeps.columns_of(result)[:4] == [
        "mean damage",
        "P(damage ≥ 1)",
        "mean cunning",
        "P(cunning ≥ 1)",
    ]
    assert [sweeps.summary_value(p, "mean cunning") for p in result["points"]] == [0, 1, 2]


def test_a_heatmap_draws_one_cell_per_computed_value_of_the_main_column() -> None:
    """Defender 20 and 60: two rows ticked 20 and 60 (not bands 20-40, 40-60 ticked at
    25, 35...), the chart of P(hit), which varies, not of the miss."""
    from tablekeeper.analysis.plots import sweep_figure

    result = lab.sweep("percentile.attack", ATTACK, GRID)
    figure = sweep_figure(result)
    axes = figure.axes[0]
    assert [t.get_text() for t in axes.get_yticklabels()] == ["20", "60"]
    assert [t.get_text() for t in axes.get_xticklabels()] == ["30", "60", "90"]
    assert axes.images[0].get_array().shape == (2, 3)
    assert "P(hit)" in axes.get_title()


def test_a_line_chart_names_the_lines_it_leaves_out(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablekeeper.analysis import plots

    monkeypatch.setattr(plots, "MAX_LINES", 2)
    result = lab.sweep("percentile.attack", ATTACK, ["attacker.skill=30:90:30"])
    figure = plots.sweep_figure(result)
    texts = " ".join(text.get_text() for text in figure.texts)
    assert "not drawn:" in texts and "P(fumble)" in texts  # noqa: PT018
    drawn = [line.get_label() for axes in figure.axes for line in axes.get_lines()]
    assert "P(hit)" in drawn and "P(fumble)" not in drawn  # noqa: PT018


def test_a_simulation_chart_shows_each_points_lengths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two points, two length histograms, each titled with its point."""
    from tablekeeper.analysis import plots

    result = lab.simulate("first_blood", trials=6, seed=1, workers=1, vary=["fighters.0.hp=8,12"])
    titles: list[str] = []
    real = plots._point_title

    def told(point: Any, names: Any) -> str:
        titles.append(real(point, names))
        return titles[-1]

    monkeypatch.setattr(plots, "_point_title", told)
    plots.plot_simulation(result, tmp_path / "sim.png")
    assert titles == ["fighters.0.hp = 8", "fighters.0.hp = 12"]
    titles.clear()  # named as --numbers names them (designer's walkthrough: raw paths)
    plots.plot_simulation(result, tmp_path / "named.png", {"fighters.0.hp": "Alice › hp"})
    assert titles == ["Alice › hp = 8", "Alice › hp = 12"]
