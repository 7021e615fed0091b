"""The Condition API as data: the generic and Micro condition tables, validated at load.

Document 000, Chapters 6, 17 and 18. ``data/generic_conditions.yaml`` holds the four
domains (three negative kinds and one positive kind each, rows of Severity or Strength 1
to 4); ``data/micro_conditions.yaml`` the Micro tables of the Combat, Dancing and Social
trees (negative and positive rows 1 to "4+", and each table's zero-AP translation).
Loading checks coverage: every domain has exactly the four rows of each polarity, a row
names each negative kind of its domain once, kinds are unique across domains, every
spillover names a known generic kind at a severity it has. A broken table (a GM's house
table too) is an :class:`~tablekeeper.errors.InvalidInputError` naming the file and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.common.tables import parse_table
from tablekeeper.rulesets.fractal.stats import Stat

SEVERITIES = (1, 2, 3, 4)
"""Severity (negative) or Strength (positive) runs from 1 to 4 (F-COND-10)."""

Polarity = Literal["negative", "positive"]


class DiceChange(Frozen):
    """Dice added to (or taken from) rolls of some stats: "-1 die to Body or Nature rolls"
    (``mode: or``: one stat, chosen when the condition is applied, G-F-11) or "-1 die to
    Body and Nature" (``mode: and``: both)."""

    stats: tuple[Stat, ...] = Field(min_length=1)
    dice: int = Field(description="Dice added (positive) or taken (negative).")
    mode: Literal["or", "and"] = "and"
    when: str | None = Field(default=None, description="A narrower scope, in words.")

    @model_validator(mode="after")
    def _or_names_a_choice(self) -> DiceChange:
        if self.dice == 0:
            raise ValueError("a dice change changes at least one die")
        if self.mode == "or" and len(self.stats) < 2:
            raise ValueError("an 'or' dice change names at least two stats to choose from")
        return self


class Spill(Frozen):
    """A spillover (G-F-10): a generic condition of its own row that a row also inflicts,
    on the target, or (Indebted's Renowned) on the attacker."""

    condition: str = Field(min_length=1, description="A generic kind: fatigue, focused...")
    severity: int = Field(ge=1, le=4)
    to: Literal["target", "attacker"] = "target"
    label: str | None = Field(default=None, description="What the document calls it: Worry.")


class Recovery(Frozen):
    """How a condition heals: Days of Rest (physical and magical wounds, F-COND-15), or
    the narrative requirements the healing checklist lists (F-DOWN-02, F-DOWN-06)."""

    rule: str | None = None
    dor: int | None = Field(default=None, ge=0, description="Days of Rest, when it has some.")
    requirements: tuple[str, ...] = ()
    solo_successes: int | None = Field(default=None, ge=1)
    macro_check: str | None = None
    ends_with_conflict: bool = False
    provisional: bool = False


class ConditionRow(Frozen):
    """One row of a table: its effect at one Severity (or Strength)."""

    severity: int = Field(ge=1, le=4)
    rule: str = Field(min_length=1, description="The CATALOG id of the row.")
    name: str | None = Field(default=None, description="The row's name (Micro tables).")
    names: dict[str, str] = Field(default_factory=dict, description="Per kind (generic).")
    max_ap_change: int = 0
    temporary_ap: int = Field(default=0, ge=0)
    temporary_ap_use: Literal["any", "proactive", "social_entry"] = "any"
    dice_changes: tuple[DiceChange, ...] = ()
    restores_die_sizes: int = Field(default=0, ge=0)
    restore_mode: Literal["or", "and"] = "and"
    spillover: tuple[Spill, ...] = ()
    lethal: bool = False
    dressing: str | None = None
    recovery: Recovery = Field(default_factory=Recovery)
    cancels_circumstance_penalties: int = Field(default=0, ge=0)
    macro_rerolls: int = Field(default=0, ge=0)
    ignores_social_armor: bool = False
    flips: bool = False
    provisional: bool = False

    @model_validator(mode="after")
    def _lethal_rows_say_how_to_dress(self) -> ConditionRow:
        if self.lethal and not self.dressing:
            raise ValueError(f"{self.rule}: a lethal row says how to dress it (F-COND-20)")
        return self


class Kind(Frozen):
    """A generic condition kind (Impact, Fatigue, Refreshed...), with the names it goes by."""

    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str = Field(min_length=1)
    about: str = ""
    aliases: tuple[str, ...] = ()


def _rows_cover_each_severity(rows: tuple[ConditionRow, ...], what: str) -> None:
    found = [row.severity for row in rows]
    if sorted(found) != list(SEVERITIES):
        missing = [s for s in SEVERITIES if s not in found]
        twice = sorted({s for s in found if found.count(s) > 1})
        problems = ([f"no row for severity {missing}"] if missing else []) + (
            [f"severity {twice} twice"] if twice else []
        )
        problem = ", ".join(problems)
        raise ValueError(f"{what} must have one row per severity 1-4: {problem}")


