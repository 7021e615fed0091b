"""Micro Social (document 000, Chapter 12 Micro, 18.3, 16.3; rulings G-F-15, G-F-30,
G-F-48)."""

from __future__ import annotations

import pytest

from tablekeeper.engine import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def salon(**fields: object) -> Table:
    table = Table()
    table.pc("bard", stats={"words": 12, "people": 8, "auditory": 8})
    table.pc("ally")
    table.npc("rival", stats={"words": 6, "people": 4}, **fields)  # Max AP 10
    return table


def test_conversation_discredits_and_zero_ap_removes_in_shame_f_social_gen_03_f_mtab_soc_09() -> (
    None
):
    # F-SOCIAL-GEN-03, F-MTAB-SOC-09: discredited to 0 Max AP, removed (not flipped).
    table = salon()
    table.open("talk", "social", "bard", "ally", "rival")
    table.dice(12, 12, 12, 12)
    table.act("talk", "bard", "conversation", 4, "rival", polarity="negative")  # F-SOCIAL-MICRO-01
    table.answer("none")
    assert table.labels("rival") == ["Humiliated [4]", "Humiliated [2]"]  # -5, Disgraced [2] -2
    table.dice(12, 12, 12)
    table.act("talk", "bard", "conversation", 3, "rival", polarity="negative")  # Flustered -3: 0
    if table.session.pending:
        table.answer("none")
    rival = table.conflict("talk").participants["rival"]
    assert (rival.out, rival.side) == ("removed", "foes")
    # F-SOCIAL-GEN-02: the side's maximum Action Pool at zero wins the conflict.
    assert table.conflict("talk").ended == "party prevail"


def test_winning_over_to_zero_ap_flips_the_target_f_social_gen_04_f_mtab_soc_05_06() -> None:
    # F-SOCIAL-GEN-04: won over to 0 Max AP, Flipped to the winner's side.
    table = salon()
    table.open("talk", "social", "bard", "ally", "rival")
    for faces in ((12, 12), (12, 12), (12, 12), (12, 12), (12, 12)):
        if table.conflict("talk").ended:
            break
        table.dice(*faces)
        table.act("talk", "bard", "conversation", 2, "rival", polarity="positive")  # Convinced -2
        if table.session.pending:
            table.answer("none")
    rival = table.conflict("talk").participants["rival"]
    assert rival.out == "flipped"
    assert rival.side == "party"
    assert table.labels("rival")[:2] == ["Convinced [2]", "Convinced [2]"]


def test_flipped_at_4_plus_switches_sides_at_once_f_mtab_soc_08() -> None:
    table = Table()
    table.pc("bard", stats={"words": 12})
    table.pc("baron", side="court")  # Max AP 12: 4+ takes 5, not all
    table.open("talk", "social", "bard", "baron")
    table.dice(12, 12, 12, 12)
    table.act("talk", "bard", "conversation", 4, "baron", polarity="positive")
    table.answer("none")
    assert table.conflict("talk").participants["baron"].side == "party"


def test_indebted_gives_the_attacker_renowned_f_mtab_soc_07() -> None:
    table = salon()
    table.open("talk", "social", "bard", "ally", "rival")
    table.dice(12, 12, 12)
    table.act("talk", "bard", "conversation", 3, "rival", polarity="positive")
    table.answer("none")
    assert table.labels("rival") == ["Indebted [3]"]
    assert table.labels("bard") == ["Renowned [1]"]


def test_etiquette_is_the_default_defense_f_social_micro_02() -> None:
    table = salon()
    table.open("talk", "social", "bard", "ally", "rival")
    table.dice(12, 12)
    table.act("talk", "bard", "conversation", 2, "rival")
    assert table.session.pending is not None
    assert table.session.pending.option_ids[1] == "etiquette:1"
    table.dice(4)
    table.answer("etiquette:1")
    assert table.payloads("defended")[0]["level"] == 1


def test_correspondence_is_a_tn_5_attack_defended_in_absentia_f_social_micro_04() -> None:
    table = salon()
    table.open("talk", "social", "bard", "ally", "rival")
    table.dice(5, 4)
    table.act("talk", "bard", "correspondence", 2, "rival")
    rolled = table.payloads("action_rolled")[0]["check"]
    assert (rolled["tn"], rolled["successes"]) == (5, 1)
    pending = table.session.pending
    assert pending is not None
    assert next(o for o in pending.option_ids if o != "none").startswith("correspondence:")


