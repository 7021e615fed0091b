"""Declaring in a Nano duel: the command, what the rules allow at each step, its cost.

Document 000, Chapter 9 (Nano Combat Actions); F-CORE-09, G-F-07 (the steps). At
``attack`` a character declares a proactive or neutral technique (Cut, Thrust, Beat,
Shoot, Aim, Reload, Stop Short), wrapped if it likes in an Evasive Attack (an evasion
pile, F-COMBAT-NANO-05) or a Master Strike (a parry pile, F-COMBAT-NANO-06), and Quick
Step dice (F-COMBAT-NANO-21); at ``defense`` a reaction (Parry, Slip, Block Open,
Counter) and, if it has none yet, an action of its own; at ``feint`` (Step 3) a Feint:
a new proactive technique and up to its Feint Rank in dice at 2 AP each, the new pool
``min(dice committed, Rank in the new technique) + dice added`` (F-COMBAT-NANO-16,
G-F-40). Every die costs its AP when declared (G-F-01). One tool does one thing at a
time; Master Strike is the exception (F-COMBAT-GEN-01); an item beaten away or blocked
open cannot be used this Beat (F-COMBAT-NANO-04, -14); Shoot needs a loaded weapon and
an aim at its target (F-COMBAT-NANO-07, G-F-39).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import remembered
from tablekeeper.engine.values import ActorId, Frozen, actor_field
from tablekeeper.engine.words import dice as dice_words
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.commands import conflict_field
from tablekeeper.rulesets.fractal.encounter.duel import Declaration, Duel
from tablekeeper.rulesets.fractal.encounter.nano_flow import (
    ATTACKS,
    DANCE_STRIKES,
    DEFENSES,
    FEINTS,
    SOCIAL_STRIKES,
    opponents,
    required,
)
from tablekeeper.rulesets.fractal.encounter.nano_hands import (
    PARRIES,
    WEAPON_ACTIONS,
    held,
    parrying_among,
    weapon_among,
)
from tablekeeper.rulesets.fractal.encounter.nano_magic import decayed_items, magic_rules
from tablekeeper.rulesets.fractal.encounter.nano_ongoing import INSTANT, ONGOING
from tablekeeper.rulesets.fractal.encounter.nano_reframe import IGNORERS, ignorable
from tablekeeper.rulesets.fractal.encounter.spending import commit
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState
from tablekeeper.rulesets.fractal.encounter.work import Work
from tablekeeper.rulesets.fractal.stats import Stat

DECLARE = "fractal.declare"
RETURN_TO_DROP = "fractal.return_to_drop"

LEADS = (
    *ATTACKS, "aim", "reload", "stop_short", "gish_gallop", "filibuster", "coded_message",
    "interpret_tempo", "read_the_room", "shift_mood", "mend_wounds", "footwork",
    "formation_shift", "lift_and_support", "thermal_manipulation", "dispel",
    "synchronized_movement", *ONGOING, *IGNORERS, "overwatch", *INSTANT, "kinetic_surge",
)  # fmt: skip
"""Assemble Routine is not among them: "not a duel" (F-DANCE-NANO-14)."""

SELF = (
    "reload", "coded_message", "interpret_tempo", "read_the_room", "shift_mood", "mend_wounds",
    "footwork", "formation_shift", "lift_and_support", "thermal_manipulation",
    "synchronized_movement", *ONGOING, *IGNORERS, "overwatch", "kinetic_surge",
)  # fmt: skip
"""Actions without an opponent for target."""
"""What may be declared as one's own action (proactive or neutral)."""

FEINT_AP_PER_DIE = 2
"""A Feint's added dice cost 2 AP each (F-COMBAT-NANO-16)."""


