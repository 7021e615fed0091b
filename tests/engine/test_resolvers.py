"""The resolver registry: names, validated input, recorded dice, exact odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tablekeeper_duel.rules import AttackCheck, AttackOutcome, attack_check, attack_odds

from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller, Roller
from tablekeeper.engine import Frozen, OutcomeOdds, Resolver, ResolverRegistry, resolver
from tablekeeper.errors import (
    DiceSupplyError,
    InvalidInputError,
    OddsUnavailableError,
    RulesError,
    UnknownNameError,
)


class Empty(Frozen):
    pass


@resolver("duel.coin", summary="Flip a coin (a d2).")
def coin(_: Empty, roller: Roller) -> AttackOutcome:
    face = roller.roll(Die(2))
    return AttackOutcome(roll=face, hit=face == 2)


@pytest.fixture
def registry() -> ResolverRegistry:
    return ResolverRegistry([attack_check, coin])


def test_the_decorator_reads_the_models_from_the_hints() -> None:
    assert isinstance(attack_check, Resolver)
    assert (attack_check.input_model, attack_check.outcome_model) == (AttackCheck, AttackOutcome)
    assert attack_check.summary == "Roll 1d20 against a defense."
    assert attack_check(AttackCheck(defense=10), FixedRoller([12])) == AttackOutcome(
        roll=12, hit=True
    )


def test_a_resolver_name_is_ruleset_dot_name() -> None:
    for bad in ("attack", "Duel.attack", "duel.attack.extra", "duel-x.attack", "duel."):
        with pytest.raises(ValueError, match=r"is not 'ruleset\.name'"):
            resolver(bad, summary="s")(attack_check.function)


def test_a_resolver_needs_a_one_line_summary() -> None:
    with pytest.raises(ValueError, match="one-line summary"):
        resolver("duel.x", summary="two\nlines")(attack_check.function)


def test_the_models_must_be_pydantic() -> None:
    def untyped(check: int, roller: Roller) -> AttackOutcome:
        raise AssertionError

    with pytest.raises(TypeError, match="the input must be a Pydantic model"):
        resolver("duel.untyped", summary="s")(untyped)


def test_registering_a_name_twice_is_an_error(registry: ResolverRegistry) -> None:
    with pytest.raises(RulesError, match=r"duel\.attack is already registered"):
        registry.register(attack_check)
    assert registry.names() == ("duel.attack", "duel.coin")
    assert "duel.coin" in registry
    assert [r.name for r in registry] == ["duel.attack", "duel.coin"]
    assert len(registry) == 2


def test_an_unknown_name_suggests_close_matches(registry: ResolverRegistry) -> None:
    with pytest.raises(
        UnknownNameError, match=r"no resolver named 'duel.atack'; did you mean duel.attack\?"
    ):
        registry.get("duel.atack")
    with pytest.raises(UnknownNameError, match=r"known: duel\.attack, duel\.coin"):
        registry.resolve("realtime.check", {}, FixedRoller([]))
    with pytest.raises(UnknownNameError, match="no resolver is registered"):
        ResolverRegistry().get("duel.attack")


def test_resolve_records_the_dice(registry: ResolverRegistry) -> None:
    resolution = registry.resolve("duel.attack", {"defense": 12}, FixedRoller([15]))
    assert resolution.outcome == AttackOutcome(roll=15, hit=True)
    assert resolution.input == AttackCheck(defense=12)
    assert [(str(r.die), r.face) for r in resolution.dice] == [("d20", 15)]
    assert resolution.to_dict() == {"roll": 15, "hit": True, "dice": [15]}


def test_only_this_calls_dice_are_recorded(registry: ResolverRegistry) -> None:
    roller = RandomRoller(seed=5)
    roller.roll_many(Die(6), 3)
    resolution = registry.resolve("duel.coin", {}, roller)
    assert resolution.dice == tuple(roller.history[3:])
    assert len(resolution.faces) == 1


def test_leftover_table_dice_are_refused(registry: ResolverRegistry) -> None:
    with pytest.raises(DiceSupplyError, match="1 face was left over: 3"):
        registry.resolve("duel.attack", {"defense": 12}, FixedRoller([15, 3], strict=True))
    with pytest.raises(DiceSupplyError, match="ran out of dice"):
        registry.resolve("duel.attack", {"defense": 12}, FixedRoller([]))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"defense": [1]}, "input.defense: Input should be a valid integer"),
        ({}, "input.defense: Field required"),
        (
            {"defense": 3, "bonus": 1},
            "input.bonus: no such field; the fields here: defense",
        ),
    ],
)
def test_bad_input_names_the_field(
    registry: ResolverRegistry, raw: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInputError) as caught:
        registry.resolve("duel.attack", raw, FixedRoller([15]))
    assert str(caught.value) == message
    assert caught.value.field == message.partition(":")[0]


def test_the_input_schema_is_json_schema(registry: ResolverRegistry) -> None:
    schema = registry.input_schema("duel.attack")
    assert schema["properties"]["defense"]["type"] == "integer"
    assert schema["required"] == ["defense"]
    assert "hit" in registry.outcome_schema("duel.attack")["properties"]


def test_exact_odds_match_every_face(registry: ResolverRegistry) -> None:
    for defense in (1, 10, 11, 20, 21):
        odds = registry.odds("duel.attack", {"defense": defense})
        hits = sum(
            registry.resolve("duel.attack", {"defense": defense}, FixedRoller([face])).outcome.hit
            for face in Die(20).faces
        )
        assert odds["hit"] == Fraction(hits, 20)
        assert sum(odds.as_dict().values()) == 1
    assert registry.odds("duel.attack", {"defense": 11}).to_dict() == {"hit": "1/2", "miss": "1/2"}


def test_a_resolver_without_odds(registry: ResolverRegistry) -> None:
    with pytest.raises(OddsUnavailableError, match=r"duel\.coin has no exact odds"):
        registry.odds("duel.coin", {})


def test_odds_must_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 9/10, not 1"):
        OutcomeOdds.of({"hit": Fraction(1, 2), "miss": Fraction(2, 5)})
    with pytest.raises(ValueError, match="labels repeat"):
        OutcomeOdds((("hit", Fraction(1, 2)), ("hit", Fraction(1, 2))))
    with pytest.raises(ValueError, match="must be a Fraction in"):
        OutcomeOdds((("hit", 0.5), ("miss", Fraction(1, 2))))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="must be a Fraction in"):
        OutcomeOdds.of({"hit": Fraction(3, 2), "miss": Fraction(-1, 2)})
    with pytest.raises(ValueError, match="at least one outcome"):
        OutcomeOdds(())
    assert OutcomeOdds.of({"always": 1, "never": 0}).labels == ("always", "never")


def test_odds_name_their_outcomes() -> None:
    odds = attack_odds(AttackCheck(defense=16))
    assert odds["hit"] == Fraction(1, 4)
    with pytest.raises(KeyError, match="the outcomes are hit, miss"):
        odds["crit"]
