"""``tactical.targets`` and the grid: reach, sight, walls, lines and blasts."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.rulesets.tactical.grid import GridMap, blast_squares, distance, line_squares, sees
from tablekeeper.rulesets.tactical.targeting import TargetsInput, TargetsOutcome, targets

WALL = [[3, 0], [3, 1], [3, 2], [3, 3]]


def aim(
    skill: dict[str, Any],
    *,
    point: Any = None,
    target: str | None = None,
    walls: Any = (),
    characters: Any = (),
    user: Any = None,
    **options: Any,
) -> TargetsOutcome:
    raw = {
        "skill": skill,
        "user": user or {"id": "me", "position": [1, 1], "cunning": 2, "side": "us"},
        "point": point,
        "target": target,
        "map": {"width": 8, "height": 6, "walls": list(walls)},
        "characters": list(characters),
        "options": options,
    }
    return targets(TargetsInput.model_validate(raw), FixedRoller([]))


def them(key: str, x: int, y: int, **more: Any) -> dict[str, Any]:
    return {"id": key, "position": [x, y], "side": "them", **more}


@pytest.mark.parametrize(
    ("metric", "expected"), [("chebyshev", 3), ("alternating", 4), ("manhattan", 5)]
)
def test_grid_distance_rulings(metric: str, expected: int) -> None:
    """G-S-E1: how a diagonal counts is a ruling, an option."""
    assert distance((0, 0), (3, 2), metric) == expected  # type: ignore[arg-type]


def test_personal_targets_only_the_user() -> None:
    """S-TGT-08: you are always the target of your personal skills, others never."""
    outcome = aim({"target": "personal"}, characters=[them("x", 1, 2)])
    assert outcome.legal
    assert outcome.targets == ("me",)


@pytest.mark.parametrize(("x", "legal"), [(2, True), (3, False)])
def test_melee_reaches_one_pace(x: int, legal: bool) -> None:
    """S-TGT-09: one character within one pace (diagonals too, by the grid ruling)."""
    outcome = aim({"target": "melee", "attack": True}, target="x", characters=[them("x", x, 2)])
    assert outcome.legal is legal


def test_melee_utility_may_target_yourself_but_attacks_may_not() -> None:
    """S-TGT-09, S-TGT-02, S-TGT-04: you can target yourself with melee utility skills,
    never attack yourself."""
    assert aim({"target": "melee"}, target="me").targets == ("me",)
    refused = aim({"target": "melee", "attack": True}, target="me")
    assert not refused.legal
    assert "attack yourself" in (refused.reason or "")


@pytest.mark.parametrize(("x", "legal"), [(6, True), (7, False)])
def test_ranged_reach_is_range_plus_cunning(x: int, legal: bool) -> None:
    """S-TGT-10: "Ranged: 3" with cunning 2 reaches 5 paces: at 5 yes, at 6 no."""
    outcome = aim({"target": "ranged", "range": 3}, target="x", characters=[them("x", x, 1)])
    assert outcome.reach == 5
    assert outcome.legal is legal


def test_you_must_see_your_target() -> None:
    """S-TGT-01: you must be able to see the target: unseen or behind a wall, refused."""
    unseen = aim(
        {"target": "ranged", "range": 6}, target="x", characters=[them("x", 5, 1, visible=False)]
    )
    assert not unseen.legal
    assert "see" in (unseen.reason or "")
    walled = aim(
        {"target": "ranged", "range": 6}, target="x", walls=WALL, characters=[them("x", 5, 1)]
    )
    assert not walled.legal


def test_a_ranged_skill_in_a_zone_of_control_takes_a_bane_per_enemy() -> None:
    """S-TGT-11: each enemy whose zone of control holds you may impose a bane."""
    crowd = [
        them("a", 2, 1),
        them("b", 1, 2),
        them("far", 6, 5),
        {"id": "pal", "position": [0, 1], "side": "us"},
    ]
    outcome = aim({"target": "ranged", "range": 6}, target="far", characters=crowd)
    assert outcome.zone_of_control_banes == ("a", "b")


def test_a_careful_ranged_skill_takes_no_zone_bane() -> None:
    """S-TAG-02: a careful ranged skill does not suffer a bane from zones of control."""
    crowd = [them("a", 2, 1), them("far", 6, 5)]
    outcome = aim({"target": "ranged", "range": 6, "careful": True}, target="far", characters=crowd)
    assert outcome.zone_of_control_banes == ()


def test_a_defeated_enemy_has_no_zone() -> None:
    crowd = [them("a", 2, 1, defeated=True), them("far", 6, 5)]
    assert (
        aim({"target": "ranged", "range": 6}, target="far", characters=crowd).zone_of_control_banes
        == ()
    )


def test_a_line_skips_characters_the_user_cannot_see() -> None:
    """S-TGT-12: a line fails to target a character you can't see on it."""
    line = [them("seen", 2, 1), them("unseen", 4, 1, visible=False), them("off", 4, 3)]
    outcome = aim({"target": "line", "range": 6}, point=[6, 1], characters=line)
    assert outcome.legal
    assert outcome.targets == ("seen",)
    assert outcome.squares[0] == (2, 1)


