"""Fractal time and space (document 000, 16.1): what an Interval, an Exchange, a Beat and
a distance Unit mean in one conflict.

"The math of the system never changes; only the narrative definition of a "Hex" and an
"Interval" changes" (F-CORE-13). Every conflict states all four: the most specific entry
of ``data/time_scales.yaml`` for its tree, level and setting, what it leaves out taken
from the defaults, and the GM's redefinition over both (F-TIME-05). A span in clock units
(``3 seconds``) can be counted in minutes, which the Golden Hour needs (F-COND-20); a
narrative one (``a few seconds``, ``a wing of the palace``) cannot, and then the GM
passes time by hand.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from tablekeeper.engine.values import Frozen

TimeUnit = Literal["second", "minute", "hour", "day", "week", "month"]
MINUTES: dict[str, Fraction] = {
    "second": Fraction(1, 60),
    "minute": Fraction(1),
    "hour": Fraction(60),
    "day": Fraction(24 * 60),
    "week": Fraction(7 * 24 * 60),
    "month": Fraction(30 * 24 * 60),
}
"""Minutes in each unit of time (a month counts 30 days)."""


class Span(Frozen):
    """A length of time: ``amount`` ``unit``s, or a narrative ``text``."""

    amount: int | None = Field(default=None, ge=1)
    unit: TimeUnit | None = None
    text: str | None = None

    @model_validator(mode="after")
    def _one_form(self) -> Span:
        if (self.amount is None) != (self.unit is None) or (self.amount is None) == (
            self.text is None
        ):
            raise ValueError("a span is an amount and a unit, or a text")
        return self

    @classmethod
    def parse(cls, text: str) -> Span:
        """``"3 seconds"``, ``"1 week"``: an amount and a unit; anything else is narrative.

        >>> Span.parse("2 hours").minutes, Span.parse("a few seconds").text
        (Fraction(120, 1), 'a few seconds')
        """
        found = re.fullmatch(r"\s*(\d+)\s+([a-z]+?)s?\s*", text.lower())
        if found and found.group(2) in MINUTES:
            return cls(amount=int(found.group(1)), unit=found.group(2))
        return cls(text=text.strip())

    @property
    def minutes(self) -> Fraction | None:
        """The span in minutes, or ``None`` for a narrative one."""
        if self.amount is None or self.unit is None:
            return None
        return self.amount * MINUTES[self.unit]

    def __str__(self) -> str:
        if self.text is not None:
            return self.text
        plural = "" if self.amount == 1 else "s"
        return f"{self.amount} {self.unit}{plural}"


class Distance(Frozen):
    """A distance Unit: ``amount`` of a length unit, or a narrative ``text``."""

    amount: int | None = Field(default=None, ge=1)
    unit: Literal["foot", "meter", "mile", "square"] | None = None
    text: str | None = None

    @model_validator(mode="after")
    def _one_form(self) -> Distance:
        if (self.amount is None) != (self.unit is None) or (self.amount is None) == (
            self.text is None
        ):
            raise ValueError("a distance is an amount and a unit, or a text")
        return self

    @classmethod
    def parse(cls, text: str) -> Distance:
        """``"5 feet"``, ``"50 miles"``; anything else is narrative."""
        units = {
            "foot": "foot",
            "feet": "foot",
            "meter": "meter",
            "meters": "meter",
            "mile": "mile",
            "miles": "mile",
            "square": "square",
            "squares": "square",
        }
        found = re.fullmatch(r"\s*(\d+)\s+([a-z]+)\s*", text.lower())
        if found and found.group(2) in units:
            return cls(amount=int(found.group(1)), unit=units[found.group(2)])
        return cls(text=text.strip())

    def __str__(self) -> str:
        if self.text is not None:
            return self.text
        unit = {"foot": "feet", "meter": "meters", "mile": "miles", "square": "squares"}
        return f"{self.amount} {unit[self.unit] if self.amount != 1 else self.unit}"  # type: ignore[index]


class TimeScale(Frozen):
    """What the four measures mean in one conflict; ``sources`` names where each came from
    (a CATALOG id, ``provisional``, or ``gm``)."""

    interval: Span
    exchange: Span
    beat: Span
    unit: Distance
    sources: dict[str, str] = Field(default_factory=dict)


class ScaleEntry(Frozen):
    """One entry of ``time_scales.yaml``."""

    tree: str
    level: Literal["macro", "solo", "micro", "nano"]
    setting: str | None = None
    interval: Span | None = None
    exchange: Span | None = None
    beat: Span | None = None
    unit: Distance | None = None
    rule: str | None = None
    provisional: bool = False


class ScaleDefaults(Frozen):
    """The provisional defaults for what no entry states."""

    interval: Span
    exchange: Span
    beat: Span
    unit: Distance
    provisional: bool = True


class TimeScales(Frozen):
    """``time_scales.yaml``."""

    schema_version: Literal[1] = 1
    source: str = ""
    scales: tuple[ScaleEntry, ...]
    defaults: ScaleDefaults

    def scale(
        self,
        tree: str,
        level: str,
        setting: str | None = None,
        redefined: ScaleOverride | None = None,
    ) -> TimeScale:
        """The time scale of a conflict of ``tree`` at ``level`` (in ``setting``), with the
        GM's ``redefined`` measures laid over it (F-TIME-05)."""
        matching = [
            entry
            for entry in self.scales
            if entry.tree == tree and entry.level == level and entry.setting in (None, setting)
        ]
        matching.sort(key=lambda entry: entry.setting is None)  # the setting's entry first
        parts: dict[str, Span | Distance] = {}
        sources: dict[str, str] = {}
        for measure in ("interval", "exchange", "beat", "unit"):
            chosen: Span | Distance | None = None
            source = "provisional"
            if redefined is not None and getattr(redefined, measure) is not None:
                chosen, source = getattr(redefined, measure), "gm (F-TIME-05)"
            for entry in matching:
                if chosen is None and getattr(entry, measure) is not None:
                    chosen = getattr(entry, measure)
                    source = entry.rule or "provisional"
            parts[measure] = chosen if chosen is not None else getattr(self.defaults, measure)
            sources[measure] = source
        return TimeScale.model_validate({**parts, "sources": sources})


class ScaleOverride(Frozen):
    """The GM's redefinition of a conflict's measures (F-TIME-05); what it leaves out
    keeps the table's."""

    interval: Span | None = None
    exchange: Span | None = None
    beat: Span | None = None
    unit: Distance | None = None

    @classmethod
    def of(
        cls,
        *,
        interval: str | None = None,
        exchange: str | None = None,
        beat: str | None = None,
        unit: str | None = None,
    ) -> ScaleOverride | None:
        """The redefinition the GM writes as text (``"1 week"``), or ``None`` for none."""
        if not any((interval, exchange, beat, unit)):
            return None
        return cls(
            interval=Span.parse(interval) if interval else None,
            exchange=Span.parse(exchange) if exchange else None,
            beat=Span.parse(beat) if beat else None,
            unit=Distance.parse(unit) if unit else None,
        )