def test_oratory_inspires_up_to_half_the_words_die_f_social_micro_03() -> None:
    table = Table()
    table.pc("bard", stats={"words": 4, "auditory": 8})  # audience 2
    table.pc("a")
    table.pc("b")
    table.pc("foe", side="foes")
    table.open("talk", "social", "bard", "a", "b", "foe")
    with pytest.raises(IllegalCommandError, match="reaches 2 creatures"):
        table.act("talk", "bard", "oratory", 2, "bard", "a", "b")
    table.dice(8, 8)
    table.act("talk", "bard", "oratory", 2, "bard", "a")
    inspired = table.c("a").conditions[0]
    assert (inspired.name, inspired.severity, inspired.pending) == ("Inspired", 2, True)
    table.end_turn("talk", "bard")
    table.finish_turns_until("talk", "bard")  # the next Exchange: it takes effect (F-GTAB-03)
    assert table.c("a").temporary[0].amount == 2
    with pytest.raises(IllegalCommandError, match="allies"):
        table.act("talk", "bard", "oratory", 1, "foe")


def test_deafening_3_forbids_speaking_in_a_conversation_f_scene_07() -> None:
    # F-SCENE-07: in the engine, a spoken action is refused, writing is not.
    table = salon()
    table.open(
        "talk",
        "social",
        "bard",
        "ally",
        "rival",
        scene_elements=[{"element": "deafening", "severity": 3}],
    )
    with pytest.raises(IllegalCommandError, match="forbids skills that involve speaking"):
        table.act("talk", "bard", "conversation", 2, "rival")
    table.dice(1, 1)
    table.act("talk", "bard", "correspondence", 2, "rival")  # writing is not speaking


def test_social_armor_ranges_and_an_impossible_assault_f_social_gen_06_f_gm_07() -> None:
    # F-SOCIAL-GEN-06, F-GM-07: armor 4 takes 4 successes; armor 8 above 7 potential refuses.
    table = Table()
    table.pc("bard", default=4)  # 8 AP: 8 potential successes
    table.pc("queen", side="court", social_armor=8)
    table.pc("guildmaster", side="court", social_armor=4)
    table.open("audience", "social", "bard", "queen", "guildmaster")
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="bard", table="social_micro", kind="negative", successes=1),
    )
    with pytest.raises(
        IllegalCommandError, match="Social Armor 8 is higher than Bard's 7 potential"
    ):
        table.act("audience", "bard", "conversation", 1, "queen")
    table.dice(4, 4, 4, 4, 4)
    table.act("audience", "bard", "conversation", 5, "guildmaster")  # 5 - 4 armor = 1 (G-F-30)
    table.answer("none")
    assert table.payloads("defended")[0]["level"] == 1


def test_renowned_4_treats_the_audience_as_armor_0_f_gtab_soc_09() -> None:
    # F-GTAB-SOC-09: against Social Armor 8, Renowned [4]'s 2 successes all land.
    table = Table()
    table.pc("bard", stats={"words": 4})
    table.pc("queen", side="court", social_armor=8)
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="renowned", successes=4)
    )
    table.open("audience", "social", "bard", "queen")
    assert not table.c("bard").conditions[0].pending  # in effect from the first refresh
    table.dice(4, 4)
    table.act("audience", "bard", "conversation", 2, "queen")
    table.answer("none")
    assert table.payloads("defended")[0]["level"] == 2


