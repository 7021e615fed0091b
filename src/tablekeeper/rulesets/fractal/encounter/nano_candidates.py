"""The declarations worth offering in a Nano duel, best first (a policy takes the first).

At the attack step: a Cut at the middle with half the pool (rounded up), then the other
zones and a Thrust, a Stop Short, nothing. At the defense step, attacked: a reaction
with half the pool and an attack of one's own with the rest (a Slip if no free item can
parry), then the reaction alone. At the Feint step: keep the attack first, then a Feint.
"""

from __future__ import annotations

from collections.abc import Iterator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.fractal.encounter.ap import available
from tablekeeper.rulesets.fractal.encounter.duel import Declaration
from tablekeeper.rulesets.fractal.encounter.nano_declare import DECLARE, Declare, technique_rank
from tablekeeper.rulesets.fractal.encounter.nano_flow import ATTACKS, opponents, waiting_on
from tablekeeper.rulesets.fractal.encounter.nano_hands import held
from tablekeeper.rulesets.fractal.encounter.nano_magic import RESIST_MENTAL, RESISTS
from tablekeeper.rulesets.fractal.encounter.offers import command, payload
from tablekeeper.rulesets.fractal.encounter.rolling import action_tn
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict, FractalState


def _order(conflict: Conflict, key: str, **fields: object) -> Declare:
    """The declaration of ``fields`` (built once for equal fields: ``offers.payload``)."""
    return payload(Declare, {"conflict": conflict.id, "character": key, **fields})


GUARDS = {
    "composure": "stonewall",
    "credibility": "pivot",
    "reputation": "deflect",
    "focus": "center",
    "technique": "flawless_form",
    "audience_attention": "grand_gesture",
}
"""The reaction that defends each zone (F-SOCIAL-NANO-10 .. -12, F-DANCE-NANO-03, -04, -13)."""

ARGUMENTS = ("logos", "pathos", "ethos")
MOVES = ("precise_technique", "lead", "spotlight_steal")
"""A dancer's attacks the policy offers (Flashy Technique risks a fall: offered after)."""


def _arguments(
    state: FractalState, conflict: Conflict, key: str, foe: str, dice: int
) -> Iterator[Declare]:
    """Logos, Pathos, Ethos (or a dancer's moves): the zone with the least Routine Armor
    first, then the better die; each built when the reader comes to it (a policy taking
    the first legal declaration builds the first alone)."""
    character = state.characters[key]
    names = MOVES if conflict.tree == "dancing" else ARGUMENTS
    catalogue = state.catalogue.actions

    armor = conflict.participants[foe].routine_armor

    def strength(name: str) -> tuple[int, int, str]:
        action = catalogue.action(name)
        return (armor.get(action.zone or "", 0), -max(character.die(s) for s in action.stats), name)

    for name in sorted(names, key=strength):
        yield _order(conflict, key, action=name, target=foe, dice=dice)


def _attacks(
    state: FractalState, conflict: Conflict, key: str, foe: str, dice: int
) -> Iterator[Declare]:
    """A Cut and a Thrust at the middle, the easier TN first, then the other zones (in a
    debate: its arguments); each built when the reader comes to it."""
    if conflict.tree in ("social", "dancing"):
        yield from _arguments(state, conflict, key, foe, dice)
        return
    character = state.characters[key]
    tns = {
        name: action_tn(character, state.catalogue.actions.action(name))
        for name in ("cut", "thrust")
    }
    first, second = sorted(tns, key=lambda name: (tns[name], name))
    yield _order(conflict, key, action=first, zone="mid", target=foe, dice=dice)
    yield _order(conflict, key, action=second, zone="mid", target=foe, dice=dice)
    yield _order(conflict, key, action=first, zone="high", target=foe, dice=dice)
    yield _order(conflict, key, action=first, zone="low", target=foe, dice=dice)


MAGIC_SKILLS = ("magic", "ergokinesis", "mentalism", "naturalism", "arcanism")
SPELLS_OFFERED = ("energy_strike", "mind_spike", "phantasm", "empathic_projection")
"""A mage's strikes the console offers (after the rest: the policy keeps to those)."""


def _is_mage(state: FractalState, key: str) -> bool:
    """A character with an Arcane Focus or a Rank in magic."""
    character = state.characters[key]
    ranks = character.spec.ranks
    return any(t.kind == "focus" for t in character.spec.tools) or any(
        ranks.get(skill, 0) for skill in MAGIC_SKILLS
    )


def _magic(
    state: FractalState, conflict: Conflict, key: str, foe: str, dice: int, incoming: str | None
) -> list[Declare]:
    """At the attack step a mage's strikes (an area form with several opponents) and
    Kinetic Surge; at the defense step against a spell: Ward, Counterspell, and the
    resistances; against a spell at an ally: Counterspell (F-MAGIC-NANO-03, -06, -10,
    -11, -17, -18, -20; G-F-N13, G-F-N15)."""
    duel = conflict.duel
    assert duel is not None
    orders: list[Declare] = []
    mage = _is_mage(state, key)
    if duel.step == "attack" and mage:
        orders += [_order(conflict, key, action=n, target=foe, dice=dice) for n in SPELLS_OFFERED]
        if len(opponents(conflict, key)) > 1:
            orders += [
                _order(conflict, key, action=n, target=foe, dice=dice, area=True)
                for n in ("phantasm", "empathic_projection")
            ]
        orders.append(_order(conflict, key, action="kinetic_surge", dice=dice))
    if duel.step == "defense" and incoming is not None:
        spell = state.catalogue.actions.action(incoming).is_spell
        reactions = ["ward", "counterspell"] if spell and mage else []
        if (
            incoming in RESISTS["resist_mental"]
            and RESIST_MENTAL in state.characters[key].spec.instincts
        ):
            reactions.append("resist_mental")
        if incoming in RESISTS["resist_decay"]:
            reactions.append("resist_decay")
        orders += [_order(conflict, key, defense=r, defense_dice=dice) for r in reactions]
    if duel.step == "defense" and mage:
        orders += [
            _order(conflict, key, defense="counterspell", defense_dice=dice, against=caster)
            for caster in _casting_at_allies(state, conflict, key)
        ]
    return orders


