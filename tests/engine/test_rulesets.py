"""The ruleset registry: rulesets registered directly or found by entry point."""

from __future__ import annotations

import importlib.metadata
import threading

import pytest
import tablekeeper_duel.ruleset as example_ruleset
from tablekeeper_duel.rules import DuelOptions, attack_check
from tablekeeper_duel.ruleset import DUEL, Duel

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import (
    ENTRY_POINT_GROUP,
    ResolverRegistry,
    Ruleset,
    RulesetRegistry,
    available_rulesets,
    load_ruleset,
    register_ruleset,
)
from tablekeeper.engine import rulesets as rulesets_module
from tablekeeper.errors import RulesError, UnknownNameError

MODULE = example_ruleset.__name__
HERE = __name__  # the factories below, as an entry point names them


def install(monkeypatch: pytest.MonkeyPatch, **entry_points: str) -> None:
    """Pretend installed packages declare ``entry_points`` (name -> "module:attr")."""
    declared = [
        importlib.metadata.EntryPoint(name=name, value=value, group=ENTRY_POINT_GROUP)
        for name, value in entry_points.items()
    ]

    def fake(*, group: str) -> list[importlib.metadata.EntryPoint]:
        return declared if group == ENTRY_POINT_GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", fake)


def test_the_duel_is_a_ruleset() -> None:
    assert isinstance(DUEL, Ruleset)
    assert DUEL.Options() == DuelOptions(dodge_tn=11)


def test_a_ruleset_registered_directly() -> None:
    registry = RulesetRegistry(group=None)
    assert registry.register(DUEL) is DUEL
    assert registry.load("duel") is DUEL
    assert registry.available() == ("duel",)
    assert registry.resolvers.names() == ("duel.attack",)


def test_a_ruleset_name_is_registered_once() -> None:
    registry = RulesetRegistry(group=None)
    registry.register(DUEL)
    with pytest.raises(RulesError, match="a ruleset named duel is already registered"):
        registry.register(Duel())
    assert len(registry.resolvers) == 1


def test_a_ruleset_name_is_checked() -> None:
    class Shouting(Duel):
        name = "DUEL"

    with pytest.raises(RulesError, match="ruleset name 'DUEL' must be lower case"):
        RulesetRegistry(group=None).register(Shouting())


def test_an_unknown_ruleset_suggests_close_matches() -> None:
    registry = RulesetRegistry(group=None)
    registry.register(DUEL)
    with pytest.raises(UnknownNameError, match=r"no ruleset named 'duell'; did you mean duel\?"):
        registry.load("duell")


@pytest.mark.parametrize("target", [f"{MODULE}:DUEL", f"{MODULE}:Duel", f"{HERE}:new_ruleset"])
def test_a_ruleset_found_by_entry_point(monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    install(monkeypatch, duel=target)
    registry = RulesetRegistry(resolvers=ResolverRegistry())
    assert registry.available() == ("duel",)
    ruleset = registry.load("duel")
    assert ruleset.name == "duel"
    assert registry.load("duel") is ruleset
    assert "duel.attack" in registry.resolvers


def slow_ruleset() -> Duel:
    """An entry point that takes a moment to load, as a real ruleset's imports do."""
    threading.Event().wait(0.05)
    return Duel()


def test_a_ruleset_asked_by_many_threads_at_once_loads_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 11's concurrency test found two first requests of a fresh server both loading
    # a ruleset; the second was refused "already registered" (a 400).
    install(monkeypatch, duel=f"{HERE}:slow_ruleset")
    registry = RulesetRegistry(resolvers=ResolverRegistry())
    start = threading.Barrier(8)
    loaded: list[object] = []
    failed: list[BaseException] = []

    def ask() -> None:
        start.wait()
        try:
            loaded.append(registry.load("duel"))
        except RulesError as error:
            failed.append(error)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failed == []
    assert len(loaded) == 8
    assert len({id(ruleset) for ruleset in loaded}) == 1


def test_a_failing_entry_point_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, broken="tablekeeper_no_such_plugin.rules:RULESET")
    with pytest.raises(RulesError) as caught:
        RulesetRegistry().load("broken")
    message = str(caught.value)
    assert message.startswith("ruleset 'broken' failed to load")
    assert "tablekeeper_no_such_plugin.rules:RULESET" in message
    assert "ModuleNotFoundError" in message


def test_an_entry_point_that_is_not_a_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, dice="tablekeeper_duel.rules:D20")
    with pytest.raises(RulesError, match=r"is not a ruleset: .* lacks name, summary, document"):
        RulesetRegistry().load("dice")


def test_an_entry_point_must_give_the_ruleset_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, joust=f"{MODULE}:DUEL")
    with pytest.raises(RulesError, match="gave a ruleset named 'duel', not 'joust'"):
        RulesetRegistry().load("joust")


def test_a_resolver_loads_its_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, duel=f"{MODULE}:DUEL")
    registry = RulesetRegistry(resolvers=ResolverRegistry())
    assert registry.resolver("duel.attack") is attack_check
    resolution = registry.resolver("duel.attack").resolve({"defense": 5}, FixedRoller([5]))
    assert resolution.to_dict() == {"roll": 5, "hit": True, "dice": [5]}
    with pytest.raises(UnknownNameError, match=r"did you mean duel\.attack"):
        registry.resolver("dual.attack")


def test_the_default_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = RulesetRegistry(resolvers=ResolverRegistry())
    monkeypatch.setattr(rulesets_module, "RULESETS", fresh)
    install(monkeypatch, joust=f"{HERE}:new_joust")
    assert register_ruleset(DUEL) is DUEL
    assert available_rulesets() == ("duel", "joust")
    assert load_ruleset("joust").name == "joust"


def new_ruleset() -> Duel:
    """An entry-point factory."""
    return Duel()


def new_joust() -> Ruleset:
    """A factory for a second ruleset that shares the duel's rules."""

    class Joust(Duel):
        name = "joust"

        def register_resolvers(self, registry: ResolverRegistry) -> None:
            pass

    return Joust()
