"""Simulations: a scenario played to its end N times at every point of a grid, reported.

:func:`simulate` validates the scenario at each variation point (errors name the field),
spawns one seed per trial (:mod:`.seeds`), has a backend play the trials
(:mod:`.backends`) and summarizes each point (:mod:`.report`). The result is JSON data
(``schema_version`` 1) that :func:`save` writes and :func:`load` reads back; everything
in it but ``timing`` depends only on the scenario, the policy, the grid, the trials and
the seed.

A run stopped before its end (``stop``, the console's Stop button) reports the trials it
played: each point's first ones in seed order (its trials from the first up to the first
one missing; a point not reached has none), so a stopped result is a prefix of the full
one at the same seed. It says ``stopped: true`` with the trials ``played`` and
``planned`` (every point's); each point's report counts its own ``trials``.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablekeeper.analysis.backends import (
    BackendName,
    Progress,
    Stop,
    chunks,
    default_workers,
    run_chunks,
)
from tablekeeper.analysis.exact import ExactRefusedError, exact_outcomes
from tablekeeper.analysis.report import summarize
from tablekeeper.analysis.seeds import trial_seeds
from tablekeeper.analysis.trials import (
    RULESET_POLICY,
    Trial,
    TrialPlan,
    cast_of,
    length_unit_of,
    resolve_policy,
)
from tablekeeper.analysis.variations import Variation, grid, with_values
from tablekeeper.engine.policies import Policy
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.errors import InvalidInputError, OddsUnavailableError, RulesError

SCHEMA_VERSION = 1
KIND = "tablekeeper.simulation"
MAX_TRIALS = 1_000_000
"""The most trials one simulation may ask for at each point."""


@dataclass(frozen=True)
class SimulationRequest:
    """A scenario (its ruleset, its data as written, where it came from) and what to run."""

    ruleset: str
    data: Mapping[str, Any]
    source: str
    trials: int
    seed: int = 0
    policy: str | Policy[Any] = RULESET_POLICY
    variations: tuple[Variation, ...] = ()

    def plans(self) -> list[tuple[dict[str, Any], TrialPlan]]:
        """Each grid point's values and plan, each scenario validated."""
        found = []
        for point in grid(self.variations):
            data = with_values(self.data, point)
            plan = TrialPlan(self.ruleset, data, self.source, self.policy)
            try:
                plan.scenario()  # refused here, naming the field, not in a worker
            except RulesError as error:
                if not point:  # the scenario as written
                    raise
                shown = ", ".join(f"{key}={value}" for key, value in point.items())
                message = f"at {shown}: {error.message}"
                raise InvalidInputError(message, field="vary") from None
            found.append((point, plan))
        return found


def policy_name(policy: str | Policy[Any]) -> str:
    """How a result names its policy."""
    return policy if isinstance(policy, str) else type(policy).__name__


