"""Price negotiation (document 003, Price Negotiation): R-NEGO-01 .. R-NEGO-08, G-R-12."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.realtime import (
    NegotiationInput,
    NegotiationLedger,
    RealtimeOptions,
    negotiate,
    negotiation_odds,
    negotiation_result,
    register_resolvers,
)

percents = st.decimals(
    min_value=Decimal("0.000001"), max_value=100, places=6, allow_nan=False, allow_infinity=False
)


@given(st.one_of(st.none(), st.integers(0, 60)), percents)
def test_never_more_than_x_and_thresholds_compared_exactly_r_nego_02_03_04(
    success_points: int | None, x: Decimal
) -> None:
    """ "A negotiation never exceeds the initial requested percentage X%" (R-NEGO-04); the
    result follows S.P. against X/4 and X/2 exactly, fractions and all (R-NEGO-01 .. 04)."""
    result, applied = negotiation_result(success_points, x)
    assert 0 <= applied <= x
    sp = Fraction(-1) if success_points is None else Fraction(success_points)
    exact_x = Fraction(x)
    if sp < exact_x / 4:
        assert (result, applied) == ("unchanged", 0)
    elif sp < exact_x / 2:
        assert (result, applied) == ("partial", success_points)
    else:
        assert (result, applied) == ("full", x)


def test_a_failed_check_leaves_the_price_unchanged_even_for_a_tiny_x_r_nego_02_08() -> None:
    """ "Test failed OR S.P. < X/4 → Price remains unchanged [...] the price does not
    increase." (R-NEGO-02, R-NEGO-08: the merchant's narrative reaction is the GM's; the
    price never moves against the character)."""
    request = NegotiationInput(
        direction="buy", requested_percent="0.5", characteristic=8, base_price=10
    )
    outcome = negotiate(request, FixedRoller([12]))
    assert outcome.check is not None
    assert not outcome.check.success
    assert (outcome.result, outcome.price_change, outcome.final_price) == ("unchanged", "none", 10)


@pytest.mark.parametrize("x", ["12.5", 12.5, "7.25"])
def test_x_may_be_any_positive_decimal_compared_without_float_rounding_g_r_12(
    x: str | float,
) -> None:
    request = NegotiationInput(direction="buy", requested_percent=x, characteristic=10)
    quarter = Decimal(str(x)) / 4
    assert negotiate(request, FixedRoller([10 - int(quarter)])).result == "unchanged"
    assert negotiate(request, FixedRoller([10 - int(quarter) - 1])).result == "partial"


@pytest.mark.parametrize(
    ("direction", "disadvantageous", "change", "price"),
    [
        ("buy", False, "decrease", "88"),
        ("sell", False, "increase", "112"),
        ("buy", True, "increase", "112"),
        ("sell", True, "decrease", "88"),
    ],
)
def test_both_directions_and_disadvantageous_proposals_r_nego_05_06(
    direction: str, disadvantageous: bool, change: str, price: str
) -> None:
    """ "Negotiation applies to both directions: Reducing a purchase price, Increasing a
    selling price." (R-NEGO-05); "No Test is needed when a PC suggests a disadvantageous
    negotiation (e.g., selling for less, buying for more)." (R-NEGO-06): no die is rolled."""
    raw = {
        "direction": direction,
        "disadvantageous": disadvantageous,
        "requested_percent": 12,
        "base_price": "100",
    }
    roller = FixedRoller([] if disadvantageous else [1], strict=True)
    if not disadvantageous:
        raw["characteristic"] = 20
    outcome = negotiate(NegotiationInput.model_validate(raw), roller)
    roller.finish()
    assert (outcome.result, outcome.applied_percent, outcome.price_change) == ("full", 12, change)
    assert outcome.final_price == Decimal(price)
    assert (outcome.check is None) is disadvantageous
    if disadvantageous:
        assert negotiation_odds(NegotiationInput.model_validate(raw))["full"] == 1


@given(st.integers(-5, 40), percents, st.integers(-3, 3))
def test_the_odds_equal_brute_force_and_sum_to_1(
    characteristic: int, x: Decimal, hidden: int
) -> None:
    request = NegotiationInput(
        direction="sell", requested_percent=x, characteristic=characteristic, hidden_modifier=hidden
    )
    odds = negotiation_odds(request)
    assert odds.labels == ("unchanged", "partial", "full")
    assert sum(odds.as_dict().values()) == 1
    counts: Counter[str] = Counter(dict.fromkeys(("unchanged", "partial", "full"), 0))
    for die in range(1, 21):
        sp = characteristic + hidden - die
        if sp < 0 or 4 * sp < Fraction(x):
            counts["unchanged"] += 1
        elif 2 * sp < Fraction(x):
            counts["partial"] += 1
        else:
            counts["full"] += 1
    assert odds.as_dict() == {label: Fraction(n, 20) for label, n in counts.items()}


