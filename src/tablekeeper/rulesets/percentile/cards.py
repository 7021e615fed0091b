"""``percentile`` combatants as actor cards: what a viewer may see of each at a glance.

Anyone at the table sees a combatant's name, side and form, whether it is up or out of
the fight, whether it is acting, has had its turn or waits, prone and its conditions,
what it holds, dropped or broke, the spell it is casting with the actions spent so far
(not the Magic Points put in), whether it declared a Disengage, whom it is engaged with
and at what melee distance, its grapples and the weapons stuck in it (docs/rulings.md,
C-03; ``views.py`` reduces the state the same way). Its HP (and, with Hit Locations, each
location's), Magic and Determination Points, turn order and how it is made up, actions
left, defenses held and a fumble's distraction are the GM's and its player's. In a
social encounter the card adds the character's party and its place in the round
(``social_cards.py``).
"""

from __future__ import annotations

from tablekeeper.engine.cards import ActorCard, Fact, Gauge, distinct_names
from tablekeeper.engine.sight import Sight
from tablekeeper.rulesets.percentile.card_sheet import details, held, hp_gauge, next_up
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.sentences import distance_words
from tablekeeper.rulesets.percentile.social_cards import social_facts, turn_words
from tablekeeper.rulesets.percentile.words import table_names


def life(state: PercentileState, combatant: Combatant) -> str:
    """``down`` when out of the fight (0 HP, or 0 Magic Points: G-P-E3), else ``up``."""
    return "down" if state.is_down(combatant) else "up"


def _private(state: PercentileState, combatant: Combatant) -> tuple[list[Gauge], list[Fact]]:
    """The numbers only the GM and the combatant's player see."""
    stats = combatant.stats
    gauges = [hp_gauge(combatant)]
    mp = combatant.magic_points
    if mp is not None:
        gauges.append(Gauge(label="MP", value=mp, maximum=max(mp, stats.max_magic_points or 0)))
    facts: list[Fact] = []
    if combatant.location_hp:
        full = stats.hit_points_at()
        facts += [
            Fact(label=place, value=f"{points} / {full.get(place, points)} HP")
            for place, points in combatant.location_hp.items()
        ]
    if combatant.determination_points is not None:
        facts.append(Fact(label="Determination", value=str(combatant.determination_points)))
    rolled = combatant.turn_order
    if rolled is not None:
        made = f"{rolled.initiative or 0} + 1D10 ({rolled.die})"
        if rolled.modifier:
            made += f" {rolled.modifier:+d} reach"
        waited = f", waits at {combatant.waited}" if combatant.waited is not None else ""
        facts.append(Fact(label="Turn order", value=f"{rolled.total}{waited}", explain=made))
    if state.clock is not None:
        facts.append(Fact(label="Actions left", value=str(combatant.actions_left)))
    held = [
        f"{reserve.source} ({reserve.left} left)" for reserve in combatant.reserves if reserve.left
    ]
    if held:
        facts.append(Fact(label="Defenses held", value=", ".join(held)))
    if combatant.distracted:
        facts.append(Fact(label="Distracted", value=f"enemies +{combatant.distracted}%"))
    return gauges, facts