def simulate(
    request: SimulationRequest,
    *,
    backend: BackendName = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    exact: bool = False,
    stop: Stop | None = None,
) -> dict[str, Any]:
    """Play ``request`` on ``backend``: the result document (see the module docstring).

    ``stop``, asked between batches of trials, ends the run early with the trials
    played so far (the result marked stopped). ``exact`` adds each point's exact
    outcome where it is small enough to compute (:mod:`.exact`), or why it is not, and
    the seconds that took (``timing.exact_seconds``)."""
    if not 1 <= request.trials <= MAX_TRIALS:
        raise InvalidInputError(f"trials must be 1 to {MAX_TRIALS:,}", field="trials")
    if request.seed < 0:
        raise InvalidInputError("the seed is a number from 0", field="seed")
    if workers is not None and workers < 1:
        raise InvalidInputError(
            f"{workers} workers: give 1 or more (leave it out for one per core)", field="workers"
        )
    points = request.plans()
    scenario = points[0][1].scenario()
    cast = cast_of(points[0][1])
    resolve_policy(request.policy, load_ruleset(request.ruleset))  # refused here, not in a worker
    seeds = trial_seeds(request.seed, request.trials)
    count = workers or default_workers()
    began = time.perf_counter()
    work = chunks([plan for _, plan in points], seeds, count)
    played = [
        _first_trials(trials)
        for trials in run_chunks(
            work,
            backend=backend,
            workers=count,
            scheduler=scheduler,
            progress=progress,
            stop=stop,
        )
    ]
    seconds = time.perf_counter() - began
    exacts: list[dict[str, Any]] = []
    exact_timing: dict[str, Any] = {}
    if exact:
        began = time.perf_counter()
        exacts = [_exact(plan) for _, plan in points]
        exact_timing = {"exact_seconds": round(time.perf_counter() - began, 3)}
    total = request.trials * len(points)
    done = sum(len(trials) for trials in played)
    stopped = {"stopped": True, "played": done, "planned": total} if done < total else {}
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "ruleset": request.ruleset,
        "scenario": scenario.name,
        "source": request.source,
        "length_unit": length_unit_of(points[0][1]),
        "policy": policy_name(request.policy),
        "trials": request.trials,
        "seed": request.seed,
        "varied": [variation.field for variation in request.variations],
        **stopped,
        "points": [
            {"values": values, "report": summarize(trials, cast)}
            | ({"exact": exacts[index]} if exact else {})
            for index, ((values, _), trials) in enumerate(zip(points, played, strict=True))
        ],
        "timing": {
            "backend": backend,
            "workers": count,
            "seconds": round(seconds, 3),
            "trials_per_second": round(done / seconds, 1) if seconds > 0 else None,
            **exact_timing,
        },
    }


def _first_trials(trials: list[Trial]) -> list[Trial]:
    """A point's trials (in trial order) up to the first one missing: all of them when
    the run was played to its end, its first ones in seed order when it was stopped."""
    count = 0
    while count < len(trials) and trials[count].index == count:
        count += 1
    return trials[:count]


def _exact(plan: TrialPlan) -> dict[str, Any]:
    """A point's exact outcome, or why there is none: the message, and (from
    :mod:`.exact`) the reason's code and the plays and commands given before it was known."""
    try:
        return exact_outcomes(plan)
    except ExactRefusedError as error:
        return {"unavailable": error.message, **error.details()}
    except OddsUnavailableError as error:
        return {"unavailable": error.message}


def without_timing(result: Mapping[str, Any]) -> dict[str, Any]:
    """The result less its ``timing``: what the same seed always gives."""
    return {key: value for key, value in result.items() if key != "timing"}


def check_writable(path: Path | str, *, field: str = "save") -> Path:
    """Refuse, before a run, a file the result could not be written to (its folder
    missing or read-only, or a folder in its place), naming ``field``."""
    target = Path(path)
    folder = target.parent
    reason = None
    if target.is_dir():
        reason = "is a folder"
    elif not folder.is_dir():
        reason = f"its folder {folder} does not exist"
    elif not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        reason = "cannot be written here (permission denied)"
    if reason is not None:
        raise InvalidInputError(f"{target}: {reason}", field=field)
    return target


def save(result: Mapping[str, Any], path: Path | str) -> Path:
    """Write a result as JSON."""
    target = Path(path)
    target.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return target


def load(path: Path | str) -> dict[str, Any]:
    """Read a result :func:`save` wrote; anything else is an error naming the file."""
    source = Path(path)
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InvalidInputError(f"cannot read {source}: {error}", field="results") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise InvalidInputError(f"{source} is not a Tablekeeper simulation", field="results")
    if data.get("schema_version") != SCHEMA_VERSION:
        raise InvalidInputError(
            f"{source} is simulation format {data.get('schema_version')}, this Tablekeeper "
            f"reads {SCHEMA_VERSION}",
            field="results",
        )
    return data


def point_rows(result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One flat row per point and side: the values varied, the side, wins, rate, interval."""
    rows = []
    for point in result["points"]:
        for side, row in point["report"]["sides"].items():
            rows.append({**point["values"], "side": side, **row})
    return rows
