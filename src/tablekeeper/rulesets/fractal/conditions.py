"""The Condition API's lookup: a table, a kind and a number of successes -> a condition.

Document 000, Chapters 6, 17 and 18. The generic tables are indexed by domain
(``physical``, ``mental``, ``social``, ``magical``) and kind (``impact``, ``fatigue``,
``refreshed``...), the Micro tables (``combat_micro``, ``dancing_micro``,
``social_micro``) by ``negative`` or ``positive``. Severity is the successes, at most 4;
0 successes inflict nothing (G-F-08). A spillover is a second condition of its own row,
tracked separately, and counts in the total Max AP change (G-F-10). :func:`lookup` is the
one definition; the ``fractal.condition`` resolver and the encounter engine both use it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.dice.roller import Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.fractal.catalogue import Catalogue, default_catalogue
from tablekeeper.rulesets.fractal.once import for_catalogue
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.tables import ConditionRow, DiceChange, Polarity, Recovery

TableName = str
"""``physical``, ``mental``, ``social``, ``magical``, or a Micro table: ``combat_micro``..."""


class ConditionInput(Frozen):
    """Which table, which column, how many successes (after the target's defenses)."""

    table: TableName = Field(min_length=1, examples=["physical", "combat_micro"])
    kind: str = Field(
        min_length=1,
        description="The column: impact, fatigue, refreshed...; 'negative' or 'positive' "
        "for a Micro table.",
    )
    successes: int = Field(ge=0, le=100)
    options: FractalOptions = Field(default_factory=FractalOptions)


class SpillOutcome(Frozen):
    """A spillover, resolved from its own row (G-F-10)."""

    condition: str = Field(description="The generic kind: fatigue, distracted...")
    severity: int
    name: str
    table: str
    to: Literal["target", "attacker"]
    max_ap_change: int
    label: str | None = None


class ConditionOutcome(Frozen):
    """The condition a table gives: its effects, recovery, spillovers and their total."""

    table: str
    kind: str
    polarity: Polarity | None
    name: str | None = Field(description="None when the successes inflict nothing.")
    severity: int
    rule: str | None
    max_ap_change: int
    temporary_ap: int
    temporary_ap_use: Literal["any", "proactive", "magical_or_proactive", "social_entry"]
    dice_changes: tuple[DiceChange, ...]
    restores_die_sizes: int
    restore_mode: Literal["or", "and"]
    spillover: tuple[SpillOutcome, ...]
    total_max_ap_change: int
    total_breakdown: Breakdown
    recovery: Recovery
    lethal: bool
    dressing: str | None
    in_social_scenes_only: bool
    cancels_circumstance_penalties: int = 0
    macro_rerolls: int = 0
    ignores_social_armor: bool = False
    flips: bool = False
    zero_ap: str | None = Field(default=None, description="A Micro table's zero-AP translation.")
    tree: str | None = Field(default=None, description="A Specific condition's tree.")
    provisional: bool = False

    @property
    def inflicted(self) -> bool:
        """Whether the successes inflict anything."""
        return self.name is not None


def severity_of(successes: int) -> int:
    """Successes to Severity: at most 4, 0 for none (G-F-08).

    >>> [severity_of(n) for n in (0, 1, 3, 4, 5, 9)]
    [0, 1, 3, 4, 4, 4]
    """
    return max(0, min(4, successes))


def _resolve_kind(catalogue: Catalogue, name: str, options: FractalOptions) -> str:
    key = name.strip().lower().replace(" ", "_")
    if key == "knockdown":  # G-F-16
        return options.knockdown
    return catalogue.conditions.generic_kind(key)[1].id


def _row(
    catalogue: Catalogue, table: str, kind: str, severity: int, options: FractalOptions
) -> tuple[ConditionRow, str, Polarity, str, bool, str | None, str | None, str | None]:
    """The row, its name, polarity, canonical kind, social-only flag, dressing, zero-AP
    translation and tree for ``table``/``kind`` at ``severity``."""
    tables = catalogue.conditions
    if table in tables.micro_ids or table in tables.nano_ids:
        micro = tables.micro_table(table)
        if kind not in ("negative", "positive"):
            raise InvalidInputError(
                f"a Micro table's kind is 'negative' or 'positive', not {kind!r}", field="kind"
            )
        polarity: Polarity = "negative" if kind == "negative" else "positive"
        row = micro.row(polarity, severity)
        dressing = row.dressing or (micro.dressing if polarity == "negative" else None)
        return row, row.name or "", polarity, kind, False, dressing, micro.zero_ap.text, micro.tree
    domain = tables.domain(table)
    canonical = _resolve_kind(catalogue, kind, options)
    found, kind_def, polarity = tables.generic_kind(canonical)
    if found.id != domain.id:
        raise InvalidInputError(
            f"{kind!r} is a {found.id} condition, not a {domain.id} one", field="kind"
        )
    row = domain.row(polarity, severity)
    name = row.names[kind_def.id] if polarity == "negative" else kind_def.name
    social_only = domain.max_ap_in_social_scenes_only and polarity == "negative"
    return row, name, polarity, kind_def.id, social_only, row.dressing, None, None


def _spill(
    catalogue: Catalogue, spill_kind: str, severity: int, options: FractalOptions
) -> tuple[ConditionRow, str, str]:
    domain, kind_def, polarity = catalogue.conditions.generic_kind(spill_kind)
    row = domain.row(polarity, severity)
    name = row.names[kind_def.id] if polarity == "negative" else kind_def.name
    return row, name, domain.id


def lookup(
    table: str,
    kind: str,
    successes: int,
    options: FractalOptions | None = None,
    catalogue: Catalogue | None = None,
) -> ConditionOutcome:
    """The condition ``successes`` give on ``table`` in column ``kind`` (the one definition;
    a pure function of its arguments, built once for them on the fast paths: ``once.py``)."""
    options = options or FractalOptions()
    catalogue = catalogue or default_catalogue()
    return for_catalogue(
        catalogue,
        ("fractal.lookup", table, kind, successes, options),
        lambda: _lookup(table, kind, successes, options, catalogue),
    )


def _lookup(
    table: str, kind: str, successes: int, options: FractalOptions, catalogue: Catalogue
) -> ConditionOutcome:
    severity = severity_of(successes)
    if severity == 0:
        # Still check the names, so a typo is an error even on a miss.
        _row(catalogue, table, kind, 1, options)
        return ConditionOutcome(
            table=table,
            kind=kind,
            polarity=None,
            name=None,
            severity=0,
            rule=None,
            max_ap_change=0,
            temporary_ap=0,
            temporary_ap_use="any",
            dice_changes=(),
            restores_die_sizes=0,
            restore_mode="and",
            spillover=(),
            total_max_ap_change=0,
            total_breakdown=Breakdown.of(),
            recovery=Recovery(),
            lethal=False,
            dressing=None,
            in_social_scenes_only=False,
        )
    row, name, polarity, canonical, social_only, dressing, zero_ap, tree = _row(
        catalogue, table, kind, severity, options
    )
    spills: list[SpillOutcome] = []
    for spill in row.spillover:
        spill_row, spill_name, spill_table = _spill(
            catalogue, spill.condition, spill.severity, options
        )
        spill_kind = catalogue.conditions.generic_kind(spill.condition)[1].id
        spills.append(
            SpillOutcome(
                condition=spill_kind,
                severity=spill.severity,
                name=spill_name,
                table=spill_table,
                to=spill.to,
                max_ap_change=spill_row.max_ap_change,
                label=spill.label,
            )
        )
    terms = [Contribution(amount=row.max_ap_change, label=f"{name} [{severity}]", source=row.rule)]
    if options.spillover == "condition":
        terms += [
            Contribution(
                amount=spill.max_ap_change,
                label=f"spillover {spill.name} [{spill.severity}]",
                source="G-F-10",
            )
            for spill in spills
            if spill.to == "target" and spill.max_ap_change
        ]
    use: Literal["any", "proactive", "magical_or_proactive", "social_entry"] = row.temporary_ap_use
    if use == "proactive" and options.vitalized_spend == "magical_or_proactive":
        use = "magical_or_proactive"  # G-F-13
    total = Breakdown.of(*terms)
    return ConditionOutcome(
        table=table,
        kind=canonical,
        polarity=polarity,
        name=name,
        severity=severity,
        rule=row.rule,
        max_ap_change=row.max_ap_change,
        temporary_ap=row.temporary_ap,
        temporary_ap_use=use,
        dice_changes=row.dice_changes,
        restores_die_sizes=row.restores_die_sizes,
        restore_mode=row.restore_mode,
        spillover=tuple(spills),
        total_max_ap_change=total.total,
        total_breakdown=total,
        recovery=row.recovery,
        lethal=row.lethal,
        dressing=dressing,
        in_social_scenes_only=social_only,
        cancels_circumstance_penalties=row.cancels_circumstance_penalties,
        macro_rerolls=row.macro_rerolls,
        ignores_social_armor=row.ignores_social_armor,
        flips=row.flips,
        zero_ap=zero_ap,
        tree=tree,
        provisional=row.provisional or row.recovery.provisional,
    )


def _condition_odds(request: ConditionInput) -> OutcomeOdds:
    outcome = lookup(request.table, request.kind, request.successes, request.options)
    return OutcomeOdds.of({outcome.name or "none": 1})


@resolver(
    "fractal.condition",
    summary="The condition a table gives for a number of successes, with its spillovers.",
    odds=_condition_odds,
    example={"table": "magical", "kind": "shocked", "successes": 2},
)
def condition(request: ConditionInput, roller: Roller) -> ConditionOutcome:
    """Look the successes up on the table (document 000, Chapters 17 and 18): nothing is
    rolled."""
    return lookup(request.table, request.kind, request.successes, request.options)


__all__ = ["ConditionInput", "ConditionOutcome", "SpillOutcome", "condition", "lookup"]
