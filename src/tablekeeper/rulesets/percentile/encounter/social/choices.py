"""What a character may sensibly do on its social turn: the candidates, best first.

Ordered so that a simulation (or the terminal runner unattended) taking the first legal
command plays a sensible negotiation: a party without a turn speaker this round argues
(with its best specialization the time scale allows); then the others read the
interlocutors' motivations, call on a favor or a grudge, provoke through a motivation
they read, investigate (hourly or longer), appeal for time on the last round while
their party is still short of its goal, help their speaker, go after an
interlocutor (each of these once a round), and end the turn once the actions are spent.
The engine keeps those its checks allow. A candidate never names what the character
does not know: a Provoke names only a trait its Identify Motivations revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

from tablekeeper.engine.commands import Command
from tablekeeper.engine.memo import built_for_each
from tablekeeper.engine.step_memory import Memory
from tablekeeper.engine.values import ActorId
from tablekeeper.rulesets.percentile.encounter.social import commands as scmd
from tablekeeper.rulesets.percentile.encounter.social.abilities import has_ability, passions
from tablekeeper.rulesets.percentile.encounter.social.state import Party, Seat, SocialEncounter
from tablekeeper.rulesets.percentile.encounter.state import Combatant, PercentileState
from tablekeeper.rulesets.percentile.encounter.table import order
from tablekeeper.rulesets.percentile.social.investigate import allowed
from tablekeeper.rulesets.percentile.social.scale import refusal
from tablekeeper.rulesets.percentile.social.tables import SPECIALIZATIONS, TimeScale, social_tables

INSIGHT = ("Insight", "Investigate", "Stealth")
"""The abilities an Identify Motivations or an Investigate may use, in order of choice."""

T = TypeVar("T")

MOST_APPEALS = 2
"""Unattended, at most this many Appeals for Time in an encounter (each costs -40%)."""


def best_specialization(social: SocialEncounter, me: Combatant) -> str:
    """The specialization with the best skill the character has that the time scale
    allows (Negotiation, which every scale allows, when it has none); on the engine's
    fast paths worked out once for the character's very stat block and the time scale
    (:func:`_once_for`)."""
    scale = social.time_scale
    return _once_for(me, ("specialization", scale), lambda: _best_specialization(scale, me))


def _best_specialization(scale: TimeScale, me: Combatant) -> str:
    skills = social_tables().specialization_skills
    owned = [
        (me.stats.skills[skills[key]], key)
        for key in SPECIALIZATIONS
        if skills[key] in me.stats.skills and refusal(key, scale) is None
    ]
    return max(owned)[1] if owned else "negotiation"


def _best(me: Combatant, names: tuple[str, ...]) -> str | None:
    """The ability of ``names`` the character rolls best (the first of equals), if it has
    one; on the fast paths once for its very stat block and social sheet and ``names``."""
    return _once_for(me, ("best", names), lambda: _best_of(me, names))


def _best_of(me: Combatant, names: tuple[str, ...]) -> str | None:
    owned = [name for name in names if has_ability(me, name)]
    return max(owned, key=lambda name: me.stats.skills.get(name, 0)) if owned else None


KEPT = 512
"""How many answers :func:`_once_for` keeps (the least recently met go first)."""

_ONCE: Memory[Any, Any] = Memory(KEPT)


def _once_for(me: Combatant, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, a pure function of ``key`` and what ``me``'s stat block and social
    sheet hold (its skills, characteristics and passions), worked out once for the very
    stat block and sheet (frozen values no event replaces: a combatant keeps its own
    from the scenario's start, trial after trial) and ``key`` on the engine's fast paths
    (``engine/fast_paths.py``); both values are held with the answer, so their
    identities name them while it is kept (``memo.built_for_each``). On the reference
    path, always worked out."""
    return built_for_each((me.stats, me.social), key, make, _ONCE)


def _interlocutors(state: PercentileState, social: SocialEncounter, seat: Seat) -> list[ActorId]:
    """The other party's characters still up, its turn speaker first."""
    other = social.other(seat.party)
    found = [
        key
        for key, item in social.seats.items()
        if item.party == other.side and not state.is_down(state.combatant(key))
    ]
    if other.speaker in found:
        found.remove(other.speaker)
        found.insert(0, other.speaker)
    return found


def _reading(
    social: SocialEncounter, me: Combatant, seat: Seat, them: list[ActorId]
) -> Iterator[Command]:
    insight = _best(me, INSIGHT)
    unread = [key for key in them if key not in seat.known]
    if insight is not None and unread and "identify_motivations" not in seat.this_round:
        yield order(scmd.IDENTIFY, me.id, interlocutor=unread[0], skill=insight)
    sheet = me.social
    party, other = social.party(seat.party), social.other(seat.party)
    unused = (
        []
        if sheet is None
        else [name for name in (*sheet.favors, *sheet.grudges) if name not in seat.called_on]
    )
    if unused and party.speaker not in (None, me.id):
        yield order(scmd.USE_FAVOR, me.id, favor=unused[0], ally=party.speaker)
    elif unused and other.target is not None:
        yield order(scmd.USE_FAVOR, me.id, favor=unused[0])
    specialization = best_specialization(social, me)
    for key in them if "provoke" not in seat.this_round else ():
        if seat.known.get(key):
            trait = seat.known[key][0]
            yield order(
                scmd.PROVOKE, me.id, interlocutor=key, trait=trait, specialization=specialization
            )
            break


def _time(social: SocialEncounter, me: Combatant, party: Party) -> Iterator[Command]:
    finder = _best(me, INSIGHT)
    if allowed(social.time_scale) and finder is not None and not party.argue_damage:
        yield order(scmd.INVESTIGATE, me.id, skill=finder)
    behind = party.remaining is not None and party.remaining > 0
    if behind and social.round >= social.rounds and social.appeals < MOST_APPEALS:
        skills = social_tables().specialization_skills
        skill = _best(me, tuple(skills[key] for key in SPECIALIZATIONS)) or "CHA"
        yield order(scmd.APPEAL, me.id, skill=skill)


def candidates(state: PercentileState, actor: ActorId) -> list[Command]:
    """What ``actor`` might do on its social turn (none when it is not its turn)."""
    return list(in_order(state, actor))


def in_order(state: PercentileState, actor: ActorId) -> Iterator[Command]:
    """:func:`candidates` one at a time, best first, each built only when reached."""
    social = state.talking
    if social is None or social.active != actor or actor not in social.seats:
        return
    me, seat = state.combatant(actor), social.seat(actor)
    party = social.party(seat.party)
    them = _interlocutors(state, social, seat)
    if seat.actions_left > 0:
        specialization = best_specialization(social, me)
        if party.target is not None and party.speaker is None:
            yield order(scmd.ARGUE, actor, specialization=specialization)
        yield from _reading(social, me, seat, them)
        yield from _time(social, me, party)
        if party.speaker not in (None, actor) and "help" not in seat.this_round:
            skills = social_tables().specialization_skills
            skill = _best(me, tuple(skills[key] for key in SPECIALIZATIONS)) or "CHA"
            yield order(scmd.SOCIAL_HELP, actor, ally=party.speaker, skill=skill)
        if them and "ad_hominem" not in seat.this_round:
            yield order(scmd.AD_HOMINEM, actor, interlocutor=them[0], specialization=specialization)
    yield order(scmd.SOCIAL_END_TURN, actor)
    felt = passions(me)
    if felt and not seat.passion_used:
        strongest = max(felt, key=lambda name: (felt[name], name))
        yield order(scmd.SOCIAL_PASSION, actor, passion=strongest)
