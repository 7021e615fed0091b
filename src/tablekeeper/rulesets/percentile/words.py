"""The ``percentile`` ruleset's words: its commands, events and outcomes as the table says them.

One definition for every interface (the terminal runner, the console's buttons and log,
the Markdown export): :data:`WORDS` meets :class:`~tablekeeper.engine.words.Words`.
Command labels name who acts (``Brenna: attack Knife-fighter with rapier``); each event
has its sentence (``sentences.py``), which says only what its viewer may know (C-03: a
player reads "Wolf takes 5 damage to the head (rapier)", the GM also ": 3 HP"); a
command's summary puts its outcome first ("Brenna hits Knife-fighter in the left leg for
4: prone", "Wolf misses Brenna"); the clock says the round and whose turn it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablekeeper.engine.cards import distinct_names
from tablekeeper.engine.commands import Command
from tablekeeper.engine.events import Event
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.words import Names, engine_sentence, name_of
from tablekeeper.rulesets.percentile.attack import AttackOutcome
from tablekeeper.rulesets.percentile.checks import Level
from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask
from tablekeeper.rulesets.percentile.encounter.social import events as sev
from tablekeeper.rulesets.percentile.encounter.social.events import SOCIAL_EVENT_MODELS
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.sentences import distance_words, end_words, say_for, sentence
from tablekeeper.rulesets.percentile.social_sentences import social_sentence
from tablekeeper.rulesets.percentile.social_words import social_clock, social_ended, social_label

MANEUVERS = {"grab": "grapple", "twist_limb": "twist limb", "tighten_grapple": "tighten grapple"}
"""A Grapple action's maneuver in words (P-ACT-12, P-ACT-15, P-ACT-16)."""


def ended_words(state: PercentileState) -> str | None:
    """How the encounter ended, once it is over: the side left standing (``party left
    standing``, as tactical says it), ``no one left standing``, or, when sides still
    stood, ``the GM ended it``; for a social encounter that did not turn into combat, each
    party's result once it is over; ``None`` while it goes on."""
    social = state.social
    if social is not None and state.clock is None:
        return social_ended(social) if social.over or state.over else None
    if not state.over:
        return None
    return end_words(state.winner, gm_ended=bool(state.standing()))


def table_names(state: PercentileState) -> dict[str, str]:
    """Combatant id to the name the table knows it by (its own, else its stat block's)."""
    return {key: combatant.name for key, combatant in state.combatants.items()}


class PercentileWords:
    """How ``percentile`` says what its commands do and what its events mean."""

    def command_label(self, command: Command, state: PercentileState, names: Names) -> str:
        """``Brenna: attack Knife-fighter with rapier``, ``Brenna: move 9 m``, ``Start the
        encounter: roll turn orders``; a social encounter's: ``Brenna: argue
        (Negotiation)``."""
        return social_label(command, names) or _combat_label(command, names)

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        """One line for an event a GM or player wants to read; ``None`` for bookkeeping."""
        shared = engine_sentence(event, names, sight)
        if shared is not None or event.kind not in ev.EVENT_MODELS:
            return shared
        payload = ev.read_event(event.kind, event.payload)
        if event.kind in SOCIAL_EVENT_MODELS:
            return social_sentence(payload, say_for(event.kind, payload, names, sight))
        return sentence(event.kind, payload, names, sight)

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        """The command's outcome first: each attack it rolled (who hit whom, where and for
        how much, and what followed: prone, pushed, out of the fight), then the end of
        the encounter; without an attack, its weightiest sentences, at most two."""
        outcomes: list[str] = []
        ending: str | None = None
        for index, event in enumerate(events):
            if event.kind == ev.ATTACK_RESOLVED:
                resolved = event.payload_as(ev.AttackResolved)
                outcomes.append(_attack(resolved.attack, resolved.outcome, events[index:], names))
            elif event.kind == ev.ENCOUNTER_ENDED:
                ending = self.event_sentence(event, names, sight)
        if outcomes:
            return "; ".join(outcomes + ([ending] if ending else []))
        ranked: list[tuple[int, str]] = []
        for event in events:
            weight = _WEIGHT.get(event.kind)
            line = self.event_sentence(event, names, sight) if weight is not None else None
            if weight is not None and line:
                ranked.append((weight, line))
        if not ranked:
            return None
        ranked.sort(key=lambda item: -item[0])
        return "; ".join(line for _, line in ranked[:2])

    def clock(self, state: PercentileState) -> str:
        """``before the first round``, ``round 3: Brenna's turn``, ``over: travellers left
        standing``."""
        social = state.social
        if social is not None and state.clock is None and not state.over:
            return social_clock(social, distinct_names(table_names(state)))
        if state.over:
            return f"over: {ended_words(state)}"
        if state.clock is None:
            return "before the first round"
        if state.active is None:
            return f"round {state.round}"
        names = distinct_names(table_names(state))
        return f"round {state.round}: {name_of(names, state.active)}'s turn"

    def __repr__(self) -> str:
        return "PercentileWords()"


