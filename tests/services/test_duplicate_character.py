"""An NPC duplicated into a group of minions (the issue: "duplicate an NPC into a group of
minions"): ids ``<id>-1..n``, names ``<Name> 1..n``, the sheet copied; NPCs only, the GM
only, and nothing written when an id is taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablekeeper.errors import ConflictError, ForbiddenError, InvalidInputError
from tablekeeper.services import characters, encounters

from .tables import NPC_HP, memory, seat, sqlite


def test_minions_get_numbered_ids_and_names_and_the_npcs_sheet(tmp_path: Path) -> None:
    seated = seat(sqlite(tmp_path))
    orc = characters.get_character(seated.new_uow(), "k1", "orc")
    minions = characters.duplicate_character(seated.new_uow(), "k1", "orc", 3)
    assert [(m.id, m.name, m.kind, m.player) for m in minions] == [
        ("orc-1", "Orc 1", "npc", None),
        ("orc-2", "Orc 2", "npc", None),
        ("orc-3", "Orc 3", "npc", None),
    ]
    assert all(minion.sheet == orc.sheet for minion in minions)
    assert minions[0].sheet["hp"] == NPC_HP
    listed = [c.id for c in characters.list_characters(seated.new_uow(), "k1")]
    assert listed == ["hero", "rogue", "orc", "orc-1", "orc-2", "orc-3"]
    stored = characters.get_character(seated.new_uow(), "k1", "orc-2")
    assert (stored.name, stored.version, stored.sheet) == ("Orc 2", 1, orc.sheet)


def test_each_minion_joins_an_encounter_by_its_own_name() -> None:
    # The character's name is the name the table knows the creature by, whatever name
    # the copied sheet carries: two minions never both show as "Imp".
    seated = seat(memory())
    characters.create_character(
        seated.new_uow(),
        "k1",
        id="imp",
        name="Imp",
        kind="npc",
        sheet={"name": "Imp", "side": "foes", "hp": 3},
    )
    minions = characters.duplicate_character(seated.new_uow(), "k1", "imp", 2)
    assert [m.name for m in minions] == ["Imp 1", "Imp 2"]
    assert minions[1].sheet == {"name": "Imp", "side": "foes", "hp": 3}
    view = encounters.start_encounter(seated.new_uow(), "k1", characters=["imp-1", "imp-2"])
    assert [c.name for c in view.state.creatures.values()] == ["Imp 1", "Imp 2"]


def test_percentile_stat_blocks_are_copied_whole() -> None:
    seated = seat(memory(), "percentile")
    orc = characters.get_character(seated.new_uow(), "k1", "orc")
    (minion,) = characters.duplicate_character(seated.new_uow(), "k1", "orc", 1)
    assert (minion.id, minion.name, minion.sheet) == ("orc-1", "Orc 1", orc.sheet)


def test_only_an_npc_is_duplicated() -> None:
    seated = seat(memory())
    with pytest.raises(InvalidInputError, match="only an NPC") as refused:
        characters.duplicate_character(seated.new_uow(), "k1", "hero", 2)
    assert refused.value.field == "character"
    assert "hero-1" not in [c.id for c in characters.list_characters(seated.new_uow(), "k1")]


def test_only_the_gm_duplicates() -> None:
    seated = seat(memory())
    ann = seated.viewer(seated.ann)
    with pytest.raises(ForbiddenError, match="only the GM"):
        characters.duplicate_character(seated.new_uow(), "k1", "orc", 2, viewer=ann)
    assert len(characters.list_characters(seated.new_uow(), "k1")) == 3


@pytest.mark.parametrize("count", [0, -1, 51, True])
def test_the_count_is_from_1_to_50(count: int) -> None:
    seated = seat(memory())
    with pytest.raises(InvalidInputError, match="from 1 to 50") as refused:
        characters.duplicate_character(seated.new_uow(), "k1", "orc", count)
    assert refused.value.field == "count"
    assert len(characters.list_characters(seated.new_uow(), "k1")) == 3


def test_fifty_is_allowed() -> None:
    seated = seat(memory())
    minions = characters.duplicate_character(seated.new_uow(), "k1", "orc", 50)
    assert minions[-1].id == "orc-50"


def test_an_id_taken_is_a_conflict_and_nothing_is_written(tmp_path: Path) -> None:
    seated = seat(sqlite(tmp_path))
    characters.duplicate_character(seated.new_uow(), "k1", "orc", 2)
    with pytest.raises(ConflictError, match="orc-1") as refused:
        characters.duplicate_character(seated.new_uow(), "k1", "orc", 4)
    assert refused.value.field == "count"
    ids = [c.id for c in characters.list_characters(seated.new_uow(), "k1")]
    assert ids == ["hero", "rogue", "orc", "orc-1", "orc-2"], "no orc-3 or orc-4"


def test_an_id_taken_in_the_middle_writes_nothing() -> None:
    seated = seat(memory())
    characters.create_character(
        seated.new_uow(),
        "k1",
        id="orc-3",
        name="A different orc",
        kind="npc",
        sheet={"side": "orcs", "hp": 5},
    )
    with pytest.raises(ConflictError, match="'orc-3'"):
        characters.duplicate_character(seated.new_uow(), "k1", "orc", 5)
    ids = [c.id for c in characters.list_characters(seated.new_uow(), "k1")]
    assert ids == ["hero", "rogue", "orc", "orc-3"]


def test_ids_too_long_are_refused_by_count() -> None:
    seated = seat(memory())
    long_id = "o" * 39
    characters.create_character(
        seated.new_uow(), "k1", id=long_id, name="Long", kind="npc", sheet={"side": "x", "hp": 1}
    )
    with pytest.raises(InvalidInputError, match="longer than 40") as refused:
        characters.duplicate_character(seated.new_uow(), "k1", long_id, 1)
    assert refused.value.field == "count"
