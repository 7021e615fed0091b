"""The skill tags in play: hands, fighting styles, classes, tiers, stealth, immunity."""

from __future__ import annotations

from typing import Any

import pytest

from tablekeeper.engine.commands import Command
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import commands as cmd
from tablekeeper.rulesets.tactical.encounter import events as ev

from .table import do, faces, foe, hero, kinds, table, use


def adding(*specs: dict[str, Any], **kwargs: Any) -> None:
    table(*specs, **kwargs)


def test_bare_handed_needs_a_free_hand() -> None:
    """S-TAG-04: not with a weapon in each hand; yes with one two-handed weapon."""
    two = [{"name": "sword"}, {"name": "knife"}]
    s = table(hero(position=[2, 2], wielding=two), foe(position=[3, 2]))
    with pytest.raises(IllegalCommandError, match="free hand"):
        use(s, "hero", "grab", target="foe")
    s = table(
        hero(position=[2, 2], wielding=[{"name": "hammer", "two_handed": True}]),
        foe(position=[3, 2]),
    )
    use(s, "hero", "grab", target="foe")


def test_bare_handed_and_a_two_handed_skills_concentration_exclude_each_other() -> None:
    """S-TAG-04: not while concentrating on a two-handed weapon's skill, and vice versa."""
    house = {
        "skills": {
            "heave": {
                "name": "Heave",
                "type": "action",
                "target": "personal",
                "tags": ["careful"],
                "weapon": "hammer",
                "two_handed": True,
                "concentration": True,
            }
        }
    }
    s = table(
        hero(
            position=[2, 2],
            style=["heave", "hammer_blow"],
            wielding=[{"name": "hammer", "two_handed": True}],
        ),
        foe(position=[3, 2]),
        house=house,
    )
    use(s, "hero", "heave")
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    with pytest.raises(IllegalCommandError, match="two-handed"):
        use(s, "hero", "grab", target="foe")
    # Vice versa: concentrating on a bare-handed grab, no two-handed skill.
    s = table(
        hero(
            position=[2, 2],
            style=["hammer_blow"],
            cunning=6,
            wielding=[{"name": "hammer", "two_handed": True}],
        ),
        foe(position=[3, 2], momentum=20, max_momentum=20),
    )
    use(s, "hero", "grab", target="foe")
    faces(s, 1)
    s.answer("yield")  # grab is unblockable: dodge, predict or yield
    s.answer("bare_handed.grab")
    assert s.state.concentrations["hero"].skill == "grab"
    assert s.state.character("foe").has("grabbed")
    do(s, cmd.END_TURN, "hero")
    do(s, cmd.END_TURN, "foe")
    with pytest.raises(IllegalCommandError, match="bare-handed"):
        use(s, "hero", "hammer_blow", target="foe")


def test_the_grab_lasts_while_the_grabber_concentrates() -> None:
    """S-ELEM-01: the target becomes grabbed while you concentrate."""
    s = table(hero(position=[2, 2], cunning=6), foe(position=[3, 2], momentum=20, max_momentum=20))
    use(s, "hero", "grab", target="foe")
    faces(s, 1)
    s.answer("yield")
    s.answer("bare_handed.grab")
    s.submit(Command.of("hero", cmd.RELEASE, cmd.CharacterOnly(character="hero")))
    assert not s.state.character("foe").has("grabbed")


def test_bonus_and_core_skills_do_not_count_in_the_style() -> None:
    """S-TAG-05, S-TAG-12: bonus and core skills don't count against the readied number."""
    house = {
        "skills": {
            "trick": {"name": "Trick", "type": "action", "target": "personal", "tags": ["bonus"]},
            "signature": {
                "name": "Signature",
                "type": "action",
                "target": "personal",
                "tags": ["core"],
            },
        }
    }
    style = ["slash", "parry", "thrust", "arrow_shot", "kick", "mend"]  # the 6 a style readies
    table(hero(style=[*style, "trick", "signature"]), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="7 skills, more than 6"):
        table(hero(style=[*style, "defend"]), foe(), house=house)


