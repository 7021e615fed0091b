"""Price negotiation: rule document 003, "Price Negotiation".

A character asks to move a price by X% (R-NEGO-01) and makes a Psychology check. With S.P.
the check's Success Points: a failed check or S.P. < X/4 leaves the price unchanged
(R-NEGO-02); X/4 <= S.P. < X/2 moves it by S.P.% (R-NEGO-03); S.P. >= X/2 by X%, never more
(R-NEGO-04). A purchase price goes down, a selling price up (R-NEGO-05). Proposing a
disadvantageous deal (buying for more, selling for less) needs no check: the price moves
by X% against the character (R-NEGO-06). An item or batch is negotiated once (R-NEGO-07):
:class:`NegotiationLedger` holds the items already negotiated.

X may be any positive decimal (ruling G-R-12). It is compared exactly: S.P. >= X/4 is
decided as ``4 * S.P. >= X`` on rationals, so with X = 15, 3 S.P. is under 3.75 and 4 is
not. Money is :class:`~decimal.Decimal` (written as a string in JSON): prices are written
in decimal currency, and a percentage of a decimal price is again a finite decimal, so
the final price is exact; ``RealtimeOptions.price_quantum`` rounds it to a currency unit.
"""

from __future__ import annotations

import math
from decimal import Decimal, Inexact, localcontext
from fractions import Fraction
from typing import Literal, TypeAlias

from pydantic import Field, ValidationInfo, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.checks import CheckInput, CheckOutcome, results, roll_check
from tablekeeper.rulesets.realtime.options import RealtimeOptions

Direction: TypeAlias = Literal["buy", "sell"]
NegotiationResult: TypeAlias = Literal["unchanged", "partial", "full"]
PriceChange: TypeAlias = Literal["decrease", "increase", "none"]

RESULTS: tuple[NegotiationResult, ...] = ("unchanged", "partial", "full")
HUNDRED = Decimal(100)


def negotiation_result(
    success_points: int | None, requested_percent: Decimal
) -> tuple[NegotiationResult, Decimal]:
    """The rule itself (R-NEGO-02 .. R-NEGO-04): the result and the percentage applied,
    given the check's S.P. (``None`` for a failed check) and X.

    >>> negotiation_result(6, Decimal(20)), negotiation_result(3, Decimal(15))
    (('partial', Decimal('6')), ('unchanged', Decimal('0')))
    """
    x = Fraction(requested_percent)
    if success_points is None or 4 * success_points < x:
        return "unchanged", Decimal(0)
    if 2 * success_points < x:
        return "partial", Decimal(success_points)
    return "full", requested_percent


def price_change(direction: Direction, disadvantageous: bool, applied: Decimal) -> PriceChange:
    """Which way the price moves: in the character's favour (R-NEGO-05), or against it for
    a disadvantageous proposal (R-NEGO-06)."""
    if not applied:
        return "none"
    lower = (direction == "buy") != disadvantageous
    return "decrease" if lower else "increase"


def exact_price(base_price: Decimal, percent: Decimal, change: PriceChange) -> Decimal:
    """``base × (1 - p/100)`` or ``base × (1 + p/100)``, exactly (G-R-12)."""
    factor = {"decrease": HUNDRED - percent, "increase": HUNDRED + percent, "none": HUNDRED}
    with localcontext() as context:
        context.prec = 80
        context.traps[Inexact] = True  # a decimal times a decimal over 100 is exact
        return base_price * factor[change] / HUNDRED


def rounded_price(price: Decimal, direction: Direction, options: RealtimeOptions) -> Decimal:
    """The price rounded to ``options.price_quantum`` as ``options.price_rounding`` says;
    the exact price when there is no quantum (G-R-12)."""
    quantum = options.price_quantum
    if quantum is None:
        return price
    units = Fraction(price) / Fraction(quantum)
    up = {"buy": True, "sell": False}[direction]
    if options.price_rounding == "nearest":
        whole = math.floor(units + Fraction(1, 2))
    elif (options.price_rounding == "merchant") == up:
        whole = math.ceil(units)
    else:
        whole = math.floor(units)
    return Decimal(whole) * quantum


