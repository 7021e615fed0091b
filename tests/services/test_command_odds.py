"""Odds before committing: each command's exact odds against an independent computation.

The issue: "wherever the console offers an action with a roll, it shows the exact chance
of each outcome (hit, critical, injury, death...)". Each expectation here is computed
another way: the ``percentile.attack`` resolver's own odds on an input built by hand from
the sheets (P-ATK-01 .. P-ATK-08), a d100 enumerated face by face through ``level_of``
(G-P-01), the critical injury roll's odds on the input the engine really rolled at
stabilization (R-CRIT-03, R-STAB-01). Who sees what follows ruling C-10.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tablekeeper.rulesets.percentile.attack_input import AttackerInput, AttackInput, DefenderInput
from tablekeeper.rulesets.percentile.attack_odds import attack_outcome_odds
from tablekeeper.rulesets.percentile.checks import D100, level_of
from tablekeeper.rulesets.percentile.encounter import order, start
from tablekeeper.rulesets.percentile.encounter.commands import (
    ABILITY,
    ATTACK,
    DEFEND,
    END_TURN,
    ENGAGE,
)
from tablekeeper.rulesets.percentile.stats import Weapon
from tablekeeper.rulesets.realtime.encounter import events as rev
from tablekeeper.rulesets.realtime.encounter.commands import advance, damage, support
from tablekeeper.rulesets.realtime.injuries import CriticalInjuryInput, death_chance
from tablekeeper.services import access, campaigns, characters, encounters
from tablekeeper.services.access import GM_VIEWER, Viewer
from tablekeeper.services.command_odds import command_odds, standing_odds
from tablekeeper.services.encounters import EncounterView

from .tables import memory, seat

SWORD: dict[str, Any] = {
    "name": "sword",
    "skill": "Sword",
    "damage": "1d8",
    "type": "slashing",
    "hp": 12,
}


def _sheet(name: str, side: str, hp: int, sword: int, dodge: int) -> dict[str, Any]:
    return {
        "side": side,
        "stats": {
            "name": name,
            "characteristics": {"STR": 13, "CON": 12, "SIZ": 13, "DEX": 14, "INT": 13},
            "skills": {"Sword": sword, "Dodge": dodge},
            "weapons": [SWORD],
            "hit_points": hp,
            "mov": 8,
        },
    }


def _percentile_table() -> tuple[EncounterView, Viewer]:
    """Ann's hero (Sword 65) and an orc NPC (Dodge 35, 6 HP), engaged in melee."""
    new_uow = memory()
    campaigns.create_campaign(new_uow(), "Keep", "percentile", campaign_id="k1", gm_secret="s")
    _, token = access.add_player(new_uow(), "k1", "ann", "Ann")
    characters.create_character(
        new_uow(), "k1", id="hero", name="Hero", player="ann", sheet=_sheet("Hero", "a", 12, 65, 40)
    )
    characters.create_character(
        new_uow(), "k1", id="orc", name="Orc", kind="npc", sheet=_sheet("Orc", "b", 6, 50, 35)
    )
    encounters.start_encounter(new_uow(), "k1", characters=["hero", "orc"], encounter_id="e1")
    encounters.submit_command(new_uow(), "e1", start())
    view = encounters.submit_command(new_uow(), "e1", order(ENGAGE, pair=("hero", "orc")))
    return view, access.authenticate(new_uow(), "k1", token)


def _faces(effective: int) -> dict[str, Fraction]:
    """A d100 read face by face (G-P-01)."""
    counts: dict[str, int] = {}
    for face in D100.faces:
        label = level_of(face, effective).value
        counts[label] = counts.get(label, 0) + 1
    return {label: Fraction(count, D100.sides) for label, count in counts.items()}


def _by_hand(view: EncounterView, defense: str) -> dict[str, Fraction]:
    """The resolver's odds of the hero's attack on the orc, built from the sheets alone:
    a Dodge ahead of the orc's first turn is at -20% (P-ACT-07)."""
    state = view.state
    early = not state.combatant("orc").has_acted and state.active != "orc"
    engagement = state.engagement("hero", "orc")
    defender = (
        DefenderInput(
            defense="dodge", skill=35, skill_name="Dodge", siz=13, before_first_turn=early
        )
        if defense == "dodge"
        else DefenderInput(siz=13)
    )
    request = AttackInput(
        attacker=AttackerInput(skill=65, skill_name="Sword", weapon=Weapon(**SWORD), siz=13),
        defender=defender,
        melee_distance=engagement.distance if engagement is not None else None,
        options=view.state.options.model_copy(update={"roll_fumble_table": False}),
    )
    return dict(attack_outcome_odds(request).outcomes)


def _damage_at_least(chances: dict[str, Fraction], least: int) -> Fraction:
    return sum(
        (
            p
            for label, p in chances.items()
            if label.endswith(" damage") and int(label.split()[0]) >= least
        ),
        Fraction(0),
    )


