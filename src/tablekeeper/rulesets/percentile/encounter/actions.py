"""The actions of a turn that need no procedure of their own (P-ACT-01 .. P-ACT-24),
and the free actions (P-REA-02 .. P-REA-04).

Each spends its action (an ``action_taken`` event) and records what it did. Aim stacks
twice in a row, never a third time (P-ACT-02); Defend holds a defense until the next
turn (P-ACT-06); Disengage from Melee (P-ACT-09) and from Spirit Combat (P-ACT-10) are
replaced by a Defend and a Spirit Combat action; Equip in melee by a Defend with Dodge
or Shield only (P-ACT-11); Rally rolls Battlefield or CHA, whichever is best, -40% after
another's Rally this round (P-ACT-21, P-ACT-22); Wait lowers the turn order without
spending an action (P-ACT-24); Step is once a round without a Move (P-REA-03); Use
Passion once an encounter (P-REA-04, G-P-06). Ability Use and Help roll and record; what
they achieve is the GM's (P-ACT-01, P-ACT-17, G-P-07).
"""

from __future__ import annotations

from tablekeeper.dice.evaluate import roll
from tablekeeper.engine import fast_paths
from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile import modifiers as mod
from tablekeeper.rulesets.percentile.as_validated import as_validated
from tablekeeper.rulesets.percentile.checks import (
    CheckOutcome,
    Level,
    characteristic_skill,
    roll_check,
)
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter import gear
from tablekeeper.rulesets.percentile.encounter.attack_request import standing
from tablekeeper.rulesets.percentile.encounter.defending import guards_for_equip
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.initiative import wait_order
from tablekeeper.rulesets.percentile.encounter.life import change_points
from tablekeeper.rulesets.percentile.encounter.state import PercentileState, Reserve
from tablekeeper.rulesets.percentile.encounter.turns import end_turn as finish_turn
from tablekeeper.rulesets.percentile.opposed import oppose

CHARACTERISTICS = ("STR", "CON", "SIZ", "DEX", "INT", "POW", "CHA")
BATTLEFIELD = "Battlefield"


def take(
    draft: PercentileDraft,
    who: ActorId,
    action: str,
    *,
    actions: int = 1,
    physical: bool = True,
    meters: int = 0,
    target: ActorId | None = None,
) -> None:
    """Spend ``actions`` of the combatant's turn on ``action`` (the event built without
    validating it again on the engine's fast paths, ``as_validated.py``, when validation
    would keep every field: strs, ints of at least 0, a bool)."""
    given = {
        "combatant": who,
        "action": action,
        "actions": actions,
        "physical": physical,
        "meters": meters,
        "target": target,
    }
    if (
        fast_paths.enabled()
        and type(who) is str
        and type(action) is str
        and type(actions) is int
        and actions >= 0
        and type(physical) is bool
        and type(meters) is int
        and meters >= 0
        and (target is None or type(target) is str)
    ):
        payload = as_validated(ev.ActionTaken, given)
    else:
        payload = ev.ActionTaken(**given)
    draft.emit(ev.ACTION_TAKEN, payload)


def base(state: PercentileState, who: ActorId, name: str, source: str) -> Contribution:
    """A skill, or a characteristic roll (the characteristic times 5, G-P-01)."""
    combatant = state.combatant(who)
    if name in CHARACTERISTICS:
        value = getattr(combatant.stats.characteristics, name) or 0
        return characteristic_skill(value, name, state.options)
    return Contribution(amount=gear.skill(combatant, name), label=name, source=source)


def check(
    draft: PercentileDraft,
    who: ActorId,
    name: str,
    *,
    source: str,
    modifier: int = 0,
    physical: bool = True,
) -> CheckOutcome:
    """Roll ``name`` for the combatant, with its standing penalties if physical."""
    terms = [base(draft.state, who, name, source)]
    if modifier:
        terms.append(Contribution(amount=modifier, label="GM modifier", source="P-MOD-01"))
    if physical:
        terms.extend(standing(draft.state, who))
    return roll_check(Breakdown.of(*terms), draft.roller, draft.state.options)


