"""Who a skill targets (document 004, "Targets", "Personal" .. "Blast", "Careful").

You must see your targets, except with blasts and skills that target only yourself
(S-TGT-01). Personal: always you (S-TGT-08). Melee: one character within one pace; you
may target yourself with a utility skill, never with an attack (S-TGT-09). Ranged: one
character within the range plus your cunning (S-TGT-10); each enemy whose zone of control
holds you may impose a bane, unless the skill is careful (S-TGT-11, S-TAG-02). Line:
every character you can see on the squares from next to you towards the end point, as
far as the range (S-TGT-12). Blast: every character within the radius of the centre,
you and the unseen included, around walls but not through them (S-TGT-13); the centre is
you (central), a square within one pace (point-blank) or a square you see within the
skill's range (S-TGT-14, G-S-09).
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.tactical.catalogue import BlastVariant, TargetKind
from tablekeeper.rulesets.tactical.grid import (
    GridMap,
    Square,
    blast_squares,
    distance,
    line_squares,
    sees,
)
from tablekeeper.rulesets.tactical.options import TacticalOptions

MELEE_REACH = 1
"""Melee skills reach one pace (S-TGT-09)."""

POINT_BLANK = 1
"""A point-blank blast is centred within one pace of the user (G-S-09)."""


class SkillReach(Frozen):
    """The targeting part of a skill."""

    target: TargetKind
    range: int = Field(default=0, ge=0, le=200)
    radius: int = Field(default=0, ge=0, le=50)
    careful: bool = False
    attack: bool = Field(default=False, description="An attack cannot target its user.")
    blast: BlastVariant = "within_range"


class User(Frozen):
    id: str
    position: Square
    cunning: int = Field(default=0, ge=0, le=100)
    side: str = ""


class Placed(Frozen):
    """A character on the map, as the user sees it."""

    id: str
    position: Square
    visible: bool = True
    side: str = ""
    defeated: bool = False


class TargetsInput(Frozen):
    """The skill, its user, the point (a blast's centre, a line's end, or a target's
    square), the map and the characters on it."""

    skill: SkillReach
    user: User
    point: Square | None = None
    target: str | None = Field(default=None, description="The chosen character (melee, ranged).")
    map: GridMap
    characters: tuple[Placed, ...] = ()
    options: TacticalOptions = Field(default_factory=TacticalOptions)


class TargetsOutcome(Frozen):
    """Whether the skill may be used so, whom it targets, and the squares it covers."""

    legal: bool
    reason: str | None = None
    targets: tuple[str, ...] = ()
    squares: tuple[Square, ...] = Field(default=(), description="A line's or blast's squares.")
    reach: int = Field(description="The paces the skill reaches (range + cunning if ranged).")
    zone_of_control_banes: tuple[str, ...] = ()


def reach_of(skill: SkillReach, cunning: int) -> int:
    """How far the skill reaches: 1 for melee, range + cunning for ranged (S-TGT-10)."""
    if skill.target == "melee":
        return MELEE_REACH
    if skill.target == "ranged":
        return skill.range + cunning
    if skill.target == "blast" and skill.blast == "point_blank":
        return POINT_BLANK
    if skill.target == "blast" and skill.blast == "central":
        return 0
    return skill.range


def zone_banes(check: TargetsInput) -> tuple[str, ...]:
    """The enemies whose zone of control holds the user of a ranged skill that is not
    careful (S-TGT-11, S-TAG-02, G-S-08)."""
    if check.skill.target != "ranged" or check.skill.careful:
        return ()
    zone = check.options.zone_of_control
    return tuple(
        other.id
        for other in check.characters
        if other.side != check.user.side
        and other.id != check.user.id
        and not other.defeated
        and distance(other.position, check.user.position, check.options.distance) <= zone
    )


def _refusal(check: TargetsInput, reason: str) -> TargetsOutcome:
    return TargetsOutcome(
        legal=False, reason=reason, reach=reach_of(check.skill, check.user.cunning)
    )


def _seen(check: TargetsInput, other: Placed) -> bool:
    return other.visible and sees(check.map, check.user.position, other.position)


def _one_character(check: TargetsInput) -> TargetsOutcome:
    """Melee and ranged: one character within reach that the user sees (S-TGT-09, 10)."""
    skill, user = check.skill, check.user
    reach = reach_of(skill, user.cunning)
    chosen = _chosen(check)
    if chosen is None:
        return _refusal(check, "choose the character the skill targets")
    if chosen.id == user.id:
        if skill.attack:
            return _refusal(check, "you cannot attack yourself (S-TGT-04, S-TGT-09)")
        if skill.target == "melee":
            return TargetsOutcome(legal=True, targets=(user.id,), reach=reach)
    if distance(user.position, chosen.position, check.options.distance) > reach:
        return _refusal(check, f"{chosen.id} is beyond the skill's reach of {reach} paces")
    if chosen.id != user.id and not _seen(check, chosen):
        return _refusal(check, f"you cannot see {chosen.id} (S-TGT-01)")
    return TargetsOutcome(
        legal=True, targets=(chosen.id,), reach=reach, zone_of_control_banes=zone_banes(check)
    )


def _line(check: TargetsInput, point: Square) -> TargetsOutcome:
    """Every character the user sees on the line towards ``point`` (S-TGT-12)."""
    user = check.user
    reach = reach_of(check.skill, user.cunning)
    if distance(user.position, point, check.options.distance) > reach:
        return _refusal(check, f"the line's end is beyond its range of {reach} paces")
    squares = line_squares(check.map, user.position, point)
    on_line = [other for other in check.characters if other.position in squares]
    targets = tuple(o.id for o in on_line if _seen(check, o) and o.id != user.id)
    return TargetsOutcome(legal=True, targets=targets, squares=tuple(squares), reach=reach)


def _blast(check: TargetsInput, point: Square) -> TargetsOutcome:
    """Everyone within the radius, the user and the unseen included (S-TGT-13, S-TGT-14)."""
    skill, user, grid = check.skill, check.user, check.map
    reach = reach_of(skill, user.cunning)
    centre = user.position if skill.blast == "central" else point
    if distance(user.position, centre, check.options.distance) > reach:
        return _refusal(check, f"the blast's centre is beyond its reach of {reach} paces")
    if grid.is_wall(centre):
        return _refusal(check, "a blast cannot be centred in a wall")
    if centre != user.position and not sees(grid, user.position, centre):
        return _refusal(check, "you cannot see the blast's centre through the wall")
    area = blast_squares(grid, centre, skill.radius, check.options.distance)
    placed = list(check.characters)
    if all(other.id != user.id for other in placed):
        placed.append(Placed(id=user.id, position=user.position, side=user.side))
    targets = tuple(other.id for other in placed if other.position in area)
    return TargetsOutcome(legal=True, targets=targets, squares=tuple(sorted(area)), reach=reach)


def choose_targets(check: TargetsInput) -> TargetsOutcome:
    """The rule: whom the skill targets, or why it cannot be used so."""
    target = check.skill.target
    if target == "personal":
        return TargetsOutcome(legal=True, targets=(check.user.id,), reach=0)
    if target in ("melee", "ranged"):
        return _one_character(check)
    if check.point is None:
        return _refusal(check, "choose the point the skill is aimed at")
    if not check.map.inside(check.point):
        return _refusal(check, f"{list(check.point)} is off the map")
    if target == "line":
        return _line(check, check.point)
    return _blast(check, check.point)


def _chosen(check: TargetsInput) -> Placed | None:
    if check.target is not None:
        if check.target == check.user.id:
            return Placed(id=check.user.id, position=check.user.position, side=check.user.side)
        return next((other for other in check.characters if other.id == check.target), None)
    if check.point is not None:
        return next((other for other in check.characters if other.position == check.point), None)
    return None


def _targets_odds(check: TargetsInput) -> OutcomeOdds:
    outcome = choose_targets(check)
    return OutcomeOdds.of({"legal" if outcome.legal else "not legal": 1})


@resolver(
    "tactical.targets",
    summary="Whom a skill targets on the grid: reach, sight, walls, lines, blasts, banes.",
    odds=_targets_odds,
    example={
        "skill": {"target": "ranged", "range": 6, "attack": True},
        "user": {"id": "ash", "position": [1, 1], "side": "us"},
        "target": "wolf",
        "map": {"width": 8, "height": 6},
        "characters": [{"id": "wolf", "position": [5, 3], "side": "them"}],
    },
)
def targets(check: TargetsInput, roller: Roller) -> TargetsOutcome:
    """Targeting rolls nothing."""
    return choose_targets(check)
