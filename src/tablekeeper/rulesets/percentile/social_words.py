"""A social encounter in words: its commands' labels, its clock, how it ended.

``words.py`` asks here for what a social encounter says differently: ``Brenna: argue
(Negotiation)``, ``Brenna: provoke Boss through Greed``; the clock ``social round 2 of 3
(Short scale): Brenna's turn``; the end ``travellers: Victory, bandits: Defeat``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablekeeper.engine.commands import Command
from tablekeeper.engine.words import Names, name_of
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.sentences import possessive
from tablekeeper.rulesets.percentile.social.scale import SCALE_WORDS
from tablekeeper.rulesets.percentile.social_sentences import results_words, specialization_words

SOCIAL_KINDS = frozenset(
    {*scmd.SOCIAL_TURN_KINDS, scmd.START_SOCIAL, scmd.RULE_TARGET, scmd.GM_GRUDGE, scmd.TO_COMBAT}
)


def _skill(payload: Mapping[str, Any]) -> str:
    return f" ({payload['skill']})" if payload.get("skill") else ""


def _gm_label(kind: str, payload: Mapping[str, Any], names: Names) -> str | None:
    if kind == scmd.START_SOCIAL:
        scale = SCALE_WORDS.get(str(payload.get("time_scale") or "short"), "Short")
        length = str(payload.get("length") or "average").replace("_", " ")
        sides = "" if payload.get("parties") else ", one party per side"
        return f"Start a social encounter: {scale} scale, {length} length{sides}"
    if kind == scmd.RULE_TARGET:
        return f"Rule {possessive(str(payload.get('side')))} target DP"
    if kind == scmd.GM_GRUDGE:
        return f"The GM's grudge: -20% to {name_of(names, payload.get('combatant'))}'s next roll"
    if kind == scmd.TO_COMBAT:
        return "Turn the social encounter into combat: roll turn orders"
    return None


def social_label(command: Command, names: Names) -> str | None:
    """The label of a social command (``None``: not one)."""
    kind, payload = command.kind, command.payload
    if kind not in SOCIAL_KINDS:
        return None
    gm = _gm_label(kind, payload, names)
    if gm is not None:
        return gm
    who = name_of(names, payload.get("combatant", command.actor))
    them = name_of(names, payload.get("interlocutor"))
    specialization = specialization_words(str(payload.get("specialization") or "negotiation"))
    labels = {
        scmd.ARGUE: f"argue ({specialization})",
        scmd.AD_HOMINEM: f"ad-hominem attack on {them} ({specialization})",
        scmd.APPEAL: f"appeal for time{_skill(payload)}",
        scmd.SOCIAL_ABILITY: f"ability use{_skill(payload)}",
        scmd.SOCIAL_HELP: f"help {name_of(names, payload.get('ally'))}{_skill(payload)}",
        scmd.IDENTIFY: f"identify {them}'s motivations",
        scmd.INVESTIGATE: f"investigate{_skill(payload)}",
        scmd.PROVOKE: f"provoke {them} through {payload.get('trait')}",
        scmd.SOCIAL_CAST: f"cast {payload.get('spell')}",
        scmd.SOCIAL_PASSION: f"use the passion {payload.get('passion')}",
        scmd.SOCIAL_END_TURN: "end the turn",
    }
    if kind == scmd.USE_FAVOR:
        ally = payload.get("ally")
        aim = f"+20% to {name_of(names, ally)}" if ally else "-20% to the opposing speaker"
        return f"{who}: call on {payload.get('favor')} ({aim})"
    return f"{who}: {labels[kind]}"


def social_clock(social: SocialEncounter, names: Names) -> str:
    """``social round 2 of 3 (Short scale): Brenna's turn``; the end's results once over."""
    if social.over:
        return f"social encounter over: {results_words(_results(social), social.reason or '')}"
    scale = SCALE_WORDS[social.time_scale]
    if social.clock is None:
        return f"social encounter ({scale} scale), before the first round"
    turn = f": {name_of(names, social.active)}'s turn" if social.active else ""
    return f"social round {social.round} of {social.rounds} ({scale} scale){turn}"


def _results(social: SocialEncounter) -> dict[str, str]:
    found: dict[str, str] = {}
    for party in social.parties:
        if party.result is not None:
            found[party.side] = party.result
    return found


def social_ended(social: SocialEncounter) -> str:
    """How a social encounter ended, in words."""
    results = _results(social)
    return (
        f"the social encounter ended: {results_words(results, social.reason or 'the GM ended it')}"
    )