class Declare(Frozen):
    """A character's declaration at the duel's current step (``None``: nothing)."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    action: str | None = Field(default=None, description="cut, thrust, beat, shoot, aim...")
    dice: int = Field(default=0, ge=0, le=40)
    stat: Stat | None = None
    target: ActorId | None = actor_field(default=None)
    zone: str | None = Field(default=None, max_length=40, examples=["high", "credibility"])
    wrap: Literal["evasive_attack", "master_strike", "prebuttal", "dodge_the_question"] | None = (
        None
    )
    split: int = Field(default=0, ge=0, le=40, description="The evasion, parry or rebuttal pile.")
    item: str | None = Field(default=None, description="Beat: the item; Cut Off: the skill.")
    area: bool = Field(
        default=False, description="Phantasm, Empathic Projection: the TN 6 area form."
    )
    declared: int = Field(default=0, ge=0, le=40, description="Bombast: the successes aimed at.")
    defense: str | None = Field(default=None, description="parry, slip, block_open, counter")
    defense_dice: int = Field(default=0, ge=0, le=40)
    defense_stat: Stat | None = None
    against: ActorId | None = actor_field(default=None)
    assist: ActorId | None = actor_field(
        default=None, description="Ward: the ally whose Ward these dice join (F-MAGIC-MICRO-07)."
    )
    quick_step: int = Field(default=0, ge=0, le=40)
    feint_dice: int = Field(default=0, ge=0, le=10)
    craft: str | None = Field(default=None, description="A hybrid project's technique: sear.")
    craft_dice: int = Field(default=0, ge=0, le=40)


class ReturnToDrop(Frozen):
    """The GM returns the duel to The Drop: nobody holds momentum, Routine Armor is lost
    (F-CORE-08, F-DANCE-GEN-08)."""

    conflict: str = conflict_field()


def technique_rank(state: FractalState, character: Character, technique: str) -> int:
    """Its Rank in a technique: the technique's own, else its Micro skill's, else its
    tree's (F-CORE-10; 0 for everything else, F-GM-03)."""
    action = state.catalogue.actions.action(technique)
    ranks = character.spec.ranks
    return ranks.get(action.id, ranks.get(action.skill or "", ranks.get(action.tree, 0)))


def _refuse(message: str, field: str) -> None:
    raise IllegalCommandError(message, field=field)


def tools_for(
    duel: Duel, character: Character, order: Declaration, decayed: frozenset[str] = frozenset()
) -> tuple[str, str | None]:
    """The weapon its action uses and the item its defense uses ('' for none); refuses a
    tool asked to do two things at once (F-COMBAT-GEN-01, F-CORE-11; ``nano_hands``)."""
    items = held(duel, character, decayed)
    found = weapon_among(items, order)
    if order.action in WEAPON_ACTIONS and found is None:
        _refuse(f"{character.name} holds no weapon it may use this Beat", "action")
    weapon = found.id if found is not None else ""
    if order.defense not in PARRIES:
        return weapon, None  # Slip and the Social reactions need no item in hand
    assert order.defense is not None
    free = parrying_among(items, order, order.defense)
    if free is None:
        _refuse(
            f"{character.name} has no free weapon or shield to {order.defense} with "
            "(one tool, one action: F-COMBAT-GEN-01; Master Strike parries with the same)",
            "defense",
        )
    assert free is not None
    return weapon, free.id


def check_declare(state: FractalState, command: Command, order: Declare) -> None:
    """What the rules allow now (the module docstring)."""
    conflict = state.conflicts.get(order.conflict)
    if conflict is None or conflict.ended is not None or conflict.level != "nano":
        _refuse(f"no Nano duel {order.conflict!r} is open", "conflict")
    assert conflict is not None
    assert conflict.duel is not None
    duel = conflict.duel
    if order.character not in required(conflict) or order.character in duel.done:
        _refuse(f"{order.character} does not declare at the {duel.step} step now", "character")
    character = state.characters[order.character]
    cost = declaration_cost(state, order)
    if cost > available(character, "proactive"):
        _refuse(f"{character.name} has {available(character, 'proactive')} AP, not {cost}", "dice")