def _public(state: PercentileState, combatant: Combatant, names: dict[str, str]) -> list[Fact]:
    """What stands in plain sight: its form, hands, engagements, grapples, stuck weapons,
    casting."""
    key = combatant.id

    def name(other: str) -> str:
        return names.get(other, other)

    facts = [Fact(label="In hand", value=", ".join(combatant.ready) or "nothing")]
    if combatant.form != "corporeal":
        facts.insert(0, Fact(label="Form", value=combatant.form))
    if combatant.dropped:
        facts.append(Fact(label="Dropped", value=", ".join(combatant.dropped)))
    if combatant.broken:
        facts.append(Fact(label="Broken", value=", ".join(combatant.broken)))
    engaged = [
        name(item.other(key)) + (f" at {distance_words(item.distance)}" if item.distance else "")
        for item in state.engagements
        if item.involves(key)
    ]
    engaged += [f"{name(foe)} (spirit combat)" for foe in state.spirit_foes(key)]
    if engaged:
        facts.append(Fact(label="Engaged with", value=", ".join(engaged)))
    for grapple in state.grapples:
        tightened = f", tightened {grapple.tightened}×" if grapple.tightened else ""
        if grapple.grappler == key:
            value = f"{name(grapple.grappled)} ({grapple.skill}{tightened})"
            facts.append(Fact(label="Grapples", value=value))
        if grapple.grappled == key:
            facts.append(Fact(label="Grappled by", value=name(grapple.grappler) + tightened))
    for stuck in state.stuck_in(key):
        held = " (broken)" if stuck.broken else " (held)" if stuck.held else ""
        value = f"{name(stuck.owner)}'s {stuck.weapon}{held}"
        facts.append(Fact(label="Stuck in it", value=value))
    casting = combatant.casting
    if casting is not None:
        value = f"{casting.spell} ({casting.spent} / {casting.needed} actions)"
        facts.append(Fact(label="Casting", value=value))
    if combatant.disengaging or combatant.spirit_disengaging:
        facts.append(Fact(label="Disengaging", value="declared"))
    return facts


def _turn(state: PercentileState, combatant: Combatant) -> str | None:
    """Where the combatant stands in the round, as anyone sees it."""
    if state.clock is None or state.is_down(combatant):
        return None
    if state.active == combatant.id:
        return "acting"
    if combatant.turn_taken:
        return "turn done"
    if combatant.waited is not None:
        return "waiting"
    return None


def card(
    state: PercentileState,
    combatant: Combatant,
    sight: Sight,
    names: dict[str, str],
    following: str | None = None,
) -> ActorCard:
    """The card of one combatant, as ``sight`` may see it (``names``: the table's names)."""
    sees = sight.sees(combatant.id)
    down = state.is_down(combatant)
    gauges: list[Gauge] = []
    facts: list[Fact] = []
    summary: list[str] = []
    if sees:
        gauges, facts = _private(state, combatant)
        summary.append(f"HP {combatant.hp}/{combatant.stats.hit_points}")
    facts += _public(state, combatant, names)
    if combatant.form != "corporeal":
        summary.append(combatant.form)
    turn = _turn(state, combatant)
    if turn is not None:
        summary.append(turn)
    if combatant.casting is not None:
        summary.append(f"casting {combatant.casting.spell}")
    if down:
        summary.append("out of the fight")
    social = state.social
    acting = state.active == combatant.id
    if social is not None and state.clock is None:
        facts += social_facts(social, combatant.id, sight, names)
        summary += turn_words(social, combatant.id)
        acting = social.active == combatant.id
    conditions = (("prone",) if combatant.prone else ()) + combatant.conditions
    path = f"combatants.{combatant.id}"
    return ActorCard(
        id=combatant.id,
        name=combatant.name,
        side=combatant.side,
        path=f"combatants.{combatant.id}",
        life=life(state, combatant),
        defeated=down,
        acting=acting,
        summary=" · ".join(summary) or life(state, combatant),
        gauges=tuple(gauges),
        facts=tuple(facts),
        conditions=conditions,
        hidden=not sees,
        next=sight.gm and following == combatant.id,
        details=details(combatant.stats) if sees else (),
        conditions_path=path,
        held=held(path, combatant.prone, combatant.conditions),
    )


def cards(state: PercentileState, sight: Sight) -> tuple[ActorCard, ...]:
    """Every combatant's card, in the order they joined."""
    names = distinct_names(table_names(state))
    following = next_up(state) if state.social is None or state.clock is not None else None
    return tuple(
        card(state, combatant, sight, names, following) for combatant in state.combatants.values()
    )
