"""An attack: threat against yield (document 004, "Attacks", "Threat", "Yield", the tags).

The target chooses: take the threat to one of its pools (block: momentum, dodge: poise,
predict: focus; G-S-03) or yield (S-TGT-04, S-TGT-05). Unblockable, undodgeable and
unpredictable forbid one defense each, and a minion must yield to any of them (S-TAG-07
.. S-TAG-09). On a yield the attacker rolls the yield dice, adjusted by boons and banes
(G-S-04): vulnerability to each distinct tag of an action attack is a boon, resistance a
bane (S-TAG-22, S-TAG-23), and they cancel one for one (G-S-10). The damage is the sum
(+ brawn for melee and thrown, S-TGT-06, S-TGT-09, S-TAG-06) less armor, floor 0; each
die at or below the cunning earns a cunning effect (S-TGT-07), the third on critical
(S-CUN-03). The options for those effects come from the tags' data (S-CUN-02).
"""

from __future__ import annotations

from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built
from tablekeeper.engine.readings import Number, Reading
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.tactical.catalogue import (
    DEFENSE_TRACK,
    Catalogue,
    Defense,
    Delivery,
    Track,
    load_catalogue,
)
from tablekeeper.rulesets.tactical.dice import adjusted_dice, dice_breakdown, parse_dice
from tablekeeper.rulesets.tactical.options import TacticalOptions
from tablekeeper.rulesets.tactical.tally import (
    Scoring,
    Tally,
    effects_breakdown,
    tally_distribution,
    tally_faces,
)
from tablekeeper.rulesets.tactical.threat import threat_of

BRAWN_DELIVERIES: tuple[Delivery, ...] = ("melee", "thrown")
"""Deliveries that add brawn to the yield's damage (S-TGT-06, S-TGT-09, S-TAG-06)."""

DEFENSES: tuple[Defense, ...] = ("yield", "block", "dodge", "predict")


class TargetTraits(Frozen):
    """What of the target changes the attack: its tags and whether it is a minion."""

    vulnerable: tuple[str, ...] = ()
    resistant: tuple[str, ...] = ()
    immune: tuple[str, ...] = ()
    minion: bool = False


class Option(Frozen):
    """A cunning-effect option, by id and in words."""

    id: str
    label: str


class AttackInput(Frozen):
    """One attack against one target (the fields as issue 15 names them)."""

    yield_dice: str = Field(description="The yield's damage dice, such as '2d6'.")
    delivery: Delivery
    yield_track: Track
    brawn: int = Field(default=0, ge=0, le=100)
    cunning: int = Field(default=0, ge=0, le=100)
    agility: int = Field(default=0, ge=0, le=100)
    base_threat: int = Field(default=0, ge=0, le=100)
    armor: int = Field(default=0, ge=0, le=100)
    boons: int = Field(default=0, ge=0, le=20)
    banes: int = Field(default=0, ge=0, le=20)
    tags: tuple[str, ...] = ()
    is_action: bool = True
    target: TargetTraits = Field(default_factory=TargetTraits)
    defense: Defense = "yield"
    ignore_armor: bool = Field(default=False, description="A piercing cunning effect's.")
    options: TacticalOptions = Field(default_factory=TacticalOptions)


class AttackOutcome(Frozen):
    """What the attack did to the target, every die and number explained."""

    threat: int
    immune: bool
    doom: int
    allowed_defenses: tuple[Defense, ...]
    defense: Defense
    defense_track: Track | None = Field(description="The pool that pays the threat, if any.")
    boons: int
    banes: int
    dice: tuple[int, ...]
    damage_before_armor: int
    damage: int
    cunning_effects: int
    critical_effects: int
    cunning_options: tuple[Option, ...]
    breakdown: dict[str, Breakdown]


def allowed_defenses(
    tags: tuple[str, ...], minion: bool, catalogue: Catalogue
) -> tuple[Defense, ...]:
    """The defenses a target may choose (S-TAG-07 .. S-TAG-09): yield always; a minion
    nothing else once any tag forbids one defense."""
    forbidden = {catalogue.tags[tag].forbids for tag in tags if tag in catalogue.tags}
    forbidden.discard(None)
    if minion and forbidden:
        return ("yield",)
    return tuple(defense for defense in DEFENSES if defense not in forbidden)


def boons_and_banes(check: AttackInput) -> tuple[int, int, Breakdown, Breakdown]:
    """Boons and banes with their sources: the given ones, then one per distinct tag the
    target is vulnerable (a boon) or resistant (a bane) to, for action attacks only
    (S-TAG-22, S-TAG-23)."""
    tags = tuple(dict.fromkeys(check.tags))
    boon_terms = [Contribution(amount=check.boons, label="boons", source="G-S-04")]
    bane_terms = [Contribution(amount=check.banes, label="banes", source="G-S-04")]
    if check.is_action:
        for tag in tags:
            if tag in check.target.vulnerable:
                boon_terms.append(
                    Contribution(amount=1, label=f"vulnerable to {tag}", source="S-TAG-22")
                )
            if tag in check.target.resistant:
                bane_terms.append(
                    Contribution(amount=1, label=f"resistant to {tag}", source="S-TAG-23")
                )
    boons, banes = Breakdown.of(*boon_terms), Breakdown.of(*bane_terms)
    return boons.total, banes.total, boons, banes


def yield_dice(check: AttackInput) -> tuple[Die, ...]:
    """The dice a yield rolls once boons and banes are counted (G-S-04)."""
    boons, banes, _, _ = boons_and_banes(check)
    return adjusted_dice(parse_dice(check.yield_dice), boons, banes)


