"""Scenarios: an encounter described in YAML, for the ruleset it names, read and started.

A scenario file names its ruleset (``ruleset: <name>``); each ruleset reads its own
shape through its :class:`~tablekeeper.engine.scenarios.ScenarioFormat`, so this module
only reads the file (or a shipped one, from the ruleset package's ``scenarios/`` folder),
finds the ruleset and hands over. A file that names no ruleset is read as the one the
caller asks for (``tablekeeper play RULESET FILE``); with neither, it is refused. The
terminal runner (``tablekeeper play``), the demo campaigns, the golden transcripts and
the tests go through here.
"""

from __future__ import annotations

import difflib
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from tablekeeper.dice.roller import RandomRoller, Roller
from tablekeeper.engine.rulesets import Ruleset
from tablekeeper.engine.scenarios import SCENARIO_FOLDER, Scenario, ScenarioFormat, ScenarioRun
from tablekeeper.errors import InvalidInputError
from tablekeeper.services.rulesets import installed_rulesets, ruleset_named

__all__ = [
    "Scenario",
    "ScenarioRun",
    "load_scenario",
    "packaged_scenarios",
    "parse_scenario",
    "ruleset_of",
    "scenario_rulesets",
    "start",
]


def scenario_rulesets() -> tuple[str, ...]:
    """The installed rulesets that read scenario files, sorted."""
    return tuple(name for name in installed_rulesets() if ruleset_named(name).scenarios)


def _format(ruleset: str, field: str) -> tuple[Ruleset, ScenarioFormat]:
    rules = ruleset_named(ruleset, field=field)
    if rules.scenarios is None:
        raise InvalidInputError(
            f"ruleset {ruleset!r} reads no scenarios (rulesets with scenarios: "
            f"{', '.join(scenario_rulesets())})",
            field=field,
        )
    return rules, rules.scenarios


def _folder(rules: Ruleset) -> Traversable:
    return resources.files(rules.package).joinpath(SCENARIO_FOLDER)


def packaged_scenarios(ruleset: str) -> tuple[str, ...]:
    """The names of the scenarios ``ruleset`` ships (``tablekeeper play RULESET NAME``)."""
    rules, _ = _format(ruleset, "ruleset")
    folder = _folder(rules)
    if not folder.is_dir():
        return ()
    return tuple(
        sorted(
            item.name.removesuffix(".yaml")
            for item in folder.iterdir()
            if item.name.endswith(".yaml")
        )
    )


def parse_yaml(text: str, source: str) -> Any:
    """The YAML document in ``text``; invalid YAML is one error naming ``source``."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise InvalidInputError(f"{source} is not valid YAML: {error}", field="scenario") from None


def parse_scenario(data: Any, *, source: str = "scenario", ruleset: str | None = None) -> Scenario:
    """Validate scenario data (parsed YAML) in the format of the ruleset it names.

    ``ruleset`` is what the caller expects: a file naming another one is refused.
    """
    named = data.get("ruleset") if isinstance(data, dict) else None
    if named is not None and not isinstance(named, str):
        raise InvalidInputError(
            f"the ruleset is a name: {', '.join(scenario_rulesets())}", field="ruleset"
        )
    if named is not None and ruleset is not None and named != ruleset:
        raise InvalidInputError(
            f"{source} is a {named!r} scenario, not a {ruleset!r} one", field="ruleset"
        )
    chosen = named or ruleset
    if chosen is None:
        raise InvalidInputError(
            f"{source} names no ruleset: add `ruleset: <name>` ({', '.join(scenario_rulesets())})",
            field="ruleset",
        )
    _, format_ = _format(chosen, "ruleset")
    return format_.parse(data, source=source)


def load_scenario(path: Path | str, *, ruleset: str | None = None) -> Scenario:
    """Read and validate a scenario file, or a shipped scenario named by ``path``.

    A bare name is looked up among the shipped scenarios of ``ruleset`` (of every
    ruleset when none is given); a file that cannot be read lists them.
    """
    path = Path(path)
    searched = (ruleset,) if ruleset is not None else scenario_rulesets()
    for candidate in searched:
        _format(candidate, "RULESET")
    if not path.exists() and path.parent == Path():
        for candidate in searched:
            if path.stem in packaged_scenarios(candidate):
                rules = ruleset_named(candidate)
                text = _folder(rules).joinpath(f"{path.stem}.yaml").read_text(encoding="utf-8")
                return parse_scenario(
                    parse_yaml(text, str(path)), source=path.stem, ruleset=candidate
                )
    shipped = "; ".join(f"{', '.join(packaged_scenarios(name))} ({name})" for name in searched)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        names = [name for candidate in searched for name in packaged_scenarios(candidate)]
        close = difflib.get_close_matches(path.stem, names, n=3, cutoff=0.7)
        if close and path.parent == Path() and not path.suffix:
            raise InvalidInputError(
                f"no scenario named {path.stem!r}; did you mean {' or '.join(close)}? "
                f"(shipped scenarios: {shipped})",
                field="scenario",
            ) from None
        raise InvalidInputError(
            f"cannot read {path}: {error.strerror or error} (shipped scenarios: {shipped})",
            field="scenario",
        ) from None
    return parse_scenario(parse_yaml(text, str(path)), source=str(path), ruleset=ruleset)


def ruleset_of(scenario: Scenario) -> Ruleset:
    """The ruleset a parsed scenario plays."""
    named = getattr(scenario, "ruleset", None)
    if not isinstance(named, str):
        raise InvalidInputError("the scenario names no ruleset", field="ruleset")
    return ruleset_named(named)


def start(
    scenario: Scenario, *, seed: int | None = None, roller: Roller | None = None
) -> ScenarioRun[Any]:
    """Start ``scenario`` with its (or ``seed``'s) dice, or the faces of ``roller``: a
    session of its ruleset with its actors added."""
    _, format_ = _format(ruleset_of(scenario).name, "ruleset")
    chosen = seed if seed is not None else scenario.seed
    return format_.start(scenario, roller or RandomRoller(chosen), seed=chosen)
