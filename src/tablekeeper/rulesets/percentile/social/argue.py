"""``percentile.argue``: one argument of a social encounter, rolled and settled (document
001, "Arguing", P-ARG-01 .. P-ARG-08), with its exact odds (``argue_odds.py``).

The rolls and the rule of Step 3 are :mod:`.exchange`'s, the input :mod:`.argue_input`'s;
the engine rolls an argument at the end of a round with the same functions, asking the
winner's deal-or-block choice between the dice and the settling.
"""

from __future__ import annotations

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import resolver
from tablekeeper.rulesets.percentile.social.argue_input import ArgueInput, side_breakdown
from tablekeeper.rulesets.percentile.social.argue_odds import argue_outcome_odds
from tablekeeper.rulesets.percentile.social.exchange import (
    ArgueOutcome,
    Exchange,
    roll_exchange,
    settle,
)


def exchange_of(request: ArgueInput, roller: Roller) -> Exchange:
    """The resolver's dice: an :class:`ArgueInput` rolled through :func:`roll_exchange`."""
    attacker, defender = request.attacker, request.defender
    label = request.specialization.replace("_", " ")
    return roll_exchange(
        side_breakdown(attacker, label),
        attacker.damage or request.options.social_damage,
        roller,
        request.options,
        defender=None if defender is None else side_breakdown(defender, label),
        defender_damage=None if defender is None else defender.damage,
        halved=(attacker.halved, defender.halved if defender is not None else False),
    )


@resolver(
    "percentile.argue",
    summary="An argument: both sides' rolls and social damage, and each target DP's fall.",
    odds=argue_outcome_odds,
    example={"attacker": {"skill": 60}, "defender": {"skill": 45}, "time_scale": "medium"},
    reading=Reading(
        (
            Number("attacker's DP loss", r"attacker (\d+)"),
            Number("defender's DP loss", r"defender (\d+)"),
        ),
        headline="mean defender's DP loss",
    ),
)
def argue(request: ArgueInput, roller: Roller) -> ArgueOutcome:
    """Roll the argument and settle it with the input's ``winner_choice`` (P-ARG-01)."""
    return settle(exchange_of(request, roller), request.winner_choice, request.options)
