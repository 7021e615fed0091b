"""Situational modifiers, each with its source: pure functions the attack and the encounter
engine call. Each returns the :class:`Contribution` values to add to a check's effective
skill (none when the modifier does not apply), citing the CATALOG id, so a GM sees why a
roll was at 45%.

From document 001: the Modifiers list (P-MOD-01), Aim (P-ACT-02), defending before one's
first turn (P-ACT-07), the closest specialization (P-ATK-02), Split Action (P-OPT-07),
Find Weak Spot (P-OPT-08), Called Shot (P-OPT-09), weapon reach and melee distance
(P-OPT-10, P-OPT-11), Retreat (P-OPT-17), Dive Dodge (P-OPT-18), Melee Fatigue (P-OPT-19),
Firing into Melee (P-OPT-20), SIZ Differences (P-OPT-22), and the standing penalties of
grapples (P-ACT-14, P-ACT-16), stuck weapons (P-OPT-03 .. P-OPT-05), leaving melee with a
Move (P-ACT-20), a second Rally (P-ACT-22) and a distracted fumbler (P-ATK-13).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError, InvalidInputError
from tablekeeper.rulesets.percentile.stats import Reach
from tablekeeper.rulesets.percentile.tables import (
    HitLocationTable,
    LocationKind,
    hit_location_table,
)

Modifiers: TypeAlias = tuple[Contribution, ...]

MeleeDistance: TypeAlias = Literal["contact", "short", "medium", "long", "very_long"]
"""The distance between two combatants engaged in melee (P-OPT-11), shortest first."""

MELEE_DISTANCES: tuple[MeleeDistance, ...] = ("contact", "short", "medium", "long", "very_long")


def _one(amount: int, label: str, source: str) -> Modifiers:
    """The modifier, if it is not 0 (on the engine's fast paths one frozen value per
    amount, label and source: ``engine/fast_paths.py``)."""
    if not amount:
        return ()
    if fast_paths.enabled() and type(amount) is int:
        return _term(amount, label, source)
    return _term.__wrapped__(amount, label, source)


@lru_cache(maxsize=1024)
def _term(amount: int, label: str, source: str) -> Modifiers:
    return (Contribution(amount=amount, label=label, source=source),)


# -- actions --------------------------------------------------------------------------


def aim(times: int) -> Modifiers:
    """Aim: +20% to the next attack on the target; twice in a row +40%; never more.

    >>> [sum(term.amount for term in aim(times)) for times in range(4)]
    [0, 20, 40, 40]
    """
    if times < 0:
        raise ValueError(f"aimed {times} times")
    stacked = min(times, 2)  # "These benefits do not stack a third time."
    label = "Aim" if stacked == 1 else f"Aim × {stacked}"
    return _one(20 * stacked, label, "P-ACT-02")


def defending_before_first_turn() -> Modifiers:
    """Defend taken ahead of one's first turn: the defense roll is at -20% (P-ACT-07)."""
    return _one(-20, "Defend before the first turn", "P-ACT-07")


def closest_specialization() -> Modifiers:
    """Attacking with the closest skill specialization: -40% (P-ATK-02)."""
    return _one(-40, "closest specialization", "P-ATK-02")


def split_action(attempts: int) -> Modifiers:
    """Split Action: each attempt after the first puts -60% on every attempt (P-OPT-07).

    >>> [sum(term.amount for term in split_action(n)) for n in (1, 2, 3)]
    [0, -60, -120]
    """
    if attempts < 1:
        raise ValueError(f"a split action has at least one attempt, not {attempts}")
    return _one(-60 * (attempts - 1), f"Split Action ({attempts} attempts)", "P-OPT-07")


def find_weak_spot() -> Modifiers:
    """Find Weak Spot: the attack at -60%; its damage ignores all armor (P-OPT-08)."""
    return _one(-60, "Find Weak Spot", "P-OPT-08")


CALLED_SHOT_PENALTY: dict[LocationKind, int] = {
    "chest": -40,
    "abdomen": -40,
    "head": -60,
    "limb": -60,
}
"""Called Shot: chest or abdomen -40%, head or limbs -60% (P-OPT-09)."""


def called_shot(location: str, table: HitLocationTable | None = None) -> Modifiers:
    """A Called Shot at ``location`` (a location of the hit location table).

    >>> called_shot("abdomen")[0].amount, called_shot("head")[0].amount
    (-40, -60)
    """
    row = (table or hit_location_table()).row_named(location)
    return _one(CALLED_SHOT_PENALTY[row.kind], f"Called Shot: {location}", "P-OPT-09")


