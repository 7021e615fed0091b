"""Concentration, interrupting, and 'other' skills that take several turns."""

from __future__ import annotations

import pytest

from tablekeeper.engine.commands import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev

from .table import do, faces, foe, hero, options_of, table, use

MAGE = {"style": ["stone_ward", "storm_call", "fire_burst"], "focus": 8, "cunning": 3}


def release(s, who: str, actor: str | None = None):  # type: ignore[no-untyped-def]
    return s.submit(Command.of(actor or who, cmd.RELEASE, cmd.CharacterOnly(character=who)))


def test_a_concentration_effect_lasts_while_concentrating() -> None:
    """S-CONC-05: Stone Ward's guarded lasts while its user concentrates, and ends with it."""
    s = table(hero(**MAGE), foe())
    use(s, "hero", "stone_ward")
    assert s.state.concentrations["hero"].skill == "stone_ward"
    assert s.state.character("hero").has("guarded")
    release(s, "hero")
    assert "hero" not in s.state.concentrations
    assert not s.state.character("hero").has("guarded")


def test_release_on_an_allys_turn_not_an_enemys() -> None:
    """S-CONC-01: release any time on an ally's turn, including your own, not an enemy's."""
    s = table(hero(**MAGE), hero("ally", position=[1, 3]), foe())
    use(s, "hero", "stone_ward")
    do(s, cmd.END_TURN, "hero")
    assert s.state.turn is not None
    assert s.state.turn.actor == "ally"
    do(s, cmd.END_TURN, "ally")
    with pytest.raises(IllegalCommandError, match="enemy"):
        release(s, "hero")
    do(s, cmd.END_TURN, "foe")
    do(s, cmd.END_TURN, "hero")
    release(s, "hero")  # on the ally's turn


def test_one_concentration_at_a_time() -> None:
    """S-CONC-02: a second concentration skill: release the first or ignore the second's
    concentration effects; no inherent cost."""
    house = {
        "skills": {
            "stone_ward_2": {
                "name": "Second Ward",
                "type": "action",
                "target": "personal",
                "tags": ["earth"],
                "concentration": True,
                "effects": [
                    {
                        "type": "condition",
                        "condition": "honed",
                        "to": "self",
                        "while_concentrating": True,
                    }
                ],
            }
        }
    }
    s = table(hero(style=["stone_ward", "stone_ward_2"]), foe(), house=house)
    use(s, "hero", "stone_ward")
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    with pytest.raises(IllegalCommandError, match="already concentrates") as error:
        use(s, "hero", "stone_ward_2")
    assert error.value.field == "concentration"
    use(s, "hero", "stone_ward_2", concentration="ignore_new")
    assert s.state.concentrations["hero"].skill == "stone_ward"
    assert not s.state.character("hero").has("honed")
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    use(s, "hero", "stone_ward_2", concentration="release_first")
    assert s.state.concentrations["hero"].skill == "stone_ward_2"
    assert s.state.character("hero").has("honed")
    assert not s.state.character("hero").has("guarded")


def test_interrupting_is_always_a_cunning_option() -> None:
    """S-CONC-03: the attacker interrupts the target's concentration as a cunning effect."""
    s = table(
        hero(position=[2, 2], style=["slash"], wielding=[{"name": "sword"}], cunning=3),
        foe(position=[3, 2], style=["stone_ward"], poise=20, max_poise=20),
    )
    do(s, cmd.END_TURN, "hero")
    use(s, "foe", "stone_ward")
    do(s, cmd.END_TURN, "foe")
    use(s, "hero", "slash", target="foe")
    faces(s, 1, 6)
    s.answer("yield")
    assert "interrupt" in options_of(s)
    s.answer("interrupt")
    assert "foe" not in s.state.concentrations
    assert not s.state.character("foe").has("guarded")


