"""Adding and removing combatants in a running encounter (services/roster.py): logged GM
commands, undone like any other, refused for players and for rulesets that keep every
actor."""

from __future__ import annotations

import pytest

from tablekeeper.engine.sight import GM_SIGHT
from tablekeeper.errors import ForbiddenError, RulesError
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.services import campaigns, characters, encounters, roster
from tablekeeper.services.access import Viewer


@pytest.fixture
def store() -> InMemoryStore:
    store = InMemoryStore()
    campaigns.create_campaign(InMemoryUnitOfWork(store), "The keep", "realtime", campaign_id="k")
    for key, side in (("aliena", "party"), ("wolf", "foes"), ("bear", "foes")):
        characters.create_character(
            InMemoryUnitOfWork(store),
            "k",
            id=key,
            name=key.title(),
            kind="npc",
            sheet={"side": side, "hp": 10},
        )
    encounters.start_encounter(
        InMemoryUnitOfWork(store), "k", characters=["aliena"], encounter_id="e"
    )
    return store


def _actors(store: InMemoryStore) -> list[str]:
    view = encounters.load_encounter(InMemoryUnitOfWork(store), "e")
    return [card.id for card in view.ruleset.cards(view.state, GM_SIGHT)]


def test_the_gm_adds_campaign_characters_mid_encounter_and_undo_takes_each_back(
    store: InMemoryStore,
) -> None:
    view = roster.add_characters(InMemoryUnitOfWork(store), "e", ["wolf", "bear"])
    assert view.version == 3
    assert _actors(store) == ["aliena", "wolf", "bear"]
    encounters.undo(InMemoryUnitOfWork(store), "e")
    assert _actors(store) == ["aliena", "wolf"]


def test_a_character_already_at_the_table_or_unknown_is_refused_and_nothing_is_written(
    store: InMemoryStore,
) -> None:
    with pytest.raises(RulesError) as twice:
        roster.add_characters(InMemoryUnitOfWork(store), "e", ["wolf", "aliena"])
    assert twice.value.field == "characters.1"
    with pytest.raises(RulesError) as unknown:
        roster.add_characters(InMemoryUnitOfWork(store), "e", ["ghost"])
    assert unknown.value.field == "characters.0"
    assert _actors(store) == ["aliena"]


def test_a_fresh_npc_joins_from_a_sheet_and_a_bad_sheet_names_its_field(
    store: InMemoryStore,
) -> None:
    roster.add_new_actor(
        InMemoryUnitOfWork(store), "e", {"side": "foes", "hp": 7}, id="troll", name="Troll"
    )
    assert _actors(store) == ["aliena", "troll"]
    with pytest.raises(RulesError) as bad:
        roster.add_new_actor(
            InMemoryUnitOfWork(store), "e", {"side": "foes", "hp": "many"}, id="ogre", name="Ogre"
        )
    assert bad.value.field is not None
    assert "hp" in bad.value.field
    with pytest.raises(RulesError) as nameless:
        roster.add_new_actor(InMemoryUnitOfWork(store), "e", {"side": "x", "hp": 1}, id="", name="")
    assert nameless.value.field == "id"


def test_the_gm_removes_a_creature_and_undo_puts_it_back(store: InMemoryStore) -> None:
    roster.add_characters(InMemoryUnitOfWork(store), "e", ["wolf"])
    view = encounters.load_encounter(InMemoryUnitOfWork(store), "e")
    assert roster.removable(view, ["aliena", "wolf"]) == {"aliena", "wolf"}
    roster.remove_actor(InMemoryUnitOfWork(store), "e", "wolf")
    assert _actors(store) == ["aliena"]
    encounters.undo(InMemoryUnitOfWork(store), "e")
    assert _actors(store) == ["aliena", "wolf"]
    with pytest.raises(RulesError) as unknown:
        roster.remove_actor(InMemoryUnitOfWork(store), "e", "ghost")
    assert unknown.value.field == "actor"


def test_only_the_gm_changes_who_is_at_the_table(store: InMemoryStore) -> None:
    player = Viewer(role="player", player="ann", characters=frozenset({"aliena"}))
    with pytest.raises(ForbiddenError):
        roster.add_characters(InMemoryUnitOfWork(store), "e", ["wolf"], viewer=player)
    with pytest.raises(ForbiddenError):
        roster.remove_actor(InMemoryUnitOfWork(store), "e", "aliena", viewer=player)
    with pytest.raises(ForbiddenError):
        roster.add_new_actor(
            InMemoryUnitOfWork(store), "e", {"side": "x", "hp": 1}, id="x", name="X", viewer=player
        )


def test_the_duel_takes_a_fighter_out_and_the_round_starts_again() -> None:
    store = InMemoryStore()
    campaigns.create_campaign(InMemoryUnitOfWork(store), "Duel", "duel", campaign_id="d")
    encounters.start_encounter(InMemoryUnitOfWork(store), "d", encounter_id="e")
    for key in ("alice", "bob", "cora"):
        roster.add_new_actor(InMemoryUnitOfWork(store), "e", {"hp": 10}, id=key, name=key.title())
    roster.remove_actor(InMemoryUnitOfWork(store), "e", "bob")
    view = encounters.load_encounter(InMemoryUnitOfWork(store), "e")
    assert list(view.state.fighters) == ["alice", "cora"]
    assert view.state.clock.order == ("alice", "cora")


def test_percentile_and_tactical_take_an_actor_out_and_undo_puts_it_back() -> None:
    """C-21: every installed ruleset removes a combatant mid-encounter; an unknown one is
    refused naming the field ``actor``."""
    store = InMemoryStore()
    campaigns.create_campaign(InMemoryUnitOfWork(store), "Ford", "percentile", campaign_id="p")
    encounters.start_encounter(InMemoryUnitOfWork(store), "p", encounter_id="e")
    sheet = {"side": "x", "stats": {"name": "Alice", "hit_points": 9, "mov": 6}}
    roster.add_new_actor(InMemoryUnitOfWork(store), "e", sheet, id="alice", name="Alice")
    view = encounters.load_encounter(InMemoryUnitOfWork(store), "e")
    assert roster.removable(view, ["alice"]) == {"alice"}
    roster.remove_actor(InMemoryUnitOfWork(store), "e", "alice")
    assert _actors(store) == []
    encounters.undo(InMemoryUnitOfWork(store), "e")
    assert _actors(store) == ["alice"]
    with pytest.raises(RulesError) as refused:
        roster.remove_actor(InMemoryUnitOfWork(store), "e", "ghost")
    assert refused.value.field == "actor"


def test_a_fresh_npcs_id_name_and_sheet_problems_are_told_at_once(store: InMemoryStore) -> None:
    """Issue 13, "every error at once": the id, the name and each bad field together."""
    with pytest.raises(RulesError) as bad:
        roster.add_new_actor(
            InMemoryUnitOfWork(store), "e", {"side": "foes", "hp": "many"}, id="", name=""
        )
    message = str(bad.value)
    for said in ("id: give the new combatant an id", "name: give", "sheet.hp: "):
        assert said in message, said
    assert _actors(store) == ["aliena"]