class Domain(Frozen):
    """One generic domain (F-COND-09): three negative kinds sharing each row, one positive."""

    id: Literal["physical", "mental", "social", "magical"]
    title: str
    rule: str
    negative_kinds: tuple[Kind, ...] = Field(min_length=1)
    positive_kind: Kind
    trigger: str = ""
    max_ap_in_social_scenes_only: bool = False
    negative: tuple[ConditionRow, ...]
    positive: tuple[ConditionRow, ...]

    @model_validator(mode="after")
    def _covered(self) -> Domain:
        _rows_cover_each_severity(self.negative, f"{self.id} negative")
        _rows_cover_each_severity(self.positive, f"{self.id} positive")
        kinds = {kind.id for kind in self.negative_kinds}
        for row in self.negative:
            if set(row.names) != kinds:
                raise ValueError(
                    f"{row.rule}: names {sorted(row.names)} must be exactly the kinds "
                    f"{sorted(kinds)}"
                )
        return self

    def row(self, polarity: Polarity, severity: int) -> ConditionRow:
        """The row of ``polarity`` at ``severity`` (1-4)."""
        rows = self.negative if polarity == "negative" else self.positive
        return next(row for row in rows if row.severity == severity)


class ZeroAp(Frozen):
    """What 0 AP means in a Micro table's tree (its "Zero AP Translation")."""

    effect: Literal["falls_to_wounds", "no_proactive", "removed"]
    text: str
    rule: str


class MicroTable(Frozen):
    """A Micro condition table (Chapter 18): rows 1 to "4+" of each polarity it has."""

    id: str = Field(pattern=r"^[a-z_]+_(micro|nano)$")
    tree: Literal["combat", "dancing", "social", "magic", "art", "cooking"]
    title: str
    rule: str
    zero_ap: ZeroAp
    dressing: str | None = None
    negative: tuple[ConditionRow, ...]
    positive: tuple[ConditionRow, ...] = ()

    @model_validator(mode="after")
    def _covered(self) -> MicroTable:
        _rows_cover_each_severity(self.negative, f"{self.id} negative")
        if self.positive:
            _rows_cover_each_severity(self.positive, f"{self.id} positive")
        for row in (*self.negative, *self.positive):
            if not row.name:
                raise ValueError(f"{row.rule}: a Micro row has a name")
        return self

    def row(self, polarity: Polarity, severity: int) -> ConditionRow:
        """The row of ``polarity`` at ``severity``; a table without it is an error."""
        rows = self.negative if polarity == "negative" else self.positive
        if not rows:
            raise UnknownNameError(f"the {self.id} table has no {polarity} rows", field="kind")
        return next(row for row in rows if row.severity == severity)


class GenericTables(Frozen):
    """The four domains of ``generic_conditions.yaml``."""

    schema_version: Literal[1] = 1
    source: str = ""
    domains: tuple[Domain, ...]

    @field_validator("domains")
    @classmethod
    def _four_distinct_domains(cls, domains: tuple[Domain, ...]) -> tuple[Domain, ...]:
        ids = [domain.id for domain in domains]
        if sorted(ids) != ["magical", "mental", "physical", "social"]:
            raise ValueError(f"the generic tables are the four domains, not {ids}")
        names: list[str] = []
        for domain in domains:
            for kind in (*domain.negative_kinds, domain.positive_kind):
                names += [kind.id, *kind.aliases]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"condition kinds named twice: {', '.join(twice)}")
        return domains


class MicroTables(Frozen):
    """The Micro tables of ``micro_conditions.yaml``."""

    schema_version: Literal[1] = 1
    source: str = ""
    tables: tuple[MicroTable, ...] = Field(min_length=1)

    @field_validator("tables")
    @classmethod
    def _distinct(cls, tables: tuple[MicroTable, ...]) -> tuple[MicroTable, ...]:
        ids = [table.id for table in tables]
        if len(set(ids)) != len(ids):
            raise ValueError(f"Micro tables named twice: {', '.join(ids)}")
        return tables


class Rider(Frozen):
    """A damage-type rider (Slashing, Piercing, Bludgeoning: F-COMBAT-NANO-01), provisional
    (G-F-06): rows from ``lethal_from`` up are Lethal and dressed so; a spillover's kind
    may change."""

    lethal_from: int | None = Field(default=None, ge=1, le=4)
    dressing: str | None = None
    spillover: str | None = None
    provisional: bool = True

    @model_validator(mode="after")
    def _lethal_says_how_to_dress(self) -> Rider:
        if self.lethal_from is not None and not self.dressing:
            raise ValueError("a rider that makes rows Lethal says how to dress them (F-COND-20)")
        return self