def test_the_final_price_is_exact_unless_the_options_round_it_g_r_12() -> None:
    base = {"direction": "buy", "requested_percent": 6, "characteristic": 20, "base_price": "19.99"}
    exact = negotiate(NegotiationInput.model_validate(base), FixedRoller([1]))
    assert exact.exact_price == exact.final_price == Decimal("18.7906")
    for rounding, quantum, direction, expected in [
        ("nearest", "0.01", "buy", "18.79"),
        ("merchant", "0.01", "buy", "18.80"),
        ("character", "0.01", "buy", "18.79"),
        ("merchant", "0.01", "sell", "21.18"),  # 19.99 × 1.06 = 21.1894
        ("character", "0.01", "sell", "21.19"),
        ("nearest", "0.05", "buy", "18.80"),
        ("nearest", "1", "sell", "21"),
    ]:
        options = RealtimeOptions.model_validate(
            {"price_quantum": quantum, "price_rounding": rounding}
        )
        request = NegotiationInput.model_validate(
            base | {"direction": direction, "options": options.model_dump()}
        )
        outcome = negotiate(request, FixedRoller([1]))
        assert outcome.final_price == Decimal(expected), (rounding, quantum, direction)
        assert outcome.exact_price is not None
        assert outcome.exact_price != outcome.final_price


def test_money_reads_as_exact_strings_in_json() -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    raw = {"direction": "buy", "requested_percent": "15", "characteristic": 14, "base_price": 40}
    data = registry.resolve("realtime.negotiate", raw, FixedRoller([10])).to_dict()
    assert (data["success_points"], data["result"], data["applied_percent"]) == (4, "partial", "4")
    assert (data["half_threshold"], data["final_price"]) == ("7.5", "38.4")


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"direction": "buy", "requested_percent": 10}, "input.characteristic"),
        (
            {"direction": "buy", "requested_percent": 0, "characteristic": 9},
            "input.requested_percent",
        ),
        (
            {"direction": "buy", "requested_percent": "abc", "characteristic": 9},
            "input.requested_percent",
        ),
        (
            {"direction": "buy", "requested_percent": 101, "characteristic": 9},
            "input.requested_percent",
        ),
        (
            {"direction": "sell", "requested_percent": 150, "disadvantageous": True},
            "input.requested_percent",
        ),
        ({"direction": "swap", "requested_percent": 5, "characteristic": 9}, "input.direction"),
        (
            {"direction": "buy", "requested_percent": 5, "characteristic": 9, "base_price": -1},
            "input.base_price",
        ),
    ],
)
def test_input_errors_name_the_field(raw: dict[str, object], field: str) -> None:
    registry = ResolverRegistry()
    register_resolvers(registry)
    with pytest.raises(InvalidInputError) as error:
        registry.resolve("realtime.negotiate", raw, FixedRoller([1]))
    assert error.value.field == field
    assert str(error.value).startswith(field)


def test_a_selling_markup_above_100_percent_is_allowed() -> None:
    request = NegotiationInput(
        direction="sell", requested_percent=150, characteristic=100, base_price=10
    )
    assert negotiate(request, FixedRoller([1])).final_price == 25
    buy_for_more = NegotiationInput(
        direction="buy", requested_percent=150, disadvantageous=True, base_price=10
    )
    assert negotiate(buy_for_more, FixedRoller([])).final_price == 25


def test_an_item_or_batch_is_negotiated_only_once_r_nego_07() -> None:
    """ "An item or group of items may only be negotiated once." (R-NEGO-07)."""
    ledger = NegotiationLedger().record("magic dagger").record("potions (batch of 5)")
    assert ledger.was_negotiated("magic dagger")
    assert not ledger.was_negotiated("rope")
    assert ledger.items == ("magic dagger", "potions (batch of 5)")
    with pytest.raises(IllegalCommandError, match="'magic dagger' was already negotiated") as error:
        ledger.record("magic dagger")
    assert error.value.field == "item"
    assert NegotiationLedger.model_validate(ledger.model_dump(mode="json")) == ledger