def firing_into_melee(avoid: int, people: int) -> Modifiers:
    """Firing into Melee while avoiding ``avoid`` of the ``people`` in it (target included,
    G-P-24): a third or less -20%, two thirds or less -40%, more -60% (P-OPT-20).

    >>> [firing_into_melee(1, n)[0].amount for n in (2, 3)]  # the document's two examples
    [-40, -20]
    """
    if avoid < 0 or people < 2 or avoid >= people:
        raise InvalidInputError(
            f"avoiding {avoid} of {people} people: there must be at least the target and "
            "one person to avoid, and the target is not avoided",
            field="firing_into_melee",
        )
    if avoid == 0:
        return ()
    share = Fraction(avoid, people)
    amount = -20 if share <= Fraction(1, 3) else -40 if share <= Fraction(2, 3) else -60
    return _one(amount, f"Firing into Melee (avoiding {avoid} of {people})", "P-OPT-20")


def retreat() -> Modifiers:
    """Retreat: a Step backwards gives +20% to defense rolls (P-OPT-17, G-P-14)."""
    return _one(20, "Retreat", "P-OPT-17")


def dive_dodge() -> Modifiers:
    """Dive Dodge: +40% to one Dodge roll (P-OPT-18, G-P-14)."""
    return _one(40, "Dive Dodge", "P-OPT-18")


def siz_difference(defender_siz: int, attacker_siz: int) -> Modifiers:
    """SIZ Differences: the smaller melee opponent's defense rolls take -20% per full 20
    points of SIZ difference (P-OPT-22).

    >>> siz_difference(13, 53)[0].amount, siz_difference(53, 13)
    (-40, ())
    """
    steps = max(0, attacker_siz - defender_siz) // 20
    return _one(-20 * steps, f"SIZ {defender_siz} against SIZ {attacker_siz}", "P-OPT-22")


# -- weapon reach and melee distance ----------------------------------------------------

REACH_INITIATIVE: dict[Reach, int] = {"short": -5, "medium": 0, "long": 5, "very_long": 10}
"""The initiative modifier of each reach (P-OPT-10)."""


def reach_initiative(reach: Reach) -> Modifiers:
    """The turn-order modifier of a weapon's reach, when engaging in melee (P-OPT-10)."""
    return _one(REACH_INITIATIVE[reach], f"{reach.replace('_', ' ')} reach", "P-OPT-10")


_UNUSABLE = None
MELEE_DISTANCE_TABLE: dict[MeleeDistance, dict[Reach, int | None]] = {
    "contact": {"short": 20, "medium": _UNUSABLE, "long": _UNUSABLE, "very_long": _UNUSABLE},
    "short": {"short": 0, "medium": -20, "long": _UNUSABLE, "very_long": _UNUSABLE},
    "medium": {"short": -20, "medium": 0, "long": 0, "very_long": 0},
    "long": {"short": _UNUSABLE, "medium": 0, "long": 0, "very_long": 0},
    "very_long": {"short": _UNUSABLE, "medium": -20, "long": 0, "very_long": 0},
}
"""Each melee distance's skill modifier for each reach; ``None``: the weapon cannot be
used (P-OPT-11). Combinations the document does not list have no modifier (G-P-25)."""


def usable_at(reach: Reach, distance: MeleeDistance) -> bool:
    """Whether a weapon of ``reach`` can be used at ``distance`` (P-OPT-11)."""
    return MELEE_DISTANCE_TABLE[distance][reach] is not None


def melee_distance(reach: Reach, distance: MeleeDistance) -> Modifiers:
    """The skill modifier of a weapon of ``reach`` at ``distance`` (P-OPT-11); a weapon that
    cannot be used there is an :class:`~tablekeeper.errors.IllegalCommandError`.

    >>> melee_distance("short", "contact")[0].amount, melee_distance("medium", "short")[0].amount
    (20, -20)
    """
    amount = MELEE_DISTANCE_TABLE[distance][reach]
    if amount is None:
        raise IllegalCommandError(
            f"a {reach.replace('_', ' ')} reach weapon cannot be used at "
            f"{distance.replace('_', ' ')} melee distance (P-OPT-11)",
            field="melee_distance",
        )
    label = f"{reach.replace('_', ' ')} reach at {distance.replace('_', ' ')} distance"
    return _one(amount, label, "P-OPT-11")


# -- standing penalties -------------------------------------------------------------------


def melee_fatigue(round_number: int, engaged: bool) -> Modifiers:
    """Melee Fatigue: from the fourth round, 1 point of damage (a new "fatigue" injury)
    each round to a character engaged in melee (P-OPT-19). The amount is damage, not %.

    >>> melee_fatigue(3, True), melee_fatigue(4, True)[0].amount
    ((), 1)
    """
    return _one(1 if engaged and round_number >= 4 else 0, "melee fatigue", "P-OPT-19")


