"""Attacks in play: every target chooses before anything resolves; threat or yield; defense
values gained and paid; the final gambit; defeat; doom; cunning and critical effects."""

from __future__ import annotations

import pytest

from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.tactical.encounter import events as ev

from .table import faces, foe, hero, kinds, options_of, table, use

SWORD = {"style": ["slash"], "wielding": [{"name": "sword"}]}


def test_each_target_chooses_before_any_outcome() -> None:
    """S-TGT-04: with several targets each chooses its response, all before resolving."""
    s = table(
        hero(style=["fire_burst"], position=[1, 2], focus=6),
        foe("a", position=[5, 2]),
        foe("b", position=[5, 3]),
    )
    use(s, "hero", "fire_burst", point=[5, 2])
    assert s.pending is not None
    assert s.pending.chooser == "a"
    first = s.answer("dodge")
    assert ev.YIELD_ROLLED not in kinds(first)
    assert s.pending is not None
    assert s.pending.chooser == "b"
    faces(s, 6, 6)
    second = s.answer("yield")
    order = kinds(second)
    assert order.index(ev.DEFENSE_CHOSEN) < order.index(ev.YIELD_ROLLED)
    rolled = [e for e in second if e.kind == ev.YIELD_ROLLED]
    assert [e.payload["target"] for e in rolled] == ["a", "b"]
    assert s.state.character("a").poise == 5 - (2 + 2)  # dodge pays poise
    assert s.state.character("b").focus == 0  # 12 damage to focus: defeated
    assert s.state.character("b").defeated


def test_unpredictable_leaves_block_dodge_or_yield() -> None:
    """S-TAG-09 in play: Fire Burst is unpredictable: no predict offered."""
    s = table(hero(style=["fire_burst"], position=[1, 2]), foe("a", position=[5, 2]))
    use(s, "hero", "fire_burst", point=[5, 2])
    assert options_of(s) == ("yield", "block", "dodge")


def test_a_minion_must_yield_in_play() -> None:
    """S-TAG-08: a minion must yield to an undodgeable attack: no decision, a forced yield."""
    s = table(
        hero(style=["thrust"], wielding=[{"name": "spear"}], position=[2, 2]),
        foe("g", position=[3, 2], minion=True, poise=2, momentum=2, focus=2),
    )
    faces(s, 5, 6)
    events = use(s, "hero", "thrust", target="g")
    chosen = [e.payload for e in events if e.kind == ev.DEFENSE_CHOSEN]
    assert chosen == [{"target": "g", "defense": "yield", "forced": True}]
    assert s.state.character("g").defeated  # any damage defeats a minion (G-S-03 ruling)


@pytest.mark.parametrize(("pool", "offered"), [(4, True), (3, False)])
def test_a_defense_needs_the_whole_threat(pool: int, offered: bool) -> None:
    """G-S-03: threat 4 (base 2 + agility 2) is blocked from 4 momentum, not from 3."""
    s = table(hero(position=[2, 2], **SWORD), foe(position=[3, 2], momentum=pool, poise=9, focus=1))
    use(s, "hero", "slash", target="foe")
    assert ("block" in options_of(s)) is offered


def test_a_target_with_no_defense_it_can_pay_must_yield() -> None:
    s = table(
        hero(position=[2, 2], **SWORD),
        foe(position=[3, 2], momentum=0, poise=0, focus=0, max_poise=5),
    )
    faces(s, 1, 1)
    events = use(s, "hero", "slash", target="foe")
    assert {"target": "foe", "defense": "yield", "forced": True} in [
        e.payload for e in events if e.kind == ev.DEFENSE_CHOSEN
    ]


def test_the_threat_goes_to_the_chosen_pool() -> None:
    """S-TGT-05: take the threat as damage to your choice of poise, momentum or focus."""
    s = table(hero(position=[2, 2], **SWORD), foe(position=[3, 2], poise=6, momentum=6, focus=6))
    use(s, "hero", "slash", target="foe")
    s.answer("predict")
    foe_now = s.state.character("foe")
    assert (foe_now.poise, foe_now.momentum, foe_now.focus) == (6, 6, 2)


def test_yield_damage_beyond_the_pool_defeats() -> None:
    """G-S-03 (defeat): damage equal to the pool empties it; more defeats."""
    s = table(hero(position=[2, 2], brawn=0, **SWORD), foe(position=[3, 2], poise=8, armor=0))
    use(s, "hero", "slash", target="foe")
    faces(s, 4, 4)  # 8 damage: poise 8 -> 0, still standing
    s.answer("yield")
    assert s.state.character("foe").poise == 0
    assert not s.state.character("foe").defeated


def test_doom_when_the_target_is_immune() -> None:
    """S-TAG-25: the GM gains a point of doom when you attack an enemy immune to a tag."""
    s = table(hero(position=[2, 2], **SWORD), foe(position=[3, 2], immune=["slashing"]))
    use(s, "hero", "slash", target="foe")
    assert "block" in options_of(s)  # threat 0: every pool holds it
    s.answer("block")
    assert s.state.doom == 1
    assert s.state.character("foe").momentum == 5


