"""Social turn order (document 001, "Turn Order" of "Social Encounters", P-SOC-11, P-SOC-12).

"The characters involved in the encounter act in a strict "turn order". This turn order
is equal to Social Initiative + 1D10. Social Initiative is the average of CHA and INT,
calculated as (CHA + INT) / 2, rounded down." Characters go in descending turn order; the
GM may add a circumstantial modifier ("a tribal king's great hall might grant that GMC
+10, while recently maligned character gets -5"). A creature lacking CHA or INT uses the
other in its place, and one lacking both rolls 1D10 alone, as combat initiative does
(P-CMB-04, ruling G-P-S1). Two actions a turn, more with High Initiatives (P-SOC-12,
P-OPT-01: the social initiative, not the turn order, above 30).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import ConfigDict, Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.percentile.stats import CHARACTERISTIC_LIMIT

D10 = Die(10)

MODIFIER_LIMIT = 1000


def social_initiative(cha: int | None, int_: int | None) -> Contribution | None:
    """(CHA + INT) / 2, rounded down; one in place of the other when it is missing; none
    without both.

    >>> social_initiative(14, 31).amount, social_initiative(9, None).amount
    (22, 9)
    >>> social_initiative(None, None) is None
    True
    """
    if cha is None and int_ is None:
        return None
    if cha is None or int_ is None:
        value = cha if cha is not None else int_
        assert value is not None
        name = "CHA" if cha is not None else "INT"
        other = "INT" if cha is not None else "CHA"
        label = f"{name} {value} (social initiative; no {other}: {name} in its place)"
        return Contribution(amount=value, label=label, source="G-P-S1")
    label = f"(CHA {cha} + INT {int_}) / 2, rounded down (social initiative)"
    return Contribution(amount=(cha + int_) // 2, label=label, source="P-SOC-11")


def turn_order_breakdown(base: Contribution | None, die: int, modifier: int = 0) -> Breakdown:
    """Social Initiative + 1D10 + the GM's modifier (P-SOC-11)."""
    terms = [] if base is None else [base]
    terms.append(Contribution(amount=die, label="1D10", source="P-SOC-11"))
    if modifier:
        terms.append(Contribution(amount=modifier, label="the GM's modifier", source="P-SOC-11"))
    return Breakdown.of(*terms)


class SocialInitiativeInput(Frozen):
    """A character's CHA and INT, and the GM's modifier for the circumstances."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    cha: int = Field(ge=0, le=CHARACTERISTIC_LIMIT, description="CHA.")
    int_: int = Field(alias="int", ge=0, le=CHARACTERISTIC_LIMIT, description="INT.")
    modifier: int = Field(
        default=0,
        ge=-MODIFIER_LIMIT,
        le=MODIFIER_LIMIT,
        description="The GM's circumstance: +10 in a king's great hall, -5 recently maligned.",
    )


class SocialInitiativeOutcome(Frozen):
    """Social initiative, the 1D10, and the turn order they make."""

    social_initiative: int
    die: int = Field(ge=1, le=10)
    modifier: int = 0
    turn_order: int
    breakdown: Breakdown


def _base(request: SocialInitiativeInput) -> Contribution:
    base = social_initiative(request.cha, request.int_)
    assert base is not None
    return base


def social_initiative_odds(request: SocialInitiativeInput) -> OutcomeOdds:
    """Each turn order, one in ten (the 1D10)."""
    start = _base(request).amount + request.modifier
    return OutcomeOdds.of({f"turn order {start + face}": Fraction(1, 10) for face in D10.faces})


@resolver(
    "percentile.social_initiative",
    summary="A social turn order: (CHA + INT) / 2, rounded down, + 1D10 + the GM's modifier.",
    odds=social_initiative_odds,
    example={"cha": 13, "int": 12},
    reading=Reading(
        (Number("turn order", r"turn order (-?\d+)", field="turn_order"),),
        headline="mean turn order",
    ),
)
def social_initiative_check(
    request: SocialInitiativeInput, roller: Roller
) -> SocialInitiativeOutcome:
    """Roll the 1D10 of a social turn order (P-SOC-11)."""
    base = _base(request)
    die = roller.roll(D10)
    breakdown = turn_order_breakdown(base, die, request.modifier)
    return SocialInitiativeOutcome(
        social_initiative=base.amount,
        die=die,
        modifier=request.modifier,
        turn_order=breakdown.total,
        breakdown=breakdown,
    )
