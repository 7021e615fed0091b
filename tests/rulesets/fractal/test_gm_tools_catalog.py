"""GM guidelines and Downtime in play (document 000, Chapters 15-16): adversaries,
minions and cleave, the social Boss, the OSR adjudication tools, the Healing Checklist's
threshold removals and the One-Project Limit."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from tablekeeper.dice.roller import FixedRoller
from tablekeeper.engine import GM, Command, ResolverRegistry
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.fractal import register_resolvers
from tablekeeper.rulesets.fractal.encounter import commands as cmd
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec

from .encounter.helpers import Table


def npc_spec(**fields: Any) -> dict[str, Any]:
    return {
        "id": "guard",
        "side": "foes",
        "kind": "npc",
        "stats": {"body": 6, "visual": 6},
        **fields,
    }


# --- 16.2 Adversary creation --------------------------------------------------------------


def test_an_npc_has_rank_0_outside_its_one_or_two_skills() -> None:
    # F-GM-03: "Give the NPC a Rank (1 to 5) in 1 or 2 specific skills. They default to
    # Rank 0 for everything else": under rank_caps_dice a Rank 5 melee rolls 5 dice, its
    # Rank 0 maneuvers none.
    table = Table(rank_caps_dice=True)
    table.npc("guard", stats={"body": 10, "visual": 6}, ranks={"melee": 5})
    table.pc("brenna", side="party")
    table.open("fight", "combat", "guard", "brenna")
    assert (
        table.c("guard").rank("melee", "combat"),
        table.c("guard").rank("maneuvers", "combat"),
    ) == (5, 0)
    with pytest.raises(IllegalCommandError, match="at most 5 dice"):  # F-GM-03
        table.act("fight", "guard", "melee", 6, "brenna")
    with pytest.raises(IllegalCommandError, match="at most 0 dice"):
        table.act("fight", "guard", "maneuvers", 1)
    table.dice(*([1] * 5))
    table.act("fight", "guard", "melee", 5, "brenna")


@pytest.mark.parametrize(
    ("ranks", "ok"),
    [
        ({"melee": 5}, True),
        ({"melee": 6}, False),
        ({"melee": 1, "defense": 2, "ranged": 0}, True),  # a Rank 0 is the default, uncounted
        ({"melee": 1, "defense": 2, "ranged": 1}, False),
    ],
)
def test_npc_ranks_stop_at_5_and_at_two_skills(ranks: dict[str, int], ok: bool) -> None:
    # F-GM-03: "a Rank (1 to 5) in 1 or 2 specific skills. They default to Rank 0".
    if ok:
        assert CharacterSpec.model_validate(npc_spec(ranks=ranks)).ranks == ranks
        return
    with pytest.raises(ValidationError, match=r"1 to 5|1 or 2"):  # F-GM-03
        CharacterSpec.model_validate(npc_spec(ranks=ranks))


@pytest.mark.parametrize(
    ("spirits", "ok"),
    [([], True), (["Grief"], True), (["a", "b", "c"], True), (["a", "b", "c", "d"], False)],
)
def test_spirits_none_for_minor_foes_up_to_3_for_major_antagonists(
    spirits: list[str], ok: bool
) -> None:
    # F-GM-06 ([gm]): "Minor foes do not have Spirits. Major antagonists should have 1-3
    # Spirits" (Spirit rules are absent): the sheet records 0 to 3, no more.
    if ok:
        assert CharacterSpec.model_validate(npc_spec(spirits=spirits)).spirits == tuple(spirits)
        return
    with pytest.raises(ValidationError, match="at most 3"):  # F-GM-06
        CharacterSpec.model_validate(npc_spec(spirits=spirits))


def horde(*keys: str, minions: tuple[str, ...] | None = None) -> Table:
    table = Table()
    table.pc("brenna", stats={"body": 12})
    for key in keys:
        table.npc(key, minion=key in (minions if minions is not None else keys))
    table.open("fight", "combat", "brenna", *keys)
    return table


def removed(table: Table) -> list[str]:
    return sorted(
        k for k, p in table.conflict("fight").participants.items() if p.out == "minion_removed"
    )


@pytest.mark.parametrize(
    ("defense", "gone"), [(0, ["g1", "g2", "g3"]), (1, ["g1", "g2"]), (2, ["g1"]), (3, [])]
)
def test_cleave_counts_the_margin_left_after_the_defense(defense: int, gone: list[str]) -> None:
    # F-GM-05: "continue removing contiguous minions until they've removed as many minions
    # as they had margin of success on the attack": 3 successes, the struck minion's
    # defense taking some; none left, no condition, no removal.
    table = horde("g1", "g2", "g3", "g4")
    table.dice(12, 12, 12)
    table.act("fight", "brenna", "melee", 3, "g1")
    if defense:
        table.dice(*([6] * defense))
        table.answer(f"defense:{defense}")
    else:
        table.answer("none")
    assert removed(table) == gone  # F-GM-05


def test_cleave_passes_over_a_non_minion() -> None:
    # F-GM-05: the cleave removes minions only; the captain between them stays in.
    table = horde("g1", "captain", "g2", "g3", minions=("g1", "g2", "g3"))
    table.dice(12, 12, 12)
    table.act("fight", "brenna", "melee", 3, "g1")
    table.answer("none")
    assert removed(table) == ["g1", "g2", "g3"]  # F-GM-05
    assert table.conflict("fight").participants["captain"].out is None


# --- 16.3 Social Boss fights --------------------------------------------------------------


@pytest.mark.parametrize(("armor", "allowed"), [(10, True), (11, False)])
def test_the_bosss_armor_against_the_dice_the_attacker_could_roll(
    armor: int, allowed: bool
) -> None:
    # F-GM-07: "If a target's Social Armor is higher than the players' maximum potential
    # successes, a direct assault is impossible"; G-F-01: the potential is the AP plus the
    # circumstance dice. 8 AP and Renowned [3]'s +2 Words dice: 10.
    table = Table()
    table.pc("bard", default=4)  # 8 AP
    table.pc("queen", side="court", social_armor=armor)
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="renowned", successes=3)
    )
    table.open("audience", "social", "bard", "queen")
    if not allowed:
        with pytest.raises(IllegalCommandError, match="Social Armor 11 is higher than Bard's 10"):
            table.act("audience", "bard", "conversation", 1, "queen", stat="words")  # F-GM-07
        return
    table.dice(4, 4, 4)
    table.act("audience", "bard", "conversation", 1, "queen", stat="words")  # F-GM-07


@pytest.mark.parametrize(("armor", "allowed"), [(12, True), (13, False)])
def test_temporary_ap_and_assist_dice_count_in_the_potential(armor: int, allowed: bool) -> None:
    # F-GM-07 with G-F-01's "its AP (and temporary AP)": Renowned [2]'s 2 Temporary AP on
    # entering the scene, and a flipped ally's 2 Assist dice, make 8 AP 12 potential.
    table = Table()
    table.pc("bard", default=4)  # 8 AP
    table.pc("friend", default=4)
    table.pc("queen", side="court", social_armor=armor)
    table.gm(
        cmd.INFLICT, cmd.Inflict(character="bard", table="social", kind="renowned", successes=2)
    )
    table.open("audience", "social", "friend", "bard", "queen")
    table.session.submit(
        Command.of(
            "friend",
            cmd.ASSIST,
            cmd.Assist(conflict="audience", character="friend", to="bard", dice=2),
        )
    )
    table.end_turn("audience", "friend")
    if not allowed:
        with pytest.raises(IllegalCommandError, match="Social Armor 13 is higher than Bard's 12"):
            table.act("audience", "bard", "conversation", 1, "queen")  # F-GM-07
        return
    table.dice(4, 4, 4)
    table.act("audience", "bard", "conversation", 1, "queen")


def test_the_boss_is_asked_only_when_the_whole_network_is_flipped() -> None:
    # F-GM-09 ([gm]): "When the bosses entire support network has been flipped, they may
    # decide on their own to stop opposing": one of two courtiers flipped asks nothing;
    # the second asks the GM, who may refuse.
    table = Table()
    table.pc("bard", stats={"words": 12, "people": 12})
    table.npc("lady", side="court", stats={"words": 4, "people": 4})
    table.npc("lord", side="court", stats={"words": 4, "people": 4})
    table.npc(
        "queen",
        side="court",
        stats={"words": 8, "people": 8},
        social_armor=8,
        support_network=["lady", "lord"],
    )
    table.open("court", "social", "bard", "lady", "lord", "queen")
    table.gm(cmd.FLIP, cmd.Flip(conflict="court", character="lady", side="party"))
    assert table.session.pending is None  # F-GM-09: the network is not all flipped
    table.gm(cmd.FLIP, cmd.Flip(conflict="court", character="lord", side="party"))
    pending = table.session.pending
    assert pending is not None
    assert (pending.chooser, pending.option_ids) == ("gm", ("concede", "fight_on"))  # F-GM-09
    table.session.answer("fight_on")
    assert table.conflict("court").ended is None


# --- 16.5 The OSR philosophy ----------------------------------------------------------------


def test_the_gm_adjudicates_on_the_fly_with_scene_elements_and_a_set_tn() -> None:
    # F-GM-12 ([gm]): "Use Circumstance modifiers and the Scene Elements system [...] to
    # adjudicate these creative solutions on the fly": an element placed mid-turn changes
    # the very next roll; a Macro check takes the GM's TN.
    table = Table()
    table.pc("bard", stats={"auditory": 8})
    table.pc("orc", side="foes")
    table.open("fight", "combat", "bard", "orc")
    table.gm(cmd.PLACE_ELEMENT, cmd.PlaceElement(conflict="fight", element="resonant", severity=2))
    table.dice(1, 5, 2)  # a 5 would succeed at TN 4
    table.session.submit(
        Command.of(GM, cmd.MACRO, cmd.MacroCheck(character="bard", stat="auditory", dice=1, tn=6))
    )
    rolled = table.payloads("macro_rolled")[0]["check"]
    assert (rolled["tn"], rolled["dice_rolled"]) == (6, 3)  # F-GM-12: the GM's TN, Resonant's +2
    assert rolled["successes"] == 0


# --- 15.1 and 15.2 Downtime -------------------------------------------------------------------


def downtime(**fields: Any) -> Any:
    registry = ResolverRegistry()
    register_resolvers(registry)
    return registry.resolve("fractal.downtime", fields, FixedRoller([])).outcome


@pytest.mark.parametrize(("cure", "left"), [(6, {"Battered": 7}), (7, {})])
def test_a_threshold_removes_the_wound_or_leaves_it_whole(cure: int, left: dict[str, int]) -> None:
    # F-DOWN-05: "Effects that remove physical wounds under a certain DoR threshold do not
    # tick the DoR down - those are strictly binary": a 6 DoR cure leaves a 7 DoR wound at
    # 7 (not 1); a 7 DoR cure removes it.
    outcome = downtime(conditions=[{"name": "Battered", "dor": 7}], cure_dor=cure)
    assert {c.name: c.dor for c in outcome.conditions} == left  # F-DOWN-05
    assert [r.name for r in outcome.removed] == ([] if left else ["Battered"])


def test_a_threshold_then_rest_ticks_only_by_the_days() -> None:
    # F-DOWN-05 with F-DOWN-03: a 3 DoR cure misses a 10 DoR wound, 4 days of rest take 4.
    outcome = downtime(conditions=[{"name": "Gash", "dor": 10}], cure_dor=3, days=4)
    assert {c.name: c.dor for c in outcome.conditions} == {"Gash": 6}  # F-DOWN-05


def test_one_downtime_project_each_and_only_downtime_projects_count() -> None:
    # F-DOWN-08: "characters may only attempt one Solo Conflict per Downtime session": the
    # chef's second is refused, the baker's first is not, and a project outside Downtime
    # is not limited.
    table = Table()
    table.pc("chef")
    table.pc("baker")
    table.open(
        "pie",
        "cooking",
        "chef",
        level="solo",
        goal=1,
        techniques=["knead"],
        deadline=1,
        downtime=True,
    )
    table.dice(6)
    table.session.submit(
        Command.of(GM, cmd.SOLO_ROLL, cmd.WorkOnProject(conflict="pie", allocation={"knead": 1}))
    )
    with pytest.raises(
        IllegalCommandError, match="already had a Solo project this Downtime"
    ):  # F-DOWN-08
        table.open(
            "tart", "cooking", "chef", level="solo", goal=1, techniques=["knead"], downtime=True
        )
    table.open(
        "bread", "cooking", "baker", level="solo", goal=1, techniques=["knead"], downtime=True
    )
    assert table.state.downtime_projects == ("chef", "baker")


def test_an_abandoned_downtime_project_was_still_the_attempt() -> None:
    # F-DOWN-08: "characters may only attempt one Solo Conflict per Downtime session": a
    # project declared and abandoned (closed unfinished) is that attempt.
    table = Table()
    table.pc("chef")
    table.open("pie", "cooking", "chef", level="solo", goal=1, techniques=["knead"], downtime=True)
    table.gm(cmd.CLOSE_CONFLICT, cmd.CloseConflict(conflict="pie", ended="abandoned"))
    with pytest.raises(IllegalCommandError, match="already had a Solo project"):  # F-DOWN-08
        table.open(
            "tart", "cooking", "chef", level="solo", goal=1, techniques=["knead"], downtime=True
        )


def test_an_area_spells_further_targets_a_cleave_took_are_not_struck_again() -> None:
    # F-GM-05 with an area (F-MAGIC-MICRO-04): the spell's 3 successes fell g1 and cleave
    # through g2 and g3, who are also its targets: each leaves the fight once, and the
    # spell goes on to no one already out (a walk-through found each removed twice).
    table = Table()
    table.pc("mage", ranks={"magic": 1}, stats={"nature": 8})
    for key in ("g1", "g2", "g3"):
        table.npc(key, minion=True)
    table.open("fight", "combat", "mage", "g1", "g2", "g3")
    table.dice(8, 8, 8)
    table.act("fight", "mage", "mentalism", 3, "g1", "g2", "g3", area=True, kind="distracted")
    if table.session.pending is not None:
        table.answer("none")
    assert removed(table) == ["g1", "g2", "g3"]  # F-GM-05
    outs = [payload["character"] for payload in table.payloads("participant_out")]
    assert sorted(outs) == ["g1", "g2", "g3"], outs
    assert table.session.pending is None