def test_skills_above_basic_must_be_unlocked_in_order() -> None:
    """Basic is free (S-TAG-13); novice is learned (S-TAG-14); expert needs novices
    (S-TAG-15), master experts (S-TAG-16), grandmaster masters (S-TAG-17); "a certain
    number" is 2 each, provisionally (G-S-08)."""
    tiers = {
        f"{tier}_{n}": {
            "name": f"{tier} {n}",
            "type": "action",
            "target": "personal",
            "tags": [tier],
        }
        for tier in ("basic", "novice", "expert", "master", "grandmaster")
        for n in (1, 2)
    }
    house = {"skills": tiers}
    table(hero(style=["basic_1"]), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="not unlocked"):
        table(hero(style=["novice_1"]), foe(), house=house)
    table(hero(style=["novice_1"], unlocked=["novice_1"]), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="needs 2 novice"):
        table(hero(unlocked=["novice_1", "expert_1"]), foe(), house=house)
    table(hero(unlocked=["novice_1", "novice_2", "expert_1"]), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="needs 2 expert"):
        table(hero(unlocked=["novice_1", "novice_2", "expert_1", "master_1"]), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="needs 2 master"):
        table(
            hero(
                unlocked=[
                    "novice_1",
                    "novice_2",
                    "expert_1",
                    "expert_2",
                    "master_1",
                    "grandmaster_1",
                ]
            ),
            foe(),
            house=house,
        )


def test_initiative_skills_are_for_assassins() -> None:
    """S-TAG-18: initiative skills are used exclusively by assassins."""
    with pytest.raises(IllegalCommandError, match="assassins"):
        table(hero(style=["backstab"]), foe())
    table(hero(style=["backstab"], character_class="assassin"), foe())


def test_berserk_skills_while_berserking_drawn_at_random() -> None:
    """S-TAG-19: on beginning to berserk and at the end of each turn berserking, a random
    berserk skill of the style becomes the one available."""
    house = {
        "skills": {
            "maul": {
                "name": "Maul",
                "type": "action",
                "target": "melee",
                "kind": "attack",
                "tags": ["berserk", "blunt"],
                "threat": 1,
                "yield": {"dice": "1d6", "track": "momentum"},
            }
        }
    }
    s = table(
        hero(position=[2, 2], style=["rend", "maul"], character_class="berserker"),
        foe(position=[3, 2]),
        house=house,
    )
    with pytest.raises(IllegalCommandError, match="only while berserking"):
        use(s, "hero", "rend", target="foe")
    faces(s, 2)
    s.submit(Command.of("hero", cmd.BEGIN_BERSERKING, cmd.CharacterOnly(character="hero")))
    assert s.state.character("hero").berserk_skill == "maul"
    with pytest.raises(IllegalCommandError, match="berserk skill now is maul"):
        use(s, "hero", "rend", target="foe")
    faces(s, 1)
    do(s, cmd.END_TURN, "hero")
    assert s.state.character("hero").berserk_skill == "rend"


def test_permanent_skills_need_no_fighting_style() -> None:
    """S-TAG-20: once unlocked, a permanent skill is available regardless of style."""
    house = {
        "skills": {
            "old_trick": {
                "name": "Old Trick",
                "type": "action",
                "target": "personal",
                "tags": ["permanent"],
            }
        }
    }
    s = table(hero(unlocked=["old_trick"]), foe(), house=house)
    use(s, "hero", "old_trick")
    s = table(hero(), foe(), house=house)
    with pytest.raises(IllegalCommandError, match="fighting style"):
        use(s, "hero", "old_trick")


def test_universal_skills_for_anyone_unless_an_effect_prevents_them() -> None:
    """S-UNI-02, S-TAG-11: any character may use a universal skill; restrained prevents
    dashing (the GM may rule others unavailable through house rules)."""
    s = table(hero(style=[]), foe())
    use(s, "hero", "dash")
    s = table(hero(conditions=["restrained"]), foe())
    with pytest.raises(IllegalCommandError, match="restrained"):
        use(s, "hero", "dash")


def test_a_stealthy_skill_keeps_you_hidden_others_reveal_you() -> None:
    """S-TAG-10: a stealthy skill does not reveal you; the GM may call for an agility roll."""
    s = table(
        hero(position=[2, 2], hidden=True, style=["backstab"], character_class="assassin"),
        foe(position=[3, 2], focus=20, max_focus=20),
    )
    events = use(s, "hero", "backstab", target="foe")
    check = next(e for e in events if e.kind == ev.HIDDEN_CHECK)
    assert check.payload["revealed"] is False
    assert not s.state.character("hero").visible
    s = table(hero(position=[2, 2], hidden=True), foe(position=[3, 2]))
    use(s, "hero", "defend")
    assert s.state.character("hero").visible


