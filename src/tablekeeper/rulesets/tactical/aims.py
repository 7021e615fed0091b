"""The acting character's skills as aims on the console's map (``engine/aims.py``).

The same previews the rules compute for the table (``preview.py``: a skill's reach and,
per square it may be aimed at, what it covers and whom it takes) become one
:class:`~tablekeeper.engine.aims.Aim` per usable skill, each point carrying the
``tactical.use_skill`` command aiming it there (a melee or ranged skill at the character
on the square, an area at the point, a personal skill at its user). Moving is the map's
own drag (``battlefield.py``), so the preview's ``_move`` is not an aim. A character
the viewer's board does not show is never named (G-S-E6).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine.aims import Aim, AimPoint
from tablekeeper.engine.positions import Square
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.tactical.battlefield import board
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.engine import TacticalEngine
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.preview import skill_previews

MOVE = "_move"
"""The preview's movement, which the map's drag plays instead."""

_ENGINE = TacticalEngine()
"""What decides whether an aim's command would be taken now: an aim offers nothing the
rules refuse (a skill whose action is spent, whose cost is unpaid)."""


def _square(value: Any) -> Square:
    return int(value[0]), int(value[1])


def _note(skill: dict[str, Any]) -> str:
    if skill["target"] == "personal":
        return "on yourself"
    return "attack" if skill["attack"] else str(skill["target"])


def aims(state: TacticalState, sight: Sight) -> tuple[Aim, ...]:
    """Every skill the acting character may use now, if ``sight`` plays it, at the points
    the rules would take it at now."""
    previews = skill_previews(state, sight)
    if not previews or state.turn is None:
        return ()
    actor = state.turn.actor
    shown = {token.actor: token.name for token in board(state, sight).tokens}
    found: list[Aim] = []
    for key, preview in previews.items():
        if key == MOVE or not isinstance(preview, dict):
            continue
        skill: dict[str, Any] = preview
        points: list[AimPoint] = []
        for where, aimed in skill["points"].items():
            square = _square(where.split(","))
            target = aimed.get("target")
            if target is not None and target not in shown:
                continue
            if target is not None:
                command = cmd.use_skill(actor, key, target=target)
            elif skill["target"] == "personal":
                command = cmd.use_skill(actor, key)
            else:
                command = cmd.use_skill(actor, key, point=square)
            if not _ENGINE.allows(state, command):  # the action spent, a cost unpaid...
                continue
            takes = tuple(who for who in aimed["targets"] if who in shown)
            names = ", ".join(shown[who] for who in takes)
            if skill["target"] == "personal":
                words = f"{skill['name']}, on {shown.get(actor, actor)}"
            else:
                at = f"{skill['name']} at ({where.replace(',', ', ')})"
                words = at + (f": {names}" if names else "")
            points.append(
                AimPoint(
                    square=square,
                    command=command,
                    words=words,
                    covers=tuple(_square(s) for s in aimed["squares"]),
                    takes=takes,
                )
            )
        if not points:
            continue
        reach = tuple(_square(s) for s in skill["reach"])
        found.append(
            Aim(key=key, name=skill["name"], note=_note(skill), reach=reach, points=tuple(points))
        )
    return tuple(found)
