"""The ``percentile`` ruleset's tables as data: YAML in ``data/``, validated at load.

STYLE.md, lesson 5. The tables:

- ``fumbles.yaml``: the Combat Fumble Table (d10, P-ATK-13). Each row names an
  ``effect`` (a discriminated union: the rows differ in shape) with the numbers its text
  states: the 1D3 meters a dropped weapon falls, the 1D3 HP a bad hit costs, the +20% of
  a distraction, the armor a self-inflicted hit ignores.
- ``hit_locations.yaml``: the d20 humanoid hit locations, and
  ``hit_locations_quadruped.yaml``, a four-legged creature's (a stat block's
  ``body_plan``), both *provisional*: the document uses hit locations but their table is
  in a chapter it does not include (G-P-08).

Loading checks that a table's rows cover ``1..die`` in order with no gap and no overlap.
A broken table is an :class:`~tablekeeper.errors.InvalidInputError` naming the file and
the field; a GM's house table goes through the same checks (:func:`parse_fumble_table`,
:func:`parse_hit_location_table`). The only I/O is reading the packaged files through
:mod:`importlib.resources`, once.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Annotated, Any, Literal, Protocol, TypeAlias, TypeVar

from pydantic import Field, field_validator, model_validator

from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.common.tables import packaged_text, parse_table
from tablekeeper.rulesets.percentile.expressions import DiceExpression

FUMBLES_FILE = "fumbles.yaml"
HIT_LOCATIONS_FILE = "hit_locations.yaml"


class _Ranged(Protocol):
    @property
    def low(self) -> int: ...

    @property
    def high(self) -> int: ...


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def check_coverage(rows: Sequence[_Ranged], die: int) -> None:
    """Refuse rows that do not cover ``1..die`` in order, or that overlap."""
    expected = 1
    for row in rows:
        if row.high < row.low:
            raise ValueError(f"the row {row.low}-{row.high} ends before it starts")
        if row.low > expected:
            raise ValueError(
                f"no row covers {_span(expected, row.low - 1)} "
                f"(gap before {_span(row.low, row.high)})"
            )
        if row.low < expected:
            raise ValueError(f"{_span(row.low, row.high)} overlaps the row before it")
        expected = row.high + 1
    if expected <= die:
        raise ValueError(f"no row covers {_span(expected, die)}")
    if expected > die + 1:
        raise ValueError(f"the rows run to {expected - 1}, past the d{die}")


R = TypeVar("R", bound=_Ranged)


def row_for(rows: Sequence[R], roll: int) -> R:
    """The row a roll falls in (the rows are validated to cover the die)."""
    for row in rows:
        if row.low <= roll <= row.high:
            return row
    raise ValueError(f"no row for a roll of {roll}")


# -- the Combat Fumble Table --------------------------------------------------------------


class _FumbleRow(Frozen):
    low: int = Field(ge=1)
    high: int = Field(ge=1)
    text: str = Field(min_length=1, max_length=600)


class LoseTurn(_FumbleRow):
    """01: the character loses their next turn."""

    effect: Literal["lose_turn"] = "lose_turn"


class LoseActions(_FumbleRow):
    """02: the character loses ``actions`` actions on their next turn."""

    effect: Literal["lose_actions"] = "lose_actions"
    actions: int = Field(default=1, ge=1)


class LoseEquipment(_FumbleRow):
    """03: a shield or armor strap breaks; the piece is unusable until repaired."""

    effect: Literal["lose_equipment"] = "lose_equipment"


class DropItem(_FumbleRow):
    """04, 05: a held item falls (or flies) ``distance`` meters away, in a random direction."""

    effect: Literal["drop_item"] = "drop_item"
    distance: DiceExpression


class DamageItem(_FumbleRow):
    """06: a weapon, shield or other held item loses ``hp_loss`` HP."""

    effect: Literal["damage_item"] = "damage_item"
    hp_loss: DiceExpression


class FreeAttack(_FumbleRow):
    """07: an enemy engaged in melee with the character gets ``attacks`` free attacks."""

    effect: Literal["free_attack"] = "free_attack"
    attacks: int = Field(default=1, ge=1)


class Distracted(_FumbleRow):
    """08: every enemy attacks the character at +``modifier``% until its next turn."""

    effect: Literal["distracted"] = "distracted"
    modifier: int = Field(default=20)


class HitSelf(_FumbleRow):
    """09, 10: the character hits themselves with their weapon, at a random hit location;
    the armor marked false does not apply."""

    effect: Literal["hit_self"] = "hit_self"
    physical_armor: bool
    magical_armor: bool


FumbleRow: TypeAlias = Annotated[
    LoseTurn
    | LoseActions
    | LoseEquipment
    | DropItem
    | DamageItem
    | FreeAttack
    | Distracted
    | HitSelf,
    Field(discriminator="effect"),
]
"""One row of the Combat Fumble Table, by its ``effect``."""


class FumbleTable(Frozen):
    """The Combat Fumble Table (P-ATK-13): a ``die`` roll names one row."""

    schema_version: Literal[1] = 1
    source: str = ""
    provisional: bool = False
    die: int = Field(default=10, ge=1, le=100)
    rows: tuple[FumbleRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_cover_the_die(self) -> FumbleTable:
        check_coverage(self.rows, self.die)
        return self

    def row_for(self, roll: int) -> FumbleRow:
        """The row a roll of the table's die names."""
        return row_for(self.rows, roll)


