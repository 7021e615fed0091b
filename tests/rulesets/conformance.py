"""What the conformance suite does with any ruleset, through its contract alone.

:func:`play_unattended` plays a shipped scenario to its end the way the terminal runner
does when nobody is at the keys (the script's commands when due, each decision answered
by the ruleset's policy, then ``ScenarioRun.next_command``), recording a transcript: every
command, every die, every event. :func:`transcript_path` is where a scenario's golden
transcript lives; ``TABLEKEEPER_WRITE_GOLDEN=1`` makes the golden test write them afresh
(see ``tests/rulesets/README.md``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablekeeper.analysis.trials import TrialPlan, play, resolve_policy
from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Command, Policy, Ruleset, fast_paths
from tablekeeper.engine.rulesets import load_ruleset
from tablekeeper.engine.scenarios import ScenarioRun
from tablekeeper.services import lab, scenarios

MAX_STEPS = 5_000
"""The most commands and answers one unattended play may take: a scenario still going
after them is a failure, not a hang."""

GOLDEN = Path(__file__).parent / "golden"
WRITE_GOLDEN = os.environ.get("TABLEKEEPER_WRITE_GOLDEN", "").strip() == "1"


@dataclass
class Played:
    """A scenario played unattended: the run, and every command given, in order."""

    run: ScenarioRun[Any]
    commands: list[Command] = field(default_factory=list)

    def transcript(self) -> dict[str, Any]:
        """Commands, dice and events, as JSON: what a golden file holds."""
        session = self.run.session
        roller = session.roller
        return {
            "scenario": self.run.scenario.name,
            "seed": self.run.seed,
            "commands": [command.model_dump(mode="json") for command in self.commands],
            "dice": [[rolled.die.sides, rolled.face] for rolled in roller.history],
            "events": [
                {
                    "sequence": event.sequence,
                    "command": event.command_id,
                    "kind": event.kind,
                    "payload": event.payload,
                }
                for event in session.log.events
            ],
            "records": len(session.log.records),
        }


def start(rules: Ruleset, name: str, seed: int | None = None) -> ScenarioRun[Any]:
    """The shipped scenario ``name`` of ``rules``, started with its seed (or ``seed``)."""
    scenario = scenarios.load_scenario(name, ruleset=rules.name)
    chosen = seed if seed is not None else (scenario.seed if scenario.seed is not None else 1)
    return scenarios.start(scenario, seed=chosen, roller=RandomRoller(chosen))


def play_unattended(rules: Ruleset, run: ScenarioRun[Any], *, steps: int = MAX_STEPS) -> Played:
    """Play ``run`` to its end with the ruleset's policy answering everything."""
    played = Played(run)
    policy = rules.policy()
    session = run.session
    for _ in range(steps):
        if run.finished:
            return played
        due = run.due()
        for command in due:
            _give(played, command)
        if session.pending is not None:
            _give(played, policy.answer(session.state, session.pending))
            continue
        if due:
            continue
        command = run.next_command(policy)
        if command is None:
            return played
        _give(played, command)
    raise AssertionError(f"{run.scenario.name} was still going after {steps} steps")


def _give(played: Played, command: Command) -> None:
    played.run.session.submit(command)
    played.commands.append(command)


def transcript_path(rules: Ruleset, name: str) -> Path:
    """Where the golden transcript of ``rules``'s scenario ``name`` lives."""
    return GOLDEN / rules.name / f"{name}.json"


def played_states(
    ruleset: str, name: str, seed: int, policy: Policy[Any] | None = None
) -> tuple[ScenarioRun[Any], list[Any]]:
    """The shipped scenario ``name`` played to its end on the reference path, as a trial
    plays it (``analysis.trials.play``, the ruleset's policy unless ``policy``), and every
    state it passed through: the start's, then one after each command. The fast-path
    tests compare their shortcuts against the full computation on these states (played
    whole before they are read, so the reader is back on the fast paths)."""
    source = lab.scenario_source(name, ruleset=ruleset)
    plan = TrialPlan(ruleset, source.data, source.source)
    rules = load_ruleset(ruleset)
    assert rules.scenarios is not None
    with fast_paths.reference():
        run = rules.scenarios.start(plan.scenario(), RandomRoller(seed), seed=seed)
        states = [run.session.state]
        submit = run.session.submit

        def recording(command: Command, **kwargs: Any) -> Any:
            events = submit(command, **kwargs)
            states.append(run.session.state)
            return events

        run.session.submit = recording  # type: ignore[method-assign]
        play(run, policy if policy is not None else resolve_policy(plan.policy, rules))
    return run, states
