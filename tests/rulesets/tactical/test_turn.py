"""The turn: one action, one maneuver (or two instead of the action), movement, reactions."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev
from tablekeeper.rulesets.tactical.ruleset import TACTICAL

from .table import do, faces, foe, hero, kinds, options_of, table, use


def test_only_one_action_a_turn() -> None:
    """S-TYPE-02: you may only use one action on your turn."""
    s = table(hero(), foe())
    use(s, "hero", "defend")
    with pytest.raises(IllegalCommandError, match="action of this turn is used"):
        use(s, "hero", "defend")
    do(s, cmd.END_TURN, "hero")
    assert s.state.turn is not None
    assert s.state.turn.actor == "foe"


def test_not_on_another_characters_turn() -> None:
    s = table(hero(), foe())
    with pytest.raises(IllegalCommandError, match="hero's turn"):
        use(s, "foe", "defend")


def test_temporary_conditions_go_after_the_action() -> None:
    """S-TYPE-03: after you use an action all temporary conditions are removed; lasting
    ones stay (G-S-02 flags)."""
    s = table(hero(conditions=["guarded", "empowered", "bleeding"]), foe())
    events = use(s, "hero", "defend")
    removed = [e.payload["condition"] for e in events if e.kind == ev.CONDITION_REMOVED]
    assert removed == ["guarded", "empowered"]
    assert s.state.character("hero").conditions == ("bleeding",)


def test_a_condition_gained_during_the_action_lasts_until_the_next() -> None:
    """G-S-E3: only the temporary conditions held when the action began are removed."""
    house = {
        "skills": {
            "brace": {
                "name": "Brace",
                "type": "action",
                "target": "personal",
                "tags": ["earth"],
                "effects": [{"type": "condition", "condition": "guarded", "to": "self"}],
            }
        }
    }
    s = table(hero(style=["brace"]), foe(), house=house)
    use(s, "hero", "brace")
    assert s.state.character("hero").has("guarded")


def test_a_second_maneuver_instead_of_the_action_makes_you_heedless() -> None:
    """S-TYPE-04: one maneuver a turn; a second instead of your action makes you heedless,
    and then no action and no third maneuver remain."""
    s = table(hero(conditions=["evasive"]), foe())
    use(s, "hero", "dash")
    do(s, cmd.END_MANEUVER, "hero")
    assert not s.state.character("hero").has("heedless")
    use(s, "hero", "dash")
    do(s, cmd.END_MANEUVER, "hero")
    hero_now = s.state.character("hero")
    assert hero_now.has("heedless")
    assert not hero_now.has("evasive")  # S-TYPE-03: "or use a maneuver instead of your action"
    with pytest.raises(IllegalCommandError, match="action of this turn"):
        use(s, "hero", "defend")
    with pytest.raises(IllegalCommandError, match="no maneuver is left"):
        use(s, "hero", "dash")


def test_heedless_gives_attacks_against_you_a_boon() -> None:
    """G-S-02 (provisional): heedless makes action attacks against you gain a boon."""
    from tablekeeper.rulesets.tactical.encounter.flow import attack_input
    from tablekeeper.rulesets.tactical.encounter.state import Use

    s = table(hero(conditions=["heedless"], position=[2, 2]), foe(position=[3, 2], style=["kick"]))
    check = attack_input(s.state, Use(user="foe", skill="kick", origin="action"), "hero")
    assert check.boons == 1


@pytest.mark.parametrize(("paces", "legal"), [(4, True), (5, False)])
def test_a_maneuver_moves_up_to_agility_paces(paces: int, legal: bool) -> None:
    """S-TYPE-05: up to agility paces as part of a maneuver (Quick Step's own 1 + agility 3)."""
    s = table(hero(agility=3, style=["quick_step"], position=[0, 0]), foe(position=[9, 5]))
    use(s, "hero", "quick_step")
    move = cmd.move("hero", (paces, 0))
    if legal:
        s.submit(move)
        assert s.state.character("hero").position == (paces, 0)
    else:
        with pytest.raises(IllegalCommandError, match="more than 4 paces"):
            s.submit(move)


def test_movement_spent_in_steps() -> None:
    s = table(hero(agility=2, style=["quick_step"], position=[0, 0]), foe(position=[9, 5]))
    use(s, "hero", "quick_step")  # 1 + 2 paces
    s.submit(cmd.move("hero", (2, 0)))
    s.submit(cmd.move("hero", (3, 0)))
    with pytest.raises(IllegalCommandError, match="no movement is left"):
        s.submit(cmd.move("hero", (4, 0)))


def test_a_slow_maneuver_gives_no_agility_movement() -> None:
    """S-TAG-03: Shift is slow: only its own pace, not the agility's."""
    s = table(hero(agility=3, position=[0, 0]), foe(position=[9, 5]))
    use(s, "hero", "shift")
    assert s.state.turn is not None
    assert s.state.turn.maneuver is not None
    assert s.state.turn.maneuver.paces == 1
    with pytest.raises(IllegalCommandError):
        s.submit(cmd.move("hero", (2, 0)))
    s.submit(cmd.move("hero", (1, 0)))


def test_no_movement_without_a_maneuver() -> None:
    s = table(hero(), foe())
    with pytest.raises(IllegalCommandError, match="no movement"):
        s.submit(cmd.move("hero", (2, 1)))


def test_walls_and_characters_block_movement() -> None:
    s = table(hero(position=[0, 0], agility=1), foe(position=[1, 1]), walls=((1, 0),))
    use(s, "hero", "dash")  # 1 + 2 paces; the wall and the foe close the way east
    with pytest.raises(IllegalCommandError):
        s.submit(cmd.move("hero", (1, 0)))
    with pytest.raises(IllegalCommandError):
        s.submit(cmd.move("hero", (1, 1)))


def test_a_maneuver_in_a_zone_of_control_may_be_hindered() -> None:
    """S-TYPE-06: the GM rules whether a maneuver in an enemy's zone is hindered; hindered,
    it gives no agility movement."""
    s = table(hero(position=[2, 2], agility=3), foe(position=[3, 2]))
    use(s, "hero", "dash")
    assert s.pending is not None
    assert s.pending.chooser == "gm"
    assert options_of(s) == ("hindered", "free")
    s.answer("hindered")
    assert s.state.character("hero").has("hindered")
    assert s.state.turn is not None
    assert s.state.turn.maneuver is not None
    assert s.state.turn.maneuver.paces == 2  # Dash's own 2, no agility


def test_not_hindered_keeps_the_movement() -> None:
    s = table(hero(position=[2, 2], agility=3), foe(position=[3, 2]))
    use(s, "hero", "dash")
    s.answer("free")
    assert s.state.turn is not None
    assert s.state.turn.maneuver is not None
    assert s.state.turn.maneuver.paces == 5


def test_a_careful_maneuver_is_never_hindered() -> None:
    """S-TAG-02: a careful maneuver cannot be hindered (no ruling asked)."""
    s = table(hero(position=[2, 2], style=["quick_step"]), foe(position=[3, 2]))
    use(s, "hero", "quick_step")
    assert s.pending is None


def test_outside_every_zone_no_ruling_is_asked() -> None:
    s = table(hero(position=[1, 1]), foe(position=[3, 1]))
    use(s, "hero", "dash")
    assert s.pending is None


def test_no_action_in_the_middle_of_a_maneuver() -> None:
    """S-TYPE-07: you cannot use an action in the middle of a maneuver, or vice versa."""
    s = table(hero(), foe())
    use(s, "hero", "dash")
    with pytest.raises(IllegalCommandError, match="middle"):
        use(s, "hero", "defend")
    do(s, cmd.END_MANEUVER, "hero")
    use(s, "hero", "defend")


def test_no_maneuver_in_the_middle_of_an_action() -> None:
    """S-TYPE-07, vice versa: while an action resolves (a decision pending) nothing else."""
    s = table(
        hero(position=[2, 2], style=["slash"], wielding=[{"name": "sword"}]), foe(position=[3, 2])
    )
    use(s, "hero", "slash", target="foe")
    assert s.pending is not None
    with pytest.raises(IllegalCommandError):
        use(s, "hero", "dash")


def test_reactions_when_targeted_once_per_event() -> None:
    """S-TYPE-08: a reaction at any time, even on another's turn, once its trigger is met,
    once per triggering event; as often as triggers are met."""
    s = table(
        hero(position=[2, 2], style=["kick"]),
        foe(
            position=[3, 2],
            style=["parry"],
            wielding=[{"name": "sword"}],
            momentum=1,
            max_momentum=6,
        ),
    )
    use(s, "hero", "kick", target="foe")
    assert s.pending is not None
    assert s.pending.chooser == "foe"
    assert options_of(s) == ("none", "parry")
    events = s.answer("parry")
    assert ev.REACTED in kinds(events)
    assert s.state.character("foe").momentum == 3
    assert s.pending is not None
    assert s.pending.chooser == "foe"
    assert "parry" not in options_of(s)
    faces(s, 6)  # no cunning effect: 6 is above the hero's cunning of 3
    s.answer("yield")
    assert s.state.character("foe").momentum == 0  # 6 + 1 brawn = 7 > 3: defeated, floor 0
    assert s.state.character("foe").defeated
    assert s.state.ended == "heroes left standing"  # not "heroes stands"
    assert TACTICAL.words.clock(s.state) == "over: heroes left standing"


def test_a_declared_trigger_is_answered_once() -> None:
    """S-TYPE-08 with a trigger the GM declares."""
    house = {
        "skills": {
            "duck": {
                "name": "Duck",
                "type": "reaction",
                "target": "personal",
                "tags": ["careful"],
                "trigger": "declared",
                "defense": {"track": "poise", "amount": 1},
            }
        }
    }
    s = table(hero(style=["duck"], poise=1, max_poise=5), foe(), house=house)
    from tablekeeper.engine.commands import Command

    s.submit(Command.of("gm", cmd.DECLARE_TRIGGER, cmd.DeclareTrigger(description="a rock falls")))
    trigger = s.state.triggers[-1].id
    react = Command.of(
        "hero", cmd.REACT, cmd.React(character="hero", skill="duck", trigger=trigger)
    )
    s.submit(react)
    assert s.state.character("hero").poise == 2
    with pytest.raises(IllegalCommandError, match="already used"):
        s.submit(react)
    with pytest.raises(IllegalCommandError, match="no triggering event"):
        s.submit(react.model_copy(update={"payload": {**react.payload, "trigger": "nope"}}))


def test_a_passive_is_always_in_effect_and_never_used() -> None:
    """S-TYPE-09: passive skills are always in effect in your fighting style."""
    from tablekeeper.rulesets.tactical.encounter.traits import armor_of

    s = table(hero(armor=1, style=["iron_skin"]), foe(armor=1))
    catalogue = s.state.catalogue
    assert armor_of(catalogue, s.state.character("hero")) == 2
    assert armor_of(catalogue, s.state.character("foe")) == 1
    with pytest.raises(IllegalCommandError, match="passive"):
        use(s, "hero", "iron_skin")


def test_turns_skip_the_defeated_and_rounds_go_on() -> None:
    s = table(hero(), foe("a"), foe("b", position=[8, 1]))
    from tablekeeper.engine.commands import Command

    s.submit(Command.of("gm", "tactical.defeat", cmd.CharacterOnly(character="a")))
    do(s, cmd.END_TURN, "hero")
    assert s.state.turn is not None
    assert s.state.turn.actor == "b"
    do(s, cmd.END_TURN, "b")
    assert s.state.clock is not None
    assert s.state.clock.round == 2


def test_gm_tools_refuse_what_would_change_nothing() -> None:
    """Every accepted command records something: the GM's tools refuse an empty one."""
    from tablekeeper.engine.commands import Command

    s = table(hero(), foe())
    with pytest.raises(IllegalCommandError, match="concentrates on nothing"):
        s.submit(Command.of("gm", cmd.INTERRUPT, cmd.CharacterOnly(character="hero")))
    s.submit(Command.of("gm", "tactical.defeat", cmd.CharacterOnly(character="foe")))
    with pytest.raises(IllegalCommandError, match="already defeated"):
        s.submit(Command.of("gm", "tactical.defeat", cmd.CharacterOnly(character="foe")))
    with pytest.raises(IllegalCommandError, match="doom"):
        s.submit(Command.of("gm", cmd.SPEND_DOOM, cmd.SpendDoom(amount=1)))
    with pytest.raises(IllegalCommandError, match="only the GM"):
        s.submit(
            Command.of(
                "hero", cmd.DEAL_DAMAGE, cmd.DealDamage(character="foe", track="poise", amount=1)
            )
        )