# -- hit locations ------------------------------------------------------------------------

BodyPlan: TypeAlias = Literal["humanoid", "quadruped"]
"""Whose hit location table a combatant is struck on: two legs and two arms, or four legs
(G-P-08; issue 13, bug 12: a wolf has no arms)."""


def is_humanoid(body_plan: str) -> bool:
    """Whether ``body_plan`` is the default one, which stored payloads leave unsaid (the
    logs written before body plans stay byte for byte the same)."""
    return body_plan == "humanoid"


BODY_PLAN_FILES: dict[BodyPlan, str] = {
    "humanoid": HIT_LOCATIONS_FILE,
    "quadruped": "hit_locations_quadruped.yaml",
}
"""Each body plan's packaged table."""

LocationKind: TypeAlias = Literal["head", "chest", "abdomen", "limb"]
"""What a location counts as for a Called Shot (P-OPT-09)."""


class HitLocationRow(Frozen):
    """One location: its roll interval, its kind, its share of the total hit points."""

    low: int = Field(ge=1)
    high: int = Field(ge=1)
    location: str = Field(min_length=1, max_length=60)
    kind: LocationKind
    hp_fraction: Fraction = Field(description="The location's HP: total HP times this, up.")

    @field_validator("hp_fraction")
    @classmethod
    def _a_share(cls, fraction: Fraction) -> Fraction:
        if not 0 < fraction <= 1:
            raise ValueError(f"a location's share of hit points is in (0, 1], not {fraction}")
        return fraction


class HitLocationTable(Frozen):
    """A hit location table: a ``die`` roll names the location struck."""

    schema_version: Literal[1] = 1
    source: str = ""
    provisional: bool = False
    die: int = Field(default=20, ge=1, le=100)
    rows: tuple[HitLocationRow, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rows_cover_the_die_and_name_each_location_once(self) -> HitLocationTable:
        check_coverage(self.rows, self.die)
        names = [row.location for row in self.rows]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise ValueError(f"locations named twice: {', '.join(repeated)}")
        return self

    @property
    def locations(self) -> tuple[str, ...]:
        """Every location's name, in table order."""
        return tuple(row.location for row in self.rows)

    def row_for(self, roll: int) -> HitLocationRow:
        """The row a roll of the table's die names."""
        return row_for(self.rows, roll)

    def row_named(self, location: str) -> HitLocationRow:
        """The row of ``location``; an unknown name's error names the close ones."""
        for row in self.rows:
            if row.location == location:
                return row
        close = difflib.get_close_matches(location, self.locations, n=3, cutoff=0.6)
        hint = (
            f"did you mean {' or '.join(close)}?"
            if close
            else "known: " + ", ".join(self.locations)
        )
        raise UnknownNameError(f"no hit location named {location!r}; {hint}", field="location")

    def chances(self) -> tuple[tuple[HitLocationRow, int], ...]:
        """Each row with how many faces of the die name it."""
        return tuple((row, row.high - row.low + 1) for row in self.rows)


# -- loading ------------------------------------------------------------------------------


def parse_fumble_table(data: Mapping[str, Any] | str, *, name: str = FUMBLES_FILE) -> FumbleTable:
    """Validate a fumble table given as YAML text or parsed data; errors name ``name.<field>``."""
    return parse_table(data, FumbleTable, name)


def parse_hit_location_table(
    data: Mapping[str, Any] | str, *, name: str = HIT_LOCATIONS_FILE
) -> HitLocationTable:
    """Validate a hit location table given as YAML text or parsed data."""
    return parse_table(data, HitLocationTable, name)


_PACKAGE = "tablekeeper.rulesets.percentile"


@cache
def fumble_table() -> FumbleTable:
    """The packaged Combat Fumble Table of document 001, read and validated once."""
    return parse_fumble_table(packaged_text(_PACKAGE, FUMBLES_FILE))


@cache
def hit_location_table(body_plan: BodyPlan = "humanoid") -> HitLocationTable:
    """The packaged (provisional) hit location table of a body plan (humanoid unless
    named), read and validated once."""
    return parse_hit_location_table(
        packaged_text(_PACKAGE, BODY_PLAN_FILES[body_plan]), name=BODY_PLAN_FILES[body_plan]
    )
