"""Critical injuries: the roll and the table of rule document 003, sections 2 and 3.

A creature that leaves the negative-HP state (stabilized or healed, R-LIFE-04) rolls
``1d100 + (n_wounds + 1) * (d + npv)`` (R-CRIT-01, R-CRIT-02): ``n_wounds`` is its number
of critical injuries not yet healed, ``d`` the whole seconds it spent at negative HP and
``npv`` the absolute value of its HP at that moment (rulings G-R-05, G-R-06). A total of
176 or more kills it (R-CRIT-03); below, the table names the injury and the modifier of
the checks to treat it (R-CRIT-04 .. R-CRIT-07). After 175 seconds at negative HP the
creature is dead without any roll (R-LIFE-03): no die is rolled.

:func:`critical_injury_result` is the one definition; the roll and the exact odds
(:func:`critical_injury_odds`, by enumerating the 100 faces) both go through it. When a
critical injury is due is the encounter engine's business (R-LIFE-04, R-STAB-01/02).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from pydantic import Field

from tablekeeper.dice.roller import Die, Roller
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.memo import built
from tablekeeper.engine.resolvers import OutcomeOdds, resolver
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.realtime.options import RealtimeOptions
from tablekeeper.rulesets.realtime.tables import CriticalInjuryTable, critical_injury_table

D100 = Die(100)
"""The die of the critical injury roll."""

AUTOMATIC_DEATH_SECONDS = 175
"""Seconds at negative HP after which a creature dies without a roll (R-LIFE-03, G-R-05)."""

DEATH = "death"
"""The outcome label of death in the exact odds."""


class CriticalInjuryInput(Frozen):
    """The variables of the roll (R-CRIT-01), at the moment the creature leaves negative HP."""

    n_wounds: int = Field(
        default=0, ge=0, description="Critical injuries it already has, not yet healed."
    )
    seconds_negative: int = Field(
        ge=0, description="d: whole seconds spent at negative HP (G-R-05)."
    )
    negative_hp: int = Field(
        ge=0, description="npv: the absolute value of its negative HP (-6 HP -> 6)."
    )

    @property
    def modifier(self) -> int:
        """``(n_wounds + 1) * (d + npv)``, added to the d100 (R-CRIT-02)."""
        return (self.n_wounds + 1) * (self.seconds_negative + self.negative_hp)

    @property
    def automatic_death(self) -> bool:
        """175 seconds or more at negative HP: dead, no roll (R-LIFE-03)."""
        return self.seconds_negative >= AUTOMATIC_DEATH_SECONDS

    def modifier_contribution(self) -> Contribution:
        """The modifier as a term of the total, saying how it was computed."""
        return Contribution(
            amount=self.modifier,
            label=(
                f"(n_wounds + 1) × (d + npv) = ({self.n_wounds} + 1) × "
                f"({self.seconds_negative} + {self.negative_hp})"
            ),
            source="R-CRIT-02",
        )


class CriticalInjuryOutcome(Frozen):
    """The roll's total and the injury it names, or death."""

    die: int | None = Field(description="The d100, or null when death came without a roll.")
    total: int | None = Field(description="die + modifier; null when there was no roll.")
    modifier: int = Field(description="(n_wounds + 1) × (d + npv).")
    dead: bool
    automatic_death: bool = Field(description="Dead after 175 s at negative HP, no roll.")
    injury: str | None = Field(description="The injury's name; null when dead.")
    test_modifier: int | None = Field(description="The table's Test Modifier; null when dead.")
    breakdown: Breakdown | None = Field(description="The total's terms; null with no roll.")

    @property
    def label(self) -> str:
        """The injury's name, or ``'death'``: the outcome label of the exact odds."""
        return self.injury if self.injury is not None else DEATH