def declaration_cost(state: FractalState, order: Declare) -> int:
    """The AP ``order`` costs on ``state`` (:func:`_cost`), refusing what the rules do not
    allow now: a pure function of the two, asked by the declaration's check and again by
    its play on the very same state and payload (the engine hands the checked payload to
    the play), so on the fast paths it is remembered for the very state and the very
    payload (``engine/memo.remembered``; the payload is held with the cost, so no other
    payload can take its identity while it is remembered). A refusal is never
    remembered: it is raised again."""
    held, cost = remembered(
        state, ("fractal.declaration_cost", id(order)), lambda: (order, _order_cost(state, order))
    )
    return cost if held is order else _order_cost(state, order)


def _order_cost(state: FractalState, order: Declare) -> int:
    conflict = state.conflicts[order.conflict]
    duel = conflict.duel
    assert duel is not None
    mine = duel.declared.get(order.character) or Declaration(character=order.character)
    return _cost(state, conflict, state.characters[order.character], mine, order)


def _cost(
    state: FractalState, conflict: Conflict, character: Character, mine: Declaration, order: Declare
) -> int:
    """The AP the declaration costs; refuses what the rules do not allow now."""
    duel = conflict.duel
    assert duel is not None
    if duel.step == "feint":
        return _feint_cost(state, conflict, character, mine, order)
    if state.options.rank_caps_dice:  # every action's dice, as for Micro (G-F-01)
        for technique, dice, field in (
            (order.action, order.dice, "dice"),
            (order.defense, order.defense_dice, "defense_dice"),
        ):
            rank = technique_rank(state, character, technique) if technique else dice
            if dice > rank:
                _refuse(f"{technique} rolls at most {dice_words(rank)} (its Rank, G-F-01)", field)
    cost = 0
    if order.defense is not None and order.wrap != "prebuttal":
        cost += _defense_cost(duel.step, order)
    elif order.wrap == "prebuttal" and order.defense not in DEFENSES:
        _refuse("Prebuttal's rebuttal pile names its reaction (F-SOCIAL-NANO-06)", "defense")
    if order.assist is not None:
        _assist_rules(conflict, character, order)
    if order.craft is not None:
        cost += _craft_cost(state, conflict, character, order)
    if order.action is not None:
        cost += _action_cost(state, conflict, character, mine, order)
    elif order.wrap == "master_strike" and order.craft is not None and order.split:
        cost += order.split  # the brush attacks (Impasto) and parries (F-ART-GEN-07)
    elif order.wrap is not None or order.quick_step:
        _refuse("a wrap or a Quick Step goes with an action", "action")
    for used in (
        order.action,
        order.defense,
        order.wrap,
        "quick_step" if order.quick_step else None,
    ):
        if used is not None and used not in ("master_strike", "prebuttal"):
            _can_roll(state, character, used)
    declaration = declaration_after(mine, order, duel.step)
    target = state.characters.get(declaration.target or "")
    target_items = (
        [t.id for t in held(duel, target, decayed_items(state, target.id))] if target else []
    )
    magic_rules(state, character, declaration, target_items)
    _spell_slots(state, character, declaration)
    if declaration.wrap == "master_strike" and order.defense is not None:
        _refuse("Master Strike's parry pile is its defense", "defense")
    tools_for(duel, character, declaration, decayed_items(state, character.id))
    return cost


HANDED = ("cut", "thrust", "beat", "shoot", "aim", "reload", "parry", "block_open", "counter")
"""Techniques that take a hand's item: none goes with a craft's tools (F-CORE-11)."""


