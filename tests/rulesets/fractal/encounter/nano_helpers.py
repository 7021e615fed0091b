"""A Nano duel table for the tests: two duellists, their declarations, queued dice."""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import Command
from tablekeeper.rulesets.fractal.encounter.duel import Duel
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare
from tablekeeper.rulesets.fractal.encounter.nano_flow import waiting_on

from .helpers import Table

SWORD = {"id": "sword", "kind": "weapon", "name": "Sword"}
BUCKLER = {"id": "buckler", "kind": "shield", "name": "Buckler", "parry_tn": 4}


class Duelists(Table):
    """A table with a Nano duel open between ``a`` and ``b`` (or as told)."""

    def declare(self, character: str, **fields: Any) -> None:
        order = Declare.model_validate({"conflict": "duel", "character": character, **fields})
        self.session.submit(Command.of(character, DECLARE, order))

    def attack(self, character: str, target: str, action: str = "cut", **fields: Any) -> None:
        fields.setdefault("zone", "mid")
        fields.setdefault("dice", 3)
        self.declare(character, action=action, target=target, **fields)

    def passes(self, character: str) -> None:
        self.declare(character)

    @property
    def duel(self) -> Duel:
        found = self.conflict("duel").duel
        assert found is not None
        return found

    @property
    def waiting(self) -> str | None:
        return waiting_on(self.conflict("duel"))

    def pass_until(self, step: str) -> None:
        """Everyone still to declare declares nothing, until the duel reaches ``step``."""
        for _ in range(20):
            if self.duel.step == step or self.waiting is None:
                return
            who = self.waiting
            assert who is not None
            self.passes(who)
        raise AssertionError(f"never reached {step}")


def duelists(
    a_tools: tuple[dict[str, Any], ...] = (SWORD, BUCKLER),
    b_tools: tuple[dict[str, Any], ...] = (SWORD,),
    *,
    a: dict[str, Any] | None = None,
    b: dict[str, Any] | None = None,
    **options: Any,
) -> Duelists:
    """Brenna (``a``: Body d8, sword and buckler) and Corvo (``b``: d6s, a sword)."""
    table = Duelists(**options)
    table.pc("a", stats={"body": 8}, tools=list(a_tools), **(a or {}))
    table.pc("b", side="foes", tools=list(b_tools), **(b or {}))
    table.open("duel", "combat", "a", "b", level="nano")
    return table


def debaters(*, a: dict[str, Any] | None = None, b: dict[str, Any] | None = None) -> Duelists:
    """A debate: ``a`` (Words d8, d6s) against ``b`` (d6s), a Social Nano duel."""
    table = Duelists()
    table.pc("a", stats={"words": 8}, **(a or {}))
    table.pc("b", side="foes", **(b or {}))
    table.open("duel", "social", "a", "b", level="nano")
    return table


def dancers(time_limit: int | None = None, **b: Any) -> Duelists:
    """A dance duel: ``a`` (Body d8, d6s) against ``b`` (d6s)."""
    table = Duelists()
    table.pc("a", stats={"body": 8})
    table.pc("b", side="foes", **b)
    extra = {"time_limit": time_limit} if time_limit else {}
    table.open("duel", "dancing", "a", "b", level="nano", **extra)
    return table
