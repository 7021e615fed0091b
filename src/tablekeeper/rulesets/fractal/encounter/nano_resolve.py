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
from tablekeeper.rulesets.fractal.encounter.nano_flow import ATTACKS, opponents
from tablekeeper.rulesets.fractal.encounter.nano_hands import parrying_item
from tablekeeper.rulesets.fractal.encounter.nano_reframe import IGNORERS, ignorable
from tablekeeper.rulesets.fractal.encounter.nano_strike import Hit, Outcome, nano_roll, strike
from tablekeeper.rulesets.fractal.encounter.nano_troupe import chained, synced
from tablekeeper.rulesets.fractal.encounter.rolling import best_stat
from tablekeeper.rulesets.fractal.encounter.state import Conflict
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat

OPPOSED = {
    "stop_short": (
        (Stat.VISUAL, Stat.MEDITATION), (Stat.VISUAL, Stat.PEOPLE),
        "F-COMBAT-NANO-19", "F-COMBAT-NANO-20",
    ),
    "filibuster": (
        (Stat.MEDITATION, Stat.LOGIC), (Stat.LOGIC, Stat.PEOPLE),
        "F-SOCIAL-NANO-18", "F-SOCIAL-NANO-19",
    ),
}  # fmt: skip
"""Stop Short and Filibuster: the opponent's dice-count stats, roll stats, the rules."""


def _opposed(work: Work, conflict: Conflict, mine: Declaration) -> None:
    """Stop Short or Filibuster: opposed by the opponent's unpaid dice; tie to the user
    (G-F-17); the exchange ends at once (G-F-N1)."""
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    assert mine.action is not None
    counts, rolls, rule, again = OPPOSED[mine.action]
    previous = duel.uses_of(mine.character, mine.action, None)
    extra = (Modifier(label="successive use", source=again, tn=previous),) if previous else ()
    check = nano_roll(
        work, conflict, mine.character, mine.action, mine.dice, mine.stat,
        role="stop_short", target=mine.target, extra=extra,
    )  # fmt: skip
    defender = work.state.characters[mine.target]
    count = max(defender.die(stat) for stat in counts) // 2
    opposing = 0
    if count and any(defender.die(stat) for stat in rolls):  # no die to roll: no dice (F-GM-01)
        opposing = nano_roll(
            work, conflict, mine.target, mine.action, count, best_stat(defender, rolls),
            role="stop_short_defense", target=mine.character, against=check.success_level,
        ).success_level  # fmt: skip
    won = check.success_level >= opposing
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
            rule=rule,
        ),
    )
    _count(work, conflict.id, f"{mine.character}|{mine.action}|", "the exchange ends", "G-F-N1")


def _count(work: Work, conflict_id: str, key: str, why: str, rule: str) -> None:
    latest = work.state.conflicts[conflict_id].duel
    assert latest is not None
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict_id,
            duel=latest.model_copy(
                update={"uses": {**latest.uses, key: latest.uses.get(key, 0) + 1}}
            ),
            why=why,
            rule=rule,
        ),
    )


def _gallop(work: Work, conflict: Conflict, mine: Declaration) -> None:
    """Gish Gallop: on a success the opponent's declared action is wasted, its AP lost;
    each one in the conflict at TN + 1 (F-SOCIAL-NANO-07, -08)."""
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    previous = duel.uses_of(mine.character, "gish_gallop", None)
    extra = (
        (Modifier(label="successive Gish Gallop", source="F-SOCIAL-NANO-08", tn=previous),)
        if previous
        else ()
    )
    check = nano_roll(
        work, conflict, mine.character, "gish_gallop", mine.dice, mine.stat,
        role="attack", target=mine.target, extra=extra,
    )  # fmt: skip
    _count(work, conflict.id, f"{mine.character}|gish_gallop|", "Gish Gallop", "G-F-43")
    latest = work.state.conflicts[conflict.id].duel
    assert latest is not None
    theirs = latest.declared.get(mine.target)
    if check.success_level < 1 or theirs is None or theirs.action is None:
        return
    wasted = theirs.model_copy(update={"action": None, "wrap": None, "quick_step": 0})
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict.id,
            duel=latest.model_copy(update={"declared": {**latest.declared, mine.target: wasted}}),
            why=f"Gish Gallop: {mine.target}'s {theirs.action} is wasted",
            rule="F-SOCIAL-NANO-07",
        ),
    )


def _footwork(work: Work, conflict: Conflict, mine: Declaration) -> None:
    """Footwork: Body or Nature at TN 4 (G-F-41); as many opponents attacking it as its
    successes are ignored this exchange, the last seated first, never all of them: their
    attacks on it do not happen (F-COMBAT-NANO-18)."""
    check = nano_roll(
        work, conflict, mine.character, "footwork", mine.dice, mine.stat, role="evasion"
    )
    duel = work.state.conflicts[conflict.id].duel
    assert duel is not None
    attackers = [
        k
        for k in conflict.participants
        if (d := duel.declared.get(k)) is not None
        and d.target == mine.character
        and d.action in ATTACKS
    ]
    ignored = attackers[len(attackers) - min(check.success_level, max(0, len(attackers) - 1)) :]
    if not ignored or not check.success_level:
        return
    declared = dict(duel.declared)
    for key in ignored:
        declared[key] = declared[key].model_copy(update={"action": None, "wrap": None})
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict.id,
            duel=duel.model_copy(update={"declared": declared}),
            why=f"Footwork: {mine.character} ignores {', '.join(ignored)}",
            rule="F-COMBAT-NANO-18" if mine.action == "footwork" else "F-DANCE-NANO-11",
        ),
    )


