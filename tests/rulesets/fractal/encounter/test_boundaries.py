"""Numbers of document 000 at and around their boundaries, inside the engine."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


@pytest.mark.parametrize(("face", "successes"), [(5, 0), (6, 1), (7, 1)])
def test_an_area_spell_rolls_at_tn_6_f_magic_micro_04(face: int, successes: int) -> None:
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats={"nature": 8})
    table.pc("a", side="foes")
    table.pc("b", side="foes")
    table.open("fight", "combat", "mage", "a", "b")
    table.dice(face)
    table.act("fight", "mage", "mentalism", 1, "a", "b", area=True)
    assert table.payloads("action_rolled")[0]["check"]["successes"] == successes


@pytest.mark.parametrize(("face", "successes"), [(4, 0), (5, 1)])
def test_correspondence_at_tn_5_f_social_micro_04(face: int, successes: int) -> None:
    table = Table()
    table.pc("envoy")
    table.pc("duke", side="court")
    table.open("talk", "social", "envoy", "duke")
    table.dice(face)
    table.act("talk", "envoy", "correspondence", 1, "duke")
    assert table.payloads("action_rolled")[0]["check"]["successes"] == successes


@pytest.mark.parametrize(("armor", "allowed"), [(7, True), (8, True), (9, False)])
def test_social_armor_blocks_only_when_higher_than_the_potential_f_gm_07(
    armor: int, allowed: bool
) -> None:
    # F-GM-07: armor 7 and 8 against 8 potential successes allowed, 9 refused.
    table = Table()
    table.pc("bard", default=4)  # 8 AP: 8 potential successes
    table.pc("lord", side="court", social_armor=armor)
    table.open("court", "social", "bard", "lord")
    if allowed:
        table.dice(1)
        table.act("court", "bard", "conversation", 1, "lord")
        return
    with pytest.raises(IllegalCommandError, match="direct assault is impossible"):
        table.act("court", "bard", "conversation", 1, "lord")


@pytest.mark.parametrize(("faces", "avoided"), [((8, 1), False), ((8, 8), True), ((8, 8, 8), True)])
def test_hazardous_is_avoided_by_exactly_s_successes_f_scene_15(
    faces: tuple[int, ...], avoided: bool
) -> None:
    # F-SCENE-15: S successes avoid the hazard, S - 1 do not.
    table = Table()
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open(
        "fight", "combat", "brenna", "orc", scene_elements=[{"element": "hazardous", "severity": 2}]
    )
    table.dice(*faces)
    table.answer(f"roll:{len(faces)}")
    assert table.payloads("turn_start_resolved")[0]["avoided"] is avoided
    assert (table.labels("brenna") == []) is avoided


@pytest.mark.parametrize(("minutes", "life"), [(59, "bleeding_out"), (60, "dead")])
def test_the_golden_hour_is_sixty_minutes_f_cond_20(minutes: int, life: str) -> None:
    table = Table()
    table.npc("cultist", stats={"body": 4, "logic": 4})
    for _ in range(2):
        table.gm(
            cmd.INFLICT,
            cmd.Inflict(character="cultist", table="magical", kind="burning", successes=4),
        )
    table.gm(cmd.PASS_TIME, cmd.PassTime(minutes=minutes))
    assert table.c("cultist").life == life


def test_an_npc_may_have_more_than_three_stats_f_gm_01() -> None:
    # "Give them 2-3 relevant Stats" is guidance: a boss with four is accepted, its AP
    # still from its two highest.
    table = Table()
    boss = table.npc("boss", stats={"body": 10, "people": 8, "words": 12, "logic": 6})
    assert boss.ap == 22
