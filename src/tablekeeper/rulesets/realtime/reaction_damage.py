"""A reaction's damage in unattended play: the GM's ruling, stated by the scenario (G-R-E5).

Document 003 gives the Opportunity Attack a check ("Aliena becomes eligible to use a
Reaction such as Opportunity Attack") and no damage: a hit's damage is the GM's, a
``damage`` command of the second after the trigger's (G-R-E1), which the console and the
terminal runner ask the GM for. Nobody is at the keys in unattended play (``tablekeeper
play`` with no GM, the balance lab), so a scenario may state, per reaction, the damage
unattended play deals for each hit (``reaction_damage``: a dice expression or a whole
number, :data:`DamageRule`). :func:`ruled_damage` is then the ``damage`` command the GM
would give, its dice rolled with the run's roller; the command goes the normal way (the
session checks, plays and logs it), so a replay of the log gives the same encounter. A
reaction the scenario states no damage for deals none: the GM's to rule; none in
unattended play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, TypeAlias

from pydantic import PlainValidator, WithJsonSchema

from tablekeeper.dice.evaluate import roll
from tablekeeper.dice.limits import DEFAULT_LIMITS
from tablekeeper.dice.parse import parse
from tablekeeper.dice.purposes import labelled
from tablekeeper.dice.render import render
from tablekeeper.dice.roller import Roller
from tablekeeper.dice.validate import validate
from tablekeeper.engine.commands import Command
from tablekeeper.errors import RulesError
from tablekeeper.rulesets.realtime.encounter.commands import damage
from tablekeeper.rulesets.realtime.encounter.state import Hit, RealtimeState


def _checked(rule: object) -> int | str:
    """A whole number of 0 or more as it is; dice notation in its canonical form
    (``ValueError``, which names the field, for anything else)."""
    if isinstance(rule, int) and not isinstance(rule, bool):
        if rule < 0:
            raise ValueError(f"a damage is 0 or more, not {rule}")
        return rule
    if not isinstance(rule, str):
        raise ValueError(
            f"a damage is a whole number (3) or a dice expression ('1d6'), not {rule!r}"
        )
    try:
        tree = parse(rule.strip())
        validate(tree, DEFAULT_LIMITS)
    except RulesError as error:
        raise ValueError(f"{rule!r} cannot be rolled: {error.message}") from None
    return render(tree)


DamageRule: TypeAlias = Annotated[
    int | str,
    PlainValidator(_checked),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0}, {"type": "string"}]}),
]
"""The damage of one hit: a whole number (``3``) or dice notation (``1d6``, ``1d4+1``)."""


def amount(rule: int | str, hit: Hit, roller: Roller) -> int:
    """The damage ``rule`` deals for ``hit``: the number, or the dice rolled with
    ``roller`` (labelled as the reaction's damage); a total below 0 deals 0."""
    if isinstance(rule, int):
        return rule
    return max(0, roll(rule, labelled(roller, f"{hit.name} damage", hit.creature)).total)


def ruled_damage(
    state: RealtimeState, rules: Mapping[str, int | str], roller: Roller
) -> Command | None:
    """The GM's ``damage`` for the first hit awaiting it (``state.awaiting_damage``)
    whose reaction ``rules`` state a damage for and whose target may take it (still in
    the encounter, not dead), from the reaction's name (which rules the hit, so it is
    dealt once); ``None`` when there is none, or while the end of a second is being
    resolved (no command but the answer is taken then)."""
    if not state.awaiting_damage or state.ending_second or state.offer is not None:
        return None
    for hit in state.awaiting_damage:
        rule = rules.get(hit.reaction)
        target = state.creatures.get(hit.target)
        if rule is None or target is None or target.dead:
            continue
        return damage(hit.target, amount(rule, hit, roller), source=hit.name)
    return None