def test_defense_is_gained_up_to_the_maximum() -> None:
    """S-DEF-01: a positive defense grants that much (here capped by the pool's maximum)."""
    s = table(hero(poise=1, max_poise=3), foe())
    events = use(s, "hero", "defend")
    assert s.state.character("hero").poise == 3
    change = next(e for e in events if e.kind == ev.POOL_CHANGED)
    assert (change.payload["requested"], change.payload["after"]) == (3, 3)


def test_knocked_down_gains_no_momentum_but_may_use_the_skill() -> None:
    """S-DEF-01: knocked-down and trying to gain momentum: the skill is used, no defense."""
    s = table(hero(momentum=1, max_momentum=5, conditions=["knocked_down"]), foe())
    events = use(s, "hero", "dash")
    assert s.state.character("hero").momentum == 1
    assert any(e.kind == ev.POOL_CHANGED and e.payload["cause"] == "no_gain" for e in events)
    assert s.state.turn is not None
    assert s.state.turn.maneuver is not None


@pytest.mark.parametrize(
    ("condition", "skill", "track"),
    [("unbalanced", "defend", "poise"), ("kneeling", "dash", "momentum")],
)
def test_a_skills_defense_type_meets_conditions(condition: str, skill: str, track: str) -> None:
    """S-DEF-04 (provisional hooks): unbalanced cannot gain poise, kneeling momentum."""
    s = table(hero(poise=1, momentum=1, max_poise=6, max_momentum=6, conditions=[condition]), foe())
    use(s, "hero", skill)
    assert s.state.character("hero").pool(track) == 1  # type: ignore[arg-type]


def test_a_cost_is_paid_before_use_and_unaffected_by_armor() -> None:
    """S-DEF-02: a negative defense is paid first; armor does not reduce it."""
    s = table(hero(style=["fire_burst"], focus=2, armor=3, position=[1, 2]), foe(position=[5, 2]))
    events = use(s, "hero", "fire_burst", point=[5, 2])
    assert s.state.character("hero").focus == 0
    order = kinds(events)
    assert order.index(ev.POOL_CHANGED) < order.index(ev.AWAITING)


@pytest.mark.parametrize(("focus", "legal"), [(2, True), (1, False)])
def test_a_cost_that_cannot_be_paid_forbids_the_skill(focus: int, legal: bool) -> None:
    """S-DEF-02: if you can't pay the cost (2 focus), you can't use the skill."""
    s = table(hero(style=["fire_burst"], focus=focus, position=[1, 2]), foe(position=[5, 2]))
    if legal:
        use(s, "hero", "fire_burst", point=[5, 2])
    else:
        with pytest.raises(IllegalCommandError, match="final gambit") as error:
            use(s, "hero", "fire_burst", point=[5, 2])
        assert error.value.field == "final_gambit"


def test_the_final_gambit_skips_the_cost_and_defeats_afterwards() -> None:
    """S-DEF-03: use a skill without paying its cost; drained and defeated afterwards."""
    s = table(
        hero(style=["fire_burst"], focus=0, max_focus=5, position=[1, 2]),
        foe(position=[5, 2], focus=9),
    )
    use(s, "hero", "fire_burst", point=[5, 2], final_gambit=True)
    assert not s.state.character("hero").defeated  # not before the skill resolves
    faces(s, 1, 1)
    s.answer("yield")
    while s.pending is not None:
        s.answer(s.pending.default)
    hero_now = s.state.character("hero")
    assert hero_now.focus == 0
    assert hero_now.defeated
    assert hero_now.has("drained")


def test_a_final_gambit_needs_a_cost() -> None:
    s = table(hero(), foe())
    with pytest.raises(IllegalCommandError, match="no defense cost"):
        use(s, "hero", "defend", final_gambit=True)


def test_effects_follow_the_defense_and_precede_the_outcome() -> None:
    """S-EFF-01: effects take place after paying or gaining the defense, before any other
    outcome; they are not optional."""
    s = table(hero(position=[2, 2]), foe(position=[3, 2]))
    events = use(s, "hero", "feint", target="foe")
    s.answer("free")  # the feint is a maneuver in the foe's zone
    order = [e.kind for e in s.log.events]
    assert order.index(ev.POOL_CHANGED) < order.index(ev.CONDITION_ADDED)
    assert s.state.character("foe").has("distracted")
    assert events


def test_utility_skills_are_never_attacks() -> None:
    """S-TGT-02: a utility skill may affect an enemy but is never an attack: no defense."""
    s = table(hero(position=[2, 2]), foe(position=[3, 2]))
    use(s, "hero", "feint", target="foe")
    s.answer("free")
    assert s.pending is None
    assert all(e.kind != ev.DEFENSE_CHOSEN for e in s.log.events)


def test_a_utility_action_rolls_and_offers_cunning_effects() -> None:
    """S-TGT-03 in play: Mend rolls 2d8; a die at or below cunning earns an effect."""
    s = table(
        hero(position=[2, 2], style=["mend"], cunning=4),
        hero("ally", position=[3, 2], conditions=["wet"]),
        foe(),
    )
    faces(s, 4, 8)
    use(s, "hero", "mend", target="ally")
    assert s.pending is not None
    assert s.pending.chooser == "hero"
    assert "holy.target_blessed" in options_of(s)
    s.answer("holy.target_blessed")
    assert s.state.character("ally").has("blessed")
    assert not s.state.character("ally").has("wet")  # Mend's own effect


