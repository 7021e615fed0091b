"""Downtime healing: days of rest and threshold removals over a healing checklist.

Document 000, 15.1 and 6.3, and Mend Wounds (F-MAGIC-NANO-12, F-MAGIC-NANO-13). In one
downtime, the threshold removals come first, as they are instant (a spell that cures
``cure_dor``, Mend Wounds at 3 DoR per success, a healer "taking their time" at 3 DoR per
Rank), each binary (F-DOWN-05); then every remaining wound with Days of Rest ticks down
one per day of rest, a lethal one only if dressed (F-DOWN-03, F-DOWN-04). Conditions
without DoR (mental, social) are untouched (F-DOWN-06, G-F-34). The same functions fold a
campaign's downtime events (:mod:`~tablekeeper.rulesets.fractal.campaign`).
"""

from __future__ import annotations

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.healing import ConditionEntry, Removed, rest, threshold_removal

MEND_DOR_PER_SUCCESS = 3
"""Mend Wounds removes conditions of DoR up to successes x 3 (F-MAGIC-NANO-12)."""

HEALER_DOR_PER_RANK = 3
"""Taking their time, a mage removes conditions of DoR up to Rank x 3 (F-MAGIC-NANO-13)."""


class DowntimeCondition(Frozen):
    """A line of the checklist as the resolver takes it."""

    name: str = Field(min_length=1)
    dor: int | None = Field(default=None, ge=0, description="None: no Days of Rest (mental...).")
    lethal: bool = False
    dressed: bool = False
    id: str | None = None


class DowntimeInput(Frozen):
    """The checklist, the days of rest, and any threshold healing."""

    conditions: tuple[DowntimeCondition, ...] = ()
    days: int = Field(default=0, ge=0, le=36_500)
    cure_dor: int | None = Field(default=None, ge=0, description="A spell that cures N DoR.")
    mend_wounds_successes: int | None = Field(default=None, ge=0, le=60)
    healer_rank: int | None = Field(default=None, ge=0, le=10)


class RemainingCondition(Frozen):
    """A condition still on the checklist, with its DoR and how it came to be."""

    name: str
    dor: int | None
    lethal: bool
    dressed: bool
    id: str
    breakdown: Breakdown | None = None


class DowntimeOutcome(Frozen):
    """What remains, and what went."""

    conditions: tuple[RemainingCondition, ...]
    removed: tuple[Removed, ...]


def thresholds(request: DowntimeInput) -> list[tuple[int, str, str]]:
    """Each threshold removal of the downtime: (DoR threshold, by, rule)."""
    found: list[tuple[int, str, str]] = []
    if request.cure_dor is not None:
        found.append((request.cure_dor, "threshold", "F-COND-17"))
    if request.mend_wounds_successes is not None:
        found.append(
            (request.mend_wounds_successes * MEND_DOR_PER_SUCCESS, "mend_wounds", "F-MAGIC-NANO-12")
        )
    if request.healer_rank is not None:
        found.append((request.healer_rank * HEALER_DOR_PER_RANK, "healer", "F-MAGIC-NANO-13"))
    return found


def heal(
    entries: list[ConditionEntry],
    *,
    days: int,
    removals: list[tuple[int, str, str]],
) -> tuple[list[ConditionEntry], list[Removed], dict[str, Breakdown]]:
    """The checklist after a downtime: threshold removals, then the days of rest."""
    removed: list[Removed] = []
    for threshold, by, rule in removals:
        entries, gone = threshold_removal(entries, threshold, by=by, rule=rule)  # type: ignore[arg-type]
        removed += gone
    breakdowns: dict[str, Breakdown] = {}
    if days:
        entries, gone, ticks = rest(entries, days)
        removed += gone
        breakdowns = {tick.id: tick.breakdown for tick in ticks}
    return entries, removed, breakdowns


def _entries(request: DowntimeInput) -> list[ConditionEntry]:
    return [
        ConditionEntry(
            id=line.id or f"{index + 1}",
            name=line.name,
            table="checklist",
            kind="checklist",
            polarity="negative",
            severity=1,
            dor=line.dor,
            lethal=line.lethal,
            dressed=line.dressed,
            dressing="as its table says" if line.lethal else None,
        )
        for index, line in enumerate(request.conditions)
    ]


def _downtime_odds(request: DowntimeInput) -> OutcomeOdds:
    outcome = resolve_downtime(request)
    return OutcomeOdds.of({f"{len(outcome.removed)} removed": 1})


def resolve_downtime(request: DowntimeInput) -> DowntimeOutcome:
    """The downtime's effect on the checklist."""
    kept, removed, breakdowns = heal(
        _entries(request), days=request.days, removals=thresholds(request)
    )
    return DowntimeOutcome(
        conditions=tuple(
            RemainingCondition(
                name=entry.name,
                dor=entry.dor,
                lethal=entry.lethal,
                dressed=entry.dressed,
                id=entry.id,
                breakdown=breakdowns.get(entry.id),
            )
            for entry in kept
        ),
        removed=tuple(removed),
    )


@resolver(
    "fractal.downtime",
    summary="Days of rest and threshold healing over a healing checklist.",
    odds=_downtime_odds,
    example={
        "conditions": [{"name": "Gash", "dor": 10}, {"name": "Battered", "dor": 7}],
        "days": 7,
        "cure_dor": 3,
        "mend_wounds_successes": 2,
    },
)
def downtime(request: DowntimeInput, roller: Roller) -> DowntimeOutcome:
    """Heal the checklist (nothing is rolled)."""
    return resolve_downtime(request)
