"""The healing checklist: every condition a character carries, and how each one heals.

Document 000, 6.1-6.4 and 15.1. Conditions replace Hit Points (F-COND-01); each one
inflicted is a separate :class:`ConditionEntry` with its own damage and recovery,
however many stack (F-COND-08). Physical (and magical) wounds carry Days of Rest
(F-COND-15) that tick down a day per day of rest, a lethal wound only once it is dressed
(F-DOWN-03, F-DOWN-04); a threshold removal (a spell that cures N DoR, Mend Wounds)
removes a condition of N DoR or fewer and never ticks (F-COND-17, F-DOWN-05). Mental and
social wounds have no DoR: their requirements are listed, and they go when the GM rules
them met or a Solo conflict with the successes they ask for succeeds (F-DOWN-06,
F-DOWN-07). These functions are pure: the encounter's fold, the campaign's fold and the
``fractal.downtime`` resolver all use them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import Field

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.stats import Stat
from tablekeeper.rulesets.fractal.tables import Polarity, Recovery

Lasts = Literal["until_healed", "next_scene", "next_micro_conflict", "conflict"]
RemovedBy = Literal[
    "rest", "threshold", "mend_wounds", "healer", "ruling", "solo", "conflict_end", "scene_end"
]


class AppliedDice(Frozen):
    """Dice a condition adds to (or takes from) one stat's rolls, once the "or" is chosen."""

    stat: Stat
    dice: int
    when: str | None = None


class ConditionEntry(Frozen):
    """One line of the healing checklist (F-DOWN-02): a condition as it was inflicted."""

    id: str = Field(min_length=1, description="Unique among the character's conditions.")
    name: str
    table: str
    kind: str
    polarity: Polarity
    severity: int = Field(ge=1, le=4)
    rule: str | None = None
    tree: str | None = Field(default=None, description="A Specific condition's tree (F-COND-02).")
    also_trees: tuple[str, ...] = Field(
        default=(), description="Trees the GM rules similar (F-COND-03)."
    )
    max_ap_change: int = 0
    in_social_scenes_only: bool = False
    temporary_ap: int = 0
    temporary_ap_use: str = "any"
    dice: tuple[AppliedDice, ...] = ()
    cancels_circumstance_penalties: int = 0
    macro_rerolls: int = 0
    ignores_social_armor: bool = False
    restores_die_sizes: int = Field(default=0, ge=0, description="Refreshed: sizes it restores.")
    rank_bonus: dict[str, int] = Field(
        default_factory=dict, description="Rank added to actions rolling a stat (G-F-44)."
    )
    scenes_left: int | None = Field(default=None, description="Scenes a positive one lasts.")
    lethal: bool = False
    dressing: str | None = None
    dressed: bool = False
    dor: int | None = Field(default=None, ge=0, description="Days of Rest left.")
    recovery: Recovery = Field(default_factory=Recovery)
    lasts: Lasts = "until_healed"
    ends_with: str | None = Field(default=None, description="The conflict it ends with.")
    pending: bool = Field(default=False, description="A positive condition not yet in effect.")
    suppressed: bool = Field(default=False, description="Suppressed by Naturalism.")
    spillover_of: str | None = None
    conflict: str | None = Field(default=None, description="The conflict that inflicted it.")
    by: str | None = Field(default=None, description="Who inflicted it.")
    provisional: bool = False

    @property
    def label(self) -> str:
        """``Tired [1]``."""
        return f"{self.name} [{self.severity}]"

    def applies_in(self, tree: str | None) -> bool:
        """Whether its penalties count in a conflict of ``tree``: a Generic condition
        everywhere, a Specific one in its own tree and those the GM ruled similar."""
        if self.suppressed or self.pending:
            return False
        return self.tree is None or tree in (self.tree, *self.also_trees)

    def max_ap_in(self, tree: str | None, *, social_scenes_only_ruling: bool = True) -> int:
        """Its Max AP change in a conflict of ``tree`` (G-F-15 for the social scenes)."""
        if not self.applies_in(tree):
            return 0
        if self.in_social_scenes_only and social_scenes_only_ruling and tree != "social":
            return 0
        return self.max_ap_change


class Removed(Frozen):
    """A condition removed, and why."""

    id: str
    name: str
    by: RemovedBy
    rule: str


class DorTick(Frozen):
    """What a rest did to one condition's Days of Rest."""

    id: str
    dor: int
    breakdown: Breakdown


def threshold_removal(
    entries: Sequence[ConditionEntry],
    threshold: int,
    *,
    by: RemovedBy = "threshold",
    rule: str = "F-COND-17",
) -> tuple[list[ConditionEntry], list[Removed]]:
    """Remove every condition whose DoR is ``threshold`` or fewer; nothing ticks
    (F-COND-17, F-DOWN-05). Conditions without DoR are untouched (G-F-34)."""
    kept: list[ConditionEntry] = []
    removed: list[Removed] = []
    for entry in entries:
        if entry.dor is not None and entry.dor <= threshold:
            removed.append(Removed(id=entry.id, name=entry.name, by=by, rule=rule))
        else:
            kept.append(entry)
    return kept, removed


def rest(
    entries: Sequence[ConditionEntry], days: int
) -> tuple[list[ConditionEntry], list[Removed], list[DorTick]]:
    """``days`` of rest: each DoR ticks down a day per day, a lethal wound's only once
    dressed; a wound at 0 DoR is healed (F-DOWN-03, F-DOWN-04)."""
    kept: list[ConditionEntry] = []
    removed: list[Removed] = []
    ticks: list[DorTick] = []
    for entry in entries:
        if entry.dor is None:
            kept.append(entry)
            continue
        terms = [Contribution(amount=entry.dor, label="DoR before", source="F-COND-15")]
        if entry.lethal and not entry.dressed:
            terms.append(Contribution(amount=0, label="lethal, not dressed", source="F-DOWN-04"))
        else:
            rested = min(days, entry.dor)
            terms.append(
                Contribution(amount=-rested, label=f"{days} days of rest", source="F-DOWN-03")
            )
        breakdown = Breakdown.of(*terms)
        ticks.append(DorTick(id=entry.id, dor=breakdown.total, breakdown=breakdown))
        if breakdown.total == 0:
            removed.append(Removed(id=entry.id, name=entry.name, by="rest", rule="F-DOWN-03"))
        else:
            kept.append(entry.model_copy(update={"dor": breakdown.total}))
    return kept, removed, ticks


def dress(entries: Iterable[ConditionEntry], condition_id: str) -> list[ConditionEntry]:
    """The checklist with ``condition_id`` dressed (F-COND-20)."""
    return [
        entry.model_copy(update={"dressed": True}) if entry.id == condition_id else entry
        for entry in entries
    ]


def undressed_lethal(entries: Iterable[ConditionEntry]) -> list[ConditionEntry]:
    """The lethal-tagged conditions not yet dressed (what the Golden Hour waits on)."""
    return [entry for entry in entries if entry.lethal and not entry.dressed]
