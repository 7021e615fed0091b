"""One technique rolled in a Beat, and one attack against its defense and armor.

Document 000, Chapter 9; F-CORE-05 (a defense subtracts), G-F-04 and G-F-30 (margin =
success level - defense - armor), F-DANCE-GEN-07 and G-F-N3 (the Opposition Rule:
whether a technique succeeded ignores the defense), G-F-42 (successes left over).
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.checks import CheckInput, CheckOutcome, Modifier
from tablekeeper.rulesets.fractal.conditions import lookup
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.inflicting import inflict
from tablekeeper.rulesets.fractal.encounter.nano_allies import (
    Guard,
    counterspell_for,
    cover,
    ward_assists,
)
from tablekeeper.rulesets.fractal.encounter.nano_flow import FEINTS, SPELL_STRIKES
from tablekeeper.rulesets.fractal.encounter.nano_hands import parrying_item
from tablekeeper.rulesets.fractal.encounter.nano_magic import (
    area_raise,
    area_targets,
    decay,
    resists,
)
from tablekeeper.rulesets.fractal.encounter.nano_reframe import without_ignored
from tablekeeper.rulesets.fractal.encounter.nano_troupe import with_troupe
from tablekeeper.rulesets.fractal.encounter.nano_zones import table_for, wound, zone_armor
from tablekeeper.rulesets.fractal.encounter.rolling import (
    action_tn,
    best_stat,
    character_check,
    roll,
)
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState, Tool
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat

STEALS = {
    "counterspell": "F-MAGIC-NANO-20",
    "parry": "F-COMBAT-NANO-13",
    "slip": "F-COMBAT-NANO-12",
    "counter": "F-COMBAT-NANO-15",
    "turnabout": "F-SOCIAL-NANO-13",
}
"""The defenses that steal the momentum when they bring the attack to zero."""

BONUS = ("slip", "counter", "turnabout")
"""...and those that also give bonus dice of the successes left over (G-F-42)."""

BEAT_DROPS_AT = 3
"""At 3+ successes a Beat makes the opponent drop the item (F-COMBAT-NANO-04)."""

CHOOSES_DEFENDERS_STAT = ("cite_precedent", "cease_and_desist")
""""you may choose which stat they roll for their reaction" (F-SOCIAL-NANO-20, -22)."""


def technique_check(
    state: FractalState,
    conflict: Conflict,
    key: str,
    technique: str,
    dice: int,
    stat: Stat | None,
    extra: tuple[Modifier, ...] = (),
    item: Tool | None = None,
) -> CheckInput:
    """The check a technique rolls in the Beat (the engine's and the odds', once);
    ``item``: the item that parries (``nano_hands.parrying_item``, F-COMBAT-NANO-13)."""
    character = state.characters[key]
    if conflict.duel is not None:  # Reframe, Improvise: ignored this Beat (G-F-N9)
        character = without_ignored(character, conflict.duel.ignored.get(key, ()))
    action = state.catalogue.actions.action(technique)
    chosen = stat or best_stat(character, action.stats or (Stat.BODY,))
    if conflict.duel is not None and key in conflict.duel.room_read:
        extra = (*extra, Modifier(label="Room Read", source="F-DANCE-NANO-15", dice=1))
    return character_check(
        state,
        character,
        stat=chosen,
        dice=dice,
        tn=action_tn(character, action, item=item),
        tree=conflict.tree,
        action_type=action.primary_type if action.primary_type != "technique" else None,
        ranged=action.ranged,
        extra=extra,
    )


def counterspell_raise(
    state: FractalState, conflict: Conflict, key: str, dice: int, stat: Stat | None, spell_tn: int
) -> tuple[Modifier, ...]:
    """Counterspell's TN: "against an incoming spell ...'s TN + 2" (F-MAGIC-NANO-20,
    G-F-19): the modifier that takes its own TN to ``spell_tn`` + 2 (the roll's and the
    odds', once)."""
    base = technique_check(state, conflict, key, "counterspell", dice, stat).tn
    offset = state.catalogue.actions.action("counterspell").tn_offset
    return (Modifier(label="the spell's TN + 2", source="G-F-19", tn=spell_tn + offset - base),)


def nano_roll(
    work: Work,
    conflict: Conflict,
    key: str,
    technique: str,
    dice: int,
    stat: Stat | None,
    *,
    role: nev.Role,
    target: str | None = None,
    extra: tuple[Modifier, ...] = (),
    against: int | None = None,
    item: Tool | None = None,
) -> CheckOutcome:
    """Roll one technique of the Beat (its TN from the catalogue, the weapon or ``item``,
    the item that parries)."""
    request = technique_check(work.state, conflict, key, technique, dice, stat, extra, item)
    check = roll(work.state, request, work.roller)
    beyond_first = work.state.options.margin == "beyond_first"
    check = with_troupe(conflict, key, technique, check, beyond_first=beyond_first)  # G-F-27
    assert request.stat is not None
    work.emit(
        nev.TECHNIQUE_ROLLED,
        nev.TechniqueRolled(
            conflict=conflict.id,
            character=key,
            technique=technique,
            role=role,
            stat=request.stat,
            target=target,
            check=check,
            against=against,
        ),
    )
    return check


class Outcome:
    """What the Beat's attacks did, for the momentum and the bookkeeping."""

    def __init__(self) -> None:
        self.landed: dict[tuple[str, str], int] = {}
        self.stolen: dict[tuple[str, str], str] = {}
        self.bonus: dict[str, int] = {}
        self.locks: dict[str, list[str]] = {}
        self.drops: dict[str, list[str]] = {}
        self.lost: dict[str, int] = {}
        self.wounded: set[str] = set()
        self.shot: set[str] = set()
        self.drain: dict[str, int] = {}
        self.armor: dict[tuple[str, str], int] = {}
        self.cut_off: dict[str, dict[str, int]] = {}


class Hit:
    """An attack rolled and defended, its damage not yet dealt (simultaneous resolution
    deals a group's damage after the whole group has rolled)."""

    def __init__(self, mine: Declaration, margin: int) -> None:
        self.mine = mine
        self.margin = margin

    def apply(self, work: Work, conflict_id: str, outcome: Outcome) -> None:
        mine = self.mine
        spell = mine.action in SPELL_STRIKES
        if mine.action == "beat" or not self.margin or (mine.zone is None and not spell):
            return
        assert mine.target is not None
        if mine.action == "accelerate_decay":
            decay(work, conflict_id, mine, self.margin)  # an item, not a wound
            return
        wound(work, conflict_id, mine, self.margin)
        outcome.wounded.add(mine.target)


def _defense_of(
    state: FractalState,
    declared: dict[str, Declaration],
    target: str,
    attacker: str,
    zone: str | None,
    used: set[str],
) -> Guard | None:
    """The defense met by ``attacker``'s attack on ``target``: its own, else a partner's
    Cover / Mirror or an ally's Counterspell (``nano_allies``)."""
    found = _own_defense(state, declared, target, attacker, zone, used)
    if found is None:
        found = counterspell_for(state, declared, target, attacker, used)  # F-MAGIC-NANO-20
    return found


def _own_defense(
    state: FractalState,
    declared: dict[str, Declaration],
    target: str,
    attacker: str,
    zone: str | None,
    used: set[str],
) -> Guard | None:
    """The defense ``target`` declared against ``attacker`` (each defends once); one that
    defends a zone (Stonewall: Composure) subtracts nothing from an attack on another."""
    mine = declared.get(target)
    if mine is None or target in used or (mine.defense is None and mine.wrap is None):
        covered = cover(state, declared, target, attacker, used)
        if covered is not None:
            return covered
    if mine is None or target in used:
        return None
    if mine.wrap == "master_strike":
        return "parry", mine.split, None, target  # the parry pile (F-COMBAT-NANO-06)
    dice = mine.split if mine.wrap == "prebuttal" else mine.defense_dice  # F-SOCIAL-NANO-06
    if mine.defense in (None, "block_open") or mine.against not in (None, attacker):
        return None
    if mine.assist is not None:
        return None  # its dice are an ally's Ward's (F-MAGIC-MICRO-07)
    assert mine.defense is not None
    guards = state.catalogue.actions.action(mine.defense).zone
    if guards is not None and guards != zone:
        return None  # F-SOCIAL-NANO-10 .. -12: it defends its own zone
    spell = state.catalogue.actions.action(declared[attacker].action or "cut").is_spell
    if mine.defense in ("ward", "counterspell") and not spell:
        return None  # F-MAGIC-NANO-18, -20: against magic
    if mine.defense == "telekinetic_deflection" and spell:
        return None  # F-MAGIC-NANO-02: "incoming physical attacks"
    if not resists(mine.defense, declared[attacker].action):
        return None  # F-MAGIC-NANO-11, -17: a resistance meets its spells only
    return mine.defense, dice, mine.defense_stat, target


def _defend(
    work: Work, conflict_id: str, mine: Declaration, check: CheckOutcome, used: set[str]
) -> tuple[str | None, int, str]:
    """The defense against this attack, rolled: its name, successes and who rolled it
    (the target, or the partner or ally who reacted for it)."""
    state = work.state
    conflict = state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    attacker, target = mine.character, mine.target
    defense = _defense_of(state, duel.declared, target, attacker, mine.zone, used)
    defended = 0
    name: str | None = None
    roller = target
    if defense is not None:
        name, dice_d, stat_d, roller = defense
        used.add(roller)  # each defends once; a partner's reaction is the partner's
        if mine.action in CHOOSES_DEFENDERS_STAT:  # the attacker picks the worse die
            pair_ = state.catalogue.actions.action(name).stats
            defender = state.characters[roller]
            rolled = [s for s in pair_ if defender.die(s)] or list(pair_)
            stat_d = min(rolled, key=lambda s: (defender.die(s), pair_.index(s)))
        raise_tn: tuple[Modifier, ...] = ()
        if name == "counterspell":  # "the incoming spell's TN + 2" (G-F-19)
            raise_tn = counterspell_raise(state, conflict, roller, dice_d, stat_d, check.tn)
        if name == "ward":  # allies' AP added to it (F-MAGIC-NANO-18, F-MAGIC-MICRO-07)
            raise_tn = ward_assists(duel.declared, target)
        guard = duel.declared.get(roller) or Declaration(character=roller)
        item = parrying_item(state, duel, guard, name)  # F-COMBAT-NANO-13, -15
        answer = nano_roll(
            work, conflict, roller, name, dice_d, stat_d,
            role="defense", target=attacker, against=check.success_level, extra=raise_tn,
            item=item,
        )  # fmt: skip
        defended = answer.success_level
    return name, defended, roller


def strike(
    work: Work,
    conflict_id: str,
    mine: Declaration,
    raised: dict[str, list[Modifier]],
    used: set[str],
    blocked_by: dict[str, str],
    lost: int,
    outcome: Outcome,
) -> list[Hit]:
    """Roll one attack and its defense (the module docstring); ``lost``: dice a faster
    attack's damage took from it (Quick Step, G-F-N2); an area form strikes each opponent
    with the one roll (G-F-N13)."""
    state = work.state
    conflict = state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    assert mine.action is not None
    attacker, target = mine.character, mine.target
    participant = conflict.participants[attacker]
    dice = mine.dice - lost
    if not participant.in_play or state.characters[attacker].life != "up" or dice < 1:
        work.emit(
            nev.STRUCK,
            nev.Struck(
                conflict=conflict_id, attacker=attacker, target=target,
                technique=mine.action, zone=mine.zone, successes=0, margin=0, prevented=True,
            ),
        )  # fmt: skip
        return []
    extra = list(raised.get(attacker, ()))
    bonus = duel.bonus.get(attacker, 0)
    if bonus:
        extra.append(Modifier(label="stolen momentum", source="G-F-42", dice=bonus))
        outcome.bonus[attacker] = 0
    if mine.feint_from is not None:
        technique = FEINTS.get(conflict.tree, "feint")
        feints = duel.uses_of(attacker, technique, target)
        if feints > 1:
            rule = "F-COMBAT-NANO-17" if technique == "feint" else "F-SOCIAL-NANO-05"
            extra.append(Modifier(label=f"successive {technique}", source=rule, tn=feints - 1))
    extra += area_raise(state, state.characters[attacker], mine)  # TN 6 (F-MAGIC-NANO-06)
    check = nano_roll(
        work, conflict, attacker, mine.action, dice, mine.stat,
        role="attack", target=target, extra=tuple(extra),
    )  # fmt: skip
    if mine.action == "shoot":
        outcome.shot.add(attacker)
    hits = []
    for struck in area_targets(state, conflict_id, mine):  # one roll, each defends
        one = mine.model_copy(update={"target": struck})
        hit = _land(work, conflict_id, one, check, used, blocked_by, outcome)
        if hit is not None:
            hits.append(hit)
    return hits


def _land(
    work: Work,
    conflict_id: str,
    mine: Declaration,
    check: CheckOutcome,
    used: set[str],
    blocked_by: dict[str, str],
    outcome: Outcome,
) -> Hit | None:
    """The rolled attack against one target's defense and armor."""
    state = work.state
    conflict = state.conflicts[conflict_id]
    duel = conflict.duel
    assert duel is not None
    assert mine.target is not None
    assert mine.action is not None
    attacker, target = mine.character, mine.target
    name, defended, defender = _defend(work, conflict_id, mine, check, used)
    level = check.success_level
    armor = zone_armor(state, conflict, target, mine.zone)
    after = max(0, level - defended - armor)  # G-F-04, G-F-30
    margin = max(0, after - 1) if state.options.margin == "beyond_first" else after
    table = None
    if mine.zone is not None and mine.action not in ("beat", "cut_off", "bombast"):
        table = table_for(mine.action, mine.zone)
    work.emit(
        nev.STRUCK,
        nev.Struck(
            conflict=conflict_id, attacker=attacker, target=target, technique=mine.action,
            zone=mine.zone, successes=level, defense=defended, armor=armor,
            margin=0 if mine.action == "beat" else margin, table=table,
        ),
    )  # fmt: skip
    _effects(state, mine, name, level, defended, defender, blocked_by, outcome)
    if mine.action == "bombast":
        return _bombast(work, conflict_id, mine, level, defended, outcome)
    if name == "counterspell" and defended >= 1 and level - defended <= 0:
        # "you siezs momentum AND reflect the spell back at the caster": the counterspeller,
        # the target or its ally (F-MAGIC-NANO-20, G-F-N15); "your number of successes over
        # theirs" (G-F-19)
        outcome.stolen[(attacker, defender)] = defender
        reflected = defended - level
        if reflected:
            outcome.landed[(defender, attacker)] = reflected
            back = mine.model_copy(update={"character": defender, "target": attacker})
            return Hit(back, reflected)
        return None
    if name == "center" and defended >= 1:  # "on any number of successes" (G-F-25)
        outcome.armor[(target, "focus")] = outcome.armor.get((target, "focus"), 0) + 1
    if mine.action == "precise_technique" and level >= 1:  # on any success (G-F-N3)
        outcome.armor[(attacker, "technique")] = outcome.armor.get((attacker, "technique"), 0) + 1
    if mine.action == "flashy_technique":
        return _flashy(work, conflict_id, mine, level, margin, outcome)
    if mine.action == "cut_off" and mine.item is not None and margin >= 1:
        banned = {**duel.cut_off.get(target, {}), mine.item: conflict.step + margin}
        outcome.cut_off[target] = banned  # F-SOCIAL-NANO-15
        return None
    if mine.action not in ("beat", "cut_off"):
        outcome.landed[(attacker, target)] = margin
    return Hit(mine, margin)


def _effects(
    state: FractalState,
    mine: Declaration,
    name: str | None,
    level: int,
    defended: int,
    defender: str,
    blocked_by: dict[str, str],
    outcome: Outcome,
) -> None:
    """Momentum stolen (by whoever defended), bonus dice, an item blocked open or beaten
    away."""
    attacker, target = mine.character, mine.target
    assert target is not None
    character = state.characters[attacker]
    if name in STEALS and defended >= 1 and level - defended <= 0:
        outcome.stolen[(attacker, defender)] = defender
        if name in BONUS and defended - level > 0:
            outcome.bonus[defender] = defended - level
    if blocked_by.get(attacker) == target and level == 0:
        weapon = next((t.id for t in character.spec.tools if t.kind == "weapon"), None)
        if weapon is not None:
            outcome.locks.setdefault(attacker, []).append(weapon)  # F-COMBAT-NANO-14
    if mine.action == "beat" and mine.item is not None and level >= 1:  # G-F-N3
        outcome.locks.setdefault(target, []).append(mine.item)
        tool = next((t for t in state.characters[target].spec.tools if t.id == mine.item), None)
        if level >= BEAT_DROPS_AT and tool is not None and not tool.strapped:
            outcome.drops.setdefault(target, []).append(mine.item)


def _flashy(
    work: Work, conflict_id: str, mine: Declaration, level: int, margin: int, outcome: Outcome
) -> Hit | None:
    """Flashy Technique: a hit (the successes reach the number set, the defense aside)
    inflicts the audience condition of the margin and builds 1 Audience Armor; a miss is
    a fall: AP lost as much as the miss, an Impact [1] for every 2 (F-DANCE-NANO-02,
    G-F-24)."""
    attacker = mine.character
    if level >= mine.declared:
        key = (attacker, "audience_attention")
        outcome.armor[key] = outcome.armor.get(key, 0) + 1
        outcome.landed[(attacker, mine.target or "")] = margin
        return Hit(mine, margin)
    missed = mine.declared - level
    character = work.state.characters[attacker]
    work.emit(
        ev.AP_SET,
        ev.ApSet(
            character=attacker,
            ap=max(0, character.ap - missed),
            reason=f"a fall: {missed} AP",
            rule="F-DANCE-NANO-02",
        ),
    )
    for _ in range(missed // 2):
        fall = lookup("physical", "impact", 1, work.state.options, work.catalogue)
        inflict(work, attacker, fall, conflict=conflict_id, by=attacker)
    return None


def _bombast(
    work: Work, conflict_id: str, mine: Declaration, level: int, defended: int, outcome: Outcome
) -> Hit | None:
    """Hit iff the successes reach the declared number, the defense aside; then the
    target's AP next Beat falls by the declared number less the defense; a miss is a
    generic Social condition on oneself of the amount missed (F-SOCIAL-NANO-17, G-F-23)."""
    assert mine.target is not None
    if level >= mine.declared:
        drained = max(0, mine.declared - defended)
        if drained:
            outcome.drain[mine.target] = outcome.drain.get(mine.target, 0) + drained
            outcome.landed[(mine.character, mine.target)] = drained
        return None
    missed = mine.declared - level
    found = lookup("social", "disgraced", missed, work.state.options, work.catalogue)
    inflict(work, mine.character, found, conflict=conflict_id, by=mine.character)
    return None