def ability(draft: PercentileDraft, order: cmd.Ability) -> None:
    take(draft, order.combatant, "ability", physical=order.physical)
    mine = check(
        draft,
        order.combatant,
        order.skill,
        source="P-ACT-01",
        modifier=order.modifier,
        physical=order.physical,
    )
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(
            combatant=order.combatant,
            purpose="ability",
            roll=mine,
            against=order.opposed_by,
            note=order.goal,
        ),
    )
    if order.opposed_by is not None:
        theirs = check(
            draft,
            order.opposed_by,
            order.opposed_skill or order.skill,
            source="P-ACT-01",
            physical=order.physical,
        )
        winner = oppose(mine, theirs, draft.state.options).winner.value
        draft.emit(
            ev.CHECK_ROLLED,
            ev.CheckRolled(
                combatant=order.opposed_by,
                purpose="ability",
                roll=theirs,
                against=order.combatant,
                note=f"opposed: {winner} wins",
            ),
        )


def aim(draft: PercentileDraft, order: cmd.Target) -> None:
    combatant = draft.state.combatant(order.combatant)
    last = combatant.last_action
    times = 1
    if (
        combatant.aim is not None
        and combatant.aim.target == order.target
        and last is not None
        and last.kind == "aim"
    ):
        times = min(2, combatant.aim.times + 1)  # "These benefits do not stack a third time."
    take(draft, order.combatant, "aim", target=order.target)
    draft.emit(ev.AIMED, ev.Aimed(combatant=order.combatant, target=order.target, times=times))


def concentrate(draft: PercentileDraft, order: cmd.Concentrate) -> None:
    take(draft, order.combatant, "concentrate", physical=False)
    draft.emit(ev.CONCENTRATED, ev.Concentrated(combatant=order.combatant, spell=order.spell))


def defend(draft: PercentileDraft, order: cmd.Defend) -> None:
    take(draft, order.combatant, "defend")
    reserve = Reserve(source="defend", split=order.split, distance=order.distance)
    draft.emit(ev.DEFENSE_RESERVED, ev.DefenseReserved(combatant=order.combatant, reserve=reserve))


def disengage(draft: PercentileDraft, order: cmd.Who) -> None:
    take(draft, order.combatant, "disengage")
    draft.emit(
        ev.DISENGAGE_DECLARED,
        ev.Disengagement(combatant=order.combatant, reason="Disengage from Melee"),
    )
    draft.emit(
        ev.DEFENSE_RESERVED,
        ev.DefenseReserved(combatant=order.combatant, reserve=Reserve(source="disengage")),
    )


def disengage_spirit(draft: PercentileDraft, order: cmd.Who) -> None:
    take(draft, order.combatant, "disengage_spirit", physical=False)
    draft.emit(
        ev.DISENGAGE_DECLARED,
        ev.Disengagement(
            combatant=order.combatant, spirit=True, reason="Disengage from Spirit Combat"
        ),
    )
    draft.emit(ev.SPIRIT_GUARD_TAKEN, ev.CombatantOnly(combatant=order.combatant))


def equip(draft: PercentileDraft, order: cmd.Equip) -> None:
    combatant = draft.state.combatant(order.combatant)
    in_melee = draft.state.in_melee(order.combatant)
    if in_melee:
        take(draft, order.combatant, "equip")
        reserve = Reserve(source="equip", guards=guards_for_equip(order.hands))
        draft.emit(
            ev.DEFENSE_RESERVED, ev.DefenseReserved(combatant=order.combatant, reserve=reserve)
        )
    picked = tuple(item for item in order.ready if item in combatant.dropped)
    draft.emit(
        ev.EQUIPPED,
        ev.Equipped(
            combatant=order.combatant, ready=order.ready, picked_up=picked, in_melee=in_melee
        ),
    )


def help_ally(draft: PercentileDraft, order: cmd.Help) -> None:
    take(draft, order.combatant, "help", target=order.ally)
    roll_ = check(draft, order.combatant, order.skill, source="P-ACT-17", modifier=order.modifier)
    draft.emit(
        ev.CHECK_ROLLED,
        ev.CheckRolled(
            combatant=order.combatant,
            purpose="help",
            roll=roll_,
            against=order.ally,
            note="helping (G-P-07)",
        ),
    )