def test_the_gm_sees_an_attacks_roll_and_each_defenses_outcomes() -> None:
    # P-ATK-01 (the roll), P-ATK-04/05 (the target's defense), P-ATK-08 (damage), G-P-27
    view, _ = _percentile_table()
    odds = command_odds(view, order(ATTACK, "hero", targets=["orc"]), GM_VIEWER)
    assert odds is not None
    assert odds.title == "Attack Orc"
    shown = dict(odds.outcomes)
    for level, chance in _faces(65).items():
        assert shown[level] == chance
    for defense, how in (("dodge", "Orc dodges"), ("none", "Orc does not defend")):
        expected = _by_hand(view, defense)
        missed = expected["fumble"] + expected["miss"] + expected.get("avoided", Fraction(0))
        assert shown[f"hit if {how}"] == 1 - missed
        assert shown[f"injured if {how}"] == _damage_at_least(expected, 1)
        assert shown[f"out of the fight if {how}"] == _damage_at_least(expected, 6)
    assert (
        shown["out of the fight if Orc dodges"] < shown["out of the fight if Orc does not defend"]
    )


def test_a_player_sees_only_their_own_attack_roll_against_an_npc() -> None:
    # C-10 on C-03: the orc's Dodge, armor and HP are the GM's
    view, ann = _percentile_table()
    attack = order(ATTACK, "hero", targets=["orc"])
    odds = command_odds(view, attack, ann)
    assert odds is not None
    assert dict(odds.outcomes) == _faces(65)
    distracted = view.state.with_combatant(
        view.state.combatant("orc").model_copy(update={"distracted": 20})
    )
    hidden = EncounterView(encounter=view.encounter, state=distracted, pending=None)
    assert command_odds(hidden, attack, ann) is None  # the bonus would tell of a fumble
    assert command_odds(hidden, attack, GM_VIEWER) is not None


def test_an_ability_check_is_its_d100_and_hidden_from_other_players() -> None:
    # P-ACT-01, G-P-01: skill plus the GM's modifier
    view, ann = _percentile_table()
    mine = command_odds(view, order(ABILITY, "hero", skill="Dodge", modifier=-10), ann)
    assert mine is not None
    assert dict(mine.outcomes) == _faces(30)
    theirs = order(ABILITY, "orc", skill="Dodge")
    assert command_odds(view, theirs, ann) is None
    gm = command_odds(view, theirs, GM_VIEWER)
    assert gm is not None
    assert dict(gm.outcomes) == _faces(35)


def test_commands_without_a_roll_have_no_odds() -> None:
    view, _ = _percentile_table()
    for command in (order(END_TURN, "hero"), order(DEFEND, "hero"), start()):
        assert command_odds(view, command, GM_VIEWER) is None


def _dying_table() -> tuple[EncounterView, Any, Viewer]:
    """The orc at -5 HP, dying, one square from Ann's hero."""
    table = seat(memory(), "realtime")
    encounters.start_encounter(
        table.new_uow(), "k1", characters=["hero", "rogue", "orc"], encounter_id="e1"
    )
    orc = encounters.load_encounter(table.new_uow(), "e1").state.creature("orc")
    encounters.submit_command(table.new_uow(), "e1", damage("orc", orc.hp + 5))
    view = encounters.submit_command(table.new_uow(), "e1", advance(3))
    return view, table, table.viewer(table.ann)


def test_standing_odds_now_and_in_ten_seconds_for_those_who_may_see_them() -> None:
    # R-LIFE-02, R-CRIT-01, R-CRIT-03
    view, _, ann = _dying_table()
    orc = view.state.creature("orc")
    assert orc.is_dying
    shown = standing_odds(view, GM_VIEWER)
    assert list(shown) == ["orc"]
    base = {"n_wounds": orc.n_wounds, "negative_hp": -orc.hp}
    now = death_chance(CriticalInjuryInput(seconds_negative=orc.seconds_negative, **base))
    later = death_chance(CriticalInjuryInput(seconds_negative=orc.seconds_negative + 10, **base))
    assert dict(shown["orc"].outcomes) == {"now": now, "in 10 s": later}
    assert standing_odds(view, ann) == {}  # the orc's HP and injuries are the GM's (C-03)


def test_support_shows_the_death_chance_of_the_roll_it_will_bring() -> None:
    # R-STAB-01: the critical injury is rolled when Support completes, G-R-E1's order
    view, table, ann = _dying_table()
    command = support("hero", "orc")
    assert command_odds(view, command, ann) is None
    odds = command_odds(view, command, GM_VIEWER)
    assert odds is not None
    encounters.submit_command(table.new_uow(), "e1", command)
    rolled = None
    for _ in range(30):
        played = encounters.submit_command(table.new_uow(), "e1", advance(1))
        found = [r for r in played.records if r.kind == rev.CRITICAL_INJURY_ROLLED]
        if found:
            rolled = found[0].payload
            break
    assert rolled is not None
    really = death_chance(CriticalInjuryInput.model_validate(rolled["input"]))
    assert dict(odds.outcomes) == {"dies when stabilized": really, "survives": 1 - really}
