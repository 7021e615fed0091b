"""Treating critical injuries: rule document 003, section 6.

Light treatment (6.1) takes 1 minute and is a Cunning check with +2 and the injury's
Test Modifier from the table; success removes the symptoms, but the injury remains and
still counts toward ``n_wounds`` (R-TREAT-01). Full treatment (6.2) takes 1 hour and is a
Cunning check with the injury's modifier; success removes the injury, which stops
counting toward ``n_wounds`` (R-TREAT-03). The check is the treating character's
(ruling G-R-08).

Light treatment may be tried once per hour per injury, full treatment once per day
(R-TREAT-02, R-TREAT-04): :class:`TreatmentLedger` keeps the last attempt of each kind on
each injury (by the caller's id for that injury instance, and the second of the campaign
clock the caller passes) and refuses an attempt that comes too early, saying when the next
one is allowed. By default these are rolling windows from the last attempt (G-R-08).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, TypeAlias

from pydantic import Field, field_validator

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.checks import CheckOutcome, roll_check, success_chance
from tablekeeper.rulesets.realtime.options import LimitWindow
from tablekeeper.rulesets.realtime.tables import critical_injury_table, unknown_injury_message

TreatmentKind: TypeAlias = Literal["light", "full"]

DURATION_SECONDS: dict[TreatmentKind, int] = {"light": 60, "full": 3600}
"""Light treatment takes 1 minute, full treatment 1 hour."""

LIGHT_TREATMENT_BONUS = 2
"""Light treatment's bonus to the Cunning check (R-TREAT-01)."""

ATTEMPT_INTERVAL_SECONDS: dict[TreatmentKind, int] = {"light": 3600, "full": 24 * 3600}
"""One light attempt per hour, one full attempt per day, per injury (R-TREAT-02, -04)."""

_RULE: dict[TreatmentKind, str] = {"light": "R-TREAT-01", "full": "R-TREAT-03"}
_LIMIT_RULE: dict[TreatmentKind, str] = {"light": "R-TREAT-02", "full": "R-TREAT-04"}


class TreatmentInput(Frozen):
    """A treatment of one critical injury, by a character with the given Cunning."""

    kind: TreatmentKind = Field(description="'light' (symptoms, 1 min) or 'full' (1 hour).")
    cunning: int = Field(description="The treating character's Cunning (G-R-08).")
    injury: str = Field(description="The injury's name, as in the critical injury table.")
    modifier: int = Field(default=0, description="Any other bonus or penalty (R-TEST-03).")
    hidden_modifier: int = Field(default=0, description="Known to the GM only (R-TEST-04).")

    @field_validator("injury")
    @classmethod
    def _injury_in_the_table(cls, injury: str) -> str:
        table = critical_injury_table()
        if injury not in table.injuries:
            raise ValueError(unknown_injury_message(injury, table.injuries))
        return injury

    @property
    def test_modifier(self) -> int:
        """The injury's Test Modifier from the table."""
        return critical_injury_table().row_named(self.injury).test_modifier

    def threshold_breakdown(self) -> Breakdown:
        """Cunning, the light bonus, the injury's penalty, then any other modifiers."""
        rule = _RULE[self.kind]
        terms = [Contribution(amount=self.cunning, label="Cunning", source=rule)]
        if self.kind == "light":
            terms.append(
                Contribution(amount=LIGHT_TREATMENT_BONUS, label="light treatment", source=rule)
            )
        terms.append(
            Contribution(amount=self.test_modifier, label=f"{self.injury} (table)", source=rule)
        )
        if self.modifier:
            terms.append(Contribution(amount=self.modifier, label="modifier", source="R-TEST-03"))
        if self.hidden_modifier:
            terms.append(
                Contribution(
                    amount=self.hidden_modifier,
                    label="hidden modifier",
                    source="R-TEST-04",
                    hidden=True,
                )
            )
        return Breakdown.of(*terms)


class TreatmentOutcome(Frozen):
    """The Cunning check and what it did to the injury."""

    kind: TreatmentKind
    injury: str
    check: CheckOutcome
    duration_seconds: int
    symptoms_removed: bool = Field(description="The symptoms are gone (on any success).")
    injury_removed: bool = Field(description="The injury is healed (full treatment only).")
    counts_toward_n_wounds: bool = Field(description="Whether the injury still counts.")