def critical_injury_result(
    request: CriticalInjuryInput, die: int | None, table: CriticalInjuryTable | None = None
) -> CriticalInjuryOutcome:
    """The rule itself: the outcome for a d100 ``die`` (``None`` only for automatic death)."""
    table = table or critical_injury_table()
    if request.automatic_death:
        return CriticalInjuryOutcome(
            die=None,
            total=None,
            modifier=request.modifier,
            dead=True,
            automatic_death=True,
            injury=None,
            test_modifier=None,
            breakdown=None,
        )
    if die is None or die not in D100:
        raise ValueError(f"the critical injury roll needs a d100 face, not {die!r}")
    breakdown = Breakdown.of(
        Contribution(amount=die, label="1d100", source="R-CRIT-02"),
        request.modifier_contribution(),
    )
    row = table.row_for(breakdown.total)
    return CriticalInjuryOutcome(
        die=die,
        total=breakdown.total,
        modifier=request.modifier,
        dead=row is None,
        automatic_death=False,
        injury=None if row is None else row.injury,
        test_modifier=None if row is None else row.test_modifier,
        breakdown=breakdown,
    )


def critical_injury_odds(
    request: CriticalInjuryInput, table: CriticalInjuryTable | None = None
) -> OutcomeOdds:
    """The exact chance of each injury the roll can give, in table order, then of death
    (always listed, perhaps at 0)."""
    if request.automatic_death:
        return OutcomeOdds.of({DEATH: 1})
    table = table or critical_injury_table()
    counts: dict[str, int] = {}
    for face in D100.faces:
        label = critical_injury_result(request, face, table).label
        counts[label] = counts.get(label, 0) + 1
    order = [*(name for name in table.injuries if name in counts), DEATH]
    return OutcomeOdds.of({label: Fraction(counts.get(label, 0), D100.sides) for label in order})


def death_chance(request: CriticalInjuryInput) -> Fraction:
    """The exact chance that the creature dies if it leaves negative HP now (R-CRIT-03)."""
    return critical_injury_odds(request)[DEATH]


@resolver(
    "realtime.critical_injury",
    summary="Critical injury roll: 1d100 + (n_wounds + 1) × (d + npv) on the injury table.",
    odds=critical_injury_odds,
    example={"n_wounds": 1, "seconds_negative": 5, "negative_hp": 3},
)
def critical_injury(request: CriticalInjuryInput, roller: Roller) -> CriticalInjuryOutcome:
    """Roll the critical injury (document 003, section 2); no die after 175 s (R-LIFE-03)."""
    if request.automatic_death:
        return critical_injury_result(request, None)
    return critical_injury_result(request, roller.roll(D100))


def critical_injury_rolled(request: CriticalInjuryInput, roller: Roller) -> CriticalInjuryOutcome:
    """:func:`critical_injury`: the d100 rolled (none after 175 s at negative HP). The
    outcome is a frozen value, a pure function of the request and the face, so on the
    fast paths it is built once for an equal request and face (``engine/memo.built``): a
    simulation's dying creatures leave negative HP alike trial after trial.
    ``tests/rulesets/realtime/test_fast_paths.py`` holds it to :func:`critical_injury`
    for every face of varied requests."""
    die = None if request.automatic_death else roller.roll(D100)
    return built(
        ("realtime.critical_injury", request, die),
        lambda: critical_injury_result(request, die),
    )


def injury_check_penalties(
    symptomatic: Iterable[str], options: RealtimeOptions | None = None
) -> tuple[Contribution, ...]:
    """The penalties symptomatic injuries put on a creature's every check, as terms to add to
    a threshold: none by default (the column penalises treatment only), the table's Test
    Modifier of each injury with ``injury_modifier_scope='all_checks'`` (G-R-03)."""
    if (options or RealtimeOptions()).injury_modifier_scope != "all_checks":
        return ()
    table = critical_injury_table()
    return tuple(
        Contribution(
            amount=row.test_modifier,
            label=f"{row.injury} (critical injury)",
            source="G-R-03 (injury_modifier_scope=all_checks)",
        )
        for row in (table.row_named(name) for name in symptomatic)
        if row.test_modifier
    )