def test_immune_to_a_condition_it_cannot_be_applied() -> None:
    """S-TAG-24: a condition a character is immune to can't be applied to it."""
    s = table(hero(position=[2, 2]), foe(position=[3, 2], immune_conditions=["distracted"]))
    use(s, "hero", "feint", target="foe")
    s.answer("free")
    assert not s.state.character("foe").has("distracted")


def test_a_thrown_weapon_lands_by_the_target() -> None:
    """S-TAG-06: the thrown weapon lands within one pace of the target (the GM may move
    it: here on the target's square)."""
    s = table(
        hero(style=["knife_toss"], wielding=[{"name": "knife"}], position=[1, 2]),
        foe(position=[4, 2], poise=20, max_poise=20),
    )
    use(s, "hero", "knife_toss", target="foe")
    assert not s.state.character("hero").holds("knife")
    assert s.state.ground[0].position == (4, 2)


def test_legendary_is_a_record_for_the_gm() -> None:
    """S-TAG-21: a legendary skill is unique to a foe, an item or a legend: the tag changes
    no rule, so a legendary skill plays as any other."""
    house = {
        "skills": {
            "dragon_roar": {
                "name": "Dragon Roar",
                "type": "action",
                "target": "personal",
                "tags": ["legendary"],
                "defense": {"track": "focus", "amount": 2},
            }
        }
    }
    s = table(hero(style=["dragon_roar"], focus=1, max_focus=5), foe(), house=house)
    use(s, "hero", "dragon_roar")
    assert s.state.character("hero").focus == 3


def test_sight_skills_are_ineffective_on_the_blinded() -> None:
    """S-ELEM-18, S-ELEM-19: a sight skill cannot affect a blinded character (a sound skill
    a deafened one) in any way."""
    house = {
        "skills": {
            "flash": {
                "name": "Flash",
                "type": "action",
                "target": "blast",
                "radius": 1,
                "range": 4,
                "tags": ["sight"],
                "effects": [{"type": "condition", "condition": "distracted"}],
            }
        }
    }
    s = table(
        hero(style=["flash"], position=[1, 2]),
        foe("blind", position=[4, 2], conditions=["blinded"]),
        foe("seeing", position=[4, 3]),
        house=house,
    )
    use(s, "hero", "flash", point=[4, 2])
    while s.pending is not None:
        s.answer(s.pending.default)
    assert not s.state.character("blind").has("distracted")
    assert s.state.character("seeing").has("distracted")


def test_a_companion_gains_an_extra_maneuver() -> None:
    """S-ELEM-16: your companion can use an additional maneuver this turn."""
    house = {
        "skills": {
            "sic": {
                "name": "Sic 'em",
                "type": "action",
                "target": "personal",
                "tags": ["companion"],
            }
        }
    }
    s = table(
        hero(style=["sic"], companion="wolf", cunning=4),
        hero("wolf", position=[1, 3]),
        foe(),
        house=house,
    )
    faces(s, 1, 8)
    use(s, "hero", "sic")
    s.answer("companion.extra_maneuver")
    assert s.state.character("wolf").extra_maneuvers == 1
    do(s, cmd.END_TURN, "hero")
    use(s, "wolf", "dash")
    do(s, cmd.END_MANEUVER, "wolf")
    use(s, "wolf", "dash")
    do(s, cmd.END_MANEUVER, "wolf")
    use(s, "wolf", "shift")  # the third, granted one
    assert s.state.character("wolf").extra_maneuvers == 0
    do(s, cmd.END_MANEUVER, "wolf")
    with pytest.raises(IllegalCommandError, match="no maneuver"):
        use(s, "wolf", "shift")


def test_a_blunt_shove_pushes_the_target_away() -> None:
    """S-ELEM-04 in play: +2 momentum damage and shove the target two paces away."""
    s = table(hero(position=[2, 2], cunning=6), foe(position=[3, 2], momentum=20, max_momentum=20))
    use(s, "hero", "kick", target="foe")
    s.answer("none") if s.pending is not None and "none" in s.pending.option_ids else None
    faces(s, 1)
    s.answer("yield")
    events = s.answer("blunt.momentum_and_shove")
    assert ev.MOVED in kinds(events)
    assert s.state.character("foe").position == (5, 2)
    assert s.state.character("foe").momentum == 20 - (1 + 1) - 2
