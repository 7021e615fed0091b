"""Odds before committing: each command's exact odds against an independent computation.

The issue: "wherever the console offers an action with a roll, it shows the exact chance
of each outcome (hit, critical, injury, death...)". Each expectation here is computed
another way: the ``percentile.attack`` resolver's own odds on an input built by hand from
the sheets (P-ATK-01 .. P-ATK-08), a d100 enumerated face by face through ``level_of``
(G-P-01). Who sees what follows ruling C-10.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tablekeeper.dice.roller import RandomRoller
from tablekeeper.engine import Session
from tablekeeper.engine.sight import GM_SIGHT, Sight
from tablekeeper.rulesets.percentile.attack_input import AttackerInput, AttackInput, DefenderInput
from tablekeeper.rulesets.percentile.attack_odds import attack_outcome_odds
from tablekeeper.rulesets.percentile.checks import D100, level_of
from tablekeeper.rulesets.percentile.encounter import PercentileState, order, start
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.ruleset import PERCENTILE
from tablekeeper.rulesets.percentile.stats import Weapon

SWORD: dict[str, Any] = {
    "name": "sword",
    "skill": "Sword",
    "damage": "1d8",
    "type": "slashing",
    "hp": 12,
}

ANN = Sight.player({"hero"})
"""Ann plays the hero."""


def _sheet(name: str, side: str, hp: int, sword: int, dodge: int) -> dict[str, Any]:
    return {
        "side": side,
        "stats": {
            "name": name,
            "characteristics": {
                "STR": 13,
                "CON": 12,
                "SIZ": 13,
                "DEX": 14,
                "INT": 13,
                "POW": 12,
                "CHA": 11,
            },
            "skills": {
                "Sword": sword,
                "Dodge": dodge,
                "Brawl": 45,
                "Spirit Combat": 30,
                "Loyalty": 70,
            },
            "weapons": [SWORD],
            "hit_points": hp,
            "mov": 8,
        },
    }


def _keep() -> PercentileState:
    """Ann's hero (Sword 65) and an orc NPC (Dodge 35, 6 HP), engaged in melee."""
    session = Session(PERCENTILE.engine, PERCENTILE.new_encounter({}), roller=RandomRoller(3))
    for key, sheet in (
        ("hero", _sheet("Hero", "a", 12, 65, 40)),
        ("orc", _sheet("Orc", "b", 6, 50, 35)),
    ):
        session.submit(PERCENTILE.add_actor(PERCENTILE.actor_spec(sheet, id=key, name=key.title())))
    session.submit(start())
    session.submit(order(cmd.ENGAGE, None, actor="gm", pair=("hero", "orc")))
    return session.state


def _faces(effective: int) -> dict[str, Fraction]:
    """A d100 read face by face (G-P-01)."""
    counts: dict[str, int] = {}
    for face in D100.faces:
        label = level_of(face, effective).value
        counts[label] = counts.get(label, 0) + 1
    return {label: Fraction(count, D100.sides) for label, count in counts.items()}


def _by_hand(state: PercentileState, defense: str) -> dict[str, Fraction]:
    """The resolver's odds of the hero's attack on the orc, built from the sheets alone:
    a Dodge ahead of the orc's first turn is at -20% (P-ACT-07)."""
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
        options=state.options.model_copy(update={"roll_fumble_table": False}),
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
    state = _keep()
    odds = PERCENTILE.command_odds(state, order(cmd.ATTACK, "hero", targets=["orc"]), GM_SIGHT)
    assert odds is not None
    assert odds.title == "Attack Orc"
    shown = dict(odds.outcomes)
    for level, chance in _faces(65).items():
        assert shown[level] == chance
    for defense, how in (("dodge", "Orc dodges"), ("none", "Orc does not defend")):
        expected = _by_hand(state, defense)
        missed = expected["fumble"] + expected["miss"] + expected.get("avoided", Fraction(0))
        assert shown[f"hit if {how}"] == 1 - missed
        assert shown[f"injured if {how}"] == _damage_at_least(expected, 1)
        assert shown[f"out of the fight if {how}"] == _damage_at_least(expected, 6)
    assert (
        shown["out of the fight if Orc dodges"] < shown["out of the fight if Orc does not defend"]
    )


def test_a_player_sees_only_their_own_attack_roll_against_an_npc() -> None:
    # C-10 on C-03: the orc's Dodge, armor and HP are the GM's
    state = _keep()
    attack = order(cmd.ATTACK, "hero", targets=["orc"])
    odds = PERCENTILE.command_odds(state, attack, ANN)
    assert odds is not None
    assert dict(odds.outcomes) == _faces(65)
    distracted = state.with_combatant(state.combatant("orc").model_copy(update={"distracted": 20}))
    assert PERCENTILE.command_odds(distracted, attack, ANN) is None  # the bonus tells a fumble
    assert PERCENTILE.command_odds(distracted, attack, GM_SIGHT) is not None