class NanoTables(Frozen):
    """``nano_conditions.yaml``: the Nano damage tables (provisional, G-F-06), the damage
    riders, the rider a cut or a thrust has by default, and each tree's target zones."""

    schema_version: Literal[1] = 1
    source: str = ""
    tables: tuple[MicroTable, ...] = ()
    riders: dict[str, Rider] = Field(default_factory=dict)
    defaults: dict[str, str] = Field(default_factory=dict, description="cut/thrust -> rider.")
    zones: dict[str, tuple[str, ...]] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> NanoTables:
        ids = [table.id for table in self.tables]
        if len(set(ids)) != len(ids):
            raise ValueError(f"Nano tables named twice: {', '.join(ids)}")
        for kind, rider in self.defaults.items():
            if rider not in self.riders:
                raise ValueError(f"defaults.{kind}: no rider {rider!r}")
        for zone in self.zones.get("combat", ()):
            for attack in ("cut", "thrust"):
                if f"{zone}_{attack}_nano" not in ids:
                    raise ValueError(f"no table {zone}_{attack}_nano for the {zone} zone")
        return self


class ConditionTables(Frozen):
    """Every kind of table, with the cross-checks between them (every spillover names a
    known generic kind), and lookups by the names the document uses."""

    generic: GenericTables
    micro: MicroTables
    nano: NanoTables = Field(default_factory=NanoTables)

    @model_validator(mode="after")
    def _spillovers_known(self) -> ConditionTables:
        rows = [
            row for domain in self.generic.domains for row in (*domain.negative, *domain.positive)
        ]
        rows += [
            row
            for table in (*self.micro.tables, *self.nano.tables)
            for row in (*table.negative, *table.positive)
        ]
        for rider in self.nano.riders.values():
            if rider.spillover is not None:
                self.generic_kind(rider.spillover)
        for row in rows:
            for spill in row.spillover:
                try:
                    self.generic_kind(spill.condition)
                except UnknownNameError as error:
                    raise ValueError(f"{row.rule}: spillover {error.message}") from None
        return self

    @property
    def domain_ids(self) -> tuple[str, ...]:
        """``physical``, ``mental``, ``social``, ``magical``."""
        return tuple(domain.id for domain in self.generic.domains)

    @property
    def micro_ids(self) -> tuple[str, ...]:
        """``combat_micro``, ``dancing_micro``, ``social_micro``."""
        return tuple(table.id for table in self.micro.tables)

    @property
    def nano_ids(self) -> tuple[str, ...]:
        """The Nano damage tables: ``high_cut_nano``... (provisional, G-F-06)."""
        return tuple(table.id for table in self.nano.tables)

    def domain(self, domain_id: str) -> Domain:
        """The domain named ``domain_id``."""
        for domain in self.generic.domains:
            if domain.id == domain_id:
                return domain
        raise UnknownNameError(
            f"no generic table {domain_id!r}; the tables are {', '.join(self.domain_ids)} "
            f"and {', '.join(self.micro_ids)}",
            field="table",
        )

    def micro_table(self, table_id: str) -> MicroTable:
        """The Micro table named ``table_id``."""
        for table in (*self.micro.tables, *self.nano.tables):
            if table.id == table_id:
                return table
        raise UnknownNameError(
            f"no table {table_id!r}; the tables are {', '.join(self.domain_ids)} and "
            f"{', '.join(self.micro_ids)}",
            field="table",
        )

    def generic_kind(self, name: str) -> tuple[Domain, Kind, Polarity]:
        """The domain, kind and polarity of a generic condition by any of its names
        (``fatigue``, ``Fatigued``, ``Restored``: G-F-12)."""
        key = name.strip().lower().replace(" ", "_")
        for domain in self.generic.domains:
            for kind in domain.negative_kinds:
                if key in (kind.id, *kind.aliases):
                    return domain, kind, "negative"
            positive = domain.positive_kind
            if key in (positive.id, *positive.aliases):
                return domain, positive, "positive"
        known = sorted(
            kind.id
            for domain in self.generic.domains
            for kind in (*domain.negative_kinds, domain.positive_kind)
        )
        raise UnknownNameError(
            f"no generic condition {name!r}; known: {', '.join(known)}", field="kind"
        )


def parse_condition_tables(
    generic: Mapping[str, Any] | str,
    micro: Mapping[str, Any] | str,
    nano: Mapping[str, Any] | str | None = None,
) -> ConditionTables:
    """Validate the tables (YAML text or parsed data); errors name the file and field."""
    return ConditionTables(
        generic=parse_table(generic, GenericTables, "generic_conditions.yaml"),
        micro=parse_table(micro, MicroTables, "micro_conditions.yaml"),
        nano=NanoTables()
        if nano is None
        else parse_table(nano, NanoTables, "nano_conditions.yaml"),
    )
