"""GM tools (document 000, 16.1-16.6; 6.1; rulings G-F-31, G-F-44)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tablekeeper.engine import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec

from .helpers import Table


def test_adversaries_have_two_or_three_stats_and_ap_from_the_two_highest_f_gm_01_f_gm_02() -> None:
    # F-GM-01, F-GM-02
    table = Table()
    goblin = table.npc("goblin", stats={"body": 6, "visual": 6})  # "Body d6 and Visual d6"
    assert goblin.ap == 12
    ogre = table.npc("ogre", stats={"body": 12, "nature": 4, "meditation": 8})
    assert ogre.ap == 20
    with pytest.raises(ValidationError, match="at least two stats"):
        CharacterSpec.model_validate(
            {"id": "wisp", "side": "foes", "kind": "npc", "stats": {"nature": 6}}
        )
    with pytest.raises(ValidationError, match="all eight stats"):
        CharacterSpec.model_validate(
            {"id": "pc", "side": "party", "stats": {"body": 6, "visual": 6}}
        )


@pytest.mark.parametrize(
    ("ranks", "error"),
    [
        ({"melee": 1}, None),
        ({"melee": 5, "defense": 3}, None),
        ({"melee": 6}, "1 to 5"),
        ({"melee": -1}, "1 to 5"),
        ({"melee": 1, "defense": 1, "ranged": 1}, "1 or 2"),
    ],
)
def test_npc_ranks_are_1_to_5_in_1_or_2_skills_and_0_elsewhere_f_gm_03(
    ranks: dict[str, int], error: str | None
) -> None:
    # F-GM-03: Rank 1 to 5 (0 and 6 refused) in 1 or 2 skills, 0 elsewhere.
    spec = {
        "id": "guard",
        "side": "foes",
        "kind": "npc",
        "stats": {"body": 6, "visual": 6},
        "ranks": ranks,
    }
    if error:
        with pytest.raises(ValidationError, match=error):
            CharacterSpec.model_validate(spec)
        return
    table = Table()
    table.npc("guard", stats={"body": 6, "visual": 6}, ranks=ranks)
    assert table.c("guard").rank("melee", "combat") == ranks["melee"]
    assert table.c("guard").rank("oratory", "social") == 0


def test_spirits_are_recorded_1_to_3_for_major_antagonists_f_gm_06() -> None:
    # F-GM-06 ([gm]): up to 3 Spirits recorded, a fourth refused.
    table = Table()
    table.npc("lich", stats={"logic": 12, "meditation": 10}, spirits=["Grief", "Ash", "Crown"])
    assert table.c("lich").spec.spirits == ("Grief", "Ash", "Crown")
    with pytest.raises(ValidationError, match="at most 3"):
        CharacterSpec.model_validate(
            {
                "id": "x",
                "side": "f",
                "kind": "npc",
                "stats": {"logic": 6, "body": 6},
                "spirits": ["a", "b", "c", "d"],
            }
        )


def horde(**options: object) -> Table:
    table = Table(**options)  # type: ignore[arg-type]
    table.pc("brenna", stats={"body": 12})
    for key in ("g1", "g2", "g3", "g4"):
        table.npc(key, minion=True)
    table.open("fight", "combat", "brenna", "g1", "g2", "g3", "g4")
    return table


def test_a_minion_leaves_at_its_first_successful_attack_f_gm_04() -> None:
    table = horde()
    table.dice(12)
    table.act("fight", "brenna", "melee", 1, "g2")
    table.answer("none")
    assert table.conflict("fight").participants["g2"].out == "minion_removed"
    assert table.labels("g2") == []  # no condition to track


@pytest.mark.parametrize(
    ("successes", "removed"),
    [(1, ["g2"]), (2, ["g2", "g3"]), (3, ["g2", "g3", "g4"]), (4, ["g1", "g2", "g3", "g4"])],
)
def test_cleave_removes_as_many_minions_as_the_margin_f_gm_05_g_f_31(
    successes: int, removed: list[str]
) -> None:
    # F-GM-05: margin 1 to 4 removes 1 to 4 contiguous minions.
    table = horde()
    table.dice(*([12] * successes))
    table.act("fight", "brenna", "melee", successes, "g2")
    table.answer("none")
    out = [k for k, p in table.conflict("fight").participants.items() if p.out == "minion_removed"]
    assert sorted(out) == sorted(removed)


def test_cleave_counting_further_minions_is_an_option_g_f_31() -> None:
    table = horde(cleave_counts_struck=False)
    table.dice(12, 12)
    table.act("fight", "brenna", "melee", 2, "g1", cleave=["g4"])
    table.answer("none")
    out = [k for k, p in table.conflict("fight").participants.items() if p.out == "minion_removed"]
    assert out == ["g1", "g2", "g4"]


def test_the_gm_inflicts_a_condition_by_ruling_f_cond_06() -> None:
    table = Table()
    table.pc("brenna")
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(
            character="brenna", table="physical", kind="sickened", successes=2, chosen_stat="nature"
        ),
    )
    fevers = table.c("brenna").conditions[0]
    assert (fevers.label, [(d.stat.value, d.dice) for d in fevers.dice]) == (
        "Fevers [2]",
        [("nature", -1)],
    )  # G-F-11
    with pytest.raises(IllegalCommandError, match="no generic condition 'plague'"):
        table.gm(
            cmd.INFLICT,
            cmd.Inflict(character="brenna", table="physical", kind="plague", successes=1),
        )


def test_or_dice_default_to_the_first_stat_or_count_for_either_g_f_11() -> None:
    table = Table()
    table.pc("brenna")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="physical", kind="impact", successes=2)
    )
    assert [d.stat.value for d in table.c("brenna").conditions[0].dice] == ["body"]
    either = Table(or_dice="either_stat")
    either.pc("brenna")
    either.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="physical", kind="impact", successes=2)
    )
    assert [d.stat.value for d in either.c("brenna").conditions[0].dice] == ["body", "nature"]


def test_medical_attention_and_other_requirements_are_the_gms_ruling_f_cond_16_f_down_06() -> None:
    # F-COND-16 ([gm]): the medical care is recorded and the GM removes the condition.
    table = Table()
    table.pc("brenna")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="brenna", table="physical", kind="impact", successes=2)
    )
    battered = table.c("brenna").conditions[0]
    assert "medical attention" in battered.recovery.requirements
    table.gm(
        cmd.REMOVE,
        cmd.RemoveCondition(character="brenna", condition=battered.id, because="a surgeon's care"),
    )
    assert table.labels("brenna") == []


def test_the_gm_redefines_a_conflicts_measures_f_time_05() -> None:
    table = Table()
    table.pc("envoy")
    table.pc("duke", side="court")
    table.open("court", "social", "envoy", "duke", setting="court")
    assert str(table.conflict("court").time.exchange) == "1 day"  # F-TIME-03
    table.gm(
        cmd.REDEFINE,
        cmd.Redefine(conflict="court", exchange="1 week"),
    )
    scale = table.conflict("court").time
    assert scale.sources["unit"] == "F-TIME-03"  # what the GM left alone keeps its source
    assert (str(scale.exchange), scale.sources["exchange"], str(scale.unit)) == (
        "1 week",
        "gm (F-TIME-05)",
        "a wing of the palace",
    )


def test_simultaneous_conflicts_share_the_characters_conditions_f_gm_14() -> None:
    # "the Chef is in a Cooking Solo Conflict in the kitchen while the Bard is in a Social
    # Micro Conflict in the banquet hall"; characters move between them, and conditions go
    # with them.
    table = Table()
    table.pc("chef")
    table.pc("bard", stats={"words": 12})
    table.pc("duke", side="court")
    table.open("kitchen", "cooking", "chef", level="solo", goal=4, techniques=["sear"])
    table.open("hall", "social", "bard", "duke")
    assert {c.id for c in table.state.open_conflicts()} == {"kitchen", "hall"}
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="chef", table="physical", kind="fatigue", successes=1)
    )
    with pytest.raises(IllegalCommandError, match="move them with join_conflict"):
        table.open("brawl", "combat", "chef", "duke")
    table.gm(cmd.JOIN, cmd.Join(conflict="hall", seat={"character": "chef"}))
    assert table.c("chef").conflict == "hall"
    assert table.conflict("kitchen").participants["chef"].out == "left"
    assert table.labels("chef") == ["Tired [1]"]


def test_creative_solutions_are_actions_of_any_tree_the_character_knows_f_gm_12() -> None:
    # F-GM-12 ([gm]): a Cooking action in a fight, then the GM's scene element.
    # "use a Cooking skill to grease the floor": a Micro Cooking action in a fight, then
    # the GM's scene element.
    table = Table()
    table.pc("chef", ranks={"cooking": 2})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "chef", "orc")
    table.dice(6, 6)
    table.act("fight", "chef", "cookery", 2)
    assert table.payloads("action_rolled")[0]["check"]["success_level"] == 2
    table.gm(
        cmd.PLACE_ELEMENT,
        cmd.PlaceElement(conflict="fight", element="difficult", severity=2),
    )


def test_a_party_fight_is_one_micro_conflict_of_any_size_f_gm_10() -> None:
    # "If the whole party is fighting, resolve it as a Micro Conflict": every seat in one
    # conflict, turns in order; a Nano duel is opened as its own level (test_nano_*).
    table = Table()
    for key in ("a", "b", "c", "d"):
        table.pc(key)
    for key in ("w", "x", "y", "z"):
        table.npc(key)
    table.open("melee", "combat", "a", "w", "b", "x", "c", "y", "d", "z")
    assert table.conflict("melee").order == ("a", "w", "b", "x", "c", "y", "d", "z")
    duel = cmd.OpenConflict.model_validate(
        {"id": "duel", "level": "nano", "tree": "combat", "seats": [{"character": "a"}]}
    )
    assert duel.level == "nano"


def test_the_gm_flips_by_bribery_or_blackmail_f_gm_09() -> None:
    # F-GM-09: bribery or blackmail, the GM's flip.
    table = Table()
    table.pc("bard")
    table.pc("steward", side="court")
    table.pc("queen", side="court")
    table.open("court", "social", "bard", "steward", "queen")
    table.gm(cmd.FLIP, cmd.Flip(conflict="court", character="steward", side="party"))
    assert table.conflict("court").participants["steward"].side == "party"


def test_a_conflict_transformed_carries_its_stakes_f_gm_13() -> None:
    # "If a heated debate escalates into a physical duel [...] pause, vote on a new
    # granularity level, and carry the stakes over": the GM closes the debate and opens the
    # fight with the same characters, whose conditions carry over (the voted transformation
    # as one command is the next issue's).
    table = Table()
    table.pc("bard", stats={"words": 12})
    table.pc("duke", side="court")
    table.open("debate", "social", "bard", "duke")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="duke", table="physical", kind="fatigue", successes=2)
    )
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="debate", ended="it comes to blows"))
    table.open("duel", "combat", "bard", "duke")
    assert table.labels("duke") == ["Exhausted [2]"]
    assert table.c("duke").ap == 10


def test_the_gm_is_offered_a_micro_conflict_of_everyone_and_a_projects_serving_g_f_e12() -> None:
    table = Table()
    table.pc("brenna")
    assert table.session.legal_commands("gm") == ()  # one side only: nothing to open
    table.npc("orc")
    offered = table.session.legal_commands("gm")
    micro = [c.payload["tree"] for c in offered if c.payload["level"] == "micro"]
    assert micro == ["combat", "social", "dancing", "magic"]
    assert offered[0].payload["level"] == "micro"  # the Micro conflicts first (the policy's)
    duels = [c.payload["tree"] for c in offered if c.payload["level"] == "nano"]
    assert duels == ["combat", "social", "dancing"]  # then a duel, a debate, a dance-off
    assert offered[0].payload["characters"] == ["brenna", "orc"]
    table.session.submit(offered[0])
    assert table.conflict("combat-1").current == "brenna"
    assert all(c.kind != cmd.OPEN_CONFLICT for c in table.session.legal_commands("gm"))
    cook = Table()
    cook.pc("chef", stats={"nature": 10})
    cook.pc("guest")
    cook.open(
        "pie",
        "cooking",
        "chef",
        level="solo",
        goal=1,
        techniques=["sear"],
        deadline=1,
        output="well_fed",
    )
    cook.dice(10)
    cook.session.submit(
        Command.of("gm", cmd.SOLO_ROLL, cmd.WorkOnProject(conflict="pie", allocation={"sear": 1}))
    )
    (serve,) = [c for c in cook.session.legal_commands("gm") if c.kind == cmd.SERVE]
    cook.session.submit(serve)
    assert [e.name for e in cook.c("guest").conditions] == ["Well Fed"]


def test_a_conflict_names_its_characters_or_its_seats() -> None:
    order = cmd.OpenConflict.model_validate(
        {"id": "c", "level": "micro", "tree": "combat", "characters": ["a", "b"]}
    )
    assert [seat.character for seat in order.all_seats] == ["a", "b"]
    with pytest.raises(ValidationError, match="not both"):
        cmd.OpenConflict.model_validate(
            {
                "id": "c",
                "level": "micro",
                "tree": "combat",
                "characters": ["a"],
                "seats": [{"character": "b"}],
            }
        )
    with pytest.raises(ValidationError, match="at least one character"):
        cmd.OpenConflict.model_validate({"id": "c", "level": "micro", "tree": "combat"})


def test_minions_removed_are_not_offered_to_the_next_conflict_f_gm_04() -> None:
    table = horde()
    table.dice(12, 12)
    table.act("fight", "brenna", "melee", 2, "g1")
    table.answer("none")
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="fight"))
    offered = table.session.legal_commands("gm")[0]
    assert offered.payload["characters"] == ["brenna", "g3", "g4"]


def test_a_conflict_opens_with_the_gms_measures_written_as_text_f_time_05() -> None:
    table = Table()
    table.pc("a")
    table.pc("b", side="foes")
    table.open("fight", "combat", "a", "b", exchange="2 minutes", unit="a street's length")
    scale = table.conflict("fight").time
    assert (scale.exchange.minutes, str(scale.unit), scale.sources["exchange"]) == (
        2,
        "a street's length",
        "gm (F-TIME-05)",
    )
    table.end_turn("fight", "a")
    table.end_turn("fight", "b")
    assert table.conflict("fight").elapsed_seconds == 120
