"""The ``realtime`` ruleset's tables as data: YAML in ``data/``, validated at load.

STYLE.md, lesson 5: the critical injury table (document 003, section 3) is parsed once
into Pydantic models, and its coverage is checked at load: the intervals must cover
``1 .. death_at - 1`` in order, with no gap and no overlap, and name each injury once.
A broken table is an :class:`~tablekeeper.errors.InvalidInputError` naming the file and
the field. A GM's house table goes through the same checks
(:func:`parse_critical_injury_table`). The only I/O is reading the packaged file through
:mod:`importlib.resources`, once.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.common.tables import packaged_text, parse_table

CRITICAL_INJURIES_FILE = "critical_injuries.yaml"


class CriticalInjuryRow(Frozen):
    """One row of the table: a roll interval, the treatment checks' modifier, the injury."""

    low: int = Field(ge=1)
    high: int = Field(ge=1)
    test_modifier: int = Field(le=0, description="The table's 'Test Modifier' (G-R-03).")
    injury: str = Field(min_length=1, max_length=80)
    symptoms: str | None = Field(
        default=None, description="Free text; the document describes none (R-CRIT-08)."
    )

    @model_validator(mode="after")
    def _interval_in_order(self) -> CriticalInjuryRow:
        if self.high < self.low:
            raise ValueError(f"the interval {self.low}-{self.high} ends before it starts")
        return self

    @property
    def interval(self) -> str:
        """``'41-50'``, or ``'119'`` for a single total."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def __contains__(self, total: object) -> bool:
        return isinstance(total, int) and self.low <= total <= self.high


class CriticalInjuryTable(Frozen):
    """The critical injury table (R-CRIT-04 .. R-CRIT-07): a total below ``death_at``
    names an injury; ``death_at`` or more is death (R-CRIT-03)."""

    schema_version: Literal[1] = 1
    source: str = ""
    death_at: int = Field(ge=2)
    rows: tuple[CriticalInjuryRow, ...] = Field(min_length=1)

    @field_validator("rows")
    @classmethod
    def _rows_cover_without_gap_or_overlap(
        cls, rows: tuple[CriticalInjuryRow, ...]
    ) -> tuple[CriticalInjuryRow, ...]:
        expected = 1
        for row in rows:
            if row.low > expected:
                raise ValueError(
                    f"no row covers {_span(expected, row.low - 1)} (gap before {row.interval})"
                )
            if row.low < expected:
                raise ValueError(f"{row.interval} ({row.injury}) overlaps the row before it")
            expected = row.high + 1
        names = [row.injury for row in rows]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise ValueError(f"injuries named twice: {', '.join(repeated)}")
        return rows

    @model_validator(mode="after")
    def _rows_end_where_death_starts(self) -> CriticalInjuryTable:
        last = self.rows[-1].high
        if last != self.death_at - 1:
            if last < self.death_at - 1:
                raise ValueError(f"no row covers {_span(last + 1, self.death_at - 1)}")
            raise ValueError(f"the rows run to {last}, past death_at ({self.death_at})")
        return self

    @property
    def injuries(self) -> tuple[str, ...]:
        """Every injury's name, in table order."""
        return tuple(row.injury for row in self.rows)

    def row_for(self, total: int) -> CriticalInjuryRow | None:
        """The row a total falls in; ``None`` at ``death_at`` or above (death)."""
        if total >= self.death_at:
            return None
        if total < 1:
            raise ValueError(f"a critical injury total is at least 1, not {total}")
        low, high = 0, len(self.rows) - 1
        while low <= high:  # bisect on the contiguous intervals
            middle = (low + high) // 2
            row = self.rows[middle]
            if total < row.low:
                high = middle - 1
            elif total > row.high:
                low = middle + 1
            else:
                return row
        raise AssertionError(f"the validated table has no row for {total}")

    def row_named(self, injury: str) -> CriticalInjuryRow:
        """The row of the injury named ``injury``; an unknown name's error names close ones."""
        for row in self.rows:
            if row.injury == injury:
                return row
        raise UnknownNameError(unknown_injury_message(injury, self.injuries), field="injury")


def unknown_injury_message(injury: str, known: tuple[str, ...]) -> str:
    """The message for an injury the table does not name, with the closest names."""
    by_case = {name.casefold(): name for name in known}
    close = [by_case[injury.casefold()]] if injury.casefold() in by_case else []
    close = close or difflib.get_close_matches(injury, known, n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(close)}?" if close else "see the critical injury table"
    return f"no critical injury named {injury!r}; {hint}"


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def parse_critical_injury_table(
    data: Mapping[str, Any] | str, *, name: str = CRITICAL_INJURIES_FILE
) -> CriticalInjuryTable:
    """Validate a table given as YAML text or parsed data; errors name ``name.<field>``."""
    return parse_table(data, CriticalInjuryTable, name)


@cache
def critical_injury_table() -> CriticalInjuryTable:
    """The packaged table of document 003, read and validated once."""
    text = packaged_text("tablekeeper.rulesets.realtime", CRITICAL_INJURIES_FILE)
    return parse_critical_injury_table(text)
