"""``percentile`` combatants as actor cards, for the GM and for a player (C-03).

A card holds for everyone what the player view keeps of a combatant (name, side, form,
down or up, prone, conditions, what it holds, casting, engagements, grapples, stuck
weapons, whose turn it is) and, for the GM and its player only, the numbers of its
sheet (HP, per location with Hit Locations, Magic and Determination Points, turn order,
actions left, defenses held).
"""

from __future__ import annotations

import json

from tablekeeper.engine.cards import ActorCard
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.encounter import add_combatant, order
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter.state import Casting, StuckWeapon
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE

from .encounter.helpers import SPEAR, act, add, duel, stats, table

BRENNA = Sight.player({"brenna"})


def _cards(session: object, sight: Sight) -> dict[str, ActorCard]:
    return {card.id: card for card in PERCENTILE.cards(session.state, sight)}  # type: ignore[attr-defined]


def _facts(card: ActorCard) -> dict[str, str]:
    return {fact.label: fact.value for fact in card.facts}


def test_the_gm_reads_the_numbers_a_player_reads_what_stands_in_plain_sight() -> None:
    session, _ = duel(9, 2)  # Aldric 22 acts first, Brenna 15
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    act(session, cmd.DEFEND, "aldric")
    gm = _cards(session, GM_SIGHT)["aldric"]
    assert (gm.name, gm.side, gm.path, gm.life) == ("Aldric", "party", "combatants.aldric", "up")
    assert gm.acting
    assert not gm.hidden
    assert not gm.defeated
    assert [(g.label, g.value, g.maximum) for g in gm.gauges] == [("HP", 13, 13), ("MP", 12, 12)]
    facts = _facts(gm)
    assert facts["Turn order"] == "22"
    assert next(f for f in gm.facts if f.label == "Turn order").explain == "13 + 1D10 (9)"
    assert facts["Actions left"] == "1"
    assert facts["Defenses held"] == "defend (1 left)"
    assert facts["Determination"] == "10"
    assert facts["In hand"] == "broadsword, heater"
    assert facts["Engaged with"] == "Brenna"
    assert gm.summary == "HP 13/13 · acting"
    seen = _cards(session, BRENNA)["aldric"]
    assert seen.hidden
    assert seen.gauges == ()
    assert _facts(seen) == {"In hand": "broadsword, heater", "Engaged with": "Brenna"}
    assert seen.summary == "acting"
    assert "13" not in json.dumps(seen.model_dump(mode="json"))  # no HP, no turn order
    own = _cards(session, BRENNA)["brenna"]
    assert not own.hidden
    assert _facts(own)["Actions left"] == "2"
    assert PERCENTILE.cards(session.state, GM_SIGHT)[0].id == "aldric"  # the order added


def test_hit_locations_are_facts_for_those_who_may_see() -> None:
    session, _ = table(hit_locations=True)
    add(session, "aldric", "party")
    add(session, "brenna", "foes")
    session.submit(order(cmd.DAMAGE, "brenna", actor="gm", amount=3, location="left leg"))
    facts = _facts(_cards(session, BRENNA)["brenna"])
    assert facts["left leg"] == "2 / 5 HP"  # a third of 13, rounded up (provisional)
    assert facts["head"] == "5 / 5 HP"
    assert "left leg" not in _facts(_cards(session, Sight.player({"aldric"}))["brenna"])


def test_a_combatant_out_of_the_fight_is_defeated_and_says_so() -> None:
    session, dice = duel(9, 2)
    dice.feed(5)  # Corin joins: its turn order
    add(session, "corin", "foes")  # a third, so the encounter goes on
    session.submit(order(cmd.DAMAGE, "brenna", actor="gm", amount=20))
    brenna = _cards(session, Sight.player({"aldric"}))["brenna"]
    assert (brenna.life, brenna.defeated) == ("down", True)
    assert brenna.summary == "out of the fight"
    assert not _cards(session, GM_SIGHT)["corin"].defeated


def test_grapples_stuck_weapons_prone_and_names_are_public() -> None:
    session, dice = duel(9, 2)
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=["aldric", "brenna"]))
    dice.feed(30)
    act(session, cmd.GRAPPLE, "aldric", target="brenna")
    session.answer("none")
    state = session.state
    brenna = state.combatant("brenna").model_copy(update={"prone": True, "conditions": ("dazed",)})
    state = state.with_combatant(brenna)
    cards = {card.id: card for card in PERCENTILE.cards(state, Sight.player({"corin"}))}
    assert _facts(cards["aldric"])["Grapples"] == "Brenna (Brawl)"
    assert _facts(cards["brenna"])["Grappled by"] == "Aldric"
    assert cards["brenna"].conditions == ("prone", "dazed")


def test_a_name_given_to_the_combatant_is_the_name_on_its_card() -> None:
    # two wolves of one stat block are known as "Wolf 1" and "Wolf 2"
    session, _ = table()
    wolf = stats("Wolf", weapons=[SPEAR])
    session.submit(add_combatant(id="wolf_1", name="Wolf 1", side="wolves", stats=wolf))
    session.submit(add_combatant(id="wolf_2", side="wolves", stats=wolf))
    cards = _cards(session, GM_SIGHT)
    assert cards["wolf_1"].name == "Wolf 1"
    assert cards["wolf_2"].name == "Wolf"
    assert session.state.combatant("wolf_1").name == "Wolf 1"


def test_casting_and_stuck_weapons_are_public_the_magic_points_put_in_are_not() -> None:
    # C-03: the spell being cast and the actions spent; not its Magic Points (P-OPT-21)
    session, _ = duel(9, 2)
    state = session.state
    casting = Casting(spell="Bladesharp", magic_points=937, needed=2, spent=1)
    aldric = state.combatant("aldric").model_copy(update={"casting": casting, "disengaging": True})
    stuck = StuckWeapon(owner="brenna", target="aldric", weapon="spear")
    state = state.with_combatant(aldric).model_copy(update={"stuck": (stuck,)})
    card = {card.id: card for card in PERCENTILE.cards(state, BRENNA)}["aldric"]
    facts = _facts(card)
    assert facts["Casting"] == "Bladesharp (1 / 2 actions)"
    assert facts["Stuck in it"] == "Brenna's spear (held)"
    assert facts["Disengaging"] == "declared"
    assert card.summary == "acting · casting Bladesharp"
    assert "937" not in json.dumps(card.model_dump(mode="json"))