def _reframe(work: Work, conflict_id: str, seated: list[str]) -> None:
    """Roll each Reframe and Improvise of the Beat, first: the conditions each ignores
    this Beat (F-SOCIAL-NANO-14, F-DANCE-NANO-05, G-F-N9: ``nano_reframe.py``)."""
    ignored: dict[str, tuple[str, ...]] = {}
    conflict = work.state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    for key in seated:
        mine = duel.declared[key]
        if mine.action not in IGNORERS:
            continue
        check = nano_roll(work, conflict, key, mine.action, mine.dice, mine.stat, role="attack")
        chosen = ignorable(work.state.characters[key], mine.action)[: check.success_level]
        if chosen:
            ignored[key] = tuple(chosen)
    if ignored:
        latest = work.state.conflicts[conflict_id].duel
        assert latest is not None
        work.emit(
            nev.DUEL_UPDATED,
            nev.DuelUpdated(
                conflict=conflict_id,
                duel=latest.model_copy(update={"ignored": ignored}),
                why="ignored this Beat: " + ", ".join(f"{k} {len(v)}" for k, v in ignored.items()),
                rule="G-F-N9",
            ),
        )


def _troupe(work: Work, conflict_id: str, seated: list[str]) -> None:
    """Synchronized Movement and the chain's passes, rolled first; the successes they add
    this Beat (F-DANCE-NANO-10, -12, G-F-27: ``nano_troupe.py``)."""
    conflict = work.state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    declared = dict(duel.declared)
    successful: dict[str, str] = {}
    passes: dict[str, str] = {}
    strikers: list[str] = []
    for key in seated:
        mine = declared[key]
        foes = opponents(conflict, key)
        if mine.action == "cannon_chain" and mine.target in foes:
            strikers.append(key)
        if mine.action == "synchronized_movement" or (
            mine.action == "cannon_chain" and mine.target not in foes
        ):
            check = nano_roll(
                work, conflict, key, mine.action, mine.dice, mine.stat,
                role="attack", target=mine.target,
            )  # fmt: skip
            if check.success_level and mine.action == "synchronized_movement":
                successful[key] = conflict.participants[key].side
            elif check.success_level and mine.target is not None:
                passes[key] = mine.target
            if mine.action == "cannon_chain":  # passed on: no attack to strike with
                declared[key] = mine.model_copy(update={"action": None})
    sync = synced(successful)
    chain = chained(passes, strikers)
    if not sync and not chain and declared == duel.declared:
        return
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict_id,
            duel=duel.model_copy(update={"declared": declared, "synced": sync, "chain": chain}),
            why="the troupe: " + ", ".join(f"{k} +{n}" for k, n in {**sync, **chain}.items()),
            rule="G-F-27",
        ),
    )


def _raises(
    work: Work, conflict: Conflict, seated: list[str], declared: dict[str, Declaration]
) -> tuple[dict[str, list[Modifier]], dict[str, str]]:
    """Evasion piles and Block Open: the TN raises they put on the attacks they face."""
    duel = conflict.duel
    assert duel is not None
    raised: dict[str, list[Modifier]] = {}
    for key in seated:
        mine = declared[key]
        if mine.wrap not in ("evasive_attack", "dodge_the_question"):
            continue
        evasion = nano_roll(work, conflict, key, mine.wrap, mine.split, None, role="evasion")
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
        shield = parrying_item(work.state, duel, mine, "block_open")  # F-COMBAT-NANO-14
        block = nano_roll(
            work, conflict, key, "block_open", mine.defense_dice, mine.defense_stat,
            role="block_open", target=attacker, item=shield,
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
    _reframe(work, conflict_id, seated)
    for key in seated:
        mine = declared[key]
        if mine.action in OPPOSED and mine.target in conflict.participants:
            _opposed(work, conflict, mine)
            return
    for key in seated:
        mine = declared[key]
        if mine.action == "gish_gallop" and mine.target in conflict.participants:
            _gallop(work, work.state.conflicts[conflict_id], mine)
    for key in seated:
        if declared[key].action in ("footwork", "formation_shift"):
            _footwork(work, work.state.conflicts[conflict_id], declared[key])
    _troupe(work, conflict_id, seated)
    latest = work.state.conflicts[conflict_id].duel
    assert latest is not None
    declared = latest.declared
    conflict = work.state.conflicts[conflict_id]
    raised, blocked_by = _raises(work, conflict, seated, declared)
    groups = _order(work, conflict, seated, declared)
    outcome = Outcome()
    used: set[str] = set()
    for index, group in enumerate(groups):
        before = {k: max_ap(work.state, work.state.characters[k]).total for k in seated}
        hits: list[Hit] = []
        for key in group:
            lost = outcome.lost.get(key, 0) if index else 0
            hits += strike(
                work, conflict_id, declared[key], raised, used, blocked_by, lost, outcome
            )
        for hit in hits:  # simultaneous: the group's damage after all its rolls
            hit.apply(work, conflict_id, outcome)
        for key in seated:
            after = max_ap(work.state, work.state.characters[key]).total
            outcome.lost[key] = outcome.lost.get(key, 0) + max(0, before[key] - after)
    after_beat(work, conflict_id, seated, declared, outcome)