def test_letting_go_of_the_weapon_interrupts_its_skill() -> None:
    """S-CONC-04: concentration on a weapon's skill ends when you stop holding the weapon."""
    house = {
        "skills": {
            "riposte_stance": {
                "name": "Riposte Stance",
                "type": "action",
                "target": "personal",
                "tags": ["careful"],
                "weapon": "sword",
                "concentration": True,
            }
        }
    }
    s = table(hero(style=["riposte_stance"], wielding=[{"name": "sword"}]), foe(), house=house)
    use(s, "hero", "riposte_stance")
    assert s.state.concentrations["hero"].weapon == "sword"
    s.submit(Command.of("hero", cmd.DROP_WEAPON, cmd.WeaponOrder(character="hero", weapon="sword")))
    assert "hero" not in s.state.concentrations
    assert s.state.ground[0].position == s.state.character("hero").position
    s.submit(Command.of("hero", cmd.PICK_UP, cmd.WeaponOrder(character="hero", weapon="sword")))
    assert s.state.character("hero").holds("sword")


def test_a_disarm_interrupts_too() -> None:
    """S-ELEM-05 in play with S-CONC-04: a lightning cunning effect disarms the target."""
    house = {
        "skills": {
            "riposte_stance": {
                "name": "Riposte Stance",
                "type": "action",
                "target": "personal",
                "tags": ["careful"],
                "weapon": "sword",
                "concentration": True,
            }
        }
    }
    s = table(
        hero(style=["lightning_bolt"], position=[1, 2], cunning=5),
        foe(
            style=["riposte_stance"],
            wielding=[{"name": "sword"}],
            position=[5, 2],
            poise=20,
            max_poise=20,
        ),
        house=house,
    )
    do(s, cmd.END_TURN, "hero")
    use(s, "foe", "riposte_stance")
    do(s, cmd.END_TURN, "foe")
    use(s, "hero", "lightning_bolt", point=[6, 2])
    faces(s, 2)
    s.answer("yield")
    s.answer("lightning.disarm")
    assert not s.state.character("foe").holds("sword")
    assert "foe" not in s.state.concentrations


def test_an_other_skill_completes_after_its_duration() -> None:
    """S-TYPE-10: Storm Call takes 2 turns of concentration, then strikes."""
    s = table(hero(**MAGE, position=[1, 2]), foe(position=[5, 2], momentum=20, max_momentum=20))
    use(s, "hero", "storm_call", point=[5, 2])
    assert s.state.concentrations["hero"].turns_left == 1
    assert s.state.use is None
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")  # the hero's next turn begins: the storm breaks
    assert "hero" not in s.state.concentrations
    assert s.pending is not None
    assert s.pending.chooser == "foe"
    faces(s, 1, 1, 1)
    s.answer("yield")
    assert s.state.character("foe").momentum == 20 - 3


def test_an_interrupted_other_skill_does_nothing_and_costs_nothing() -> None:
    """S-TYPE-10: interrupted, nothing happens and the resources spent are not consumed."""
    house = {"skills": {"storm_call": {"defense": {"track": "focus", "amount": -3}}}}
    s = table(hero(**MAGE, position=[1, 2]), foe(position=[5, 2]), house=house)
    use(s, "hero", "storm_call", point=[5, 2])
    assert s.state.character("hero").focus == 5
    s.submit(Command.of("gm", cmd.INTERRUPT, cmd.CharacterOnly(character="hero")))
    assert s.state.character("hero").focus == 8
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    assert s.pending is None
    assert all(e.kind != ev.YIELD_ROLLED for e in s.log.events)


def test_a_concentration_condition_outlasts_the_action() -> None:
    """S-TYPE-03 with S-CONC-05 (G-S-E3): guarded is temporary, but while it lasts by
    concentration the next action does not remove it."""
    s = table(hero(**MAGE), foe())
    use(s, "hero", "stone_ward")
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    use(s, "hero", "defend")
    assert s.state.character("hero").has("guarded")
