"""Use cases of the balance lab: sweep a resolver's exact odds, simulate a scenario.

The CLI's ``sweep`` and ``simulate`` and the console's lab page come here. A scenario is
read as written (a shipped one from its ruleset's package, or a file), so a varied field
is a path into the YAML the designer sees (``combatants.4.stats.skills.Bite``); each
grid point is validated by the ruleset's scenario format before any trial is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from tablekeeper.analysis.backends import BackendName, Progress, Stop
from tablekeeper.analysis.simulation import SimulationRequest
from tablekeeper.analysis.simulation import simulate as run_simulation
from tablekeeper.analysis.sweep import checked
from tablekeeper.analysis.sweep import sweep as run_sweep
from tablekeeper.analysis.trials import RULESET_POLICY
from tablekeeper.analysis.variations import Variable, Variation, grid, variables
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.resolvers import Resolver
from tablekeeper.engine.scenarios import SCENARIO_FOLDER
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import scenarios
from tablekeeper.services.resolvers import rulesets
from tablekeeper.services.rulesets import ruleset_named


@dataclass(frozen=True)
class ScenarioSource:
    """A scenario as written: its ruleset, its parsed YAML, where it came from."""

    ruleset: str
    data: Mapping[str, Any]
    source: str


def scenario_source(scenario: str, *, ruleset: str | None = None) -> ScenarioSource:
    """A shipped scenario by name (of ``ruleset``, or of any ruleset), or as the console
    names it (``percentile/river_ambush``), or a scenario file. A bare name two rulesets
    ship is refused, naming both ways to say it."""
    path = Path(scenario)
    named = _console_name(path, ruleset)
    if named is not None:
        ruleset, path = named
    if not path.exists() and path.parent == Path():
        if ruleset is None:
            shipping = [name for name, found in shipped_scenarios() if found == path.stem]
            if len(shipping) > 1:
                ways = " or ".join(f"{name}/{path.stem}" for name in shipping)
                raise InvalidInputError(
                    f"{len(shipping)} rulesets ship a scenario {path.stem!r}: say {ways}",
                    field="scenario",
                )
        searched = (ruleset,) if ruleset is not None else scenarios.scenario_rulesets()
        for name in searched:
            if path.stem in scenarios.packaged_scenarios(name):
                folder = resources.files(ruleset_named(name).package).joinpath(SCENARIO_FOLDER)
                text = folder.joinpath(f"{path.stem}.yaml").read_text(encoding="utf-8")
                return _source(scenarios.parse_yaml(text, path.stem), path.stem, name)
    scenarios.load_scenario(path, ruleset=ruleset)  # a clear error for a bad name or file
    text = path.read_text(encoding="utf-8")
    return _source(scenarios.parse_yaml(text, str(path)), str(path), ruleset)


def _console_name(path: Path, ruleset: str | None) -> tuple[str, Path] | None:
    """The ruleset and name of ``RULESET/NAME`` (the console's name of a shipped
    scenario) when no such file exists and that ruleset ships it; else ``None``."""
    if path.exists() or len(path.parts) != 2:
        return None
    owner, name = path.parts
    if owner not in scenarios.scenario_rulesets() or name not in scenarios.packaged_scenarios(
        owner
    ):
        return None
    if ruleset is not None and ruleset != owner:
        raise InvalidInputError(
            f"{path} is a {owner} scenario, not a {ruleset} one", field="ruleset"
        )
    return owner, Path(name)


NOT_VARIED = frozenset({"schema_version", "seed"})
"""A scenario's numbers the lab does not offer to vary: its format, and the seed its
trials replace with their own."""


def scenario_numbers(scenario: str, *, ruleset: str | None = None) -> list[Variable]:
    """The numbers of a scenario (shipped or a file) as written that a simulation may
    vary, named by whose they are (its format version and seed left out)."""
    data = scenario_source(scenario, ruleset=ruleset).data
    return [found for found in variables(data) if found.path not in NOT_VARIED]


def number_names(scenario: str, *, ruleset: str | None = None) -> dict[str, str]:
    """The scenario's numbers in words by path (``combatants.4.stats.skills.Bite`` ->
    ``Wolf › skills › Bite``): what the terminal and the lab page head a grid point by."""
    return {found.path: found.label for found in scenario_numbers(scenario, ruleset=ruleset)}


def _source(data: Any, source: str, ruleset: str | None) -> ScenarioSource:
    parsed = scenarios.parse_scenario(data, source=source, ruleset=ruleset)
    return ScenarioSource(scenarios.ruleset_of(parsed).name, data, source)


def shipped_scenarios() -> list[tuple[str, str]]:
    """Every shipped scenario, as (ruleset, name)."""
    return [
        (ruleset, name)
        for ruleset in scenarios.scenario_rulesets()
        for name in scenarios.packaged_scenarios(ruleset)
    ]


@cache
def scenario_title(ruleset: str, name: str) -> str:
    """A shipped scenario's title (``Ambush at the ford``), read once: what the console's
    lab offers it by, its ``RULESET/NAME`` beside it."""
    return str(scenarios.load_scenario(name, ruleset=ruleset).name)


def scenarios_of(ruleset: str) -> tuple[str, ...]:
    """The names of the scenarios ``ruleset`` ships (none when it reads no scenarios): what
    an encounter's page offers to open in the lab."""
    if ruleset not in scenarios.scenario_rulesets():
        return ()
    return scenarios.packaged_scenarios(ruleset)


