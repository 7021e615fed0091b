"""Rest: rule document 003, "Rest".

A Rest lasts whole hours, at most 12 within a 24-hour period; further hours have no
effect (R-REST-01). Its Rest Score is Thirst (0 or 6) + Hunger (0, 4 or 6) + Sleep (4 for
6 hours or more slept during the Rest, else 0) + Comfort (0-4 from the equipment, 0 with
armor on unless the armor says otherwise) + the GM's modifiers (R-REST-03 .. R-REST-08).
Regeneration = Rest Score × hours, for HP and for Flux alike (R-REST-09, ruling G-R-13).
An interrupted Rest is two Rests, each with its own score (R-REST-10): two calls. The GM's
simplified scores (poor 10, adequate 15, good 20, excellent 25; R-REST-11) are the
``realtime.rest_simple`` resolver. Rests roll no dice.

:class:`RestLedger` keeps the hours of rest that counted, so that a Rest counts only the
hours the 12-in-24 limit allows (a rolling window by default, ruling G-R-13); the outcome
says how many hours counted and how many had no effect.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field, ValidationInfo, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.options import LimitWindow

Food: TypeAlias = Literal["none", "satiating", "quality"]
RestQuality: TypeAlias = Literal["poor", "adequate", "good", "excellent"]

MAX_HOURS = 12
"""At most 12 hours of rest count within a 24-hour period (R-REST-01)."""
PERIOD_SECONDS = 24 * 3600
HOUR_SECONDS = 3600

THIRST = {False: 0, True: 6}
HUNGER: dict[Food, int] = {"none": 0, "satiating": 4, "quality": 6}
SLEEP_HOURS = 6
SLEEP_POINTS = 4
MAX_COMFORT = 4
SIMPLE_SCORES: dict[RestQuality, int] = {"poor": 10, "adequate": 15, "good": 20, "excellent": 25}

_HOURS = Field(ge=1, le=MAX_HOURS, description="Whole hours of rest (R-REST-01).")
_COUNTABLE = Field(
    default=None,
    ge=0,
    le=MAX_HOURS,
    description="How many of the hours count under the 12-in-24 limit "
    "(RestLedger.countable_hours); null: all of them.",
)


class RestInput(Frozen):
    """The conditions of one Rest (R-REST-03 .. R-REST-08)."""

    hours: int = _HOURS
    drank_enough: bool = Field(default=False, description="Enough fresh potable water.")
    food: Food = Field(default="none", description="'none', 'satiating' or 'quality'.")
    hours_slept: int = Field(default=0, ge=0, description="Hours slept during this Rest.")
    comfort: int = Field(default=0, ge=0, le=MAX_COMFORT, description="From the equipment.")
    armor_worn: bool = Field(default=False, description="Armor or encumbering gear kept on.")
    armor_allows_comfort: bool = Field(
        default=False, description="The armor states that it keeps its wearer's comfort."
    )
    modifiers: int = Field(default=0, description="Talents, weather, morale... (R-REST-08).")
    countable_hours: int | None = _COUNTABLE

    @field_validator("hours_slept")
    @classmethod
    def _sleep_within_the_rest(cls, slept: int, info: ValidationInfo) -> int:
        hours = info.data.get("hours")
        if hours is not None and slept > hours:
            raise ValueError(f"cannot sleep {slept} hours during a {hours}-hour Rest (G-R-13)")
        return slept

    def score_breakdown(self) -> Breakdown:
        """Thirst + Hunger + Sleep + Comfort + modifiers, each with its rule (R-REST-03)."""
        comfort_lost = self.armor_worn and not self.armor_allows_comfort
        return Breakdown.of(
            Contribution(amount=THIRST[self.drank_enough], label="thirst", source="R-REST-04"),
            Contribution(
                amount=HUNGER[self.food], label=f"hunger: {self.food}", source="R-REST-05"
            ),
            Contribution(
                amount=SLEEP_POINTS if self.hours_slept >= SLEEP_HOURS else 0,
                label=f"sleep: {self.hours_slept} h",
                source="R-REST-06",
            ),
            Contribution(
                amount=0 if comfort_lost else self.comfort,
                label="comfort: armor worn" if comfort_lost else "comfort",
                source="R-REST-07",
            ),
            Contribution(amount=self.modifiers, label="modifiers", source="R-REST-08"),
        )


class SimpleRestInput(Frozen):
    """A Rest scored at a glance (R-REST-11): poor 10, adequate 15, good 20, excellent 25."""

    quality: RestQuality
    hours: int = _HOURS
    modifiers: int = Field(default=0, description="Any further GM modifier (R-REST-08).")
    countable_hours: int | None = _COUNTABLE

    def score_breakdown(self) -> Breakdown:
        """The baseline score of the quality, plus modifiers."""
        terms = [
            Contribution(
                amount=SIMPLE_SCORES[self.quality],
                label=f"{self.quality} rest",
                source="R-REST-11",
            )
        ]
        if self.modifiers:
            terms.append(Contribution(amount=self.modifiers, label="modifiers", source="R-REST-08"))
        return Breakdown.of(*terms)


class RestOutcome(Frozen):
    """A Rest's score, its components, and what it regenerates."""

    score: int
    thirst: int | None = Field(description="Null for a simplified Rest, as are the others.")
    hunger: int | None
    sleep: int | None
    comfort: int | None
    modifiers: int
    quality: RestQuality | None = Field(description="The simplified quality, or null.")
    hours: int = Field(description="The hours rested.")
    hours_counted: int = Field(description="The hours the 12-in-24 limit lets count.")
    hours_without_effect: int = Field(description="Hours beyond the limit (R-REST-01).")
    regeneration: int = Field(description="Score × hours counted; 0 for a score below 0.")
    hp_regenerated: int = Field(description="Equal to regeneration (G-R-13).")
    flux_regenerated: int = Field(description="Equal to regeneration (G-R-13).")
    breakdown: Breakdown


