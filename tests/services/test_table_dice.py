"""Dice rolled at the table die by die (issue 13): the services answer which die a write
needs next, in the rules' words, storing nothing until the faces are enough; a face the
die cannot show, or faces left over, are refused with the field named."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tablekeeper.dice.purposes import Purpose, labelled
from tablekeeper.dice.roller import Die, FixedRoller, RandomRoller, Roller
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.errors import DiceSupplyError, ForbiddenError
from tablekeeper.persistence.memory import InMemoryStore, InMemoryUnitOfWork
from tablekeeper.services import characters, encounters, views
from tablekeeper.services.access import Viewer
from tablekeeper.services.demo_campaigns import ensure_demo_campaigns
from tablekeeper.services.encounter_store import EncounterView
from tablekeeper.services.table_dice import DieNeeded, Rolled, at_the_table, next_die


@dataclass
class Demo:
    """The demo encounter of one ruleset, over an in-memory store."""

    store: InMemoryStore
    encounter: str

    def uow(self) -> InMemoryUnitOfWork:
        return InMemoryUnitOfWork(self.store)

    def view(self) -> EncounterView:
        return encounters.load_encounter(self.uow(), self.encounter)

    def command(self, kind: str, **payload: object) -> Command:
        view = self.view()
        offered = [
            command
            for actor in (GM, *views.actors_of(view))
            for command in views.legal_commands_for(view, actor)
            if command.kind == kind
            and all(command.payload.get(key) == value for key, value in payload.items())
        ]
        assert offered, f"no {kind} offered"
        return offered[0]

    def submit(self, command: Command) -> Callable[[Roller], EncounterView]:
        return lambda roller: encounters.submit_command(
            self.uow(), self.encounter, command, roller=roller
        )

    def answer(self, option: str) -> Callable[[Roller], EncounterView]:
        pending = self.view().pending
        assert pending is not None
        return lambda roller: encounters.answer_decision(
            self.uow(), self.encounter, pending.id, option, roller=roller
        )


def demo(ruleset: str) -> Demo:
    store = InMemoryStore()
    made = {
        campaign.ruleset: campaign
        for campaign, _ in ensure_demo_campaigns(lambda: InMemoryUnitOfWork(store))
    }
    campaign = made[ruleset]
    stored = characters.list_characters(InMemoryUnitOfWork(store), campaign.id)
    view = encounters.start_encounter(
        InMemoryUnitOfWork(store), campaign.id, characters=[c.id for c in stored]
    )
    return Demo(store, view.encounter.id)


def die_by_die(
    table: Demo, write: Callable[[Roller], EncounterView], seed: int = 5
) -> tuple[list[DieNeeded], Rolled]:
    """Give ``write`` one die more each time the services ask, checking nothing is stored
    in between: what was asked, and what was stored."""
    before = table.view().version
    faces: list[int] = []
    asked: list[DieNeeded] = []
    dice = RandomRoller(seed)
    while True:
        done = at_the_table(faces, write)
        if isinstance(done, Rolled):
            return asked, done
        assert table.view().version == before, "nothing is stored while a die is missing"
        assert done.position == len(faces) + 1
        assert [face.face for face in done.rolled] == faces
        asked.append(done)
        faces.append(dice.roll(done.die))


def test_a_duel_attack_needs_one_die_the_attackers() -> None:
    table = demo("duel")
    asked, done = die_by_die(table, table.submit(table.command("duel.attack")))
    assert [(str(a.die), a.purpose) for a in asked] == [("d20", Purpose("attack", "alice"))]
    assert done.view.version == table.view().version == 2 + len(done.view.records)  # once
    assert [face.purpose for face in done.rolled] == [asked[0].purpose]


def test_a_dodge_needs_two_dice_damage_then_the_dodge() -> None:
    table = demo("duel")
    at_the_table([20], table.submit(table.command("duel.attack")))
    assert table.view().pending is not None, "a natural 20 hits: block or dodge?"
    asked, done = die_by_die(table, table.answer("dodge"))
    assert [(str(a.die), a.purpose and a.purpose.what) for a in asked] == [
        ("d6", "damage"),
        ("d20", "dodge"),
    ]
    assert len(done.rolled) == 2
    assert done.view.records, "the answer is stored"


def test_a_fractal_action_needs_a_die_per_ap_named_by_the_action() -> None:
    table = demo("fractal")
    at_the_table([], table.submit(table.command("fractal.open_conflict")))
    offered = table.command("fractal.act", action="melee")
    act = offered.model_copy(update={"payload": {**offered.payload, "dice": 3}})
    asked, done = die_by_die(table, table.submit(act))
    assert len(asked) == 3
    assert {(str(a.die), a.purpose) for a in asked} == {("d8", Purpose("Melee", "brenna"))}
    assert len(done.rolled) == 3


def test_percentile_asks_each_combatants_turn_order() -> None:
    table = demo("percentile")
    asked, done = die_by_die(table, table.submit(table.command("percentile.start")))
    assert {str(a.die) for a in asked} == {"d10"}
    whose = [a.purpose.who for a in asked if a.purpose is not None]
    assert set(whose) == set(views.actors_of(table.view()))
    assert {a.purpose.what for a in asked if a.purpose is not None} <= {
        "turn order",
        "turn order roll-off",
    }
    assert len(done.rolled) == len(asked)


def test_a_face_the_die_cannot_show_is_refused_naming_the_field_and_the_die() -> None:
    table = demo("duel")
    attack = table.submit(table.command("duel.attack"))
    with pytest.raises(DiceSupplyError) as refused:
        at_the_table([21], attack)
    assert refused.value.field == "dice"
    assert "die 1 (attack) is 21, which a d20 cannot show (1..20)" in refused.value.message
    assert table.view().version == 2, "nothing stored"


def test_faces_left_over_are_refused_and_nothing_is_stored() -> None:
    table = demo("duel")
    attack = table.submit(table.command("duel.attack"))
    with pytest.raises(DiceSupplyError, match="1 face was left over: 4") as refused:
        at_the_table([10, 4], attack)
    assert refused.value.field == "dice"
    assert table.view().version == 2


def test_asking_again_never_stores_even_when_the_faces_are_enough() -> None:
    table = demo("duel")
    attack = table.submit(table.command("duel.attack"))
    assert next_die([10], attack) is None
    again = next_die([], attack)
    assert again is not None
    assert (again.position, str(again.die)) == (1, "d20")
    assert table.view().version == 2


def test_only_the_gm_rolls_at_the_table() -> None:
    table = demo("duel")
    player = Viewer(role="player", player="someone", characters=frozenset({"alice"}))
    command = table.command("duel.attack")

    def as_player(roller: Roller) -> EncounterView:
        return encounters.submit_command(
            table.uow(), table.encounter, command, roller=roller, viewer=player
        )

    with pytest.raises(ForbiddenError):
        at_the_table([], as_player)


def test_labels_cost_a_roller_that_keeps_none_nothing_and_the_nearest_names_the_die() -> None:
    random = RandomRoller(1)
    assert labelled(random, "attack", "alice") is random
    fixed = FixedRoller([3, 4, 5])
    outer = labelled(fixed, "attack", "alice")
    assert labelled(outer, "hit location").roll(Die(20)) == 3
    assert outer.roll(Die(20)) == 4
    assert fixed.roll(Die(6)) == 5
    assert fixed.purposes == [
        Purpose("hit location", "alice"),  # whose: the caller's
        Purpose("attack", "alice"),
        None,  # unlabelled: named by its die alone
    ]
    assert outer.history is fixed.history


def test_a_tactical_skill_asks_its_dice_named_by_the_skill() -> None:
    table = demo("tactical")
    defend = table.command("tactical.use_skill", character="brenna", skill="defend")
    asked, done = die_by_die(table, table.submit(defend))
    assert asked
    assert {a.purpose for a in asked} == {Purpose("defend utility roll", "brenna")}
    assert len(done.rolled) == len(asked)
