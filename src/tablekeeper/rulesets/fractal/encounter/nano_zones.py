"""Target zones, their damage tables and armor (document 000, Chapter 9; G-F-06, G-F-30).

A Cut reads the zone's Cut table, a Thrust or a Shot its Thrust table ("Declare a
thrusting target zone", F-COMBAT-NANO-07); the tables are provisional
(``nano_conditions.yaml``). The weapon's damage rider (its own, else Slashing for a
cut and Piercing for a thrust) makes the deeper rows Lethal and may change the
spillover's kind (F-COMBAT-NANO-01). Armor: a Combat target's physical armor, a Social
one's Social Armor (F-GM-07, "identical to Routine Armor in Dancing or physical Armor in
Combat"), and the Routine Armor it built on that zone (F-DANCE-GEN-08, G-F-26).
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.conditions import ConditionOutcome, SpillOutcome, lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.state import ActiveSpell, Conflict, FractalState
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat


def zone_armor(state: FractalState, conflict: Conflict, target: str, zone: str | None) -> int:
    """The armor between an attack on ``zone`` and ``target`` (G-F-30)."""
    spec = state.characters[target].spec
    base = (
        spec.armor
        if conflict.tree == "combat"
        else spec.social_armor
        if conflict.tree == "social"
        else 0
    )
    participant = conflict.participants.get(target)
    routine = participant.routine_armor.get(zone or "", 0) if participant is not None else 0
    return base + routine


COMBAT_ZONES = ("high", "mid", "low")


def table_for(action: str, zone: str) -> str:
    """The damage table of a Cut, Thrust or Shoot at ``zone`` (F-COMBAT-NANO-01), or a
    zone's own chart (Composure, Credibility, Reputation: F-SOCIAL-GEN-07)."""
    if zone not in COMBAT_ZONES:
        return f"{zone}_nano"
    return f"{zone}_{'cut' if action == 'cut' else 'thrust'}_nano"


def rider_of(state: FractalState, key: str, action: str) -> str:
    """The weapon's damage type, else the attack's default (provisional, G-F-06)."""
    weapon = next((t for t in state.characters[key].spec.tools if t.kind == "weapon"), None)
    if weapon is not None and weapon.damage is not None:
        return weapon.damage
    defaults = state.catalogue.conditions.nano.defaults
    return defaults.get("cut" if action == "cut" else "thrust", "slashing")


def zone_condition(
    state: FractalState, action: str, zone: str, margin: int, rider: str
) -> ConditionOutcome:
    """What ``margin`` inflicts on ``zone`` with ``rider`` (the one definition: the engine
    and the odds read it)."""
    catalogue = state.catalogue
    outcome = lookup(table_for(action, zone), "negative", margin, state.options, catalogue)
    found = catalogue.conditions.nano.riders.get(rider)
    if not outcome.inflicted or found is None or zone not in COMBAT_ZONES:
        return outcome
    update: dict[str, object] = {}
    if found.lethal_from is not None and outcome.severity >= found.lethal_from:
        update |= {"lethal": True, "dressing": found.dressing}
    if found.spillover is not None and outcome.spillover:
        spills = []
        for spill in outcome.spillover:
            domain, kind, _ = catalogue.conditions.generic_kind(found.spillover)
            row = lookup(domain.id, kind.id, spill.severity, state.options, catalogue)
            spills.append(
                SpillOutcome(
                    condition=kind.id,
                    severity=spill.severity,
                    name=row.name or kind.name,
                    table=domain.id,
                    to=spill.to,
                    max_ap_change=row.max_ap_change,
                )
            )
        update["spillover"] = tuple(spills)
        update["total_max_ap_change"] = outcome.max_ap_change + sum(s.max_ap_change for s in spills)
    return outcome.model_copy(update=update) if update else outcome


SPELL_TABLES = {
    "energy_strike": "magical",
    "mind_spike": "mental",
    "phantasm": "mental",
    "empathic_projection": "mental",
}
"""A spell's generic table (F-MAGIC-NANO-01: "a generic elemental condition"; -07: "a
mental condition"); its kind is the declared ``item`` (Burning, Shocked, Hindered...)."""

SPELL_KINDS = {
    "energy_strike": "burning",
    "mind_spike": "mental_strain",
    "phantasm": "disoriented",
    "empathic_projection": "distracted",
}

SPELL_CHARTS = {"phantasm": "phantasm_nano", "empathic_projection": "emotional_nano"}
"""-06 "the phantasm table", -10 "the emotional condition chart": never given, written as
provisional data (``nano_conditions.yaml``, G-F-N12); a declaration naming a Mental kind
(``item``) reads the generic Mental table instead (G-F-06)."""

FALLING = "falling_nano"
"""Lift and Support's "generic falling damage table" (F-DANCE-NANO-08), provisional (G-F-N12)."""


WITHER_SUCCESSES_PER_STEP = 2
"""Wither: one die size per 2 successes (F-MAGIC-NANO-14; rounded down, G-F-35)."""


def _wither(work: Work, conflict_id: str, mine: Declaration, margin: int) -> None:
    """A stat of the target one die size smaller per 2 successes, while sustained; the
    ladder d12 > d10 > d8 > d6 > d4 > 0 (G-F-35)."""
    assert mine.target is not None
    steps = margin // WITHER_SUCCESSES_PER_STEP
    if not steps:
        return
    stat = Stat(mine.item or "body")
    target = work.state.characters[mine.target]
    mage = work.state.characters[mine.character]
    spell = ActiveSpell(
        id=f"{mage.id}-spell-{mage.spells_started + 1}",
        action="wither",
        conflict=conflict_id,
        withered=((mine.target, stat, steps),),
        successes=margin,
    )
    work.emit(ev.SPELL_STARTED, ev.SpellStarted(character=mage.id, spell=spell))
    work.emit(
        nev.WITHERED,
        nev.Withered(character=target.id, stat=stat, reduced=target.reduced.get(stat, 0) + steps),
    )


def wound(work: Work, conflict_id: str, mine: Declaration, margin: int) -> None:
    """Inflict the zone's condition for ``margin`` on the target."""
    if mine.action == "wither":
        _wither(work, conflict_id, mine, margin)
        return
    if mine.action in SPELL_CHARTS and mine.item is None:
        assert mine.target is not None
        found = lookup(
            SPELL_CHARTS[mine.action], "negative", margin, work.state.options, work.catalogue
        )
        inflict(work, mine.target, found, conflict=conflict_id, by=mine.character)
        return
    if mine.action in SPELL_TABLES:
        assert mine.target is not None
        kind = mine.item or SPELL_KINDS[mine.action]
        table = SPELL_TABLES[mine.action]
        found = lookup(table, kind, margin, work.state.options, work.catalogue)
        inflict(work, mine.target, found, conflict=conflict_id, by=mine.character)
        return
    assert mine.target is not None
    assert mine.zone is not None
    assert mine.action is not None
    rider = rider_of(work.state, mine.character, mine.action)
    outcome = zone_condition(work.state, mine.action, mine.zone, margin, rider)
    inflict(work, mine.target, outcome, conflict=conflict_id, by=mine.character)
