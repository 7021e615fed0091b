"""Scene elements over turns and refreshes (document 000, 6.5; ruling G-F-38)."""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .helpers import Table


def scene(*elements: dict[str, object], **fields: object) -> Table:
    table = Table(**fields)  # type: ignore[arg-type]
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "brenna", "orc", scene_elements=list(elements))
    return table


def test_noxious_asks_for_a_roll_at_the_start_of_a_turn_f_scene_10() -> None:
    # F-SCENE-10: a failed roll costs S levels of Sickened and S AP.
    table = scene({"element": "noxious", "severity": 2})
    pending = table.session.pending
    assert pending is not None
    assert pending.chooser == "brenna"
    table.dice(1, 2)
    table.answer("roll:2")
    # Failure: Sickened [2] (Fevers) and 2 AP lost, on top of the 2 dice spent.
    assert table.labels("brenna") == ["Fevers [2]"]
    assert table.c("brenna").ap == 14 - 2 - 2  # the dice spent, then S AP lost
    assert table.session.engine.legal_commands  # the turn goes on


def test_noxious_resisted_costs_only_the_dice_f_scene_10() -> None:
    # F-SCENE-10: a resisted roll costs nothing more.
    table = scene({"element": "noxious", "severity": 2})
    table.dice(8)
    table.answer("roll:1")
    assert table.labels("brenna") == []
    assert table.c("brenna").ap == 13


def test_hazardous_needs_s_successes_or_its_condition_f_scene_15_g_f_38() -> None:
    # F-SCENE-15: short of S successes, an S-level condition of the GM's table.
    table = scene({"element": "hazardous", "severity": 2, "condition": "burning"})
    table.dice(8, 1)
    table.answer("roll:2")  # 1 success of the 2 needed
    assert table.labels("brenna") == ["On Fire [2]"]
    other = scene({"element": "hazardous", "severity": 1})
    other.answer("none")
    assert other.labels("brenna") == ["Bruised [1]"]  # Impact when the GM names none


def test_blinding_4_and_deafening_4_inflict_disoriented_each_turn_f_scene_05_f_scene_08() -> None:
    # F-SCENE-05, F-SCENE-08: Disoriented each turn at Severity 4, not at 3.
    for element in ("blinding", "deafening"):
        table = scene({"element": element, "severity": 4})
        assert table.labels("brenna") == ["Ringing Ears [1]"]
        table.end_turn("fight", "brenna")
        assert table.labels("orc") == ["Ringing Ears [1]"]
    below = scene({"element": "blinding", "severity": 3})
    assert below.labels("brenna") == []
    stronger = scene({"element": "deafening", "severity": 4}, sense_overload_severity=2)
    assert stronger.labels("brenna") == ["Vertigo [2]"]


def test_tainted_lowers_max_ap_and_consuming_there_sickens_f_scene_12() -> None:
    # F-SCENE-12: -S Max AP within the space; consuming there inflicts Sickened [S].
    table = scene({"element": "tainted", "severity": 3})
    assert table.c("brenna").ap == 14 - 3
    table.gm(cmd.CONSUME, cmd.Who(conflict="fight", character="orc"))
    assert table.labels("orc") == ["Severe Illness [3]", "Tired [1]"]


def test_savorous_adds_ap_at_each_refresh_f_scene_13() -> None:
    # F-SCENE-13: S extra AP at the refresh.
    table = scene({"element": "savorous", "severity": 2})
    assert table.c("brenna").ap == 16


def test_soothing_restores_s_ap_at_the_end_of_a_turn_up_to_the_maximum_f_scene_16() -> None:
    # F-SCENE-16: S AP at the end of a turn, never above the maximum.
    table = scene({"element": "soothing", "severity": 3})
    table.dice(1, 1, 1, 1, 1)
    table.act("fight", "brenna", "melee", 5, "orc")
    table.end_turn("fight", "brenna")
    assert table.c("brenna").ap == 12  # 9 + 3
    assert table.payloads("turn_ended")[0]["restored"] == 3
    table.end_turn("fight", "orc")  # a full pool gains nothing
    assert table.payloads("turn_ended")[1]["restored"] == 0


def test_elements_cover_their_zone_only() -> None:
    table = Table()
    table.pc("brenna")
    table.pc("orc", side="foes")
    table.open(
        "fight",
        "combat",
        {"character": "brenna", "zone": "ford"},
        {"character": "orc", "zone": "bank"},
        scene_elements=[{"element": "tainted", "severity": 2, "zone": "bank"}],
    )
    assert (table.c("brenna").ap, table.c("orc").ap) == (12, 10)


def test_the_gm_places_and_clears_elements_f_scene_02() -> None:
    table = scene()
    table.gm(
        cmd.PLACE_ELEMENT,
        cmd.PlaceElement(conflict="fight", element="resonant", severity=4),
    )
    assert table.conflict("fight").scene_elements[0].severity == 4
    table.gm(cmd.CLEAR_ELEMENT, cmd.ClearElement(conflict="fight", index=0))
    assert table.conflict("fight").scene_elements == ()