def test_flipping_the_support_network_and_the_bosss_choice_f_gm_08_f_gm_09() -> None:
    # F-GM-08; F-GM-09: the whole network flipped, the Boss's choice is asked.
    table = Table()
    table.pc("bard", stats={"words": 12, "people": 12})
    table.npc("courtier", side="court", stats={"words": 4, "people": 4})  # 8 AP
    table.npc(
        "queen",
        side="court",
        stats={"words": 8, "people": 8},
        social_armor=8,
        support_network=["courtier"],
    )
    table.open("court", "social", "bard", "courtier", "queen")
    table.dice(12, 12, 12, 12)
    table.act("court", "bard", "conversation", 4, "courtier", polarity="positive")
    table.answer("none")
    assert (
        table.conflict("court").participants["courtier"].side == "party"
    )  # Flipped (F-MTAB-SOC-08)
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "gm"
    assert pending.option_ids == ("concede", "fight_on")
    table.session.answer("fight_on")
    assert table.conflict("court").ended is None
    # A flipped minion's Assist gives the bard bonus dice (F-GM-08, G-F-48).
    table.end_turn("court", "bard")
    table.session.submit(
        Command.of(
            "courtier",
            cmd.ASSIST,
            cmd.Assist(conflict="court", character="courtier", to="bard", dice=2),
        )
    )
    assert table.conflict("court").participants["bard"].bonus_dice == 2
    assert table.c("courtier").ap == 1  # 8 - 5 (Flipped) - 2


def test_the_boss_concedes_when_asked_f_gm_09() -> None:
    # F-GM-09: conceding ends the conflict.
    table = Table()
    table.pc("bard", stats={"words": 12, "people": 12})
    table.npc("courtier", side="court", stats={"words": 4, "people": 4})
    table.npc(
        "queen",
        side="court",
        stats={"words": 8, "people": 8},
        social_armor=8,
        support_network=["courtier"],
    )
    table.open("court", "social", "bard", "courtier", "queen")
    table.dice(12, 12, 12, 12)
    table.act("court", "bard", "conversation", 4, "courtier", polarity="positive")
    table.answer("none")
    table.session.answer("concede")
    assert table.conflict("court").participants["queen"].out == "flipped"
    assert table.conflict("court").ended == "party prevail"


def test_negative_social_conditions_cost_max_ap_in_social_conflicts_only_g_f_15() -> None:
    table = Table()
    table.pc("bard")
    table.pc("orc", side="foes")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="disgraced", successes=2)
    )
    table.open("fight", "combat", "bard", "orc")
    assert table.c("bard").ap == 12  # Humiliated costs no AP in a fight...
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="fight"))
    table.open("talk", "social", "bard", "orc")
    assert table.c("bard").ap == 10  # ...and 2 in a debate
    always = Table(social_scene_ap="always")
    always.pc("bard")
    always.pc("orc", side="foes")
    always.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="disgraced", successes=2)
    )
    always.open("fight", "combat", "bard", "orc")
    assert always.c("bard").ap == 10


def test_renowned_2_grants_temporary_ap_entering_a_social_scene_f_gtab_soc_07() -> None:
    # F-GTAB-SOC-07: Renowned [2] gives 2 Temporary AP entering a social scene.
    table = Table()
    table.pc("bard")
    table.pc("rival", side="foes")
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="renowned", successes=2)
    )
    table.open("talk", "social", "bard", "rival")
    assert [t.amount for t in table.c("bard").temporary] == [2]


def test_specific_stay_in_their_tree_f_cond_02_generic_go_everywhere_f_cond_04() -> None:
    # F-COND-02: a Social condition costs no AP in a fight.
    table = Table()
    table.pc("bard", stats={"words": 12})
    table.pc("rival", side="foes")
    table.open("talk", "social", "bard", "rival")
    table.dice(12, 12)
    table.act("talk", "bard", "conversation", 2, "rival")  # Contradicted: -2, -1 die to Words
    table.answer("none")
    assert table.c("rival").ap == 10
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="talk"))
    assert table.labels("rival") == []  # the negotiation's momentum ends with it (G-F-E9)
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(character="rival", table="social_micro", kind="negative", successes=2),
    )
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="rival", table="physical", kind="fatigue", successes=1)
    )
    table.open("fight", "combat", "bard", "rival")
    assert table.c("rival").ap == 11  # only the Generic Tired counts in a fight


def test_a_specific_condition_the_gm_rules_similar_counts_there_too_f_cond_03() -> None:
    # F-COND-03: a specific condition the GM rules similar counts in that tree too.
    table = Table()
    table.pc("dancer")
    table.pc("rival", side="foes")
    table.gm(
        cmd.INFLICT,
        cmd.Inflict(
            character="dancer",
            table="combat_micro",
            kind="negative",
            successes=2,
            also_trees=["dancing"],
        ),
    )
    table.open("ball", "dancing", "dancer", "rival")
    assert table.c("dancer").ap == 9  # Strike's -2 (ruled similar) and Tired's -1