def _combat_label(command: Command, names: Names) -> str:
    """A combat encounter's command label."""
    payload: Mapping[str, Any] = command.payload
    who = name_of(names, payload.get("combatant", command.actor))
    kind = command.kind

    def name(key: str) -> str:
        return name_of(names, payload.get(key))

    if kind == cmd.START:
        return "Start the encounter: roll turn orders"
    if kind == cmd.END:
        return "End the encounter"
    if kind == cmd.ADD_COMBATANT:
        stats = payload.get("stats")
        block = stats.get("name") if isinstance(stats, Mapping) else None
        return f"Add {payload.get('name') or block or payload.get('id')} ({payload.get('side')})"
    if kind == cmd.DAMAGE:
        where = f" to the {payload['location']}" if payload.get("location") else ""
        return f"Deal {payload.get('amount')} damage to {who}{where}"
    if kind == cmd.ENGAGE:
        a, b = (name_of(names, key) for key in payload.get("pair") or ("?", "?"))
        at = f" at {distance_words(payload['distance'])}" if payload.get("distance") else ""
        return f"Engage {a} and {b}{at}"
    if kind == cmd.ATTACK:
        targets = ", ".join(name_of(names, target) for target in payload.get("targets", ()))
        weapon = f" with {payload['weapon']}" if payload.get("weapon") else ""
        return f"{who}: attack {targets}{weapon}"
    if kind == cmd.GRAPPLE:
        maneuver = MANEUVERS.get(str(payload.get("maneuver", "grab")), "grapple")
        return f"{who}: {maneuver} {name('target')}"
    if kind == cmd.MOVE:
        return f"{who}: move {payload.get('meters')} m"
    if kind == cmd.END_TURN:
        return f"{who}: end the turn"
    if kind == cmd.STEP:
        return f"{who}: step back (retreat)" if payload.get("retreat") else f"{who}: step"
    if kind == cmd.DEFEND:
        split = payload.get("split", 1)
        return f"{who}: defend" + (f", split {split} ways" if split and split > 1 else "")
    words = kind.removeprefix("percentile.").replace("_", " ")
    for key in ("target", "ally"):
        if payload.get(key):
            return f"{who}: {words} {name(key)}"
    return f"{who}: {words}"


def _attack(task: AttackTask, outcome: AttackOutcome, after: Sequence[Event], names: Names) -> str:
    """``Brenna hits Knife-fighter in the left leg for 4: prone``: the blow, then what
    followed for the target before the next attack of the command."""
    attacker, target = name_of(names, task.attacker), name_of(names, task.target)
    if outcome.attack_level is Level.FUMBLE:
        return f"{attacker} fumbles the attack on {target}"
    if not outcome.attack_level.succeeded:
        stray = " and hits a bystander" if outcome.bystander_hit else ""
        return f"{attacker} misses {target}{stray}"
    if not outcome.hit:
        return f"{target} dodges {attacker}'s attack"
    if outcome.disarm is not None:
        verb = "disarms" if outcome.disarm.disarmed else "fails to disarm"
        return f"{attacker} {verb} {target}"
    where = f" in the {outcome.location}" if outcome.location else ""
    line = f"{attacker} hits {target}{where} for {outcome.damage_dealt}"
    followed = _followed(task, after[1:])
    if outcome.counter is not None:
        followed.append(f"{target} strikes back for {outcome.counter.damage_dealt}")
    return line + (f": {', '.join(followed)}" if followed else "")


