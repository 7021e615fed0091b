"""Scenarios: an encounter described in YAML, for the ruleset it names, loaded and started.

A scenario file names its ruleset (``ruleset: percentile``); each ruleset reads its own
shape (``services/realtime_scenarios.py``, ``services/percentile_scenarios.py``), so this
module only reads the file, picks the format and hands over. A file that names no
ruleset is read as the one the caller asks for, else as ``realtime``: the first format,
written before scenarios named their ruleset. Shipped scenarios are found by name in
each ruleset's ``scenarios/`` folder. The terminal runner (``tablekeeper play``) and the
tests go through here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeAlias, overload

from tablekeeper.dice.roller import Roller
from tablekeeper.errors import InvalidInputError
from tablekeeper.services import percentile_scenarios, realtime_scenarios
from tablekeeper.services.percentile_scenarios import PercentileRun, PercentileScenario
from tablekeeper.services.realtime_scenarios import Scenario, ScenarioRun, TimelineEntry
from tablekeeper.services.scenario_files import packaged, packaged_text, parse_yaml, read_text

RULESETS = ("realtime", "percentile")
"""The rulesets with a scenario format (and a terminal runner), oldest first."""

DEFAULT_RULESET = "realtime"
"""The ruleset of a scenario that names none: the format written before the field."""

AnyScenario: TypeAlias = Scenario | PercentileScenario
"""A scenario of any ruleset."""

AnyRun: TypeAlias = ScenarioRun | PercentileRun
"""A scenario of any ruleset, in play."""

__all__ = [
    "DEFAULT_RULESET",
    "RULESETS",
    "AnyRun",
    "AnyScenario",
    "PercentileRun",
    "PercentileScenario",
    "Scenario",
    "ScenarioRun",
    "TimelineEntry",
    "load_scenario",
    "packaged_scenarios",
    "parse_scenario",
    "start",
]


def _known(ruleset: str, field: str) -> str:
    if ruleset not in RULESETS:
        raise InvalidInputError(
            f"no scenario format for ruleset {ruleset!r} (rulesets with scenarios: "
            f"{', '.join(RULESETS)})",
            field=field,
        )
    return ruleset


def packaged_scenarios(ruleset: str = DEFAULT_RULESET) -> tuple[str, ...]:
    """The names of the scenarios ``ruleset`` ships (``tablekeeper play RULESET NAME``)."""
    return packaged(_known(ruleset, "ruleset"))


def parse_scenario(
    data: Any, *, source: str = "scenario", ruleset: str | None = None
) -> AnyScenario:
    """Validate scenario data (parsed YAML) in the format of the ruleset it names.

    ``ruleset`` is what the caller expects: a file naming another one is refused.
    """
    named = data.get("ruleset") if isinstance(data, dict) else None
    if named is not None and not isinstance(named, str):
        raise InvalidInputError("the ruleset is a name: percentile, realtime", field="ruleset")
    if named is not None and ruleset is not None and named != ruleset:
        raise InvalidInputError(
            f"{source} is a {named!r} scenario, not a {ruleset!r} one", field="ruleset"
        )
    chosen = _known(named or ruleset or DEFAULT_RULESET, "ruleset")
    if chosen == "percentile":
        return percentile_scenarios.parse_scenario(data, source=source)
    return realtime_scenarios.parse_scenario(data, source=source)


def load_scenario(path: Path | str, *, ruleset: str | None = None) -> AnyScenario:
    """Read and validate a scenario file, or a shipped scenario named by ``path``.

    A bare name is looked up among the shipped scenarios of ``ruleset`` (of every
    ruleset when none is given); a file that cannot be read lists them.
    """
    path = Path(path)
    searched = (_known(ruleset, "RULESET"),) if ruleset is not None else RULESETS
    if not path.exists() and path.parent == Path():
        for candidate in searched:
            if path.stem in packaged(candidate):
                text = packaged_text(candidate, path.stem)
                return parse_scenario(
                    parse_yaml(text, str(path)), source=path.stem, ruleset=candidate
                )
    shipped = "; ".join(f"{', '.join(packaged(name))} ({name})" for name in searched)
    text = read_text(path, shipped)
    return parse_scenario(parse_yaml(text, str(path)), source=str(path), ruleset=ruleset)


@overload
def start(
    scenario: Scenario, *, seed: int | None = None, roller: Roller | None = None
) -> ScenarioRun: ...


@overload
def start(
    scenario: PercentileScenario, *, seed: int | None = None, roller: Roller | None = None
) -> PercentileRun: ...


def start(
    scenario: AnyScenario, *, seed: int | None = None, roller: Roller | None = None
) -> AnyRun:
    """Start ``scenario`` with its (or ``seed``'s) dice: a session of its ruleset."""
    if isinstance(scenario, PercentileScenario):
        return percentile_scenarios.start(scenario, seed=seed, roller=roller)
    return realtime_scenarios.start(scenario, seed=seed, roller=roller)
