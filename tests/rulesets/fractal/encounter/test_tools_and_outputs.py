"""Tool use, hybrid turns and the trees' outputs (document 000: the Tool Use Conventions
of Chapters 9-14, F-CORE-11, F-CORE-12; the outputs of G-F-44)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.catalogue import default_catalogue
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec

from .helpers import Table, stats

CATALOGUE = default_catalogue()


def test_one_item_a_hand_and_one_action_a_tool_f_combat_gen_01() -> None:
    # F-COMBAT-GEN-01: two hands, two items, armor worn; one tool, one kind of action.
    # "A character can have one item (weapon or shield) in each hand"; armor takes none.
    two = [{"id": "sword", "kind": "weapon"}, {"id": "shield", "kind": "shield"}]
    CharacterSpec.model_validate(
        {"id": "k", "side": "p", "stats": stats(), "tools": two, "armor": 3}
    )
    with pytest.raises(ValidationError, match="two hands"):
        CharacterSpec.model_validate(
            {
                "id": "k",
                "side": "p",
                "stats": stats(),
                "tools": [*two, {"id": "torch", "kind": "other"}],
            }
        )
    table = Table()
    table.pc("knight")
    table.pc("orc", side="foes")
    table.open("fight", "combat", "knight", "orc")
    table.dice(1)
    table.act("fight", "knight", "melee", 1, "orc")
    with pytest.raises(IllegalCommandError, match="weapon is busy with melee"):
        table.act("fight", "knight", "ranged", 1, "orc")


def test_art_and_cooking_need_both_hands_but_not_the_voice_f_art_gen_06_f_cook_gen_06() -> None:
    # F-ART-GEN-06, F-COOK-GEN-06: both hands busy; Incantation still allowed.
    table = Table()
    table.pc("chef", ranks={"cooking": 1, "magic": 1}, tools=[{"id": "wand", "kind": "focus"}])
    table.pc("orc", side="foes")
    table.open("fight", "combat", "chef", "orc")
    table.dice(6)
    table.act("fight", "chef", "cookery", 1)
    with pytest.raises(IllegalCommandError, match="hands are busy this turn"):
        table.act("fight", "chef", "melee", 1, "orc")
    table.dice(1)
    table.act("fight", "chef", "mentalism", 1, "orc")  # Incantation only: allowed
    with pytest.raises(IllegalCommandError, match="can cast 1 spell"):  # the wand's hand is busy
        table.act("fight", "chef", "ergokinesis", 1, "orc")
    painter = Table()
    painter.pc("painter", ranks={"art": 1})
    painter.pc("orc", side="foes")
    painter.open("fight", "combat", "painter", "orc")
    painter.dice(1)
    painter.act("fight", "painter", "melee", 1, "orc")
    with pytest.raises(IllegalCommandError, match="hands are busy"):
        painter.act("fight", "painter", "pigment", 1)


def test_one_pool_split_between_trees_in_one_turn_f_core_12_f_art_gen_07_f_cook_gen_07() -> None:
    # F-CORE-12, F-ART-GEN-07, F-COOK-GEN-07: one pool split between a fight and a kitchen
    # in one turn.
    # The unified Action Pool: a Micro turn may split it between actions of different
    # trees (a maneuver and a cooking action; the Nano hybrids are the next issue's).
    table = Table()
    table.pc("chef", ranks={"cooking": 1, "art": 1})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "chef", "orc")
    table.dice(6, 6)
    table.act("fight", "chef", "maneuvers", 2)
    table.dice(6, 6, 6)
    table.act("fight", "chef", "cookery", 3)
    assert table.c("chef").ap == 12 - 5
    assert [p["action"] for p in table.payloads("action_rolled")] == ["maneuvers", "cookery"]


def test_dancing_mixes_any_number_of_dance_actions_f_dance_gen_10() -> None:
    # F-DANCE-GEN-10: three dance actions in one turn.
    # "you can mix any number of dance actions together, limited only by your AP".
    table = Table()
    table.pc("ines")
    table.pc("kali", side="rivals")
    table.open("ball", "dancing", "ines", "kali")
    table.dice(1)
    table.act("ball", "ines", "solo", 1, "kali")
    table.dice(6)
    table.act("ball", "ines", "choreography", 1)
    table.dice(6)
    table.act("ball", "ines", "troupe", 1)


def test_social_skills_need_the_voice_or_writing_implements_f_social_gen_05() -> None:
    # F-SOCIAL-GEN-05: no voice, no Conversation; writing still works.
    table = Table()
    table.pc("envoy", voice_free=False)
    table.pc("duke", side="court")
    table.open("talk", "social", "envoy", "duke")
    with pytest.raises(IllegalCommandError, match="cannot speak"):
        table.act("talk", "envoy", "conversation", 1, "duke")
    table.dice(1)
    table.act("talk", "envoy", "correspondence", 1, "duke")


def test_no_roll_is_forced_for_routine_matters() -> None:
    """F-SOCIAL-GEN-01, F-DANCE-GEN-01, F-ART-GEN-01, F-COOK-GEN-01."""
    # "Routine conversations [...] do not require a roll" (and routine dances, doodling,
    # boiling water): a scene of any tree opens and closes without a die.
    for tree in ("social", "dancing", "art", "cooking"):
        table = Table()
        table.pc("a")
        table.pc("b", side="others")
        table.open("scene", tree, "a", "b", level="macro")
        table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="scene", ended="nothing at stake"))
        assert len(table.roller.history) == 0


def test_nano_social_attacks_read_the_successes_after_defense_and_armor_f_social_gen_07() -> None:
    # F-SOCIAL-GEN-07: successes after defense, then armor.
    # The Social Damage Charts are missing (G-F-06); the arithmetic they are read with is
    # the Micro attack's: successes after the defense, then the armor.
    table = Table()
    table.pc("bard", stats={"words": 12})
    table.pc("baron", side="court", social_armor=1)
    table.open("talk", "social", "bard", "baron")
    table.dice(12, 12, 12, 12)
    table.act("talk", "bard", "conversation", 4, "baron")
    table.dice(6)
    table.answer("etiquette:1")
    assert table.payloads("defended")[0]["level"] == 4 - 1 - 1


def test_nano_magic_needs_an_incantation_or_focus_f_magic_gen_05() -> None:
    # F-MAGIC-GEN-05: every Nano magic action needs the spell tool (none is [No Tool]).
    # "Unless marked [No Tool], all actions below require an Incantation or Arcane Focus":
    # none is so marked. The two resistances (G-F-N13) are no spell of the list: a target's
    # instinct and a carrier's grip, provisional.
    actions = CATALOGUE.actions.of("magic", "nano")
    assert {a.tool for a in actions if not a.provisional} == {"spell"}
    assert {(a.id, a.tool) for a in actions if a.provisional} == {
        ("resist_mental", "none"),
        ("resist_decay", "none"),
    }


def test_the_gift_behind_magic_is_recorded_f_magic_gen_01() -> None:
    # F-MAGIC-GEN-01 ([gm]): the Gift is recorded on the character.
    table = Table()
    table.pc("mage", gifts=["Arcane Gift (8 points)"])
    assert table.c("mage").spec.gifts == ("Arcane Gift (8 points)",)


def test_the_dance_nano_zones_f_dance_gen_05() -> None:
    # F-DANCE-GEN-05: Focus, Technique, Audience Attention.
    zones = {a.zone for a in CATALOGUE.actions.of("dancing", "nano") if a.zone}
    assert zones == {"focus", "technique", "audience_attention"}


def test_performance_conditions_stay_in_the_dance_but_a_bad_fall_f_dance_gen_06() -> None:
    table = Table()
    table.pc("ines", stats={"body": 12})
    table.pc("kali", side="rivals")
    table.open("ball", "dancing", "ines", "kali")
    table.dice(12, 12)
    table.act("ball", "ines", "solo", 2, "kali")
    table.answer("none")
    assert table.c("kali").conditions[0].tree == "dancing"
    # A bad fall: the GM inflicts a generic physical condition (F-DANCE-GEN-06, F-COND-06).
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="kali", table="physical", kind="impact", successes=1)
    )
    assert table.c("kali").conditions[-1].tree is None


def test_the_trees_nano_outputs_are_provisional_named_conditions_f_art_gen_05_f_cook_gen_05() -> (
    None
):
    # F-ART-GEN-05, F-COOK-GEN-05 ([gm]): Awe-Inspired and the Sear meal's +2 Rank, provisional.
    table = Table()
    table.pc("sculptor", stats={"logic": 10, "body": 10})
    table.pc("viewer")
    table.open(
        "bronze",
        "art",
        "sculptor",
        level="solo",
        goal=2,
        techniques=["cast"],
        deadline=1,
        output="awe_inspired",
    )
    table.dice(10, 10)
    table.session.submit(
        Command.of(GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict="bronze", allocation={"cast": 2}))
    )
    table.gm(cmd.SERVE, cmd.Serve(conflict="bronze", to=["viewer"]))
    awe = table.c("viewer").conditions[0]
    assert (awe.name, awe.dice[0].stat.value, awe.provisional) == (
        "Awe-Inspired",
        "meditation",
        True,
    )
    meal = Table(rank_caps_dice=True)
    meal.pc("chef", stats={"body": 10, "nature": 10})
    meal.pc("knight")
    meal.pc("orc", side="foes")
    meal.open(
        "kitchen",
        "cooking",
        "chef",
        level="solo",
        goal=1,
        techniques=["sear"],
        deadline=1,
        output="hearty_meal",
    )
    meal.dice(10)
    meal.session.submit(
        Command.of(GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict="kitchen", allocation={"sear": 1}))
    )
    meal.gm(cmd.SERVE, cmd.Serve(conflict="kitchen", to=["knight"]))
    meal.open("fight", "combat", "knight", "orc")
    # "+2 Rank to Body actions": with dice capped by Rank, the knight may commit 2.
    meal.dice(1, 1)
    meal.act("fight", "knight", "melee", 2, "orc", stat="body")
    with pytest.raises(IllegalCommandError, match="at most 2 dice"):
        meal.act("fight", "knight", "melee", 3, "orc", stat="body")


def test_exhibition_outputs_go_to_the_artist_f_art_gen_03_f_art_gen_04() -> None:
    # F-ART-GEN-03, F-ART-GEN-04: successes set the quality; the artist gains Praised.
    table = Table()
    table.pc("painter", stats={"visual": 10})
    table.open(
        "mural",
        "art",
        "painter",
        level="solo",
        goal=1,
        techniques=["pigment"],
        deadline=1,
        output="praised",
    )
    table.dice(10)
    table.session.submit(
        Command.of(
            GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict="mural", allocation={"pigment": 1})
        )
    )
    project = table.conflict("mural").project
    assert project is not None
    assert (project.total, project.result) == (1, "success")  # the quality
    table.gm(cmd.SERVE, cmd.Serve(conflict="mural", to=["painter"]))  # shown for the first time
    assert table.c("painter").conditions[0].name == "Praised"
