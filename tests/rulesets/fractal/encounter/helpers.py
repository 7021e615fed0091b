"""A table for the ``fractal`` encounter tests: a session whose dice are queued by the test.

``Table`` adds characters (player characters with every stat at d6 unless told, NPCs
with the stats given), opens conflicts, and queues the faces the next rolls will show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import GM, Command, Event, Session
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.engine import ENGINE, new_encounter
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.stats import STATS


class QueuedRoller(FixedRoller):
    """A fixed roller the test keeps feeding."""

    def push(self, *faces: int) -> None:
        self._faces.extend(faces)


def stats(default: int = 6, **sizes: int) -> dict[str, int]:
    return {stat.value: sizes.get(stat.value, default) for stat in STATS}


class Table:
    """A session, its queued dice, and shortcuts for the tests."""

    def __init__(self, house_rules: dict[str, Any] | None = None, **options: Any) -> None:
        self.roller = QueuedRoller([])
        state = new_encounter(FractalOptions.model_validate(options), house_rules=house_rules)
        self.session: Session[FractalState] = Session(ENGINE, state, roller=self.roller)

    @property
    def state(self) -> FractalState:
        return self.session.state

    def c(self, key: str) -> Character:
        return self.state.characters[key]

    def conflict(self, key: str) -> Conflict:
        return self.state.conflicts[key]

    def pc(self, key: str, side: str = "party", **fields: Any) -> Character:
        sizes = fields.pop("stats", {})
        default = fields.pop("default", 6)
        spec = {"id": key, "side": side, "stats": stats(default, **sizes), **fields}
        self.session.submit(cmd.add_character(cmd.CharacterSpec.model_validate(spec)))
        return self.c(key)

    def npc(self, key: str, side: str = "foes", **fields: Any) -> Character:
        spec = {"id": key, "side": side, "kind": "npc", **fields}
        spec.setdefault("stats", {"body": 6, "visual": 6})
        self.session.submit(cmd.add_character(cmd.CharacterSpec.model_validate(spec)))
        return self.c(key)

    def open(
        self, key: str, tree: str, *seats: str | dict[str, Any], level: str = "micro", **fields: Any
    ) -> tuple[Event, ...]:
        listed = [{"character": seat} if isinstance(seat, str) else seat for seat in seats]
        order = cmd.OpenConflict.model_validate(
            {"id": key, "level": level, "tree": tree, "seats": listed, **fields}
        )
        return self.gm(cmd.OPEN_CONFLICT, order)

    def gm(self, kind: str, payload: Any) -> tuple[Event, ...]:
        return self.session.submit(Command.of(GM, kind, payload))

    def dice(self, *faces: int) -> Table:
        self.roller.push(*faces)
        return self

    def act(
        self,
        conflict: str,
        character: str,
        action: str,
        dice: int,
        *targets: str,
        actor: str | None = None,
        **fields: Any,
    ) -> tuple[Event, ...]:
        order = cmd.Act.model_validate(
            {
                "conflict": conflict,
                "character": character,
                "action": action,
                "dice": dice,
                "targets": list(targets),
                **fields,
            }
        )
        return self.session.submit(Command.of(actor or character, cmd.ACT, order))

    def end_turn(self, conflict: str, character: str) -> tuple[Event, ...]:
        return self.session.submit(cmd.end_turn(character, conflict, character))

    def answer(self, option: str) -> tuple[Event, ...]:
        assert self.session.pending is not None, "no decision is pending"
        return self.session.answer(option)

    def decline(self) -> None:
        """Answer a pending defense with no defense (nothing is pending after 0 successes)."""
        if self.session.pending is not None:
            self.answer("none")

    def events(self, kind: str) -> list[Event]:
        return [e for e in self.session.log.events if e.kind == f"fractal.{kind}"]

    def payloads(self, kind: str) -> list[dict[str, Any]]:
        return [e.payload for e in self.events(kind)]

    def labels(self, key: str) -> list[str]:
        return [entry.label for entry in self.c(key).conditions]

    def current(self, conflict: str) -> str | None:
        return self.conflict(conflict).current

    def finish_turns_until(self, conflict: str, character: str) -> None:
        """End every other turn until it is ``character``'s."""
        for _ in range(50):
            if self.current(conflict) == character or self.session.pending is not None:
                return
            current = self.current(conflict)
            assert current is not None
            self.end_turn(conflict, current)
        raise AssertionError(f"never {character}'s turn")


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind.removeprefix("fractal.") for e in events]