def _casting_at_allies(state: FractalState, conflict: Conflict, key: str) -> list[str]:
    """The opponents whose spell this Beat strikes at one of ``key``'s allies: an incoming
    spell "targeted anywhere within range" (F-MAGIC-NANO-20, G-F-N15)."""
    duel = conflict.duel
    assert duel is not None
    side = conflict.participants[key].side
    foes = opponents(conflict, key)
    return [
        d.character
        for d in duel.declared.values()
        if d.character in foes
        and d.action in ATTACKS
        and state.catalogue.actions.action(d.action).is_spell
        and d.target != key
        and d.target in conflict.participants
        and conflict.participants[d.target].side == side
    ]


def duel_candidates(state: FractalState, conflict: Conflict, actor: ActorId) -> list[Command]:
    """The declarations of whoever declares now (for them, or the GM)."""
    return list(duel_in_order(state, conflict, actor))


def duel_in_order(state: FractalState, conflict: Conflict, actor: ActorId) -> Iterator[Command]:
    """:func:`duel_candidates`, each built when the reader comes to it (a policy taking
    the first legal command builds the declarations up to that one only)."""
    key = waiting_on(conflict)
    if key is None or conflict.duel is None or actor not in (key, "gm"):
        return
    character = state.characters[key]
    for order in _orders(state, conflict, key, character):
        yield command(key, DECLARE, _capped(state, character, order))


def _orders(
    state: FractalState, conflict: Conflict, key: str, character: Character
) -> Iterator[Declare]:
    """The declarations offered ``key``, best first (the module docstring)."""
    duel = conflict.duel
    assert duel is not None
    pool = available(character, "proactive")
    foes = opponents(conflict, key)
    if not foes:
        return
    attacker = next(
        (d.character for d in duel.declared.values() if d.target == key and d.action in ATTACKS),
        None,
    )
    foe = attacker or foes[0]
    half = (pool + 1) // 2
    if duel.step == "attack" and pool:
        yield from _attacks(state, conflict, key, foe, half)
        opposed = "filibuster" if conflict.tree == "social" else "stop_short"
        yield _order(conflict, key, action=opposed, target=foe, dice=half)
    elif duel.step == "defense":
        mine = duel.declared.get(key) or Declaration(character=key)
        if attacker is not None and pool:
            shielded = sum(1 for t in held(duel, character) if t.kind in ("weapon", "shield")) > 1
            reactions = ["parry" if shielded else "slip", "slip"]
            if conflict.tree in ("social", "dancing"):
                coming = duel.declared[attacker].zone or ""
                fallback = "turnabout" if conflict.tree == "social" else "center"
                reactions = [GUARDS.get(coming, fallback), fallback]
            rest = pool - half
            for reaction in dict.fromkeys(reactions):
                if mine.action is None and rest:
                    riposte = next(_attacks(state, conflict, key, attacker, rest))
                    yield riposte.model_copy(
                        update={"defense": reaction, "defense_dice": half, "against": attacker}
                    )
                yield _order(conflict, key, defense=reaction, defense_dice=pool, against=attacker)
            if mine.action is None and pool:
                yield from _attacks(state, conflict, key, attacker, pool)
        elif mine.action is None and pool:
            yield from _attacks(state, conflict, key, foe, half)
    elif duel.step == "feint":
        yield _order(conflict, key)
        feinted = duel.declared.get(key)
        if conflict.tree == "social" and feinted is not None:
            yield from [
                _order(conflict, key, action=name, feint_dice=min(1, pool // 2))
                for name in ARGUMENTS
                if state.catalogue.actions.action(name).zone != feinted.zone
            ][:1]
        elif feinted is not None and feinted.action in ("cut", "thrust"):
            other = "thrust" if feinted.action == "cut" else "cut"
            yield _order(conflict, key, action=other, zone="high", feint_dice=min(1, pool // 2))
    if duel.step in ("attack", "defense") and pool:
        incoming = duel.declared[attacker].action if attacker is not None else None
        yield from _magic(
            state, conflict, key, foe, half if duel.step == "attack" else pool, incoming
        )
    yield _order(conflict, key)


def _capped(state: FractalState, character: Character, order: Declare) -> Declare:
    """``order`` with its action's and defense's dice at most their Rank under
    ``rank_caps_dice`` (G-F-01): the dice offered are those it may roll."""
    if not state.options.rank_caps_dice:
        return order
    update: dict[str, int] = {}
    if order.action is not None and order.dice:
        update["dice"] = min(order.dice, technique_rank(state, character, order.action))
    if order.defense is not None:
        rank = technique_rank(state, character, order.defense)
        update["defense_dice"] = min(order.defense_dice, rank)
    return order.model_copy(update=update)