def test_cunning_effects_are_the_attackers_choice() -> None:
    """S-CUN-02: one effect per successful die, from the skill's tags or interrupting."""
    s = table(hero(position=[2, 2], cunning=3, **SWORD), foe(position=[3, 2], poise=9))
    use(s, "hero", "slash", target="foe")
    faces(s, 2, 3)
    s.answer("yield")
    assert options_of(s) == ("slashing.poise_and_move", "slashing.unbalanced", "interrupt")
    s.answer("slashing.unbalanced")
    s.answer("slashing.poise_and_move")
    foe_now = s.state.character("foe")
    assert foe_now.has("unbalanced")
    assert foe_now.poise == 9 - (2 + 3 + 1) - 2  # the yield, then +2 poise
    assert s.state.turn is not None
    assert s.state.turn.free_paces == 2


def test_critical_effects_are_prompted_to_the_gm() -> None:
    """S-CUN-03: from the third success, the GM describes each critical effect."""
    s = table(
        hero(position=[2, 2], cunning=6, style=["rend"], character_class="berserker"),
        foe(position=[3, 2], poise=30, max_poise=30),
    )
    s.state.character("hero")
    from tablekeeper.engine.commands import Command
    from tablekeeper.rulesets.tactical.encounter import commands as cmd

    s.submit(Command.of("hero", cmd.BEGIN_BERSERKING, cmd.CharacterOnly(character="hero")))
    use(s, "hero", "rend", target="foe")
    faces(s, 1, 2, 3)
    s.answer("yield")
    s.answer("slashing.unbalanced")
    s.answer("interrupt")
    assert s.pending is not None
    assert s.pending.chooser == "gm"
    assert "1 critical" in s.pending.prompt
    events = s.answer("described")
    assert ev.CRITICAL_NOTED in kinds(events)


def test_a_ranged_attack_in_a_zone_of_control_takes_banes() -> None:
    """S-TGT-11 in play: an adjacent enemy imposes a bane: the 1d8 yield rolls no die."""
    s = table(
        hero(style=["arrow_shot"], wielding=[{"name": "bow", "two_handed": True}], position=[2, 2]),
        foe("near", position=[3, 2]),
        foe("far", position=[8, 2], focus=9),
    )
    use(s, "hero", "arrow_shot", target="far")
    assert s.pending is not None
    assert s.pending.chooser == "near"
    s.answer("none")
    s.answer("yield")
    rolled = next(e for e in s.log.events if e.kind == ev.YIELD_ROLLED)
    assert rolled.payload["outcome"]["dice"] == []
    assert rolled.payload["outcome"]["banes"] == 1


def test_piercing_ignores_armor_and_adds_two_focus() -> None:
    """S-ELEM-03 in play: +2 focus damage and ignore the target's armor."""
    s = table(
        hero(position=[2, 2], style=["thrust"], wielding=[{"name": "spear"}], brawn=1, cunning=2),
        foe(position=[3, 2], armor=3, focus=20, max_focus=20, momentum=0, poise=0),
    )
    faces(s, 2, 6)  # 8 + 1 brawn = 9, armor 3: 6 through; the 2 earns one cunning effect
    use(s, "hero", "thrust", target="foe")
    s.answer("yield")
    assert s.state.character("foe").focus == 20 - 6
    s.answer("piercing.focus_ignore_armor")
    assert s.state.character("foe").focus == 20 - 6 - 2 - 3


def test_zone_banes_can_be_left_to_the_gm() -> None:
    """G-S-08, option zone_banes_automatic: false imposes no bane by itself."""
    s = table(
        hero(style=["arrow_shot"], wielding=[{"name": "bow", "two_handed": True}], position=[2, 2]),
        foe("near", position=[3, 2]),
        foe("far", position=[8, 2], focus=9),
        zone_banes_automatic=False,
    )
    faces(s, 8)
    use(s, "hero", "arrow_shot", target="far")
    s.answer("none")
    s.answer("yield")
    rolled = next(e for e in s.log.events if e.kind == ev.YIELD_ROLLED)
    assert rolled.payload["outcome"]["dice"] == [8]


def test_the_armor_is_ignored_once() -> None:
    """S-ELEM-03: two piercing effects on one yield give +2 focus each, the armor back once."""
    s = table(
        hero(position=[2, 2], style=["thrust"], wielding=[{"name": "spear"}], brawn=1, cunning=2),
        foe(position=[3, 2], armor=3, focus=30, max_focus=30, momentum=0, poise=0),
    )
    faces(s, 1, 2)  # 3 + 1 brawn - 3 armor = 1 through; two cunning effects
    use(s, "hero", "thrust", target="foe")
    s.answer("yield")
    s.answer("piercing.focus_ignore_armor")
    s.answer("piercing.focus_ignore_armor")
    assert s.state.character("foe").focus == 30 - 1 - 2 - 3 - 2
