"""The condition economy and the condition tables in play (document 000, 6.1-6.4,
Chapters 17-18): each row's number at and around its boundary, through the encounter
engine's commands (the GM's ``inflict``, actions, the refresh).
"""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.stats import Stat

from .encounter.helpers import Table


def inflict(
    table: Table, character: str, table_id: str, kind: str, successes: int, **more: object
) -> None:
    table.gm(
        cmd.INFLICT,
        cmd.Inflict.model_validate(
            {
                "character": character,
                "table": table_id,
                "kind": kind,
                "successes": successes,
                **more,
            }
        ),
    )


def next_exchange(table: Table, conflict: str) -> None:
    step = table.conflict(conflict).step
    for _ in range(10):
        if table.conflict(conflict).step > step:
            return
        table.decline()
        current = table.current(conflict)
        assert current is not None
        table.end_turn(conflict, current)
    raise AssertionError("the exchange never ended")


# --- 6.1: the condition economy -------------------------------------------------------


def test_conditions_from_separate_actions_stack_without_limit_each_with_its_recovery() -> None:
    # F-COND-08: "Conditions from separate actions stack infinitely, tracking all of their
    # damage and recovery methods separately."
    table = Table()
    table.pc("brenna")  # Max AP 12
    for _ in range(3):
        inflict(table, "brenna", "physical", "impact", 2)  # Battered: -2 each
    inflict(table, "brenna", "mental", "mental_strain", 1)  # Headache: -1
    entries = table.c("brenna").conditions
    assert [e.label for e in entries] == ["Battered [2]"] * 3 + ["Headache [1]"]  # F-COND-08
    assert len({e.id for e in entries}) == 4
    assert [e.dor for e in entries] == [7, 7, 7, None]  # each its own recovery (F-COND-08)
    assert table.c("brenna").ap == 12 - 2 - 2 - 2 - 1
    table.gm(cmd.REMOVE, cmd.RemoveCondition(character="brenna", condition=entries[1].id))
    assert [e.id for e in table.c("brenna").conditions] == [
        entries[0].id,
        entries[2].id,
        entries[3].id,
    ]


def test_a_non_lethal_condition_at_zero_ap_does_not_fell_a_lethal_one_does() -> None:
    # F-COND-18: only "Lethal"-tagged conditions can kill; F-COND-19: "if any lethal-tagged
    # condition reduces their Action Pool or any stat die to zero".
    table = Table()
    table.npc("cultist", stats={"body": 4, "logic": 4})  # Max AP 8, outside any conflict
    inflict(table, "cultist", "physical", "impact", 4)  # Broken Bone -5, Exhausted [2] -2: 1
    inflict(table, "cultist", "physical", "impact", 1)  # Bruised -1: 0, but not lethal
    cultist = table.c("cultist")
    assert (cultist.ap, cultist.life) == (0, "up")  # F-COND-19: no lethal tag, no fall
    inflict(table, "cultist", "magical", "burning", 3)  # Blazing: not lethal either
    assert table.c("cultist").life == "up"
    inflict(table, "cultist", "magical", "burning", 4)  # Incinerated: lethal (F-COND-18)
    cultist = table.c("cultist")
    assert cultist.life == "bleeding_out"  # F-COND-19
    lethal = [e.id for e in cultist.conditions if e.lethal]
    assert cultist.to_dress == tuple(lethal)  # the Golden Hour waits on the lethal one only


def test_one_lethal_condition_short_of_zero_leaves_the_character_up() -> None:
    # F-COND-19 at its boundary: Incinerated (-5, its Impact [2] -2) on 8 AP leaves 1: up;
    # on 7 AP (a Bruised first) it reaches 0: falling to wounds.
    table = Table()
    table.npc("cultist", stats={"body": 4, "logic": 4})
    inflict(table, "cultist", "magical", "burning", 4)
    assert (table.c("cultist").ap, table.c("cultist").life) == (1, "up")  # F-COND-19
    table.npc("acolyte", stats={"body": 4, "logic": 4})
    inflict(table, "acolyte", "physical", "impact", 1)
    inflict(table, "acolyte", "magical", "burning", 4)
    assert (table.c("acolyte").ap, table.c("acolyte").life) == (0, "bleeding_out")  # F-COND-19