def test_an_attack_on_a_target_not_yet_engaged_needs_its_reach() -> None:
    # C-10: with Weapon Reach the distance they open at depends on the target's weapon
    state = _keep().model_copy(update={"engagements": ()})
    attack = order(cmd.ATTACK, "hero", targets=["orc"])
    assert PERCENTILE.command_odds(state, attack, ANN) is None
    assert PERCENTILE.command_odds(state, attack, GM_SIGHT) is not None


def test_an_ability_check_is_its_d100_and_hidden_from_other_players() -> None:
    # P-ACT-01, G-P-01: skill plus the GM's modifier
    state = _keep()
    mine = PERCENTILE.command_odds(
        state, order(cmd.ABILITY, "hero", skill="Dodge", modifier=-10), ANN
    )
    assert mine is not None
    assert dict(mine.outcomes) == _faces(30)
    theirs = order(cmd.ABILITY, "orc", skill="Dodge")
    assert PERCENTILE.command_odds(state, theirs, ANN) is None
    gm = PERCENTILE.command_odds(state, theirs, GM_SIGHT)
    assert gm is not None
    assert dict(gm.outcomes) == _faces(35)


def test_a_grapples_grab_is_its_attack_roll() -> None:
    # P-ACT-12: the grab is an attack roll under Brawl 45, unarmed (short reach) at the
    # pair's medium distance: -20% (P-OPT-11); the defense it meets is the orc's choice.
    state = _keep()
    command = order(cmd.GRAPPLE, "hero", target="orc")
    grab = PERCENTILE.command_odds(state, command, GM_SIGHT)
    assert grab is not None
    assert grab.title == "Grapple Orc"
    assert dict(grab.outcomes) == _faces(25)
    assert PERCENTILE.command_odds(state, command, ANN) == grab
    twist = order(cmd.GRAPPLE, "hero", target="orc", maneuver="twist_limb")
    assert PERCENTILE.command_odds(state, twist, GM_SIGHT) is None


def test_commands_without_a_roll_have_no_odds() -> None:
    state = _keep()
    for command in (order(cmd.END_TURN, "hero"), order(cmd.DEFEND, "hero"), start()):
        assert PERCENTILE.command_odds(state, command, GM_SIGHT) is None


def test_a_command_the_odds_cannot_read_has_none() -> None:
    state = _keep()
    ghost = order(cmd.ATTACK, "hero", targets=["ghost"])
    assert PERCENTILE.command_odds(state, ghost, GM_SIGHT) is None
    assert PERCENTILE.standing_odds(state, GM_SIGHT) == {}


def test_skill_checks_are_the_acting_combatants_own_d100() -> None:
    # C-10: a skill check reads its own combatant's sheet only; G-P-01 levels
    state = _keep()
    checks = {
        "Sword to help Orc": (order(cmd.HELP, "hero", ally="orc", skill="Sword"), 65),  # P-ACT-17
        "Rally": (order(cmd.RALLY, "hero"), 55),  # P-ACT-21: CHA 11 x 5, no Battlefield
        "Loyalty": (order(cmd.USE_PASSION, "hero", passion="Loyalty"), 70),  # P-REA-04
        "Cast Heal": (order(cmd.CAST, "hero", spell="Heal", magic_points=2), 60),  # POW x 5
        "Spirit Combat": (order(cmd.SPIRIT_COMBAT, "hero"), 30),  # P-SPC-01
    }
    for title, (command, effective) in checks.items():
        odds = PERCENTILE.command_odds(state, command, ANN)
        assert odds is not None, title
        assert odds.title == title
        assert dict(odds.outcomes) == _faces(effective), title
        mirrored = command.model_copy(
            update={"actor": "orc", "payload": {**command.payload, "combatant": "orc"}}
        )
        assert PERCENTILE.command_odds(state, mirrored, ANN) is None  # the orc's sheet
        assert PERCENTILE.command_odds(state, mirrored, GM_SIGHT) is not None


def test_a_long_casting_rolls_only_on_its_last_action() -> None:
    # P-OPT-21: 10 Magic Points take an extra action; the first one rolls nothing
    state = _keep()
    assert (
        PERCENTILE.command_odds(
            state, order(cmd.CAST, "hero", spell="Heal", magic_points=10), GM_SIGHT
        )
        is None
    )
