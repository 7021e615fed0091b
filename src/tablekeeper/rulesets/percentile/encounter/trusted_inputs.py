"""An attack's inputs as the encounter builds them, not validated again on the fast path.

The attack request (``attack_request.py``) builds an :class:`AttackerInput`, a
:class:`DefenderInput` and the :class:`AttackInput` holding them at every declaration and
resolution, and for each defense a decision offers (its effective skill): a few hundred
validated models an encounter. On the engine's fast paths (``engine/fast_paths.py``)
each builder here makes the value without validating it again
(``percentile/as_validated.py``), because validation would keep every field as given:

- the stat block's values (skills, SIZ, damage bonus, body plan, weapons, shields and
  armor as worn: ``gear.py``) were validated by the stat block with the same types and
  bounds, a skill's name is a key of its skills (``gear.skill`` refuses any other);
- the task's and the defense choice's values were validated by ``AttackTask`` and
  ``Choice`` with the same literals, types and lower bounds; a split's upper bound
  (``MAX_SPLIT``) and a called shot's ``Name`` (the task's is a plain ``str``) are
  checked here, and a value that fails is validated (and refused) by the model;
- the standing modifiers are ``Contribution`` values, the situations ``Situation``
  values, the options the state's validated ``PercentileOptions``;
- the models' own checks (a parry needs its weapon, the choices the rules and options
  allow) run on every value built, and refuse it with the model's own error.

On the reference path every value is validated. ``tests/rulesets/percentile/
test_fast_paths.py`` builds every request the shipped scenarios' states make (each
attack, each defense offered) both ways and compares them, with their fields set.
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.percentile.as_validated import as_validated
from tablekeeper.rulesets.percentile.attack_input import (
    MAX_SPLIT,
    AttackerInput,
    AttackInput,
    DefenderInput,
    choices_the_rules_and_options_allow,
    defense_has_what_it_needs,
)
from tablekeeper.rulesets.percentile.stats import NAME_LENGTH


def is_name(value: str | None) -> bool:
    """Whether ``value`` is a ``Name`` validation keeps as it is (stripped, 1 to 60
    characters), or none."""
    return value is None or (0 < len(value) <= NAME_LENGTH and value.strip() == value)


def attacker_input(**given: Any) -> AttackerInput:
    """``AttackerInput(**given)``, as ``attack_request.attacker_side`` gives it."""
    if fast_paths.enabled() and given["split"] <= MAX_SPLIT and is_name(given["called_shot"]):
        return as_validated(AttackerInput, given)
    return AttackerInput(**given)


def defender_input(**given: Any) -> DefenderInput:
    """``DefenderInput(**given)``, as ``attack_request.defender_input`` gives it."""
    if fast_paths.enabled() and given["split"] <= MAX_SPLIT:
        return as_validated(DefenderInput, given, defense_has_what_it_needs)
    return DefenderInput(**given)


def attack_input(**given: Any) -> AttackInput:
    """``AttackInput(**given)``, as ``attack_request`` gives it."""
    if fast_paths.enabled():
        return as_validated(AttackInput, given, choices_the_rules_and_options_allow)
    return AttackInput(**given)
