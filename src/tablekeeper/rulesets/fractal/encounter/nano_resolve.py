"""Resolving a Beat of a Nano duel (document 000, Chapter 9; rulings G-F-07, G-F-N1..N4).

In order: a Stop Short is rolled first and, won or lost, ends the exchange at once (every
other declaration of the Beat is void, its AP spent: F-COMBAT-NANO-19, G-F-N1); then the
evasion piles and Block Open raise the TNs of the attacks they face ("applied before any
simultaneous attacks", F-COMBAT-NANO-05, -14); then Quick Step: a lone success, or the
most successes, strikes first, and its damage takes from the slower attack as many dice
as it took Max AP (none left: prevented; F-COMBAT-NANO-21, G-F-N2); every other attack
is simultaneous. An attack's success level, less its defense's successes (F-CORE-05),
less armor (G-F-30), reads the zone's damage table (``nano_zones.py``); whether a
technique *succeeded* ignores the defense (the Opposition Rule, F-DANCE-GEN-07, ruled for
every tree: G-F-N3). A defense that brings the attack to zero steals the momentum
(Parry, Slip, Counter), Slip and Counter with bonus dice of the successes left over
(G-F-42). At The Drop the pair's momentum goes to whoever struck harder (G-F-07).
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.checks import Modifier
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.ap import max_ap
from tablekeeper.rulesets.fractal.encounter.duel import Declaration, pair
from tablekeeper.rulesets.fractal.encounter.nano_after import after_beat
from tablekeeper.rulesets.fractal.encounter.nano_flow import ATTACKS
from tablekeeper.rulesets.fractal.encounter.nano_strike import Hit, Outcome, nano_roll, strike
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat
from tablekeeper.rulesets.fractal.encounter.state import Conflict
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat


def _stop_short(work: Work, conflict: Conflict, mine: Declaration) -> None:
    """Stop Short: opposed by the opponent's unpaid dice; tie to the user (G-F-17)."""
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    previous = duel.uses_of(mine.character, "stop_short", None)
    extra = (
        (Modifier(label="successive Stop Short", source="F-COMBAT-NANO-20", tn=previous),)
        if previous
        else ()
    )
    check = nano_roll(
        work, conflict, mine.character, "stop_short", mine.dice, mine.stat,
        role="stop_short", target=mine.target, extra=extra,
    )  # fmt: skip
    defender = work.state.characters[mine.target]
    count = max(defender.die(Stat.VISUAL), defender.die(Stat.MEDITATION)) // 2
    stat = best_stat(defender, (Stat.VISUAL, Stat.PEOPLE))
    answer = nano_roll(
        work, conflict, mine.target, "stop_short", count, stat,
        role="stop_short_defense", target=mine.character, against=check.success_level,
    )  # fmt: skip
    won = check.success_level >= answer.success_level
    holder = mine.character if won else mine.target
    was = duel.holder(mine.character, mine.target)
    how = ("retain" if was == holder else "take") if won else "seize"
    work.emit(
        nev.MOMENTUM,
        nev.MomentumChanged(
            conflict=conflict.id,
            pair=pair(mine.character, mine.target),
            holder=holder,
            how=how,
            rule="F-COMBAT-NANO-19",
        ),
    )
    latest = work.state.conflicts[conflict.id].duel
    assert latest is not None
    key = f"{mine.character}|stop_short|"
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict.id,
            duel=latest.model_copy(update={"uses": {**latest.uses, key: previous + 1}}),
            why="Stop Short ends the exchange",
            rule="G-F-N1",
        ),
    )


def _raises(
    work: Work, conflict: Conflict, seated: list[str], declared: dict[str, Declaration]
) -> tuple[dict[str, list[Modifier]], dict[str, str]]:
    """Evasion piles and Block Open: the TN raises they put on the attacks they face."""
    raised: dict[str, list[Modifier]] = {}
    for key in seated:
        mine = declared[key]
        if mine.wrap != "evasive_attack":
            continue
        evasion = nano_roll(work, conflict, key, "evasive_attack", mine.split, None, role="evasion")
        for other in seated:
            if other != key and declared[other].target == key and evasion.success_level:
                raised.setdefault(other, []).append(
                    Modifier(
                        label=f"{key}'s evasion",
                        source="F-COMBAT-NANO-05",
                        tn=evasion.success_level,
                    )
                )
    blocked_by: dict[str, str] = {}
    for key in seated:
        mine = declared[key]
        if mine.defense != "block_open":
            continue
        attacker = next(
            (k for k in seated if declared[k].target == key and declared[k].action in ATTACKS),
            None,
        )
        if attacker is None or mine.against not in (None, attacker):
            continue
        block = nano_roll(
            work, conflict, key, "block_open", mine.defense_dice, mine.defense_stat,
            role="block_open", target=attacker,
        )  # fmt: skip
        blocked_by[attacker] = key
        if block.success_level:
            raised.setdefault(attacker, []).append(
                Modifier(label="blocked open", source="F-COMBAT-NANO-14", tn=block.success_level)
            )
    return raised, blocked_by


def _order(
    work: Work, conflict: Conflict, seated: list[str], declared: dict[str, Declaration]
) -> list[list[str]]:
    """Quick Step: who strikes first, or everyone at once (F-COMBAT-NANO-21)."""
    attackers = [k for k in seated if declared[k].action in ATTACKS]
    steps = {}
    for key in attackers:
        if declared[key].quick_step:
            steps[key] = nano_roll(
                work, conflict, key, "quick_step", declared[key].quick_step, None, role="quick_step"
            ).success_level
    best = max(steps.values(), default=0)
    leaders = [k for k, s in steps.items() if s == best]
    if best < 1 or len(leaders) != 1:
        return [attackers]  # a tie, or no success: simultaneous resolution
    first = leaders[0]
    return [[first], [k for k in attackers if k != first]]


def resolve(work: Work, conflict_id: str) -> None:
    """Play the Beat out (the module docstring)."""
    conflict = work.state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    declared = duel.declared
    seated = [k for k in conflict.participants if k in declared]
    for key in seated:
        mine = declared[key]
        if mine.action == "stop_short" and mine.target in conflict.participants:
            _stop_short(work, conflict, mine)
            return
    raised, blocked_by = _raises(work, conflict, seated, declared)
    groups = _order(work, conflict, seated, declared)
    outcome = Outcome()
    used: set[str] = set()
    for index, group in enumerate(groups):
        before = {k: max_ap(work.state, work.state.characters[k]).total for k in seated}
        hits: list[Hit] = []
        for key in group:
            lost = outcome.lost.get(key, 0) if index else 0
            hit = strike(work, conflict_id, declared[key], raised, used, blocked_by, lost, outcome)
            if hit is not None:
                hits.append(hit)
        for hit in hits:  # simultaneous: the group's damage after all its rolls
            hit.apply(work, conflict_id, outcome)
        for key in seated:
            after = max_ap(work.state, work.state.characters[key]).total
            outcome.lost[key] = outcome.lost.get(key, 0) + max(0, before[key] - after)
    after_beat(work, conflict_id, seated, declared, outcome)
