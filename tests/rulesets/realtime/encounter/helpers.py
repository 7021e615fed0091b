"""A table for the encounter tests: a session with chosen dice and the document's cast.

Aliena, Balthazar, Calliope and Demilio are the names document 003's examples use. By
default Aliena and Calliope are on one side, Balthazar and Demilio on the other, each
added where a test puts them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablekeeper.dice.roller import FixedRoller, RandomRoller, Roller
from tablekeeper.engine import Event, Session
from tablekeeper.rulesets.realtime.encounter import RealtimeState, add_creature
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.ruleset import REALTIME, new_encounter

SIDES = {"aliena": "party", "calliope": "party", "balthazar": "foes", "demilio": "foes"}


def table(
    faces: Iterable[int] = (),
    *,
    seed: int | None = None,
    house_rules: dict[str, Any] | None = None,
    **options: Any,
) -> Session[RealtimeState]:
    """An empty encounter; dice from ``faces`` (strictly: a missing die fails), or ``seed``."""
    roller: Roller = RandomRoller(seed) if seed is not None else FixedRoller(faces)
    state = new_encounter(RealtimeOptions.model_validate(options), house_rules=house_rules)
    return Session(REALTIME.engine, state, roller=roller)


def cast(session: Session[RealtimeState], **positions: tuple[int, int]) -> None:
    """Add the named creatures (20 HP, reach 1) on the squares given."""
    for name, position in positions.items():
        session.submit(
            add_creature(id=name, side=SIDES.get(name, "others"), hp=20, position=position)
        )


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events``, without the ``realtime.`` prefix."""
    return [event.kind.removeprefix("realtime.") for event in events]


def of_kind(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one kind (without prefix)."""
    return [event for event in events if event.kind == f"realtime.{kind}"]
