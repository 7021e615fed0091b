"""A small table for the engine's tests: an encounter on a grid, characters, helpers."""

from __future__ import annotations

from typing import Any

from tablekeeper.dice.roller import FixedRoller, RandomRoller, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.session import Session
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter.engine import TacticalEngine, new_encounter
from tablekeeper.rulesets.tactical.encounter.state import TacticalState
from tablekeeper.rulesets.tactical.grid import GridMap
from tablekeeper.rulesets.tactical.options import TacticalOptions

ENGINE = TacticalEngine()


def table(
    *characters: dict[str, Any],
    width: int = 10,
    height: int = 6,
    walls: tuple[tuple[int, int], ...] = (),
    house: dict[str, Any] | None = None,
    roller: Roller | None = None,
    **options: Any,
) -> Session[TacticalState]:
    state = new_encounter(
        TacticalOptions.model_validate(options),
        map=GridMap(width=width, height=height, walls=walls),
        house_rules=house,
    )
    session = Session(ENGINE, state, roller=roller or RandomRoller(7))
    for spec in characters:
        session.submit(Command.of(GM, cmd.ADD_CHARACTER, cmd.CharacterSpec.model_validate(spec)))
    return session


def hero(key: str = "hero", **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": key,
        "side": "heroes",
        "position": [1, 1],
        "agility": 2,
        "brawn": 1,
        "cunning": 3,
        "poise": 5,
        "momentum": 5,
        "focus": 5,
    }
    return base | fields


def foe(key: str = "foe", **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": key,
        "side": "foes",
        "position": [8, 4],
        "agility": 1,
        "brawn": 1,
        "cunning": 2,
        "poise": 5,
        "momentum": 5,
        "focus": 5,
    }
    return base | fields


def use(session: Session[TacticalState], who: str, skill: str, **fields: Any) -> tuple[Event, ...]:
    return session.submit(cmd.use_skill(who, skill, **fields))


def do(session: Session[TacticalState], kind: str, who: str) -> tuple[Event, ...]:
    return session.submit(cmd.simple(kind, who))


def faces(session: Session[TacticalState], *rolled: int) -> None:
    """The next dice the session rolls."""
    session.roller = FixedRoller(list(rolled))


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [event.kind for event in events]


def options_of(session: Session[TacticalState]) -> tuple[str, ...]:
    assert session.pending is not None
    return session.pending.option_ids