def grappled(tightened: int = 0, *, escaping: bool = False) -> Modifiers:
    """A grappled character's physical actions: -40% (not on Escape from Grapple,
    P-ACT-14), and -20% per Tighten Grapple, Escape included (P-ACT-16, G-P-15)."""
    terms = () if escaping else _one(-40, "grappled", "P-ACT-14")
    return terms + _one(-20 * tightened, f"grapple tightened × {tightened}", "P-ACT-16")


def impaled(stuck: int) -> Modifiers:
    """-20% to every physical action per weapon stuck in the character (P-OPT-04)."""
    return _one(-20 * stuck, f"{stuck} weapon(s) stuck in the body", "P-OPT-04")


def holding_stuck_weapon() -> Modifiers:
    """-40% to every physical action, defense included, while holding on to a weapon stuck
    in an enemy (P-OPT-05)."""
    return _one(-40, "holding a stuck weapon", "P-OPT-05")


def pulling_out() -> Modifiers:
    """Rolling the attack skill again to pull an impaling weapon out: -40% (P-OPT-03)."""
    return _one(-40, "pulling the weapon out", "P-OPT-03")


def moving_out_of_melee(enemies: int) -> Modifiers:
    """The Dodge roll to Move out of melee: -20% per enemy after the first (P-ACT-20)."""
    return _one(-20 * max(0, enemies - 1), f"leaving melee with {enemies} enemies", "P-ACT-20")


def another_rally() -> Modifiers:
    """A Rally by another character that may reach the same allies: -40% (P-ACT-22)."""
    return _one(-40, "another character's Rally", "P-ACT-22")


def distracted_target(modifier: int = 20) -> Modifiers:
    """Attacking a character distracted by fumble 08: +20% (P-ATK-13)."""
    return _one(modifier, "target distracted (fumble)", "P-ATK-13")


# -- the Modifiers list (P-MOD-01) --------------------------------------------------------

SituationKind: TypeAlias = Literal[
    "unsuspecting_target",
    "unsuspecting_target_automatic",
    "from_behind",
    "prone",
    "target_prone",
    "bad_terrain",
    "very_difficult_terrain",
    "low_lighting",
    "target_behind_cover",
    "other",
]
"""A modifier of the document's Modifiers list, or the GM's own (``other``)."""

SITUATIONS: dict[SituationKind, tuple[int, int, str]] = {
    "unsuspecting_target": (40, 40, "attacking an unsuspecting target"),
    "unsuspecting_target_automatic": (0, 0, "attacking an unsuspecting target: automatic"),
    "from_behind": (20, 20, "attacking from behind"),
    "prone": (-40, -40, "prone"),
    "target_prone": (40, 40, "attacking a prone target"),
    "bad_terrain": (-20, -20, "bad terrain"),
    "very_difficult_terrain": (-40, -40, "very difficult terrain"),
    "low_lighting": (-100, -20, "low lighting to pitch black"),
    "target_behind_cover": (-60, -20, "target behind cover"),
}
"""Each listed modifier's range of amounts (lowest, highest) and label (P-MOD-01)."""

ATTACK_ONLY: frozenset[SituationKind] = frozenset(
    {
        "unsuspecting_target",
        "unsuspecting_target_automatic",
        "from_behind",
        "target_prone",
        "target_behind_cover",
    }
)
"""The modifiers that describe an attack, not a defense."""


class Situation(Frozen):
    """One modifier of the Modifiers list; ``amount`` is needed for a range (lighting,
    cover) and for ``other``; an unsuspecting target may instead be an automatic success
    (G-P-C7, G-P-C12)."""

    kind: SituationKind
    amount: int | None = Field(default=None, ge=-200, le=200, description="In percent.")
    label: str | None = Field(default=None, min_length=1, max_length=80)

    @model_validator(mode="after")
    def _amount_in_the_document_range(self) -> Situation:
        if self.kind == "other":
            if self.amount is None:
                raise ValueError("a GM's own modifier ('other') needs an amount")
            return self
        low, high, label = SITUATIONS[self.kind]
        if self.amount is None and low != high:
            raise ValueError(f"{label}: give an amount from {high}% to {low}%")
        if self.amount is not None and not low <= self.amount <= high:
            span = f"{low:+d}%" if low == high else f"from {high}% to {low}%"
            raise ValueError(f"{label} is {span}, not {self.amount:+d}%")
        return self

    @property
    def automatic_success(self) -> bool:
        """An unsuspecting target attacked as an automatic success."""
        return self.kind == "unsuspecting_target_automatic"


def situational(situation: Situation) -> Modifiers:
    """The contribution of one listed (or GM's) modifier (P-MOD-01)."""
    if situation.kind == "other":
        return _one(situation.amount or 0, situation.label or "GM modifier", "P-MOD-01")
    low, _, label = SITUATIONS[situation.kind]
    amount = low if situation.amount is None else situation.amount
    return _one(amount, situation.label or label, "P-MOD-01")