class NegotiationInput(Frozen):
    """A request to move a price by X% (R-NEGO-01)."""

    direction: Direction = Field(description="'buy' or 'sell' (R-NEGO-05).")
    disadvantageous: bool = Field(
        default=False,
        description="Buying for more or selling for less: no check needed (R-NEGO-06).",
    )
    requested_percent: Decimal = Field(
        gt=0, max_digits=12, decimal_places=6, description="X, any positive number (G-R-12)."
    )
    characteristic: int | None = Field(
        default=None,
        validate_default=True,
        description="Psychology; needed unless the proposal is disadvantageous.",
    )
    modifier: int = 0
    hidden_modifier: int = Field(default=0, description="Known to the GM only (R-TEST-04).")
    base_price: Decimal | None = Field(
        default=None, ge=0, max_digits=30, decimal_places=10, description="The price asked."
    )
    item: str | None = Field(
        default=None, min_length=1, max_length=200, description="The item or batch (R-NEGO-07)."
    )
    options: RealtimeOptions = Field(default_factory=RealtimeOptions)

    @field_validator("requested_percent")
    @classmethod
    def _no_reduction_past_the_whole_price(cls, percent: Decimal, info: ValidationInfo) -> Decimal:
        direction, disadvantageous = info.data.get("direction"), info.data.get("disadvantageous")
        if direction is None or disadvantageous is None:
            return percent  # already refused
        if percent > HUNDRED and price_change(direction, disadvantageous, percent) == "decrease":
            raise ValueError(f"a price cannot be lowered by more than 100%, not by {percent}%")
        return percent

    @field_validator("characteristic")
    @classmethod
    def _a_check_needs_psychology(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is None and info.data.get("disadvantageous") is False:
            raise ValueError("the negotiation check needs the Psychology characteristic")
        return value

    def check_input(self) -> CheckInput:
        """The Psychology check (R-NEGO-01); only for an advantageous proposal."""
        if self.characteristic is None:
            raise ValueError("a disadvantageous proposal makes no check")
        return CheckInput(
            characteristic=self.characteristic,
            modifier=self.modifier,
            hidden_modifier=self.hidden_modifier,
            characteristic_name="Psychology",
        )


class NegotiationOutcome(Frozen):
    """The check, the result, the percentage applied and the price."""

    item: str | None
    direction: Direction
    disadvantageous: bool
    requested_percent: Decimal
    quarter_threshold: Decimal = Field(description="X/4: the least S.P. for a partial result.")
    half_threshold: Decimal = Field(description="X/2: the least S.P. for a full result.")
    check: CheckOutcome | None = Field(description="The Psychology check; null when none.")
    success_points: int | None
    result: NegotiationResult
    applied_percent: Decimal = Field(description="0, S.P. or X: never more than X.")
    price_change: PriceChange
    base_price: Decimal | None
    exact_price: Decimal | None = Field(description="The new price, unrounded.")
    final_price: Decimal | None = Field(description="The new price, rounded per the options.")


def negotiation_outcome(
    request: NegotiationInput, check: CheckOutcome | None
) -> NegotiationOutcome:
    """The outcome once the check (if any) is rolled."""
    x = request.requested_percent
    if request.disadvantageous:
        success_points = None
        result: NegotiationResult = "full"
        applied = x
    else:
        if check is None:
            raise ValueError("an advantageous proposal needs its check")
        success_points = check.success_points
        result, applied = negotiation_result(success_points, x)
    change = price_change(request.direction, request.disadvantageous, applied)
    exact = final = None
    if request.base_price is not None:
        exact = exact_price(request.base_price, applied, change)
        final = rounded_price(exact, request.direction, request.options)
    return NegotiationOutcome(
        item=request.item,
        direction=request.direction,
        disadvantageous=request.disadvantageous,
        requested_percent=x,
        quarter_threshold=x / 4,
        half_threshold=x / 2,
        check=check,
        success_points=success_points,
        result=result,
        applied_percent=applied,
        price_change=change,
        base_price=request.base_price,
        exact_price=exact,
        final_price=final,
    )


def negotiation_odds(request: NegotiationInput) -> OutcomeOdds:
    """The exact chance of each result: unchanged, partial, full (all three listed)."""
    counts = dict.fromkeys(RESULTS, 0)
    if request.disadvantageous:
        return OutcomeOdds.of({"unchanged": 0, "partial": 0, "full": 1})
    check = request.check_input()
    faces = results(check.threshold)
    for result in faces:
        counts[negotiation_result(result.success_points, request.requested_percent)[0]] += 1
    return OutcomeOdds.of({label: Fraction(count, len(faces)) for label, count in counts.items()})


@resolver(
    "realtime.negotiate",
    summary="Price negotiation: a Psychology check for X%; S.P. against X/4 and X/2.",
    odds=negotiation_odds,
    example={"direction": "buy", "requested_percent": "15", "characteristic": 12},
)
def negotiate(request: NegotiationInput, roller: Roller) -> NegotiationOutcome:
    """Negotiate the price (document 003, Price Negotiation); no die when disadvantageous."""
    if request.disadvantageous:
        return negotiation_outcome(request, None)
    return negotiation_outcome(
        request, roll_check(request.check_input().threshold_breakdown(), roller)
    )


class NegotiationLedger(Frozen):
    """The items and batches already negotiated (R-NEGO-07), in the order they were."""

    items: tuple[str, ...] = ()

    def was_negotiated(self, item: str) -> bool:
        """Whether ``item`` has been negotiated."""
        return item in self.items

    def ensure_negotiable(self, item: str) -> None:
        """Refuse a second negotiation of ``item`` (call it before rolling)."""
        if self.was_negotiated(item):
            raise IllegalCommandError(
                f"{item!r} was already negotiated; an item or batch is negotiated only once",
                field="item",
            )

    def record(self, item: str) -> NegotiationLedger:
        """The ledger with ``item`` negotiated; a second negotiation is refused."""
        self.ensure_negotiable(item)
        return NegotiationLedger(items=(*self.items, item))
