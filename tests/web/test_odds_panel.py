"""The percentile clock panel and the odds bars, rendered from a real encounter's state.

The panel shows the round, the turn order with whose turn it is and the actions left;
each combatant is its card, as the viewer may see it (C-03: a player never sees an NPC's
HP); the odds
bars write out each chance with one decimal and the exact fraction (issue 6, "Odds
before committing"; ruling C-10).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.rulesets.percentile.encounter import order, start
from tablekeeper.rulesets.percentile.encounter.commands import ATTACK, ENGAGE
from tablekeeper.services import access, campaigns, characters, encounters
from tablekeeper.services.access import GM_VIEWER, Viewer
from tablekeeper.services.command_odds import command_odds
from tablekeeper.services.encounters import EncounterView
from tablekeeper.services.views import cards_for
from tablekeeper.web.templating import environment, ruleset_template


def InMemoryStoreUow() -> Callable[[], UnitOfWork]:  # noqa: N802
    store = InMemoryStore()
    return lambda: InMemoryUnitOfWork(store)


def _sheet(name: str, side: str, hp: int) -> dict[str, Any]:
    sword = {"name": "sword", "skill": "Sword", "damage": "1d8", "type": "slashing", "hp": 12}
    return {
        "side": side,
        "stats": {
            "name": name,
            "characteristics": {"STR": 13, "CON": 12, "SIZ": 13, "DEX": 14, "INT": 13},
            "skills": {"Sword": 60, "Dodge": 35},
            "weapons": [sword],
            "hit_points": hp,
            "mov": 8,
        },
    }


def _percentile_table() -> tuple[EncounterView, Viewer]:
    """Ann's hero (12 HP) and an orc NPC (6 HP), started and engaged in melee."""
    new_uow = InMemoryStoreUow()
    campaigns.create_campaign(new_uow(), "Keep", "percentile", campaign_id="k1", gm_secret="s")
    _, token = access.add_player(new_uow(), "k1", "ann", "Ann")
    hero = _sheet("Hero", "a", 12)
    characters.create_character(new_uow(), "k1", id="hero", name="Hero", player="ann", sheet=hero)
    orc = _sheet("Orc", "b", 6)
    characters.create_character(new_uow(), "k1", id="orc", name="Orc", kind="npc", sheet=orc)
    encounters.start_encounter(new_uow(), "k1", characters=["hero", "orc"], encounter_id="e1")
    encounters.submit_command(new_uow(), "e1", start())
    view = encounters.submit_command(new_uow(), "e1", order(ENGAGE, pair=("hero", "orc")))
    return view, access.authenticate(new_uow(), "k1", token)


def _panel(view: Any, state: dict[str, Any], viewer: Any) -> str:
    return (
        environment()
        .get_template(ruleset_template("percentile", "panel.html"))
        .render(
            campaign=None,
            viewer=viewer,
            encounter={"id": "e1", "campaign_id": "k1", "ruleset": "percentile", "version": 3},
            state=state,
            cards=cards_for(view, viewer, {"hero": "ann"}),
            clock_words=view.ruleset.words.clock(view.state),
            base="/campaigns/k1/encounters/e1",
            pending=None,
            players={"hero": "ann"},
            commands=[],
            standing_odds={},
        )
    )


def _card(view: Any, viewer: Viewer, key: str) -> Any:
    return next(card for card in cards_for(view, viewer, {"hero": "ann"}) if card.id == key)


def test_the_gm_sees_the_turn_order_hp_and_engagement() -> None:
    view, _ = _percentile_table()
    state = view.state
    html = _panel(view, state.model_dump(mode="json"), GM_VIEWER)
    assert f"Round {state.round}" in html
    active = state.combatant(state.active)
    assert f"{active.name}'s turn" in html
    assert 'aria-current="true"' in html
    order = re.findall(r'<span class="turn-name">(\w+)</span>', html)
    assert order == [state.combatant(key).name for key in state.clock.order]
    assert f"{active.actions_left} action" in html
    orc = _card(view, GM_VIEWER, "orc")  # each combatant's numbers are its card's (issue 13)
    assert next((g.label, g.value, g.maximum) for g in orc.gauges) == ("HP", 6, 6)
    assert any(fact.label == "Engaged with" for fact in orc.facts)
    assert "<dt>HP</dt>" not in html  # the panel lists no combatant again


def test_a_player_sees_their_hp_but_not_the_npcs() -> None:
    view, ann = _percentile_table()
    shown = view.ruleset.player_view(view.state, ann.sight)
    html = _panel(view, shown, ann)
    hero = _card(view, ann, "hero")
    assert next((g.label, g.value, g.maximum) for g in hero.gauges) == ("HP", 12, 12)
    assert _card(view, ann, "orc").gauges == ()  # not the NPC's
    assert "6 / 6" not in html
    assert "Orc" in html  # in the turn order
    assert hero.controller == "ann"


def test_the_odds_bars_write_out_each_chance() -> None:
    view, _ = _percentile_table()
    odds = command_odds(view, order(ATTACK, "hero", targets=["orc"]), GM_VIEWER)
    assert odds is not None
    template = environment().from_string(
        '{% from "_odds.html" import odds_bars %}{{ odds_bars(odds) }}'
    )
    html = template.render(odds=odds)
    assert f"<figcaption>{odds.title}</figcaption>" in html
    for label, chance in odds.outcomes:
        percent = f"{float(chance) * 100:.1f}%"
        assert f'aria-label="{label}: {percent}"' in html
        assert f'{percent}<span class="odds-exact"> ({chance})</span>' in html
    assert html.count("<meter") == len(odds.outcomes)