def _craft_cost(
    state: FractalState, conflict: Conflict, character: Character, order: Declare
) -> int:
    """A hybrid project's technique in the Beat: its project's, with dice, and its tools
    free: cooking and art need the hands (F-COOK-GEN-06, F-ART-GEN-06): with Slip, not
    with a weapon's action; a brush may parry only as Master Strike's (F-ART-GEN-07)."""
    project = conflict.project
    if project is None or project.character != character.id:
        _refuse(f"{character.name} has no project in this conflict (F-CORE-12)", "craft")
    assert project is not None
    if order.craft not in project.techniques:
        _refuse(f"the project's techniques are {', '.join(project.techniques)}", "craft")
    if order.craft_dice < 1:
        _refuse("a technique commits at least one die", "craft_dice")
    if order.action in HANDED or order.defense in HANDED:
        _refuse(
            "the hands are on the project's tools: no weapon's action with it (F-COOK-GEN-06, "
            "F-ART-GEN-06; Slip needs no hands)",
            "craft",
        )
    return order.craft_dice


def _spell_slots(state: FractalState, character: Character, declaration: Declaration) -> None:
    """Spells per Beat: one with the voice free, one per Arcane Focus held (F-MAGIC-GEN-02,
    F-MAGIC-GEN-03, G-F-37)."""
    catalogue = state.catalogue.actions
    spells = sum(
        1
        for name in (declaration.action, declaration.defense)
        if name is not None and catalogue.action(name).is_spell
    )
    slots = int(character.spec.voice_free) + sum(
        1 for t in character.spec.tools if t.kind == "focus"
    )
    if spells > slots:
        _refuse(
            f"{character.name} casts at most {slots} spell(s) a Beat (F-MAGIC-GEN-02, -03)",
            "action",
        )


def _can_roll(state: FractalState, character: Character, technique: str) -> None:
    """A technique rolls one of its two stats: a character with neither cannot use it (an
    NPC has two or three stats, F-GM-01)."""
    stats = state.catalogue.actions.action(technique).stats
    if stats and not any(character.die(stat) for stat in stats):
        names = " or ".join(stat.value.capitalize() for stat in stats)
        _refuse(f"{character.name} has no {names} to roll", "action")


def _feint_cost(
    state: FractalState, conflict: Conflict, character: Character, mine: Declaration, order: Declare
) -> int:
    """Step 3: a Feint's (or a Motte and Bailey's) new action and its added dice, 2 AP
    each, at most the Rank (F-COMBAT-NANO-16, F-SOCIAL-NANO-04)."""
    if order.action is None:
        return 0
    technique = FEINTS.get(conflict.tree, "feint")
    if technique == "motte_and_bailey":
        zone = zone_of(state, order)
        if order.action not in SOCIAL_STRIKES or zone == mine.zone:
            _refuse(
                "a Motte and Bailey declares a proactive action on a new zone (F-SOCIAL-NANO-04)",
                "action",
            )
    elif order.action not in ("cut", "thrust") or order.action == mine.action:
        _refuse("a Feint declares a new proactive action (F-COMBAT-NANO-16)", "action")
    rank = technique_rank(state, character, technique)
    if order.feint_dice > rank:
        _refuse(f"at most {dice_words(rank)} added: the Rank in it (F-CORE-10)", "feint_dice")
    if zone_of(state, order) is None:
        _refuse("the new attack names its zone", "zone")
    return order.feint_dice * FEINT_AP_PER_DIE


def zone_of(state: FractalState, order: Declare) -> str | None:
    """The zone declared, or the one the technique targets (Logos: Credibility...)."""
    if order.zone is not None or order.action is None:
        return order.zone
    return state.catalogue.actions.action(order.action).zone


def _assist_rules(conflict: Conflict, character: Character, order: Declare) -> None:
    """Allies "may contribute their AP" to a Ward (F-MAGIC-NANO-18, F-MAGIC-MICRO-07)."""
    ally = conflict.participants.get(order.assist or "")
    side = conflict.participants[character.id].side
    if order.defense != "ward" or ally is None or ally.side != side or order.assist == character.id:
        _refuse("an ally's dice join a partner's Ward (F-MAGIC-MICRO-07)", "assist")


