"""The fields of the events played most often, as validation keeps them (a fast path).

Every command plays a few events whose payloads the rules build from values already
validated: the task queue set again (the tasks of the state, or ones just built), an
attack rolled and resolved (its task, its check, its outcome), a turn started and ended
(an actor's id and a count of actions), a social action and turn. On the engine's fast
paths (``engine/fast_paths.py``) each is built by ``as_validated.typed``, without
validation, when every field given passes its test here, each the whole of what
validation checks of that field (its exact type, a count at least 0, a literal's
values); the payload models have no check of the whole. Anything else is validated.

``tests/rulesets/percentile/test_fast_paths.py`` rebuilds every payload built so while
the shipped scenarios play through its model, and compares them (fields set included).
"""

from __future__ import annotations

from tablekeeper.rulesets.percentile.as_validated import (
    COUNT,
    NAME,
    NAME_OR_NONE,
    Fits,
    among,
    each,
    of,
)
from tablekeeper.rulesets.percentile.attack import AttackOutcome
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask, FinishMove, GetUpTask

TASKS_SET: dict[str, Fits] = {"tasks": each(AttackTask, FinishMove, GetUpTask)}
"""``TasksSet``: the queue, each task one of the ``Task`` union's models."""

ATTACK_ROLLED: dict[str, Fits] = {"attack": of(AttackTask), "roll": of(CheckOutcome)}
"""``AttackRolled``."""

ATTACK_RESOLVED: dict[str, Fits] = {
    "attack": of(AttackTask),
    "outcome": of(AttackOutcome),
    "defense": NAME,
    "reserve": of(int, type(None)),
}
"""``AttackResolved``: the defense chosen is an option's id, the reserve an index."""

TURN_STARTED: dict[str, Fits] = {
    "combatant": NAME,
    "actions": COUNT,
    "lost": among("turn", "actions", None),
}
"""``TurnStarted``."""

TURN_ENDED: dict[str, Fits] = {"combatant": NAME, "unused": COUNT}
"""``TurnEnded`` (its reason left to its default)."""

SOCIAL_ACTION: dict[str, Fits] = {
    "combatant": NAME,
    "action": NAME,
    "actions": COUNT,
    "target": NAME_OR_NONE,
}
"""``SocialAction``."""

SOCIAL_TURN_STARTED: dict[str, Fits] = {"combatant": NAME, "actions": COUNT}
"""``SocialTurnStarted``."""

SOCIAL_TURN_ENDED: dict[str, Fits] = {"combatant": NAME, "unused": COUNT}
"""``SocialTurnEnded``."""
