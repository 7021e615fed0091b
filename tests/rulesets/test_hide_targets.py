"""Each ruleset names its rolls' targets (``hide_targets``, the "dice only" roll mode; ruling
C-20): a shipped scenario is played in that mode, and a player reads each ruleset's rolls
with their dice and outcome but without what they were rolled against, in the payload
and in the sentence. And what a player may not see on a card reaches them in no payload in
public either (issue 13, bug 8).
"""

from __future__ import annotations

from typing import Any

from tablekeeper.engine import Event, Ruleset, Sight, load_ruleset
from tablekeeper.engine.rulesets import RulesetBase
from tablekeeper.services import views
from tablekeeper.services.access import Viewer

from .conformance import play_unattended, start

PLAYER = Viewer(role="player", player="p1", characters=frozenset({"nobody"}))
"""A player who controls none of the actors: every roll is someone else's."""


def _played(ruleset: str, scenario: str, mode: str = "dice_only") -> tuple[Ruleset, Any]:
    rules = load_ruleset(ruleset)
    run = start(rules, scenario)
    session = run.session
    submit = session.submit
    session.submit = lambda command, **_: submit(command, roll_mode=mode)  # type: ignore[method-assign]
    play_unattended(rules, run)
    return rules, session


def _first(session: Any, kind: str) -> Event:
    return next(event for event in session.log.events if event.kind == kind)


def _read(rules: Ruleset, event: Event, viewer: Viewer = PLAYER) -> tuple[dict[str, Any], str]:
    names: dict[str, str] = {}
    sentence = rules.words.event_sentence(event, names, views.sight_for([event], viewer))
    return dict(views.public_payload(event, viewer, rules)), sentence or ""


def test_a_dice_only_event_is_marked_and_the_gm_reads_it_whole() -> None:
    rules, session = _played("percentile", "river_ambush")
    rolled = _first(session, "percentile.attack_rolled")
    assert rolled.visibility.targets_hidden
    assert rolled.visibility.model_dump(mode="json")["targets_hidden"] is True
    gm = Viewer(role="gm")
    assert views.public_payload(rolled, gm, rules) == rolled.payload
    assert "against" in _read(rules, rolled, gm)[1]


def test_percentile_shows_the_d100_and_level_not_the_skill() -> None:
    rules, session = _played("percentile", "river_ambush")
    rolled = _first(session, "percentile.attack_rolled")
    payload, sentence = _read(rules, rolled)
    assert payload["roll"]["roll"] == rolled.payload["roll"]["roll"]  # type: ignore[index]
    assert payload["roll"]["level"] == rolled.payload["roll"]["level"]  # type: ignore[index]
    assert "effective_skill" not in payload["roll"]
    assert "breakdown" not in payload["roll"]
    assert "against" not in sentence
    assert str(payload["roll"]["roll"]) in sentence


def test_percentile_in_public_hides_an_npcs_skill_but_not_ones_own() -> None:
    rules, session = _played("percentile", "river_ambush", mode="public")
    rolled = _first(session, "percentile.attack_rolled")
    attacker = rolled.payload["attack"]["attacker"]  # type: ignore[index,call-overload]
    theirs, _ = _read(rules, rolled)
    assert "effective_skill" not in theirs["roll"]
    own = Viewer(role="player", player="p1", characters=frozenset({str(attacker)}))
    mine, sentence = _read(rules, rolled, own)
    assert mine["roll"]["effective_skill"] == rolled.payload["roll"]["effective_skill"]  # type: ignore[index]
    assert "against" in sentence


def test_realtime_shows_the_d20_and_success_not_the_threshold() -> None:
    rules, session = _played("realtime", "leaving_reach")
    used = _first(session, "realtime.reaction_used")
    owner = Viewer(
        role="player", player="p1", characters=frozenset({str(used.payload["creature"])})
    )
    payload, sentence = _read(rules, used, owner)
    check = payload["check"]
    assert check["die"] == used.payload["check"]["die"]  # type: ignore[index,call-overload]
    assert "success" in check
    for target in ("threshold", "apparent_threshold", "success_points", "failure_points"):
        assert target not in check
    assert "breakdown" not in check
    assert sentence.endswith(
        f"({check['die']} on the d20: {'hit' if check['success'] else 'miss'})"
    )


def test_tactical_shows_the_dice_and_damage_not_what_they_were_counted_against() -> None:
    rules, session = _played("tactical", "skirmish")
    rolled = _first(session, "tactical.yield_rolled")
    owner = Viewer(
        role="player", player="p1", characters=frozenset({str(rolled.payload["target"])})
    )
    payload, _ = _read(rules, rolled, owner)
    outcome = payload["outcome"]
    assert outcome["dice"] == rolled.payload["outcome"]["dice"]  # type: ignore[index,call-overload]
    assert outcome["damage"] == rolled.payload["outcome"]["damage"]  # type: ignore[index,call-overload]
    assert "breakdown" not in outcome
    assert "damage_before_armor" not in outcome


def test_tactical_in_public_sends_no_damage_before_armor_of_anothers_yield() -> None:
    """With the armor in plain sight, the damage before it told the damage (a pool's
    change) the cards hide."""
    rules, session = _played("tactical", "skirmish", mode="public")
    rolled = _first(session, "tactical.yield_rolled")
    payload, _ = _read(rules, rolled)
    assert "damage" not in payload["outcome"]
    assert "damage_before_armor" not in payload["outcome"]


def test_fractal_shows_every_die_and_success_not_the_tn_margin_or_armor() -> None:
    rules, session = _played("fractal", "steel_duel")
    rolled = _first(session, "fractal.technique_rolled")
    payload, sentence = _read(rules, rolled)
    check = payload["check"]
    assert check["dice"] == rolled.payload["check"]["dice"]  # type: ignore[index,call-overload]
    assert check["successes"] == rolled.payload["check"]["successes"]  # type: ignore[index,call-overload]
    for target in ("tn", "counts_from", "margin", "tn_breakdown", "loss_breakdown"):
        assert target not in check
    assert "against" not in payload
    assert "TN" not in sentence
    assert "successes" in sentence
    struck, said = _read(rules, _first(session, "fractal.struck"))
    assert "armor" not in struck
    assert "margin" not in struck
    assert "successes" in struck
    assert "margin" not in said


def test_the_duels_rolls_carry_no_target() -> None:
    rules, session = _played("duel", "first_blood")
    rolled = _first(session, "duel.attack_rolled")
    payload, sentence = _read(rules, rolled)
    assert payload == rolled.payload
    verdict = "hit" if payload["hit"] else "miss"
    assert sentence.endswith(f": {payload['roll']}, {verdict}")


def test_a_ruleset_that_names_no_targets_shows_none_of_the_payload() -> None:
    assert RulesetBase().hide_targets("any.rolled", {"roll": 14, "skill": 60}) == {}


def test_a_sight_hiding_targets_is_the_gms_unchanged() -> None:
    gm = Sight(gm=True)
    assert gm.hiding_targets() is gm
    assert gm.sees_targets("wolf")
    player = Sight.player({"brenna"}).hiding_targets()
    assert player.sees("brenna")
    assert not player.sees_targets("brenna")
    assert not player.shows_targets