def test_a_line_stops_at_a_wall_and_its_range() -> None:
    """S-TGT-12: from next to you outward; walls stop it (the grid ruling)."""
    assert line_squares(GridMap(width=8, height=6, walls=((3, 1),)), (1, 1), (6, 1)) == [(2, 1)]
    assert not aim({"target": "line", "range": 3}, point=[5, 1]).legal
    assert aim({"target": "line", "range": 4}, point=[5, 1]).legal


def test_a_blast_takes_everyone_inside_even_the_user_and_the_unseen() -> None:
    """S-TGT-13: "a two-pace blast would include the center ... and anything within two
    paces"; it targets yourself and characters you can't see."""
    crowd = [them("near", 3, 3, visible=False), them("edge", 4, 4), them("out", 5, 4)]
    user = {"id": "me", "position": [1, 1], "cunning": 0, "side": "us"}
    outcome = aim(
        {"target": "blast", "radius": 2, "range": 3}, point=[2, 2], characters=crowd, user=user
    )
    assert set(outcome.targets) == {"me", "near", "edge"}


def test_a_blast_spreads_around_walls_not_through_them() -> None:
    """S-TGT-13: blasts cannot go through walls, but spread around them."""
    grid = GridMap(width=8, height=6, walls=tuple((3, y) for y in range(0, 5)))
    small = blast_squares(grid, (2, 2), 2)
    assert (4, 2) not in small  # two paces straight through the wall: blocked
    big = blast_squares(grid, (2, 2), 4)
    assert (4, 4) in big  # around the end of the wall at y = 5
    assert (4, 0) not in big  # would need to pass through


def test_blast_centres() -> None:
    """S-TGT-14, G-S-09: central (on you), point-blank (within one pace), within range."""
    central = aim({"target": "blast", "radius": 1, "blast": "central"}, point=[5, 5])
    assert central.legal
    assert "me" in central.targets
    assert aim({"target": "blast", "radius": 1, "blast": "point_blank"}, point=[2, 2]).legal
    assert not aim({"target": "blast", "radius": 1, "blast": "point_blank"}, point=[3, 3]).legal
    assert aim({"target": "blast", "radius": 1, "range": 4}, point=[5, 1]).legal
    assert not aim({"target": "blast", "radius": 1, "range": 4}, point=[6, 1]).legal


def test_a_blast_needs_sight_of_its_centre_and_no_wall_there() -> None:
    assert not aim({"target": "blast", "radius": 1, "range": 6}, point=[5, 1], walls=WALL).legal
    assert not aim({"target": "blast", "radius": 1, "range": 6}, point=[3, 1], walls=WALL).legal


def test_sight_is_symmetric() -> None:
    grid = GridMap(width=8, height=6, walls=((3, 2),))
    for a, b in [((1, 1), (5, 3)), ((0, 2), (6, 2)), ((2, 0), (4, 5))]:
        assert sees(grid, a, b) == sees(grid, b, a)
