"""Scene Elements at and around every Severity (document 000, 6.5; F-SCENE-04 .. F-SCENE-16).

The check-level effects through the public resolver ``fractal.check`` (and its exact odds,
which read the same plan); the turn, refresh and movement effects through the encounter
engine's commands.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

import pytest

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import ResolverRegistry
from tablekeeper.rulesets.fractal import CheckInput, check, register_resolvers
from tablekeeper.rulesets.fractal.checks import at_least, plan_check
from tablekeeper.rulesets.fractal.encounter import commands as cmd

from .encounter.helpers import Table

SEVERITIES = (1, 2, 3, 4)


def roll(faces: list[int], **fields: Any) -> Any:
    return check(CheckInput.model_validate(fields), FixedRoller(faces, strict=True))


def resolve(faces: list[int], **fields: Any) -> Any:
    registry = ResolverRegistry()
    register_resolvers(registry)
    return registry.resolve("fractal.check", fields, FixedRoller(faces, strict=True)).outcome


def scene(*elements: dict[str, object], body: int = 8) -> Table:
    table = Table()
    table.pc("brenna", stats={"body": body})  # Max AP 14 (8 + 6)
    table.pc("orc", side="foes")  # Max AP 12
    table.open("fight", "combat", "brenna", "orc", scene_elements=list(elements))
    return table


@pytest.mark.parametrize("severity", SEVERITIES)
def test_blinding_takes_s_successes_from_a_proactive_action(severity: int) -> None:
    # F-SCENE-04: "Anyone declaring a Proactive action within this space must subtract S
    # from their total successes": 4 successes keep 4 - S; a Reactive action keeps 4.
    glare = [{"element": "blinding", "severity": severity}]
    proactive = resolve([6] * 4, die=6, dice=4, action_type="proactive", scene_elements=glare)
    assert (proactive.successes, proactive.success_level) == (4, 4 - severity)  # F-SCENE-04
    assert [c.source for c in proactive.loss_breakdown.contributions] == ["F-SCENE-04"]
    for other in ("reactive", "neutral"):
        kept = resolve([6] * 4, die=6, dice=4, action_type=other, scene_elements=glare)
        assert kept.success_level == 4  # F-SCENE-04: only a Proactive action
    # The exact odds read the same plan: 4d6 at TN 4 keep a level of 1 or more only when
    # at least 1 + S dice succeed.
    plan = plan_check(
        CheckInput.model_validate(
            {"die": 6, "dice": 4, "action_type": "proactive", "scene_elements": glare}
        )
    )
    assert at_least(plan, 1) == sum(
        (Fraction(comb(4, k), 16) for k in range(1 + severity, 5)), Fraction(0)
    )


@pytest.mark.parametrize(
    ("element", "severity", "fires"),
    [
        ("blinding", 3, False),
        ("blinding", 4, True),
        ("deafening", 3, False),
        ("deafening", 4, True),
    ],
)
def test_severity_4_disorients_at_the_start_of_every_turn(
    element: str, severity: int, fires: bool
) -> None:
    # F-SCENE-05 (Blinding) and F-SCENE-08 (Deafening): "At Severity 4, inflicts the
    # Disoriented condition each turn": one Ringing Ears [1] a turn, twice after two of
    # Brenna's turns; none at Severity 3.
    table = scene({"element": element, "severity": severity})
    expected = ["Ringing Ears [1]"] if fires else []
    assert table.labels("brenna") == expected  # F-SCENE-05, F-SCENE-08
    table.end_turn("fight", "brenna")
    assert table.labels("orc") == expected
    table.end_turn("fight", "orc")
    assert table.labels("brenna") == expected * 2  # each turn, F-SCENE-05, F-SCENE-08


@pytest.mark.parametrize("severity", SEVERITIES)
def test_deafening_raises_auditory_tns_by_s(severity: int) -> None:
    # F-SCENE-06: "Raises the TN of all Auditory stat rolls by +S": a face of 4 + S
    # succeeds, one less fails; a Visual roll keeps TN 4.
    noise = [{"element": "deafening", "severity": severity}]
    below = resolve([3 + severity], die=12, dice=1, stat="auditory", scene_elements=noise)
    at = resolve([4 + severity], die=12, dice=1, stat="auditory", scene_elements=noise)
    assert (below.tn, below.successes, at.successes) == (4 + severity, 0, 1)  # F-SCENE-06
    assert [c.source for c in at.tn_breakdown.contributions][-1] == "F-SCENE-06"
    assert resolve([4], die=12, dice=1, stat="visual", scene_elements=noise).tn == 4


def test_deafening_3_refuses_a_spoken_action_in_the_engine_but_2_does_not() -> None:
    # F-SCENE-07: "At Severity 3+, characters cannot use skills within the space that
    # involve speaking to another character" (Conversation speaks; Correspondence writes).
    for severity, allowed in ((2, True), (3, False)):
        table = Table()
        table.pc("bard", stats={"words": 8})
        table.pc("duke", side="court")
        table.open(
            "talk",
            "social",
            "bard",
            "duke",
            scene_elements=[{"element": "deafening", "severity": severity}],
        )
        if allowed:
            table.dice(1)
            table.act("talk", "bard", "conversation", 1, "duke")  # F-SCENE-07: allowed at 2
            continue
        with pytest.raises(Exception, match="forbids skills that involve speaking"):
            table.act("talk", "bard", "conversation", 1, "duke")  # F-SCENE-07
        table.dice(1)
        table.act("talk", "bard", "correspondence", 1, "duke")


@pytest.mark.parametrize("severity", SEVERITIES)
def test_resonant_adds_s_dice_to_auditory_rolls(severity: int) -> None:
    # F-SCENE-09: "a Circumstance bonus of +S dice to all Auditory stat rolls".
    echo = [{"element": "resonant", "severity": severity}]
    auditory = roll([1] * (2 + severity), die=6, dice=2, stat="auditory", scene_elements=echo)
    assert auditory.dice_rolled == 2 + severity  # F-SCENE-09
    assert roll([1, 1], die=6, dice=2, stat="words", scene_elements=echo).dice_rolled == 2


@pytest.mark.parametrize(
    ("severity", "labels", "ap"),
    [
        # 14 AP, 1 die rolled: 13. Sickened [1] (Mild Nausea, Max 13), then 1 AP lost: 12.
        (1, ["Mild Nausea [1]"], 12),
        # Sickened [4] (Incapacitating Sickness -5, its Fatigued [2] -2: Max 7), 4 AP lost: 3.
        (4, ["Incapacitating Sickness [4]", "Exhausted [2]"], 3),
    ],
)
def test_noxious_fails_below_tn_4_and_costs_s_sickened_and_s_ap(
    severity: int, labels: list[str], ap: int
) -> None:
    # F-SCENE-10: "roll Body or Meditation against TN 4. If they fail, they suffer S levels
    # of the Sickened generic condition and lose S AP."
    failed = scene({"element": "noxious", "severity": severity})
    failed.dice(3)  # a 3 on the Body d8: no success
    failed.answer("roll:1")
    assert failed.labels("brenna") == labels  # F-SCENE-10
    assert failed.c("brenna").ap == ap  # F-SCENE-10: S AP lost
    resisted = scene({"element": "noxious", "severity": severity})
    resisted.dice(4)  # a 4: one success resists
    resisted.answer("roll:1")
    assert (resisted.labels("brenna"), resisted.c("brenna").ap) == ([], 13)  # F-SCENE-10


def test_noxious_rolls_the_better_of_body_and_meditation() -> None:
    # F-SCENE-10: "Body or Meditation": with Meditation d12 and Body d6, the d12 is rolled.
    table = Table()
    table.pc("monk", stats={"meditation": 12})
    table.pc("orc", side="foes")
    table.open(
        "fight", "combat", "monk", "orc", scene_elements=[{"element": "noxious", "severity": 1}]
    )
    table.dice(12)
    table.answer("roll:1")
    resolved = table.payloads("turn_start_resolved")[0]
    # A 12 is a face only the d12 shows (the roller refuses it on the Body d6).
    assert (resolved["check"]["dice"], resolved["avoided"]) == ([12], True)  # F-SCENE-10


@pytest.mark.parametrize("severity", SEVERITIES)
def test_aromatic_gives_and_takes_s_dice(severity: int) -> None:
    # F-SCENE-11: "+S dice to Cooking or Social checks [...] -S dice to Logic checks".
    scent = [{"element": "aromatic", "severity": severity}]
    cooking = roll(
        [1] * (4 + severity), die=6, dice=4, stat="nature", tree="cooking", scene_elements=scent
    )
    social = roll(
        [1] * (4 + severity), die=6, dice=4, stat="people", tree="social", scene_elements=scent
    )
    logic = roll(
        [1] * (4 - severity), die=6, dice=4, stat="logic", tree="magic", scene_elements=scent
    )
    combat = roll([1] * 4, die=6, dice=4, stat="body", tree="combat", scene_elements=scent)
    assert (cooking.dice_rolled, social.dice_rolled) == (4 + severity, 4 + severity)  # F-SCENE-11
    assert (logic.dice_rolled, combat.dice_rolled) == (4 - severity, 4)  # F-SCENE-11


@pytest.mark.parametrize("severity", SEVERITIES)
def test_tainted_takes_s_max_ap_and_sickens_s_levels_on_consuming(severity: int) -> None:
    # F-SCENE-12: "-S to their maximum Action Pool. If they consume anything within the
    # space, they immediately suffer S levels of Sickened."
    table = scene({"element": "tainted", "severity": severity})
    assert table.c("brenna").ap == 14 - severity  # F-SCENE-12
    table.gm(cmd.CONSUME, cmd.Who(conflict="fight", character="brenna"))
    names = ["Mild Nausea", "Fevers", "Severe Illness", "Incapacitating Sickness"]
    assert table.labels("brenna")[0] == f"{names[severity - 1]} [{severity}]"  # F-SCENE-12
    assert table.c("brenna").conditions[0].kind == "sickened"


@pytest.mark.parametrize("severity", SEVERITIES)
def test_savorous_adds_s_ap_at_every_refresh(severity: int) -> None:
    # F-SCENE-13: "Characters within the space gain S extra AP when AP refreshes": at the
    # first refresh and again at the next, above the maximum of 14.
    table = scene({"element": "savorous", "severity": severity})
    assert table.c("brenna").ap == 14 + severity  # F-SCENE-13
    table.dice(1)
    table.act("fight", "brenna", "melee", 1, "orc")
    table.decline()
    table.end_turn("fight", "brenna")
    table.end_turn("fight", "orc")
    assert table.conflict("fight").step == 2
    assert table.c("brenna").ap == 14 + severity  # F-SCENE-13: again at the next refresh


@pytest.mark.parametrize(("severity", "squares"), [(1, 3), (2, 2), (3, 1), (4, 0)])
def test_difficult_costs_s_successes_for_the_square_crossed(severity: int, squares: int) -> None:
    # F-SCENE-14: "Moving through this space costs +S success per square": 3 successes
    # move 4 squares (F-COMBAT-MICRO-04); one Difficult square crossed takes S of them.
    table = Table()
    table.pc("brenna", stats={"body": 8})
    table.pc("orc", side="foes")
    table.open(
        "fight",
        "combat",
        {"character": "brenna", "position": [0, 0]},
        "orc",
        scene_elements=[{"element": "difficult", "severity": severity}],
    )
    table.dice(8, 8, 8)
    table.act("fight", "brenna", "maneuvers", 3, to=[9, 0], through_difficult=1)
    moved = table.payloads("moved")[0]
    assert (moved["squares"], moved["cost"]) == (squares, severity)  # F-SCENE-14


@pytest.mark.parametrize("severity", SEVERITIES)
def test_hazardous_asks_for_s_successes(severity: int) -> None:
    # F-SCENE-15: "spend an action to avoid the hazard, scoring S successes, or receive an
    # S-level condition": S - 1 successes take Impact [S] (the GM named none), S avoid it.
    short = scene({"element": "hazardous", "severity": severity})
    short.dice(*([8] * (severity - 1)), 1)
    short.answer(f"roll:{severity}")
    assert [e.severity for e in short.c("brenna").conditions][:1] == [severity]  # F-SCENE-15
    assert short.c("brenna").conditions[0].kind == "impact"
    enough = scene({"element": "hazardous", "severity": severity})
    enough.dice(*([8] * severity))
    enough.answer(f"roll:{severity}")
    assert enough.labels("brenna") == []  # F-SCENE-15
    assert enough.c("brenna").ap == 14 - severity  # the action's dice come from the pool


@pytest.mark.parametrize(
    ("spent", "severity", "ap"), [(5, 1, 10), (5, 3, 12), (1, 3, 14), (0, 4, 14)]
)
def test_soothing_restores_s_ap_up_to_the_maximum(spent: int, severity: int, ap: int) -> None:
    # F-SCENE-16: "Characters ending their turn in this space may restore S AP to their pool
    # (up to their maximum)": 14 AP, some spent, S back, never past 14.
    table = scene({"element": "soothing", "severity": severity})
    if spent:
        table.dice(*([1] * spent))
        table.act("fight", "brenna", "melee", spent, "orc")
    table.end_turn("fight", "brenna")
    assert table.c("brenna").ap == ap  # F-SCENE-16
    assert table.payloads("turn_ended")[0]["restored"] == ap - (14 - spent)