def _followed(task: AttackTask, after: Sequence[Event]) -> list[str]:
    """What happened to the target after the blow, up to the command's next attack."""
    found: list[str] = []
    for event in after:
        if event.kind == ev.ATTACK_RESOLVED:
            break
        if event.payload.get("combatant") == task.target:
            if event.kind == ev.PRONE_CHANGED and event.payload.get("prone"):
                found.append("prone")
            elif event.kind == ev.PUSHED:
                into = event.payload.get("into_hazard")
                found.append("into the hazard" if into else f"pushed {event.payload['meters']} m")
            elif event.kind == ev.COMBATANT_DOWN:
                found.append("out of the fight")
        elif event.kind == ev.WEAPON_STUCK:
            found.append("the weapon is stuck")
    return found


_WEIGHT = {
    ev.ENCOUNTER_ENDED: 9,
    ev.COMBATANT_DOWN: 8,
    ev.SPIRIT_RESOLVED: 7,
    ev.DAMAGED: 7,
    ev.SPELL_CAST: 6,
    ev.FUMBLED: 6,
    ev.GRAPPLED: 5,
    ev.GRAPPLE_RELEASED: 5,
    ev.GRAPPLE_TIGHTENED: 5,
    ev.WEAPON_PULLED: 5,
    ev.CHECK_ROLLED: 4,
    ev.ATTACK_ROLLED: 3,
    ev.SPIRIT_ROLLED: 3,
    ev.PASSION_USED: 4,
    ev.FORM_CHANGED: 4,
    ev.DISENGAGED: 4,
    ev.DISENGAGE_FAILED: 4,
    ev.MOVED: 3,
    ev.ENGAGED: 3,
    ev.ITEM_DROPPED: 3,
    ev.ITEM_LOST: 3,
    ev.EQUIPPED: 2,
    ev.STEPPED: 2,
    ev.WAITED: 2,
    ev.AIMED: 2,
    ev.DEFENSE_RESERVED: 2,
    ev.DISENGAGE_DECLARED: 2,
    ev.PRONE_CHANGED: 2,
    ev.ROUND_STARTED: 1,
    ev.TURN_STARTED: 1,
    ev.SPOKE: 1,
    ev.COMBATANT_ADDED: 1,
    ev.COMBATANT_REMOVED: 2,
    sev.SOCIAL_ENDED: 9,
    sev.MOMENT_OF_DOUBT: 8,
    sev.ARGUMENT_RESOLVED: 7,
    sev.TARGET_DP_CHANGED: 6,
    sev.PROVOKE_ANSWERED: 6,
    sev.APPEALED: 6,
    sev.INVESTIGATED: 5,
    sev.PROVOKED: 5,
    sev.AD_HOMINEM_ROLLED: 5,
    sev.MOTIVATIONS_READ: 5,
    sev.MOTIVATIONS_REVEALED: 4,
    sev.TARGET_RULED: 4,
    sev.MODIFIER_GRANTED: 4,
    sev.SOCIAL_SPELL: 4,
    sev.SOCIAL_PASSION_USED: 4,
    sev.SOCIAL_ROLLED: 4,
    sev.ARGUMENT_DECLARED: 3,
    sev.SOCIAL_STARTED: 3,
    sev.SOCIAL_ROUND_STARTED: 1,
    sev.SOCIAL_TURN_STARTED: 1,
}
"""Which events say most about what a command did, for its summary."""


WORDS = PercentileWords()
"""The ``percentile`` ruleset's words."""