RALLY_DICE = {Level.CRITICAL: "1d6", Level.SUCCESS: "1d4", Level.FAILURE: "1", Level.FUMBLE: "-1d4"}
"""Determination Points the allies gain (or lose) by the Rally's level (P-ACT-21)."""


def rally_breakdown(state: PercentileState, who: ActorId) -> Breakdown:
    """Battlefield or CHA, whichever is best; -40% after another's Rally (P-ACT-22)."""
    combatant = state.combatant(who)
    options = [base(state, who, "CHA", "P-ACT-21")]
    if gear.has_skill(combatant, BATTLEFIELD):
        options.append(base(state, who, BATTLEFIELD, "P-ACT-21"))
    best = max(options, key=lambda term: term.amount)
    others = [
        key
        for key in state.rallied
        if key != who and not state.combatant(key).is_enemy_of(combatant)
    ]
    return Breakdown.of(best, *(mod.another_rally() if others else ()))


def rally(draft: PercentileDraft, order: cmd.Who) -> None:
    state = draft.state
    who = order.combatant
    take(draft, who, "rally", physical=False)
    outcome = roll_check(rally_breakdown(state, who), draft.roller, state.options)
    draft.emit(ev.CHECK_ROLLED, ev.CheckRolled(combatant=who, purpose="rally", roll=outcome))
    draft.emit(ev.RALLIED, ev.CombatantOnly(combatant=who))
    me = state.combatant(who)
    allies = [c.id for c in state.standing() if c.id != who and not c.is_enemy_of(me)]
    expression = RALLY_DICE[outcome.level]
    shared = roll(expression, draft.roller).total if state.options.rally_roll == "shared" else None
    for ally in allies:
        amount = shared if shared is not None else roll(expression, draft.roller).total
        change_points(
            draft, ally, "determination", amount, source=f"{me.name}'s Rally", rule="P-ACT-21"
        )


def wait(draft: PercentileDraft, order: cmd.Wait) -> None:
    draft.emit(ev.WAITED, ev.Waited(combatant=order.combatant, turn_order=order.turn_order))
    clock = draft.state.clock
    assert clock is not None
    draft.emit(
        ev.ORDER_CHANGED,
        ev.OrderChanged(order=wait_order(draft.state, order.combatant), turn=clock.turn),
    )


def stand_up(draft: PercentileDraft, order: cmd.Who) -> None:
    take(draft, order.combatant, "stand_up")
    draft.emit(
        ev.PRONE_CHANGED, ev.ProneChanged(combatant=order.combatant, prone=False, rule="G-P-E11")
    )


def drop(draft: PercentileDraft, order: cmd.Item) -> None:
    draft.emit(
        ev.ITEM_DROPPED, ev.ItemMoved(combatant=order.combatant, item=order.item, rule="P-REA-02")
    )


def speak(draft: PercentileDraft, order: cmd.Speak) -> None:
    draft.emit(ev.SPOKE, ev.Spoke(combatant=order.combatant, text=order.text))


def step(draft: PercentileDraft, order: cmd.Step) -> None:
    stats = draft.state.combatant(order.combatant).stats
    retreat = order.retreat and draft.state.options.retreat
    draft.emit(
        ev.STEPPED, ev.Stepped(combatant=order.combatant, meters=stats.step or 1, retreat=retreat)
    )


def use_passion(draft: PercentileDraft, order: cmd.Passion) -> None:
    outcome = None
    if gear.has_skill(draft.state.combatant(order.combatant), order.passion):
        outcome = check(draft, order.combatant, order.passion, source="P-REA-04", physical=False)
    draft.emit(
        ev.PASSION_USED,
        ev.PassionUsed(combatant=order.combatant, passion=order.passion, roll=outcome),
    )


def end_turn(draft: PercentileDraft, order: cmd.Who) -> None:
    finish_turn(draft, order.combatant)