def rest_outcome(request: RestInput | SimpleRestInput) -> RestOutcome:
    """The rule itself: score, hours counted and regeneration (R-REST-09)."""
    breakdown = request.score_breakdown()
    countable = request.hours if request.countable_hours is None else request.countable_hours
    counted = min(request.hours, countable)
    regeneration = max(breakdown.total, 0) * counted
    detailed = isinstance(request, RestInput)
    thirst, hunger, sleep, comfort = (
        (term.amount for term in breakdown.contributions[:4]) if detailed else (None,) * 4
    )
    return RestOutcome(
        score=breakdown.total,
        thirst=thirst,
        hunger=hunger,
        sleep=sleep,
        comfort=comfort,
        modifiers=request.modifiers,
        quality=None if isinstance(request, RestInput) else request.quality,
        hours=request.hours,
        hours_counted=counted,
        hours_without_effect=request.hours - counted,
        regeneration=regeneration,
        hp_regenerated=regeneration,
        flux_regenerated=regeneration,
        breakdown=breakdown,
    )


@resolver(
    "realtime.rest",
    summary="A Rest: thirst, hunger, sleep, comfort, modifiers × hours.",
    example={"hours": 8, "hours_slept": 6},
)
def rest(request: RestInput, roller: Roller) -> RestOutcome:
    """Score a Rest (document 003, Rest); rolls nothing."""
    return rest_outcome(request)


@resolver(
    "realtime.rest_simple",
    summary="A simplified Rest: poor 10, adequate 15, good 20, excellent 25 × hours.",
    example={"quality": "good", "hours": 8},
)
def rest_simple(request: SimpleRestInput, roller: Roller) -> RestOutcome:
    """Score a Rest at a glance (document 003, Rest, Discussion); rolls nothing."""
    return rest_outcome(request)


class RestLedger(Frozen):
    """The hours of rest that counted lately: at most 12 in a 24-hour period (R-REST-01).

    Times are seconds of the campaign clock, passed by the caller. Each hour of a Rest
    counts unless 12 counted hours already started within the 24 hours before it (a
    rolling window), or on the same day with ``window='calendar'`` (ruling G-R-13).
    """

    window: LimitWindow = "rolling"
    counted: tuple[int, ...] = Field(
        default=(), description="The start second of each counted hour, oldest first."
    )
    resting_until: int | None = Field(default=None, description="The last Rest's end.")

    def _same_period(self, earlier: int, later: int) -> bool:
        if self.window == "calendar":
            return earlier // PERIOD_SECONDS == later // PERIOD_SECONDS
        return later - earlier < PERIOD_SECONDS

    def _counted_hours(self, start: int, hours: int) -> list[int]:
        if start < 0:
            raise IllegalCommandError(f"a Rest cannot start at second {start}", field="start")
        if not 1 <= hours <= MAX_HOURS:
            raise IllegalCommandError(
                f"a Rest lasts 1 to {MAX_HOURS} hours, not {hours}", field="hours"
            )
        if self.resting_until is not None and start < self.resting_until:
            raise IllegalCommandError(
                f"a Rest cannot start at second {start}: the previous Rest ends at second "
                f"{self.resting_until}",
                field="start",
            )
        counted = list(self.counted)
        new: list[int] = []
        for hour in range(hours):
            begins = start + hour * HOUR_SECONDS
            if sum(self._same_period(c, begins) for c in counted) < MAX_HOURS:
                counted.append(begins)
                new.append(begins)
        return new

    def countable_hours(self, start: int, hours: int) -> int:
        """How many hours of a Rest of ``hours`` from second ``start`` would count."""
        return len(self._counted_hours(start, hours))

    def record(self, start: int, hours: int) -> RestLedger:
        """The ledger after a Rest of ``hours`` from second ``start`` (a segment of an
        interrupted Rest is recorded on its own, R-REST-10)."""
        new = self._counted_hours(start, hours)
        end = start + hours * HOUR_SECONDS
        # an hour more than 24 h before the end can share no period with a later Rest
        recent = tuple(c for c in (*self.counted, *new) if end - c < PERIOD_SECONDS)
        return self.model_copy(update={"counted": recent, "resting_until": end})

    def take_rest(
        self, start: int, request: RestInput | SimpleRestInput
    ) -> tuple[RestLedger, RestOutcome]:
        """Take a Rest from second ``start``: its outcome counts only the hours the limit
        allows, and the ledger records them."""
        countable = self.countable_hours(start, request.hours)
        outcome = rest_outcome(request.model_copy(update={"countable_hours": countable}))
        return self.record(start, request.hours), outcome