def treatment_outcome(request: TreatmentInput, check: CheckOutcome) -> TreatmentOutcome:
    """The rule itself, once the check is rolled (R-TREAT-01, R-TREAT-03)."""
    healed = check.success and request.kind == "full"
    return TreatmentOutcome(
        kind=request.kind,
        injury=request.injury,
        check=check,
        duration_seconds=DURATION_SECONDS[request.kind],
        symptoms_removed=check.success,
        injury_removed=healed,
        counts_toward_n_wounds=not healed,
    )


def treatment_odds(request: TreatmentInput) -> OutcomeOdds:
    """The exact chance that the treatment succeeds or fails."""
    chance = success_chance(request.threshold_breakdown().total)
    return OutcomeOdds.of({"success": chance, "failure": Fraction(1) - chance})


@resolver(
    "realtime.treatment",
    summary="Treat a critical injury: light (1 min, Cunning +2) or full (1 h), with its penalty.",
    odds=treatment_odds,
    example={"kind": "light", "cunning": 12, "injury": "Broken"},
)
def treatment(request: TreatmentInput, roller: Roller) -> TreatmentOutcome:
    """Treat a critical injury (document 003, section 6): one d20."""
    return treatment_outcome(request, roll_check(request.threshold_breakdown(), roller))


class TreatmentAttempt(Frozen):
    """The last attempt of one kind of treatment on one injury."""

    injury_id: str
    kind: TreatmentKind
    at: int = Field(ge=0, description="The second of the campaign clock it began.")


class TreatmentLedger(Frozen):
    """The last treatment attempts on each injury instance, for the once-per-hour and
    once-per-day limits (R-TREAT-02, R-TREAT-04)."""

    window: LimitWindow = "rolling"
    attempts: tuple[TreatmentAttempt, ...] = ()

    def last_attempt(self, injury_id: str, kind: TreatmentKind) -> TreatmentAttempt | None:
        """The last attempt of ``kind`` on the injury, if any."""
        for attempt in self.attempts:
            if (attempt.injury_id, attempt.kind) == (injury_id, kind):
                return attempt
        return None

    def next_allowed_at(self, injury_id: str, kind: TreatmentKind) -> int:
        """The first second at which ``kind`` may be tried on the injury (0: any time)."""
        last = self.last_attempt(injury_id, kind)
        if last is None:
            return 0
        interval = ATTEMPT_INTERVAL_SECONDS[kind]
        if self.window == "calendar":
            return (last.at // interval + 1) * interval
        return last.at + interval

    def ensure_allowed(self, injury_id: str, kind: TreatmentKind, at: int) -> None:
        """Refuse an attempt at second ``at`` that comes too early, saying when it may."""
        if at < 0:
            raise IllegalCommandError(f"an attempt cannot begin at second {at}", field="at")
        allowed = self.next_allowed_at(injury_id, kind)
        if at < allowed:
            last = self.last_attempt(injury_id, kind)
            period = "hour" if kind == "light" else "day"
            raise IllegalCommandError(
                f"{kind} treatment of injury {injury_id!r} was last tried at second "
                f"{last.at if last else '?'}; one attempt per {period} per injury "
                f"({_LIMIT_RULE[kind]}): the next is allowed at second {allowed}",
                field="at",
            )

    def record(self, injury_id: str, kind: TreatmentKind, at: int) -> TreatmentLedger:
        """The ledger after an attempt of ``kind`` on the injury at second ``at``."""
        self.ensure_allowed(injury_id, kind, at)
        others = (a for a in self.attempts if (a.injury_id, a.kind) != (injury_id, kind))
        attempt = TreatmentAttempt(injury_id=injury_id, kind=kind, at=at)
        return self.model_copy(update={"attempts": (*others, attempt)})

    def forget(self, injury_id: str) -> TreatmentLedger:
        """The ledger without the injury (healed: it has no more attempts to limit)."""
        kept = tuple(a for a in self.attempts if a.injury_id != injury_id)
        return self.model_copy(update={"attempts": kept})