def _defense_cost(step: str, order: Declare) -> int:
    if step != "defense":
        _refuse("a reaction is declared at the defense step (G-F-07)", "defense")
    if order.defense not in DEFENSES:
        _refuse(f"{order.defense!r} is not a reaction of the Combat tree", "defense")
    if order.defense_dice < 1:
        _refuse("a reaction commits at least one die", "defense_dice")
    return order.defense_dice


def _target_rules(conflict: Conflict, character: Character, order: Declare) -> None:
    """Whom the action may name: an opponent, or a partner for the techniques that lift,
    heal or pass the chain."""
    if order.action == "lift_and_support":
        side = conflict.participants[character.id].side
        partner = conflict.participants.get(order.target or "")
        if partner is None or partner.side != side or order.target == character.id:
            _refuse("Lift & Support lifts a partner (F-DANCE-NANO-08)", "target")
        if order.declared < 1:
            _refuse("Lift & Support sets a target number of successes", "declared")
    if order.action == "mend_wounds":
        side = conflict.participants[character.id].side
        patient = conflict.participants.get(order.target or character.id)
        if patient is None or patient.side != side:
            _refuse("Mend Wounds heals oneself or an ally (F-MAGIC-NANO-12)", "target")
    elif order.action == "alter_memory":
        side = conflict.participants[character.id].side
        subject = conflict.participants.get(order.target or "")
        willing = subject is not None and subject.side == side and order.target != character.id
        if not willing and (subject is None or subject.in_play):
            _refuse(
                "Alter Memory's target is willing (an ally) or restrained or unconscious "
                "(out of the duel) (F-MAGIC-NANO-09)",
                "target",
            )
    elif order.action == "cannon_chain" and order.target not in opponents(conflict, character.id):
        side = conflict.participants[character.id].side
        partner = conflict.participants.get(order.target or "")
        if partner is None or partner.side != side or order.target == character.id:
            _refuse("Cannon / Chain passes to a partner or targets an opponent", "target")
    elif order.action not in SELF and order.target not in opponents(conflict, character.id):
        _refuse("the target is an opponent still in the duel", "target")


def _action_cost(
    state: FractalState, conflict: Conflict, character: Character, mine: Declaration, order: Declare
) -> int:
    duel = conflict.duel
    assert duel is not None
    if mine.action is not None:
        _refuse("one action of its own a Beat", "action")
    if order.action not in LEADS:
        _refuse(f"{order.action!r} cannot be declared as its own action", "action")
    if order.dice < 1:
        _refuse("an action commits at least one die", "dice")
    _target_rules(conflict, character, order)
    _technique_rules(state, conflict, character, order)
    if order.wrap is not None:
        melee = order.wrap in ("evasive_attack", "master_strike")
        if melee and order.action not in ("cut", "thrust", "beat"):
            _refuse("Evasive Attack and Master Strike wrap a melee attack", "wrap")
        if not melee and order.action not in SOCIAL_STRIKES:
            _refuse("Prebuttal and Dodge the Question wrap an argument", "wrap")
        if order.split < 1:
            _refuse("the evasion or parry pile has at least one die", "split")
    return order.dice + order.split + order.quick_step


def _technique_items(state: FractalState, order: Declare) -> None:
    """What a technique names besides its target: a terrain, a skill, a number."""
    if order.action == "wither" and order.item not in [stat.value for stat in Stat]:
        _refuse("Wither names the stat it withers (F-MAGIC-NANO-14)", "item")
    if order.action == "dispel" and order.target is not None:
        held_spells = [s.id for s in state.characters[order.target].spells]
        if order.item not in held_spells:
            _refuse("Dispel names an ongoing effect of the target (F-MAGIC-NANO-19)", "item")
    if order.action == "thermal_manipulation":
        terrain = state.catalogue.actions.action("ergokinesis").effect
        allowed = terrain.terrain if terrain is not None else ()
        if order.item not in allowed:
            _refuse(f"the terrain it makes is one of {', '.join(allowed)}", "item")
    if order.action == "cut_off" and not order.item:
        _refuse("Cut Off names the skill it cuts off (F-SOCIAL-NANO-15)", "item")
    if order.action in ("bombast", "flashy_technique") and order.declared < 1:
        _refuse(
            "it sets a target number of successes (F-SOCIAL-NANO-17, F-DANCE-NANO-02)", "declared"
        )