def sweepable_resolvers() -> list[str]:
    """The names of every resolver with exact odds (what a sweep can sweep), in order."""
    registry = rulesets()
    for name in registry.available():
        registry.load(name)
    return [item.name for item in registry.resolvers if item.odds is not None]


def variations(texts: Sequence[str]) -> tuple[Variation, ...]:
    """``--vary`` options parsed."""
    return tuple(Variation.parse(text) for text in texts)


def grid_points(vary: Sequence[str]) -> list[dict[str, Any]]:
    """The points of the grid ``vary`` makes (one, empty, for none)."""
    return grid(variations(vary))


def check_simulation(
    scenario: str, *, ruleset: str | None, vary: Sequence[str], first_point: bool = False
) -> None:
    """Refuse, before any trial is played, a simulation with a varied path the scenario
    does not have (the keys there listed) or a point its scenario's format refuses (named
    at ``vary``, with the point); ``first_point``: at the grid's first point only (what
    its paths are checked by before the grid's size is)."""
    found = scenario_source(scenario, ruleset=ruleset)
    grid_of = variations(vary)
    if first_point:
        grid_of = _first(grid_of)
    SimulationRequest(found.ruleset, found.data, found.source, 1, variations=grid_of).plans()


def _first(grid_of: tuple[Variation, ...]) -> tuple[Variation, ...]:
    """The grid of each variation's first value: one point, named as the grid names it."""
    return tuple(Variation(variation.field, variation.values[:1]) for variation in grid_of)


def simulate(
    scenario: str,
    *,
    trials: int,
    seed: int = 0,
    ruleset: str | None = None,
    policy: str | Policy[Any] = RULESET_POLICY,
    vary: Sequence[str] = (),
    backend: BackendName = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    exact: bool = False,
    stop: Stop | None = None,
) -> dict[str, Any]:
    """Play ``scenario`` ``trials`` times at every point of the grid; the result document
    (with ``exact``, each point's exact outcome where it is small enough to compute;
    ``stop``d early, the trials played so far, marked stopped)."""
    found = scenario_source(scenario, ruleset=ruleset)
    request = SimulationRequest(
        found.ruleset, found.data, found.source, trials, seed, policy, variations(vary)
    )
    return run_simulation(
        request,
        backend=backend,
        workers=workers,
        scheduler=scheduler,
        progress=progress,
        exact=exact,
        stop=stop,
    )


def resolver_named(name: str) -> Resolver[Any, Any]:
    """The resolver ``name`` of any installed ruleset (or a ``dice.*`` check)."""
    return rulesets().resolver(name)


def check_sweep(
    name: str, raw_input: Mapping[str, Any], vary: Sequence[str], *, first_point: bool = False
) -> None:
    """Refuse, before any odds are computed, a sweep with a point its resolver refuses
    (``first_point``: at the grid's first point only, as :func:`check_simulation`)."""
    if not isinstance(raw_input, Mapping):
        raise InvalidInputError("the input is a mapping of fields", field="input")
    grid_of = variations(vary)
    checked(resolver_named(name), raw_input, _first(grid_of) if first_point else grid_of)


def sweep(name: str, raw_input: Mapping[str, Any] | None, vary: Sequence[str]) -> dict[str, Any]:
    """The exact odds of the resolver ``name`` over the grid ``vary`` makes of the input
    (``None``: the resolver's example input)."""
    resolver = resolver_named(name)
    if raw_input is None:
        raw_input = dict(resolver.example or {})
    if not isinstance(raw_input, Mapping):
        raise InvalidInputError("the input is a mapping of fields", field="input")
    return run_sweep(resolver, raw_input, variations(vary))