@pytest.mark.parametrize(
    ("tree", "action", "rolled"), [("social", "conversation", 2), ("dancing", "choreography", 3)]
)
def test_a_specific_conditions_die_penalty_stays_in_its_tree(
    tree: str, action: str, rolled: int
) -> None:
    # F-COND-02: "They apply their penalties strictly within the context of the skill tree
    # that inflicted them": Contradicted's -1 Words die (Social Micro) takes a die from a
    # Conversation on Words, not from a dance's Choreography on Words.
    table = Table()
    table.pc("bard", stats={"words": 8})
    table.pc("rival", side="foes")
    inflict(table, "bard", "social_micro", "negative", 2)  # Contradicted
    table.open("scene", tree, "bard", "rival")
    table.dice(*([1] * rolled))
    table.act(
        "scene", "bard", action, 3, *(["rival"] if action == "conversation" else []), stat="words"
    )
    assert table.payloads("action_rolled")[0]["check"]["dice_rolled"] == rolled  # F-COND-02


def test_a_specific_condition_ruled_similar_also_takes_its_die_there() -> None:
    # F-COND-03 ([gm]): "or other specific circumstances rules to be similar by the GM": the
    # GM rules Contradicted similar in the dance, and its -1 Words die counts there too.
    table = Table()
    table.pc("bard", stats={"words": 8})
    table.pc("rival", side="foes")
    inflict(table, "bard", "social_micro", "negative", 2, also_trees=["dancing"])
    table.open("ball", "dancing", "bard", "rival")
    table.dice(1, 1)
    table.act("ball", "bard", "choreography", 3, stat="words")
    assert table.payloads("action_rolled")[0]["check"]["dice_rolled"] == 2  # F-COND-03


# --- 17: Generic positive rows ----------------------------------------------------------


def test_refreshed_1_restores_1_max_ap_from_the_next_refresh() -> None:
    # F-GTAB-PHYS-07: "S1: Restore 1 Max AP", taking effect on the next AP Refresh
    # (F-GTAB-03).
    table = Table()
    table.pc("brenna")  # Max AP 12
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc")
    inflict(table, "brenna", "physical", "refreshed", 1)
    assert table.c("brenna").ap == 12  # not before the refresh
    next_exchange(table, "fight")
    assert table.c("brenna").ap == 13  # F-GTAB-PHYS-07


@pytest.mark.parametrize(("reduced", "body", "ap"), [({}, 6, 14), ({"body": 1}, 8, 14)])
def test_refreshed_2_restores_2_max_ap_or_1_reduced_die_size(
    reduced: dict[str, int], body: int, ap: int
) -> None:
    # F-GTAB-PHYS-07: "S2: Restore 2 Max AP or restore 1 reduced Stat die size" (G-F-12:
    # the die when one is reduced). Unhurt: 12 + 2. Body d8 reduced to d6: back to d8,
    # Max AP 14 from the die, and not 2 more.
    table = Table()
    table.pc("brenna", stats={"body": 8} if reduced else {}, reduced=reduced)
    table.pc("orc", side="foes")
    assert table.c("brenna").ap == 12  # a d8 reduced to a d6, or all d6: 12 either way
    inflict(table, "brenna", "physical", "refreshed", 2)
    table.open("fight", "combat", "brenna", "orc")  # the refresh
    brenna = table.c("brenna")
    assert (brenna.die(Stat.BODY), brenna.ap) == (body, ap)  # F-GTAB-PHYS-07


