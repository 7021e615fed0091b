"""Breakdowns: every derived number explains itself (ARCHITECTURE.md, idea 8).

Every ruleset uses them: a check's threshold, an effective skill, a critical-injury
total, a Rest Score are each computed together with the list of their contributions,
each with its amount, what it is, and its source (the rule id from
``rules/CATALOG.md``, an option or a ruling). A contribution the player may not see (a
hidden modifier, R-TEST-04) is marked ``hidden``, and :meth:`Breakdown.visible` leaves it
out.

>>> threshold = Breakdown.of(
...     Contribution(amount=12, label="Psychology", source="R-TEST-01"),
...     Contribution(amount=2, label="hidden modifier", source="R-TEST-04", hidden=True),
... )
>>> threshold.total, threshold.visible().total
(14, 12)
"""

from __future__ import annotations

from pydantic import Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import Frozen


class Contribution(Frozen):
    """One term of a derived number: how much, what it is, and the rule it comes from."""

    amount: int
    label: str = Field(description="What the term is: 'Acrobatics', 'light treatment bonus'.")
    source: str = Field(description="A rule id from rules/CATALOG.md, an option or a ruling.")
    hidden: bool = Field(default=False, description="Known to the GM only (R-TEST-04).")


class Breakdown(Frozen):
    """A derived number and its contributions, in order; the total is their sum."""

    total: int
    contributions: tuple[Contribution, ...]

    @model_validator(mode="after")
    def _total_is_the_sum(self) -> Breakdown:
        added = sum(term.amount for term in self.contributions)
        if added != self.total:
            raise ValueError(f"the contributions add up to {added}, not to the total {self.total}")
        return self

    @classmethod
    def of(cls, *contributions: Contribution) -> Breakdown:
        """The breakdown whose total is the sum of ``contributions`` (on the engine's fast
        paths, of contributions already validated, built without checking that sum
        again: ``engine/fast_paths.py``)."""
        total = sum(term.amount for term in contributions)
        if fast_paths.enabled() and all(type(term) is Contribution for term in contributions):
            return cls.trusted(total=total, contributions=contributions)
        return cls(total=total, contributions=contributions)

    def plus(self, *contributions: Contribution) -> Breakdown:
        """This breakdown with ``contributions`` added at the end."""
        return Breakdown.of(*self.contributions, *contributions)

    def visible(self) -> Breakdown:
        """What a player may see: the same breakdown without its hidden contributions."""
        return Breakdown.of(*(term for term in self.contributions if not term.hidden))

    @property
    def has_hidden(self) -> bool:
        """Whether any contribution is known to the GM only."""
        return any(term.hidden for term in self.contributions)