def _technique_rules(
    state: FractalState, conflict: Conflict, character: Character, order: Declare
) -> None:
    """What each technique asks of its declaration: a zone of the tree, an ally, a skill."""
    duel = conflict.duel
    assert duel is not None
    zones = state.catalogue.conditions.nano.zones.get(conflict.tree, ())
    strikes = ("cut", "thrust", "shoot", *SOCIAL_STRIKES, *DANCE_STRIKES)
    if order.action in strikes and zone_of(state, order) not in zones:
        _refuse(f"the target zone is one of {', '.join(zones)} (F-COMBAT-NANO-01)", "zone")
    if order.action in IGNORERS and not ignorable(character, order.action):
        _refuse(f"{order.action}'s trigger: negative conditions of its tree on you", "action")
    if order.action == "coded_message":
        side = conflict.participants[character.id].side
        ally = conflict.participants.get(order.target or "")
        if ally is None or ally.side != side or order.target == character.id:
            _refuse("a Coded Message goes to an ally (F-SOCIAL-NANO-21)", "target")
        rank = technique_rank(state, character, "coded_message")
        if order.dice > rank:
            _refuse(f"at most {dice_words(rank)}: the Rank in it (F-SOCIAL-NANO-21)", "dice")
    if (
        order.action in ("footwork", "formation_shift")
        and len(opponents(conflict, character.id)) < 2
    ):
        _refuse("Footwork is for one engaged with several opponents (F-COMBAT-NANO-18)", "action")
    _technique_items(state, order)
    banned = duel.cut_off.get(character.id, {})
    if order.action in banned or order.defense in banned:
        _refuse("that skill is cut off (F-SOCIAL-NANO-15)", "action")
    if order.action == "shoot":
        if character.id not in duel.loaded:
            _refuse("Shoot needs a reloaded weapon (F-COMBAT-NANO-07)", "action")
        watching = duel.overwatch.get(character.id, 0) >= conflict.step  # G-F-N10
        if duel.aimed.get(character.id) != order.target and not watching:
            _refuse("Shoot needs an Aim at this target (F-COMBAT-NANO-07)", "action")
    if order.action == "beat":
        target = state.characters[order.target or ""]
        if order.item not in [t.id for t in held(duel, target)]:
            _refuse("Beat names an item the opponent holds (F-COMBAT-NANO-04)", "item")


def declaration_after(
    mine: Declaration, order: Declare, step: str, zone: str | None = None
) -> Declaration:
    """What the character has declared this Beat once ``order`` is added to ``mine``."""
    zone = zone or order.zone
    if step == "feint":
        if order.action is None:
            return mine
        return mine.model_copy(
            update={
                "feint_from": mine.action,
                "action": order.action,
                "zone": zone,
                "feint_dice": order.feint_dice,
            }
        )
    update: dict[str, object] = {}
    if order.action is not None:
        update |= {
            "action": order.action,
            "dice": order.dice,
            "stat": order.stat,
            "target": order.target,
            "zone": zone,
            "wrap": order.wrap,
            "split": order.split,
            "item": order.item,
            "area": order.area,
            "declared": order.declared,
            "quick_step": order.quick_step,
        }
    if order.craft is not None:
        update |= {"craft": order.craft, "craft_dice": order.craft_dice}
        if order.action is None and order.wrap == "master_strike":
            update |= {"wrap": order.wrap, "split": order.split}
    if order.defense is not None:
        update |= {
            "defense": order.defense,
            "defense_dice": order.defense_dice,
            "defense_stat": order.defense_stat,
            "against": order.against,
            "assist": order.assist,
        }
    return mine.model_copy(update=update)


