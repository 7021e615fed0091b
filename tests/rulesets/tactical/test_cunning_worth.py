"""The default of a cunning-effect decision: the option worth the most to the user's side
(S-CUN-02 leaves the choice to the user; the default is a project ruling, G-S-E7)."""

from __future__ import annotations

from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.tactical.catalogue import INTERRUPT
from tablekeeper.rulesets.tactical.encounter.cunning_worth import (
    CANNOT_ACT,
    condition_worth,
    option_worth,
)
from tablekeeper.rulesets.tactical.encounter.state import CunningChoice, Use

from .table import faces, foe, hero, options_of, table, use

from rulesets.conformance import played_states  # isort: skip


def test_a_ward_on_oneself_no_longer_petrifies_its_user_by_default() -> None:
    """S-CUN-02: Stone Ward (earth, personal) offers "the target becomes petrified"
    first; on oneself that stops one acting, so the default is the earth option that
    costs nothing (guarded, which the ward already gives), not the first."""
    s = table(hero(cunning=4, style=["stone_ward"]), foe())
    faces(s, 1, 8)  # one die at or below cunning 4: one cunning effect
    use(s, "hero", "stone_ward")
    assert isinstance(s.state.awaiting, CunningChoice)
    assert options_of(s)[0] == "earth.petrified"
    assert s.pending is not None
    assert s.pending.default == "earth.guarded"


def test_each_option_counts_for_the_side_it_lands_on() -> None:
    s = table(
        hero(cunning=4, style=["stone_ward"]),
        hero("ally", position=[2, 1], conditions=["weakened"]),
        foe(),
    )
    state = s.state
    petrify, guard, unbalance = state.catalogue.cunning_options(("earth",))[:3]
    # a condition is what its holder gains by it, negated for an enemy
    assert option_worth(state, "hero", "hero", petrify) == -CANNOT_ACT
    assert option_worth(state, "hero", "foe", petrify) == CANNOT_ACT
    assert option_worth(state, "hero", "ally", guard) == 2  # a bane on attacks against it
    assert option_worth(state, "hero", "foe", unbalance) == 1  # it cannot gain poise
    # removing a condition is worth the loss of the one it removes
    (_, remove) = state.catalogue.cunning_options(("water",))[:2]
    assert remove.id == "water.remove_condition"
    assert option_worth(state, "hero", "ally", remove) == 2  # weakened: a bane on its rolls
    assert option_worth(state, "hero", "foe", remove) == 0  # it holds nothing to remove
    # interrupting is worth something only against a concentration, and costs one's own
    assert option_worth(state, "hero", "foe", INTERRUPT) == 0
    faces(s, 8, 8)
    use(s, "hero", "stone_ward")
    assert option_worth(s.state, "hero", "hero", INTERRUPT) == -3
    assert option_worth(s.state, "foe", "hero", INTERRUPT) == 3
    # a condition already held adds nothing
    assert option_worth(s.state, "hero", "hero", guard) == 0


def test_ignoring_armor_is_worth_what_the_armor_took_from_the_yield() -> None:
    """Piercing's "+2 focus damage and ignore the target's armor": the armor part deals
    the yield damage the armor absorbed on this use (``effects._flag``), so it is worth
    that, not the armor's rating, and nothing once nothing was absorbed."""
    s = table(hero(), foe(armor=3))
    pierce = s.state.catalogue.cunning_options(("piercing",))[0]
    assert pierce.id == "piercing.focus_ignore_armor"
    thrust = Use(user=ActorId("hero"), skill="thrust", origin="action", absorbed=2)
    assert option_worth(s.state.model_copy(update={"use": thrust}), "hero", "foe", pierce) == 4
    spent = thrust.model_copy(update={"absorbed": 0})
    assert option_worth(s.state.model_copy(update={"use": spent}), "hero", "foe", pierce) == 2
    assert option_worth(s.state, "hero", "foe", pierce) == 2  # no skill in use


def test_a_condition_is_worth_what_its_hooks_do_to_its_holder() -> None:
    s = table(hero(), foe())
    conditions = s.state.catalogue.conditions
    assert condition_worth(conditions["petrified"]) == -CANNOT_ACT
    assert condition_worth(conditions["blessed"]) == 2
    assert condition_worth(conditions["defenseless"]) == -2
    assert condition_worth(conditions["blinded"]) == -2
    assert condition_worth(conditions["wet"]) == 0  # the GM describes it: nothing to read


def test_the_shipped_duels_mage_never_turns_herself_to_stone() -> None:
    """Before this default most trials of ``tactical/duel`` (seeds 1-3 of these five)
    petrified Ilsa with her own Stone Ward on its first cunning effect."""
    for seed in range(1, 6):
        _, states = played_states("tactical", "duel", seed)
        assert not any(state.character("ilsa").has("petrified") for state in states)
