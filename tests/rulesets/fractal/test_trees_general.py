"""The skill trees' general rules in play (document 000: Chapters 9-14's Granularity &
Consequences and Tool Use Conventions; F-CORE-10, F-CORE-13), through the encounter
engine's commands."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine import GM, Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .encounter.helpers import Table


def work(table: Table, conflict: str, **allocation: int) -> None:
    table.session.submit(
        Command.of(GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict=conflict, allocation=allocation))
    )


def project(table: Table, key: str, tree: str, who: str, **fields: Any) -> None:
    table.open(key, tree, who, level="solo", **fields)


# --- Art (Chapter 14) and Cooking (Chapter 13): Solo projects and their outputs ---------


@pytest.mark.parametrize(
    ("meditation", "deadline", "intervals"), [(8, None, 8), (12, None, 12), (8, 2, 2)]
)
def test_an_artwork_rolls_over_the_meditation_dies_intervals_or_the_deadlines(
    meditation: int, deadline: int | None, intervals: int
) -> None:
    # F-ART-GEN-02: "roll over Intervals (determined by your Meditation die or the
    # commission deadline)".
    table = Table()
    table.pc("painter", stats={"meditation": meditation})
    project(table, "portrait", "art", "painter", goal=3, techniques=["glaze"], deadline=deadline)
    found = table.conflict("portrait").project
    assert found is not None
    assert found.intervals == intervals  # F-ART-GEN-02


@pytest.mark.parametrize(
    ("faces", "result", "praised"), [((10, 1, 1), "failure", False), ((10, 10, 1), "success", True)]
)
def test_the_final_successes_set_the_quality_shown_as_praised(
    faces: tuple[int, ...], result: str, praised: bool
) -> None:
    # F-ART-GEN-03: "The final number of successes determines the quality of the piece,
    # which translates into a Social Condition applied to the artist [...] when the art is
    # shown off for the first time": Goal 2, one success short fails and shows nothing.
    table = Table()
    table.pc("painter", stats={"visual": 10})
    project(
        table,
        "mural",
        "art",
        "painter",
        goal=2,
        techniques=["pigment"],
        deadline=1,
        output="praised",
    )
    table.dice(*faces)
    work(table, "mural", pigment=3)
    found = table.conflict("mural").project
    assert found is not None
    assert found.result == result  # F-ART-GEN-03
    if not praised:
        with pytest.raises(IllegalCommandError, match="successful project"):
            table.gm(cmd.SERVE, cmd.Serve(conflict="mural", to=["painter"]))
        return
    table.gm(cmd.SERVE, cmd.Serve(conflict="mural", to=["painter"]))
    assert table.labels("painter") == ["Praised [1]"]  # F-ART-GEN-03
    with pytest.raises(IllegalCommandError, match="served already"):  # the first showing only
        table.gm(cmd.SERVE, cmd.Serve(conflict="mural", to=["painter"]))


@pytest.mark.parametrize(("stat", "rolled"), [("people", 3), ("words", 2)])
def test_praised_adds_a_die_to_people_checks(stat: str, rolled: int) -> None:
    # F-ART-GEN-04: "Praised [...] granting a generic Circumstance bonus to People or Words
    # checks": one of the two (the first, People, unless the artist chooses, G-F-11).
    table = Table()
    table.pc("painter", stats={"visual": 10, "people": 8, "words": 8})
    table.pc("patron", side="court")
    project(
        table,
        "mural",
        "art",
        "painter",
        goal=1,
        techniques=["pigment"],
        deadline=1,
        output="praised",
    )
    table.dice(10)
    work(table, "mural", pigment=1)
    table.gm(cmd.SERVE, cmd.Serve(conflict="mural", to=["painter"]))
    table.open("salon", "social", "painter", "patron")  # a generic bonus: any tree
    table.dice(*([1] * rolled))
    table.act("salon", "painter", "conversation", 2, "patron", stat=stat)
    assert table.payloads("action_rolled")[0]["check"]["dice_rolled"] == rolled  # F-ART-GEN-04


def test_the_nano_outputs_are_provisional_data_the_gm_may_replace() -> None:
    # F-ART-GEN-05, F-COOK-GEN-05 ([gm]): "a specific emotional or social condition" / "a
    # specific beneficial condition based on the techniques used and the ingredients": the
    # document gives examples only, so each is a provisional, replaceable output (G-F-44).
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue

    outputs = default_catalogue().outputs
    named = {
        "intensity": ("Intensity", "F-ART-GEN-05"),
        "awe_inspired": ("Awe-Inspired", "F-ART-GEN-05"),
        "hearty_meal": (None, "F-COOK-GEN-05"),
        "delicate_dessert": (None, "F-COOK-GEN-05"),
    }
    for key, (name, rule) in named.items():
        found = outputs.condition(key)
        assert (found.provisional, found.rule) == (True, rule)  # F-ART-GEN-05, F-COOK-GEN-05
        assert name is None or found.name == name


def test_art_and_cooking_hold_both_hands_a_weapon_cannot_follow() -> None:
    # F-ART-GEN-06, F-COOK-GEN-06: both hands; no weapon, no Focus, but the voice (an
    # Incantation) is free; and a weapon used first bars the craft.
    for craft, tree in (("pigment", "art"), ("cookery", "cooking")):
        table = Table()
        table.pc("maker", ranks={tree: 1, "magic": 1}, tools=[{"id": "wand", "kind": "focus"}])
        table.pc("orc", side="foes")
        table.open("fight", "combat", "maker", "orc")
        table.dice(6)
        table.act("fight", "maker", craft, 1)
        for busy in ("melee", "ranged"):
            with pytest.raises(IllegalCommandError, match="hands are busy"):  # F-ART-GEN-06
                table.act("fight", "maker", busy, 1, "orc")
        table.dice(1)
        table.act("fight", "maker", "mentalism", 1, "orc")  # F-COOK-GEN-06: Incantation
        table.decline()
        assert table.c("maker").ap == 12 - 2


@pytest.mark.parametrize(("move", "paint"), [(2, 10), (5, 7)])
def test_one_pool_split_between_fighting_and_painting_in_one_turn(move: int, paint: int) -> None:
    # F-ART-GEN-07: "Because the system uses a unified Action Pool [...] a player can split
    # their AP between fighting and crafting in the same Beat": a Combat maneuver and a
    # Pigment action share the 12 AP, to the last one.
    table = Table()
    table.pc("painter", ranks={"art": 1})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "painter", "orc")
    table.dice(*([6] * move))
    table.act("fight", "painter", "maneuvers", move)
    table.dice(*([6] * paint))
    table.act("fight", "painter", "pigment", paint)
    assert table.c("painter").ap == 12 - move - paint  # F-ART-GEN-07
    rolled = table.payloads("action_rolled")
    assert [(p["action"], p["check"]["successes"]) for p in rolled] == [
        ("maneuvers", move),
        ("pigment", paint),
    ]


def test_the_kitchen_brigades_intervals_and_the_kitchens_time_limit() -> None:
    # F-COOK-GEN-02: "roll over Intervals (determined by your Meditation die or the
    # kitchen's time limit)": Meditation d10, 10 Intervals; a 3-hour service, 3.
    table = Table()
    table.pc("chef", stats={"meditation": 10})
    project(table, "stew", "cooking", "chef", goal=4, techniques=["braise"])
    assert table.conflict("stew").project.intervals == 10  # type: ignore[union-attr]
    table.pc("sous", stats={"meditation": 10})
    project(table, "pie", "cooking", "sous", goal=4, techniques=["knead"], deadline=3)
    assert table.conflict("pie").project.intervals == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(("goal", "served"), [(2, True), (3, False)])
def test_the_meal_is_a_condition_on_everyone_who_eats_it(goal: int, served: bool) -> None:
    # F-COOK-GEN-03: "The final number of successes determines the quality of the meal,
    # which translates into a Condition applied to anyone who eats it": two successes make
    # a Goal of 2, not of 3; each eater gains Well Fed.
    table = Table()
    table.pc("chef", stats={"body": 8})
    table.pc("knight")
    table.pc("squire")
    project(
        table,
        "feast",
        "cooking",
        "chef",
        goal=goal,
        techniques=["sear"],
        deadline=1,
        output="well_fed",
    )
    table.dice(8, 8, 1)
    work(table, "feast", sear=3)
    if not served:
        with pytest.raises(IllegalCommandError, match="successful project"):
            table.gm(cmd.SERVE, cmd.Serve(conflict="feast", to=["knight"]))
        return
    table.gm(cmd.SERVE, cmd.Serve(conflict="feast", to=["knight", "squire"]))
    assert (table.labels("knight"), table.labels("squire"), table.labels("chef")) == (
        ["Well Fed [1]"],
        ["Well Fed [1]"],
        [],
    )  # F-COOK-GEN-03


@pytest.mark.parametrize("level", ["micro", "macro"])
def test_well_fed_is_plus_1_ap_for_the_next_micro_conflict_only(level: str) -> None:
    # F-COOK-GEN-04: "Usually grants a +1 AP Circumstance bonus for the next Micro conflict":
    # 12 + 1 in a Micro fight; a Macro scene neither uses it nor spends it.
    table = Table()
    table.pc("chef", stats={"body": 8})
    table.pc("knight")
    table.pc("bandit", side="foes")
    project(
        table,
        "feast",
        "cooking",
        "chef",
        goal=1,
        techniques=["sear"],
        deadline=1,
        output="well_fed",
    )
    table.dice(8)
    work(table, "feast", sear=1)
    table.gm(cmd.SERVE, cmd.Serve(conflict="feast", to=["knight"]))
    table.open("scene", "combat", "knight", "bandit", level=level)
    if level == "macro":
        table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="scene"))
        assert table.labels("knight") == ["Well Fed [1]"]  # kept for the next Micro conflict
        table.open("fight", "combat", "knight", "bandit")
    assert table.c("knight").ap == 13  # F-COOK-GEN-04


# --- Dancing (Chapter 11) ---------------------------------------------------------------


def test_a_solo_performance_against_the_clock_is_a_solo_project() -> None:
    # F-DANCE-GEN-02: "If the question is simply 'How good was your performance?' [...] use
    # the Solo Conflict rules": a Goal of 3 over one Interval, missed by one.
    table = Table()
    table.pc("ines", stats={"body": 10, "meditation": 6})
    project(
        table, "recital", "dancing", "ines", goal=3, techniques=["precise_technique"], deadline=1
    )
    table.dice(10, 10, 1)
    work(table, "recital", precise_technique=3)
    assert table.conflict("recital").project.result == "failure"  # type: ignore[union-attr]


def ball(time_limit: int | None = None) -> Table:
    table = Table()
    table.pc("ines", stats={"body": 10, "visual": 8})
    table.pc("kali", side="rivals", stats={"body": 8, "visual": 8})
    table.open("ball", "dancing", "ines", "kali", time_limit=time_limit)
    return table


def test_a_proactive_maneuver_grants_oneself_or_takes_from_the_opponent() -> None:
    # F-DANCE-GEN-03: "A successful proactive maneuver advances your own Audience Favor
    # (granting beneficial conditions) or removes Audience Favor from an opponent
    # (inflicting negative conditions). Reactive maneuvers reduce the opponent's successes."
    table = ball()
    table.dice(10)
    table.act("ball", "ines", "solo", 1, polarity="positive")
    assert table.labels("ines") == ["Applause [1]"]  # F-DANCE-GEN-03
    table.dice(10, 10, 10)
    table.act("ball", "ines", "solo", 3, "kali")
    table.dice(8, 1)
    table.answer("partner:2")  # one success back
    assert table.labels("kali") == ["Outclassed [2]"]  # 3 - 1 (F-DANCE-GEN-03)


@pytest.mark.parametrize(("limit", "ended"), [(1, True), (2, False)])
def test_favor_is_positives_minus_negatives_at_the_time_limit(limit: int, ended: bool) -> None:
    # F-DANCE-GEN-04: "subtract the number of negative conditions from the number of
    # positive conditions": Ines has Cheered and Upstaged (0), Kali Applause (1): Kali's
    # side wins, where a count of positive conditions alone would tie.
    table = ball(time_limit=limit)
    table.dice(8, 8)
    table.act("ball", "ines", "choreography", 2)  # Cheered [2]
    table.end_turn("ball", "ines")
    table.dice(8)
    table.act("ball", "kali", "choreography", 1)  # Applause [1]
    table.dice(8)
    table.act("ball", "kali", "solo", 1, "ines")  # Upstaged [1]
    table.decline()
    table.end_turn("ball", "kali")
    conflict = table.conflict("ball")
    if not ended:
        assert conflict.ended is None  # F-DANCE-GEN-04: the GM's limit is 2 exchanges
        return
    assert conflict.winner == "rivals"  # F-DANCE-GEN-04
    assert conflict.ended == (
        "the time limit expired: rivals won the crowd (Audience Favor: rivals 1, party 0)"
    )


def test_the_nano_target_zones_of_a_dance_duel() -> None:
    # F-DANCE-GEN-05: "Target Zones: Focus, Technique, and Audience Attention", each the
    # zone of a Nano technique; a Micro action has none.
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue

    actions = default_catalogue().actions
    zones = {a.id: a.zone for a in actions.of("dancing", "nano") if a.zone}
    assert zones["precise_technique"] == "technique"  # F-DANCE-GEN-05
    assert zones["flashy_technique"] == "audience_attention"
    assert zones["lead"] == "focus"
    assert {a.zone for a in actions.of("dancing", "micro")} == {None}


def test_the_opposition_rule_success_is_judged_before_the_defense() -> None:
    # F-DANCE-GEN-07: "Reactive actions reduce the number of successes for the purposes of
    # inflicting damage/conditions, but they do not reduce the number of successes for
    # determining if the technique itself was successful": 2 successes defended by 2 inflict
    # nothing, yet the technique succeeded; 0 successes did not.
    table = ball()
    table.dice(10, 10)
    table.act("ball", "ines", "solo", 2, "kali")
    table.dice(8, 8)
    table.answer("partner:2")
    defended = table.payloads("defended")[0]
    assert (defended["level"], defended["technique_succeeded"]) == (0, True)  # F-DANCE-GEN-07
    assert table.labels("kali") == []


def test_routine_armor_absorbs_successes_on_its_zone_and_ends_with_the_conflict() -> None:
    # F-DANCE-GEN-08: "Routine Armor absorbs incoming successes [...] when a micro conflict
    # ends [...] routine armor is lost".
    table = ball()
    table.gm(cmd.ARMOR, cmd.SetArmor(conflict="ball", character="kali", zone="technique", amount=1))
    assert table.conflict("ball").participants["kali"].routine_armor == {"technique": 1}
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="ball"))
    table.open("again", "dancing", "ines", "kali")
    assert table.conflict("again").participants["kali"].routine_armor == {}  # F-DANCE-GEN-08


def test_zero_ap_ends_the_performance_and_the_dancer_lives() -> None:
    # F-DANCE-GEN-09: "If your Action Pool is reduced to zero, your performance is over. You
    # are not killed": one point short, Kali dances on.
    table = Table()
    table.pc("ines", stats={"body": 12})
    table.npc("kali", side="rivals", stats={"body": 4, "visual": 4})  # 8
    table.open("ball", "dancing", "ines", "kali")
    table.dice(12, 12, 12, 12)
    table.act("ball", "ines", "solo", 4, "kali")  # -5: 3 left
    table.answer("none")
    table.dice(12, 12)
    table.act("ball", "ines", "solo", 2, "kali")  # -2: 1 left
    table.decline()
    assert table.conflict("ball").participants["kali"].out is None  # F-DANCE-GEN-09
    table.dice(12)
    table.act("ball", "ines", "solo", 1, "kali")  # -1: 0
    table.decline()
    assert table.conflict("ball").participants["kali"].out == "performance_over"
    assert table.c("kali").life == "up"  # F-DANCE-GEN-09: not killed


def test_dance_actions_mix_freely_limited_only_by_ap() -> None:
    # F-DANCE-GEN-10: "you can mix any number of dance actions together, limited only by
    # your AP": Solo, Choreography, Troupe and Solo again spend all 18 AP; a 19th is refused.
    # (Which actions of other trees need "the entire body" is the table's vote, [gm].)
    table = ball()
    for action, dice, targets in (
        ("solo", 5, ("kali",)),
        ("choreography", 5, ()),
        ("troupe", 4, ()),
        ("solo", 4, ("kali",)),
    ):
        table.dice(*([1] * dice))
        table.act("ball", "ines", action, dice, *targets)
        table.decline()
    assert table.c("ines").ap == 0  # F-DANCE-GEN-10
    assert table.current("ball") == "kali"  # the turn ended with the pool


# --- Social (Chapter 12) ----------------------------------------------------------------


def test_a_gagged_envoy_cannot_speak_but_still_writes() -> None:
    # F-SOCIAL-GEN-05: "Social skills are generally limited by the voice or by writing
    # implements": Conversation and Oratory need the voice, Correspondence the pen. (Time
    # and "someone unreachable by post" are the GM's, [gm].)
    table = Table()
    table.pc("envoy", voice_free=False)
    table.pc("duke", side="court")
    table.open("talk", "social", "envoy", "duke")
    for spoken in ("conversation", "oratory"):
        with pytest.raises(IllegalCommandError, match="cannot speak"):  # F-SOCIAL-GEN-05
            table.act("talk", "envoy", spoken, 1, "duke" if spoken == "conversation" else "envoy")
    table.dice(1)
    table.act("talk", "envoy", "correspondence", 1, "duke")
    table.decline()


def debate() -> Table:
    table = Table()
    table.pc("bard", stats={"words": 12})  # 20 AP
    table.npc("rival", side="court", stats={"words": 4, "people": 4})  # 8 AP
    table.open("talk", "social", "bard", "rival")
    return table


def attack(table: Table, successes: int, polarity: str) -> None:
    table.dice(*([12] * successes))
    table.act("talk", "bard", "conversation", successes, "rival", polarity=polarity)
    table.decline()


def test_discredited_to_zero_is_removed_in_shame_and_one_above_is_not() -> None:
    # F-SOCIAL-GEN-03: "Inflicting conditions like Humiliated or Caught in a Lie. If a
    # target hits 0 AP this way, they are removed from the conflict in shame."
    table = debate()
    attack(table, 3, "negative")  # Flustered -3, its Distracted [1] -1: 4
    attack(table, 2, "negative")  # Contradicted -2: 2
    attack(table, 1, "negative")  # Misspoke -1: 1
    rival = table.conflict("talk").participants["rival"]
    assert (table.c("rival").ap, rival.out) == (1, None)  # F-SOCIAL-GEN-03
    attack(table, 1, "negative")  # Misspoke -1: 0
    rival = table.conflict("talk").participants["rival"]
    assert (rival.out, rival.side) == ("removed", "court")  # F-SOCIAL-GEN-03: not flipped


def test_won_over_to_zero_is_flipped_and_each_positive_takes_max_ap() -> None:
    # F-SOCIAL-GEN-04: "These still reduce the target's maximum AP [...] If a target hits 0
    # AP this way, they are Flipped - they no longer oppose your goal."
    table = debate()
    attack(table, 1, "positive")  # Charmed -1: 7
    assert (table.labels("rival"), table.c("rival").ap) == (["Charmed [1]"], 7)  # F-SOCIAL-GEN-04
    attack(table, 3, "positive")  # Indebted -3: 4 (Renowned [1] to the bard)
    attack(table, 3, "positive")  # Indebted -3: 1
    rival = table.conflict("talk").participants["rival"]
    assert (table.c("rival").ap, rival.out) == (1, None)
    attack(table, 1, "positive")  # Charmed -1: 0
    rival = table.conflict("talk").participants["rival"]
    assert (rival.out, rival.side) == ("flipped", "party")  # F-SOCIAL-GEN-04


@pytest.mark.parametrize(("armor", "level"), [(0, 3), (4, 0), (2, 1)])
def test_social_armor_takes_its_points_off_the_successes(armor: int, level: int) -> None:
    # F-SOCIAL-GEN-06: "social armor ranges from 0 (peers) to 4 (your boss) to 8 (your head
    # of state)", identical in function to physical Armor: 3 successes against 0, 2, 4.
    # F-SOCIAL-GEN-07: the conditions are read "based on the number of successes after
    # defense and armor".
    table = Table()
    table.pc("bard", stats={"words": 12})
    table.pc("noble", side="court", social_armor=armor)
    table.open("talk", "social", "bard", "noble")
    table.dice(12, 12, 12)
    table.act("talk", "bard", "conversation", 3, "noble")
    table.answer("none")
    assert table.payloads("defended")[0]["level"] == level  # F-SOCIAL-GEN-06, F-SOCIAL-GEN-07
    expected = {3: ["Flustered [3]", "Pestered [1]"], 1: ["Misspoke [1]"], 0: []}[level]
    assert table.labels("noble") == expected


# --- Combat (Chapter 9) and Magic (Chapter 10) -------------------------------------------


def test_hands_hold_one_item_each_and_armor_is_worn() -> None:
    # F-COMBAT-GEN-01: a sword and a shield fill two hands; worn armor takes none; the same
    # weapon cannot do two kinds of action in one turn.
    table = Table()
    table.pc(
        "knight",
        tools=[{"id": "sword", "kind": "weapon"}, {"id": "shield", "kind": "shield"}],
        armor=2,
    )
    table.pc("orc", side="foes")
    table.open("fight", "combat", "knight", "orc")
    table.dice(1, 1)
    table.act("fight", "knight", "melee", 2, "orc")
    table.decline()
    with pytest.raises(IllegalCommandError, match="busy with melee"):  # F-COMBAT-GEN-01
        table.act("fight", "knight", "ranged", 1, "orc")


def test_every_nano_spell_needs_its_tool_and_metamagic_does_not() -> None:
    # F-MAGIC-GEN-05: "Unless marked [No Tool], all actions below require an Incantation or
    # Arcane Focus" (none is marked); Sustain Spell is metamagic (F-MAGIC-GEN-04).
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue

    actions = default_catalogue().actions
    nano = actions.of("magic", "nano")
    assert len(nano) >= 18
    assert all(a.is_spell for a in nano if not a.provisional)  # F-MAGIC-GEN-05 (G-F-N13 aside)
    assert not actions.action("sustain_spell").is_spell


def test_a_gift_is_recorded_and_nothing_more() -> None:
    # F-MAGIC-GEN-01 ([gm]): magic "requires a character-defining 8 point Gift" (Gift rules
    # are not in the fragment): the sheet carries it; the GM decides who has magic.
    table = Table()
    table.pc("mage", gifts=["Arcane Gift (8 points)"], ranks={"magic": 1})
    table.pc("squire")
    assert (table.c("mage").spec.gifts, table.c("squire").spec.gifts) == (
        ("Arcane Gift (8 points)",),
        (),
    )


@pytest.mark.parametrize(("helpers", "dice", "level"), [(0, 1, 1), (2, 1, 3)])
def test_allies_dice_join_the_arcanism_ward(helpers: int, dice: int, level: int) -> None:
    # F-MAGIC-MICRO-07: "Any allies within the mage's range may add dice from their own
    # action pools to an arcanism check": the squire's dice join the mage's one.
    mage = {"logic": 12, "nature": 12}
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats=mage)
    table.pc("squire")
    table.pc("warlock", side="foes", ranks={"magic": 1}, stats=mage)
    table.open("duel", "magic", "mage", "squire", "warlock")
    table.end_turn("duel", "mage")
    if helpers:
        table.session.submit(
            Command.of(
                "squire",
                cmd.ASSIST,
                cmd.Assist(conflict="duel", character="squire", to="mage", dice=helpers),
            )
        )
    table.end_turn("duel", "squire")
    table.dice(12, 12, 12)
    table.act("duel", "warlock", "ergokinesis", 3, "mage", kind="shocked")
    table.dice(*([12] * (dice + helpers)))
    table.answer(f"arcanism:{dice}")
    assert table.payloads("defended")[0]["level"] == 3 - level  # F-MAGIC-MICRO-07
    assert table.c("squire").ap == 12 - helpers


# --- F-CORE ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("rank", "dice", "allowed"), [(2, 2, True), (2, 3, False), (0, 1, False)])
def test_rank_caps_the_dice_where_the_option_says_so(rank: int, dice: int, allowed: bool) -> None:
    # F-CORE-10: "Skills have a Rank [...] Rank caps dice for some actions" (every action
    # under the option rank_caps_dice, G-F-01); Rank 0 by default.
    table = Table(rank_caps_dice=True)
    table.pc("brenna", ranks={"melee": rank} if rank else {})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc")
    if not allowed:
        with pytest.raises(IllegalCommandError, match=f"at most {rank} dice"):  # F-CORE-10
            table.act("fight", "brenna", "melee", dice, "orc")
        return
    table.dice(*([1] * dice))
    table.act("fight", "brenna", "melee", dice, "orc")
    assert table.c("brenna").ap == 12 - dice


@pytest.mark.parametrize("exchange", [None, "1 day", "1 month"])
def test_the_economy_and_the_dice_are_the_same_at_every_scale(exchange: str | None) -> None:
    # F-CORE-13: "The Action Pool economy and the dice rolls remain exactly the same
    # regardless of scale": the same exchange at 3 seconds, a day or a month spends the
    # same AP and inflicts the same conditions; only the clock moves differently.
    table = Table()
    table.pc("envoy", stats={"words": 10})
    table.pc("duke", side="court")
    table.open("talk", "social", "envoy", "duke", exchange=exchange)
    table.dice(10, 10, 1)
    table.act("talk", "envoy", "conversation", 3, "duke")
    table.answer("none")
    table.end_turn("talk", "envoy")
    table.end_turn("talk", "duke")
    assert (table.c("envoy").ap, table.labels("duke"), table.c("duke").ap) == (
        16,
        ["Contradicted [2]"],
        10,
    )  # F-CORE-13
    # Only the meaning of the Exchange differs: a day by default for a social Micro
    # conflict (F-TIME-06), or the GM's.
    assert (
        table.conflict("talk").elapsed_seconds
        == {None: 86400, "1 day": 86400, "1 month": 30 * 86400}[exchange]
    )