def test_focused_1_cancels_one_circumstance_penalty_in_play() -> None:
    # F-GTAB-MENT-07: "S1: Cancels one Circumstance penalty": Obscured [2] takes 2 Visual
    # dice; with Focused [1] in effect it takes none.
    for focused, rolled in ((False, 1), (True, 3)):
        table = Table()
        table.pc("ines", stats={"visual": 8})
        table.pc("kali", side="rivals")
        if focused:
            inflict(table, "ines", "mental", "focused", 1)
        table.open(
            "ball",
            "dancing",
            "ines",
            "kali",
            scene_elements=[{"element": "obscured", "severity": 2}],
        )
        table.dice(*([1] * rolled))
        table.act("ball", "ines", "solo", 3, "kali", stat="visual")
        assert (
            table.payloads("action_rolled")[0]["check"]["dice_rolled"] == rolled
        )  # F-GTAB-MENT-07


@pytest.mark.parametrize(("stat", "rolled"), [("visual", 3), ("body", 2)])
def test_focused_2_adds_a_die_to_the_chosen_logic_or_visual_checks(stat: str, rolled: int) -> None:
    # F-GTAB-MENT-07: "S2: Grants a +1 die Circumstance bonus to Logic or Visual checks"
    # (the recipient's stat, G-F-11): Visual chosen, a Visual roll gets it, a Body one not.
    table = Table()
    table.pc("ines", stats={"visual": 8, "body": 8})
    table.pc("kali", side="rivals")
    inflict(table, "ines", "mental", "focused", 2, chosen_stat="visual")
    table.open("ball", "dancing", "ines", "kali")
    table.dice(*([1] * rolled))
    table.act("ball", "ines", "solo", 2, "kali", stat=stat)
    assert table.payloads("action_rolled")[0]["check"]["dice_rolled"] == rolled  # F-GTAB-MENT-07


@pytest.mark.parametrize(("stat", "rolled"), [("people", 3), ("words", 2)])
def test_renowned_1_adds_a_people_die(stat: str, rolled: int) -> None:
    # F-GTAB-SOC-07: "S1: +1 die Circumstance bonus to People checks with those aware of you".
    table = Table()
    table.pc("bard", stats={"people": 8, "words": 8})
    table.pc("rival", side="foes")
    inflict(table, "bard", "social", "renowned", 1)
    table.open("talk", "social", "bard", "rival")
    table.dice(*([1] * rolled))
    table.act("talk", "bard", "conversation", 2, "rival", stat=stat)
    assert table.payloads("action_rolled")[0]["check"]["dice_rolled"] == rolled  # F-GTAB-SOC-07


@pytest.mark.parametrize(("tree", "temporary"), [("social", [2]), ("combat", [])])
def test_renowned_2_temporary_ap_only_entering_a_social_scene(
    tree: str, temporary: list[int]
) -> None:
    # F-GTAB-SOC-07: "S2: Grants 2 Temporary AP when entering a new social scene": a fight
    # is not one.
    table = Table()
    table.pc("bard")
    table.pc("rival", side="foes")
    inflict(table, "bard", "social", "renowned", 2)
    table.open("scene", tree, "bard", "rival")
    assert [t.amount for t in table.c("bard").temporary] == temporary  # F-GTAB-SOC-07


@pytest.mark.parametrize(("severity", "allowed"), [(3, False), (4, True)])
def test_only_renowned_4_sets_the_audiences_social_armor_to_0(severity: int, allowed: bool) -> None:
    # F-GTAB-SOC-09: "S4: Audience is treated as having a base Social Armor of 0 against
    # your social attacks". Renowned [3] does not: its +2 Words dice make 8 AP 10 potential
    # successes, below Social Armor 11 (F-GM-07).
    table = Table()
    table.pc("bard", default=4)  # 8 AP
    table.pc("queen", side="court", social_armor=11)
    inflict(table, "bard", "social", "renowned", severity)
    table.open("audience", "social", "bard", "queen")
    if not allowed:
        with pytest.raises(IllegalCommandError, match="Armor 11 is higher than Bard's 10"):
            table.act("audience", "bard", "conversation", 2, "queen")
        return
    table.dice(4, 4)
    table.act("audience", "bard", "conversation", 2, "queen")
    table.answer("none")
    assert table.payloads("defended")[0]["level"] == 2  # F-GTAB-SOC-09: no armor taken


