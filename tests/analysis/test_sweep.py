"""Sweeps: a resolver's exact odds over a grid, written as tables, files and charts."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

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
    with pytest.raises(InvalidInputError, match="vary at least one field"):
        lab.sweep("percentile.attack", ATTACK, [])


def test_csv_and_parquet_hold_one_row_per_point(tmp_path: Path) -> None:
    pyarrow = pytest.importorskip("pyarrow.parquet")
    result = lab.sweep("dice.pool", {"dice": 3, "sides": 6, "tn": 4}, ["tn=3:5"])
    lines = sweeps.to_csv(result).splitlines()
    assert lines[0] == "tn,0,1,2,3"
    assert lines[2].startswith("4,0.125,0.375,0.375,0.125")
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