def scoring(check: AttackInput) -> Scoring:
    """What the yield's dice are scored against (brawn for melee and thrown, armor)."""
    return Scoring(
        cunning=check.cunning,
        threshold=check.options.cunning_threshold,
        counting=check.options.critical_counting,
        bonus=check.brawn if check.delivery in BRAWN_DELIVERIES else 0,
        armor=0 if check.ignore_armor else check.armor,
    )


def _refuse(check: AttackInput, allowed: tuple[Defense, ...]) -> None:
    if check.defense not in allowed:
        why = "a minion must yield to it" if check.target.minion else "its tags forbid it"
        raise InvalidInputError(
            f"defense: {check.defense!r} is not allowed against this attack ({why}); "
            f"choose {' or '.join(allowed)}",
            field="defense",
        )


def settle(check: AttackInput, faces: tuple[int, ...]) -> AttackOutcome:
    """The attack's outcome for the yield's ``faces`` (none unless the target yields)."""
    catalogue = load_catalogue()
    threat = threat_of(check.base_threat, check.agility, check.tags, check.target.immune)
    allowed = allowed_defenses(check.tags, check.target.minion, catalogue)
    _refuse(check, allowed)
    boons, banes, boon_breakdown, bane_breakdown = boons_and_banes(check)
    base_dice = parse_dice(check.yield_dice)
    rolled = yield_dice(check) if check.defense == "yield" else ()
    score = scoring(check)
    result = tally_faces(faces, score) if check.defense == "yield" else _nothing(score)
    breakdown = {
        "threat": threat.breakdown,
        "boons": boon_breakdown,
        "banes": bane_breakdown,
    }
    if check.defense == "yield":
        breakdown["dice"] = dice_breakdown(len(base_dice), boons, banes, len(rolled), "S-TGT-06")
        breakdown["damage"] = _damage_breakdown(check, result, score)
        breakdown |= effects_breakdown(faces, score)
    options = offered_cunning(check.tags)
    return AttackOutcome(
        threat=threat.threat,
        immune=threat.immune,
        doom=threat.doom,
        allowed_defenses=allowed,
        defense=check.defense,
        defense_track=DEFENSE_TRACK.get(check.defense),
        boons=boons,
        banes=banes,
        dice=tuple(faces),
        damage_before_armor=result.damage_before_armor,
        damage=result.damage,
        cunning_effects=result.cunning_effects,
        critical_effects=result.critical_effects,
        cunning_options=options,
        breakdown=breakdown,
    )


def offered_cunning(tags: tuple[str, ...]) -> tuple[Option, ...]:
    """The cunning options an attack with ``tags`` offers, as its outcome lists them
    (S-CUN-02): a pure function of the tags and the packaged catalogue, built once for
    the tags on the engine's fast paths (``engine/memo.built``)."""
    return built(
        ("tactical.attack cunning options", tags),
        lambda: tuple(
            Option(id=option.id, label=option.label)
            for option in load_catalogue().cunning_options(tags)
        ),
    )


def _nothing(score: Scoring) -> Tally:
    return Tally(
        total=0, successes=0, damage_before_armor=0, damage=0, cunning_effects=0, critical_effects=0
    )


def _damage_breakdown(check: AttackInput, result: Tally, score: Scoring) -> Breakdown:
    terms = [Contribution(amount=result.total, label="yield dice", source="S-TGT-06")]
    if score.bonus:
        terms.append(Contribution(amount=score.bonus, label="brawn", source="S-TGT-09"))
    absorbed = result.damage - result.damage_before_armor
    if absorbed:
        terms.append(Contribution(amount=absorbed, label="armor", source="G-S-07"))
    return Breakdown.of(*terms)


def attack_odds(check: AttackInput) -> OutcomeOdds:
    """The exact joint chance of (damage after armor, cunning effects, critical effects)."""
    _refuse(check, allowed_defenses(check.tags, check.target.minion, load_catalogue()))
    if check.defense != "yield":
        return OutcomeOdds.of({label(_nothing(scoring(check))): 1})
    chances: dict[str, Fraction] = {}
    for result, chance in tally_distribution(yield_dice(check), scoring(check)):
        chances[label(result)] = chances.get(label(result), Fraction(0)) + chance
    return OutcomeOdds.of(chances)


def label(result: Tally) -> str:
    """``damage 4, cunning 1, critical 0``: one outcome of the exact odds."""
    return (
        f"damage {result.damage}, cunning {result.cunning_effects}, "
        f"critical {result.critical_effects}"
    )


@resolver(
    "tactical.attack",
    summary="An attack's threat, allowed defenses and, on a yield, its damage and effects.",
    odds=attack_odds,
    example={
        "yield_dice": "2d6",
        "delivery": "melee",
        "yield_track": "poise",
        "brawn": 2,
        "cunning": 3,
        "agility": 2,
        "base_threat": 1,
        "armor": 1,
    },
    reading=Reading(
        (
            Number("damage", r"damage (\d+)", field="damage"),
            Number("cunning", r"cunning (\d+)", field="cunning_effects"),
            Number("critical", r"critical (\d+)", field="critical_effects"),
        ),
        headline="mean damage",
    ),
)
def attack(check: AttackInput, roller: Roller) -> AttackOutcome:
    """Roll the yield's dice when the target yields; nothing otherwise."""
    faces = tuple(roller.roll(die) for die in dice_to_roll(check))
    return settle(check, faces)


def dice_to_roll(check: AttackInput) -> tuple[Die, ...]:
    """What :func:`attack` rolls, in order: the yield's dice when the target yields, none
    when it defends; a defense the tags or minion status forbid is refused first."""
    _refuse(check, allowed_defenses(check.tags, check.target.minion, load_catalogue()))
    if check.defense == "yield":
        return yield_dice(check)
    return ()