@pytest.mark.parametrize("severity", [1, 2])
def test_vitalized_temporary_ap_pays_for_proactive_actions_only(severity: int) -> None:
    # F-GTAB-MAG-07: "S1: Grants 1 Temporary AP (can only be used for Proactive actions).
    # S2: Grants 2 Temporary AP (can only be used for Proactive actions)."
    table = Table()
    table.pc("brenna")  # 12 AP
    table.pc("orc", side="foes")
    inflict(table, "brenna", "magical", "vitalized", severity)
    table.open("fight", "combat", "brenna", "orc")
    assert [t.amount for t in table.c("brenna").temporary] == [severity]  # F-GTAB-MAG-07
    with pytest.raises(IllegalCommandError, match=f"has {12 + severity} AP for this"):
        table.act("fight", "brenna", "melee", 13 + severity, "orc")  # Proactive: 12 + S
    with pytest.raises(IllegalCommandError, match="has 12 AP for this"):
        table.act("fight", "brenna", "maneuvers", 12 + severity)  # not Proactive: 12
    table.dice(*([1] * (12 + severity)))
    table.act("fight", "brenna", "melee", 12 + severity, "orc")
    assert (table.c("brenna").ap, table.c("brenna").temporary) == (0, ())  # F-GTAB-MAG-07


# --- 18: Micro rows ---------------------------------------------------------------------


def test_applause_gains_1_temporary_ap_at_the_next_refresh() -> None:
    # F-MTAB-DAN-05: "1 Success: Applause. Gain 1 Temporary AP."
    table = Table()
    table.pc("ines", stats={"visual": 8})
    table.pc("kali", side="rivals")
    table.open("ball", "dancing", "ines", "kali")
    table.dice(8, 1)
    table.act("ball", "ines", "choreography", 2)  # one success
    assert table.labels("ines") == ["Applause [1]"]  # F-MTAB-DAN-05
    assert table.c("ines").temporary == ()
    next_exchange(table, "ball")
    assert [t.amount for t in table.c("ines").temporary] == [1]  # F-MTAB-DAN-05
    assert table.c("ines").ap == 14  # its Max AP is untouched


def test_a_dancer_at_zero_ap_takes_no_further_proactive_action() -> None:
    # F-MTAB-DAN-09: "The audience ignores you; you cannot take further proactive actions
    # in this performance": Kali's turn never comes again and she cannot act.
    table = Table()
    table.pc("ines", stats={"body": 12})
    table.pc("juno", stats={"body": 12})
    table.npc("kali", side="rivals", stats={"body": 4, "visual": 4})  # 8 AP
    table.npc("lola", side="rivals", stats={"body": 4, "visual": 4})
    table.open("ball", "dancing", "ines", "kali", "juno", "lola")
    table.dice(12, 12, 12, 12)
    # Jeered off stage -5 (its Disgraced [1] costs AP in social scenes only, G-F-15): 3.
    table.act("ball", "ines", "solo", 4, "kali")
    table.answer("none")
    table.dice(12, 12, 12)
    table.act("ball", "ines", "solo", 3, "kali")  # Forgotten -3: 0
    table.decline()
    assert table.conflict("ball").participants["kali"].out == "performance_over"  # F-MTAB-DAN-09
    table.end_turn("ball", "ines")
    assert table.current("ball") == "juno"  # Kali's turn is skipped
    with pytest.raises(IllegalCommandError):
        table.act("ball", "kali", "solo", 1, "ines", actor="kali")  # F-MTAB-DAN-09
    with pytest.raises(IllegalCommandError, match="out of the conflict"):
        table.act("ball", "juno", "solo", 1, "kali")  # ignored by the audience