def play_declare(work: Work, order: Declare) -> None:
    """Record the declaration and pay its AP (G-F-01)."""
    conflict = work.state.conflicts[order.conflict]
    duel = conflict.duel
    assert duel is not None
    character = work.state.characters[order.character]
    mine = duel.declared.get(order.character) or Declaration(character=order.character)
    cost = declaration_cost(work.state, order)
    declaration = declaration_after(mine, order, duel.step, zone_of(work.state, order))
    technique = FEINTS.get(conflict.tree, "feint")
    if duel.step == "feint" and order.action is not None:
        rank = technique_rank(work.state, character, order.action)
        base = mine.dice if technique == "motte_and_bailey" else min(mine.dice, rank)  # G-F-40
        declaration = declaration.model_copy(update={"dice": base + order.feint_dice})
    if cost:
        kind = "neutral" if duel.step == "feint" else "proactive"
        commit(work, order.character, cost, kind, False, order.action or order.defense or "")
    work.emit(
        nev.DECLARED,
        nev.Declared(
            conflict=order.conflict,
            character=order.character,
            step=duel.step,
            declaration=declaration,
        ),
    )
    if duel.step == "feint" and order.action is not None:
        _count_use(work, order.conflict, f"{order.character}|{technique}|{mine.target or ''}")
    if order.action is not None and order.action != "shoot" and order.character in duel.aimed:
        _lose_aim(work, order.conflict, order.character, "another action before shooting")


def _count_use(work: Work, conflict_id: str, key: str) -> None:
    """Successive uses in the scene, counted whatever the outcome (G-F-43)."""
    duel = work.state.conflicts[conflict_id].duel
    assert duel is not None
    uses = {**duel.uses, key: duel.uses.get(key, 0) + 1}
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict_id,
            duel=duel.model_copy(update={"uses": uses}),
            why=f"{key} used",
            rule="G-F-43",
        ),
    )


def _lose_aim(work: Work, conflict_id: str, key: str, why: str) -> None:
    """The aim is lost (F-COMBAT-NANO-09)."""
    duel = work.state.conflicts[conflict_id].duel
    assert duel is not None
    aimed = {k: v for k, v in duel.aimed.items() if k != key}
    work.emit(
        nev.DUEL_UPDATED,
        nev.DuelUpdated(
            conflict=conflict_id,
            duel=duel.model_copy(update={"aimed": aimed}),
            why=f"{key} loses the aim: {why}",
            rule="F-COMBAT-NANO-09",
        ),
    )


def return_to_drop(work: Work, order: ReturnToDrop) -> None:
    """Every pair to The Drop; Routine Armor is lost (F-DANCE-GEN-08)."""
    conflict = work.state.conflicts[order.conflict]
    for pair_key, holder in (conflict.duel.momentum if conflict.duel else {}).items():
        if holder is not None:
            work.emit(
                nev.MOMENTUM,
                nev.MomentumChanged(
                    conflict=order.conflict, pair=pair_key, holder=None, how="drop", rule="G-F-07"
                ),
            )
    from tablekeeper.rulesets.fractal.encounter import events as ev

    for key, participant in conflict.participants.items():
        for zone, amount in participant.routine_armor.items():
            if amount:
                work.emit(
                    ev.ARMOR_SET,
                    ev.ArmorSet(conflict=order.conflict, character=key, zone=zone, amount=0),
                )


def check_return(state: FractalState, command: Command, order: ReturnToDrop) -> None:
    found = state.conflicts.get(order.conflict)
    if found is None or found.ended is not None or found.level != "nano":
        _refuse(f"no Nano duel {order.conflict!r} is open", "conflict")
