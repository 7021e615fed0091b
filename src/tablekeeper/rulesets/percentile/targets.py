"""What a ``percentile`` roll is rolled against, and who may read it (C-03, C-20).

A d100 check (:class:`~tablekeeper.rulesets.percentile.checks.CheckOutcome`) is rolled
against an effective skill, made of the skill and its modifiers (its ``breakdown``): the
roll and its level are called out at the table, the skill is the roller's stat block's.

- :func:`unseen_skills`: in every mode, a check of a combatant the viewer does not
  control keeps its d100 and level, not its effective skill or breakdown (an NPC's skills
  are on the GM's card only, C-18; issue 13, bug 8).
- :func:`hide_targets`: a roll made "dice only" keeps, for every player, the d100s and
  levels of all its checks and nothing they were rolled against; nor the trait score a
  Provoke was measured against.
"""

from __future__ import annotations

from pydantic import JsonValue

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.targets import payload_without_targets, shape_of, without_keys
from tablekeeper.engine.values import JsonObject
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.social import events as sev

CHECK_SHAPE = shape_of(CheckOutcome)
"""How a check is known in a payload: the fields every check has."""

CHECK_TARGETS = ("effective_skill", "breakdown")
"""What a check was rolled against: the effective skill and how it was made."""

ROLLED_BY_COMBATANT = frozenset(
    {
        ev.CHECK_ROLLED,
        ev.SPIRIT_ROLLED,
        ev.PASSION_USED,
        sev.SOCIAL_ROLLED,
        sev.APPEALED,
        sev.MOTIVATIONS_READ,
        sev.PROVOKED,
        sev.AD_HOMINEM_ROLLED,
        sev.SOCIAL_PASSION_USED,
        sev.INVESTIGATED,
    }
)
"""Kinds whose every check is their ``combatant``'s own."""

ACTOR_KEYS = frozenset(
    {"combatant", "attacker", "defender", "target", "caster", "interlocutor", "speaker"}
)
"""The fields naming who rolls or is rolled against, for a kind not listed above (at any
depth: a decision awaited holds the exchange it interrupts)."""


def hide_targets(kind: str, payload: JsonObject) -> JsonObject:
    """``payload`` without what its rolls were rolled against (a "dice only" roll)."""
    hidden = payload_without_targets(payload, CHECK_SHAPE, CHECK_TARGETS)
    return without_keys(hidden, ("trait_score",)) if kind == sev.PROVOKED else hidden


def unseen_skills(kind: str, payload: JsonObject, sight: Sight) -> JsonObject:
    """``payload`` with the effective skill and breakdown of every check rolled by a
    combatant ``sight`` does not see taken out."""
    if sight.gm:
        return payload
    if kind == ev.ATTACK_ROLLED:
        attack = _object(payload.get("attack"))
        return _checks_of(payload, ("roll",), sight.sees(str(attack.get("attacker"))))
    if kind == ev.ATTACK_RESOLVED:
        return _resolved(payload, sight)
    if kind == ev.SPELL_CAST:
        shown = _checks_of(payload, ("roll",), sight.sees(str(payload.get("caster"))))
        return _checks_of(shown, ("resist",), sight.sees(str(payload.get("target"))))
    if kind in ROLLED_BY_COMBATANT:
        return _checks_of(payload, None, sight.sees(str(payload.get("combatant"))))
    named = set(actors_in(payload))
    return _checks_of(payload, None, bool(named) and sight.sees_all(named))


def actors_in(value: JsonValue) -> list[str]:
    """Every actor id under an :data:`ACTOR_KEYS` field of ``value``, at any depth."""
    if isinstance(value, list):
        return [actor for item in value for actor in actors_in(item)]
    if not isinstance(value, dict):
        return []
    found = [v for k, v in value.items() if k in ACTOR_KEYS and isinstance(v, str)]
    return found + [actor for v in value.values() for actor in actors_in(v)]


def _resolved(payload: JsonObject, sight: Sight) -> JsonObject:
    """An attack's outcome: its check is the attacker's, the defense's and the hazard's
    the target's; anything else in it (a fumble's, a counter's) theirs if both are."""
    attack = _object(payload.get("attack"))
    attacker, target = str(attack.get("attacker")), str(attack.get("target"))
    outcome = _object(payload.get("outcome"))
    shown = dict(outcome)
    shown = _checks_of(shown, ("attack",), sight.sees(attacker))
    for key in ("defense", "hazard"):
        inner = outcome.get(key)
        if isinstance(inner, dict):
            shown[key] = _checks_of(inner, None, sight.sees(target))
    rest = {k: v for k, v in shown.items() if k not in ("attack", "defense", "hazard")}
    rest = _checks_of(rest, None, sight.sees_all((attacker, target)))
    return {**payload, "outcome": {**shown, **rest}}


def _checks_of(payload: JsonObject, keys: tuple[str, ...] | None, sees: bool) -> JsonObject:
    """``payload`` as is when the viewer ``sees`` the roller; else without the targets of
    the checks under ``keys`` (``None``: anywhere in it)."""
    if sees:
        return payload
    if keys is None:
        return payload_without_targets(payload, CHECK_SHAPE, CHECK_TARGETS)
    return {key: _hidden(value) if key in keys else value for key, value in payload.items()}


def _hidden(value: JsonValue) -> JsonValue:
    return (
        payload_without_targets(value, CHECK_SHAPE, CHECK_TARGETS)
        if isinstance(value, dict)
        else value
    )


def _object(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}
