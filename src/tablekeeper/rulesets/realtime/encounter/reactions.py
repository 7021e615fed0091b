"""Reactions: triggering events, who may react, the decisions, the shared cooldown.

Document 003, "Reaction" and "Complex Actions". A Reaction costs no A.P. and answers a
defined triggering event once it has fully resolved (R-REACT-01, R-REACT-02); each
creature may use one Reaction per triggering event (R-REACT-07). Using one starts the
creature's shared cooldown at the trigger's second: it may react again from
``second + cooldown`` on (R-REACT-04, G-R-09), the cooldown changed by effects and never
below 0 (R-REACT-05). A Reaction never touches the action being charged (R-REACT-06).

A trigger lists the creatures it concerns (whose reach was left; the hostiles within
reach of a completed Complex Action, R-CPLX-02). The engine asks them one at a time, in
the order the triggers opened and, within a trigger, the order the creatures were added:
each gets a :class:`~tablekeeper.engine.decisions.Decision` (react with X, or decline).
"""

from __future__ import annotations

from tablekeeper.dice.purposes import labelled
from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.values import ActorId
from tablekeeper.errors import IllegalCommandError
from tablekeeper.rulesets.realtime.checks import check_rolled
from tablekeeper.rulesets.realtime.encounter import events as ev
from tablekeeper.rulesets.realtime.encounter import payloads
from tablekeeper.rulesets.realtime.encounter.actions import COMPLEX_ACTION_COMPLETED, Catalogue
from tablekeeper.rulesets.realtime.encounter.draft import RealtimeDraft
from tablekeeper.rulesets.realtime.encounter.resting import end_rest
from tablekeeper.rulesets.realtime.encounter.state import (
    Creature,
    Offer,
    RealtimeState,
    Trigger,
)
from tablekeeper.rulesets.realtime.once import for_the_very

DECLINE = "decline"
REACT_PREFIX = "react:"


def open_trigger(
    draft: RealtimeDraft,
    kind: str,
    source: ActorId,
    candidates: tuple[ActorId, ...],
    description: str = "",
) -> Trigger | None:
    """Open a triggering event of this second concerning ``candidates`` (none: no event)."""
    if not candidates:
        return None
    state = draft.state
    opened = payloads.trigger_opened(
        f"{state.second}.{len(state.triggers) + 1}",
        kind,
        source,
        state.second,
        candidates,
        description,
    )
    draft.emit(ev.TRIGGER_OPENED, opened)
    return opened.trigger


def within_reach_of(state: RealtimeState, creature: Creature) -> tuple[ActorId, ...]:
    """The living hostile creatures that have ``creature`` within their reach, in order."""
    return tuple(
        other.id
        for other in state.creatures.values()
        if not other.dead and other.is_hostile_to(creature) and state.within_reach(other, creature)
    )


def open_complex_trigger(draft: RealtimeDraft, creature_id: ActorId, name: str) -> None:
    """A Complex Action completed: one trigger for every hostile within reach (R-CPLX-02)."""
    creature = draft.state.creature(creature_id)
    candidates = within_reach_of(draft.state, creature)
    open_trigger(draft, COMPLEX_ACTION_COMPLETED, creature_id, candidates, f"{name} completed")


def why_not(state: RealtimeState, trigger: Trigger, creature: Creature) -> str | None:
    """Why ``creature`` may not react to ``trigger`` now, or ``None`` if it may."""
    if creature.id not in trigger.candidates:
        return f"the trigger {trigger.id} ({trigger.kind}) does not concern {creature.id}"
    if creature.id in trigger.answered:
        return f"{creature.id} already answered the trigger {trigger.id} (R-REACT-07)"
    if not creature.can_act:
        return f"{creature.id} is {creature.life.value} and cannot react"
    if not creature.can_react(state.second):
        return (
            f"{creature.id} is under its reaction cooldown until second "
            f"{creature.reaction_ready_at} (R-REACT-04)"
        )
    if not state.catalogue.reactions_for(trigger.kind):
        return f"no reaction answers a {trigger.kind} trigger"
    return None


def usable(state: RealtimeState, trigger: Trigger, creature: Creature) -> tuple[str, ...]:
    """The reactions ``creature`` may use against ``trigger`` now (empty: none)."""
    if why_not(state, trigger, creature) is not None:
        return ()
    return state.catalogue.reactions_for(trigger.kind)


def next_offer(state: RealtimeState) -> Offer | None:
    """The next creature to ask: by trigger, then by the order creatures were added."""
    for trigger in state.triggers:
        for creature_id in trigger.candidates:
            reactions = usable(state, trigger, state.creature(creature_id))
            if reactions:
                return payloads.offer(trigger.id, creature_id, reactions)
    return None


def decision_for(state: RealtimeState, offer: Offer) -> Decision:
    """The decision put to the offered creature: each reaction it may use, or decline.

    It reads the catalogue and a few values (the trigger's second and kind, the creature's
    id, name and cooldown modifier, the source's name, the reactions offered), so on the
    fast paths it is built once for the very catalogue and those values (``once.py``):
    every trial of a scenario offers the same reactions (``tests/rulesets/realtime/
    test_fast_paths.py``: every offer of the shipped scenarios)."""
    trigger = state.trigger(offer.trigger)
    if trigger is None:
        raise ValueError(f"no trigger {offer.trigger} is open")
    creature, source = state.creature(offer.creature), state.creature(trigger.source)
    catalogue = state.catalogue
    reads = (
        trigger.second,
        trigger.kind,
        creature.id,
        creature.name,
        creature.cooldown_modifier,
        source.name,
        offer.reactions,
    )
    return for_the_very(
        catalogue, ("realtime.decision", reads), lambda: _decision(catalogue, *reads)
    )


def _decision(
    catalogue: Catalogue,
    second: int,
    kind: str,
    chooser: ActorId,
    name: str,
    cooldown_modifier: int,
    source: str,
    offered: tuple[str, ...],
) -> Decision:
    event = catalogue.triggers[kind].name
    options = [
        Option(
            id=f"{REACT_PREFIX}{key}",
            label=f"{catalogue.reactions[key].name} "
            f"(cooldown {_cooldown(catalogue, cooldown_modifier, key)} s)",
        )
        for key in offered
    ]
    options.append(Option(id=DECLINE, label="Decline"))
    return Decision(
        chooser=chooser,
        prompt=f"Second {second}: {source} {event}. {name} may react.",
        options=tuple(options),
        default=options[0].id,
    )


def offer_next(draft: RealtimeDraft) -> Decision | None:
    """Offer the next reaction, logging the offer; ``None`` when no one is left to ask."""
    offer = next_offer(draft.state)
    if offer is None:
        return None
    draft.emit(ev.REACTION_OFFERED, payloads.reaction_offered(offer))
    return decision_for(draft.state, offer)


def cooldown(state: RealtimeState, creature: Creature, reaction: str) -> int:
    """The reaction's cooldown for this creature, after modifiers, never below 0."""
    return _cooldown(state.catalogue, creature.cooldown_modifier, reaction)


def _cooldown(catalogue: Catalogue, modifier: int, reaction: str) -> int:
    return max(0, catalogue.reactions[reaction].cooldown + modifier)


def check_react(state: RealtimeState, creature_id: ActorId, trigger_id: str, reaction: str) -> None:
    """Refuse a reaction the rules do not allow now, naming the reason."""
    trigger = state.trigger(trigger_id)
    if trigger is None:
        open_ids = ", ".join(item.id for item in state.triggers) or "none"
        raise IllegalCommandError(
            f"no trigger {trigger_id!r} is open this second (open: {open_ids}); reactions "
            "answer a triggering event of their own second (R-REACT-02)",
            field="trigger",
        )
    reason = why_not(state, trigger, state.creature(creature_id))
    if reason is not None:
        raise IllegalCommandError(reason, field="creature")
    allowed = state.catalogue.reactions_for(trigger.kind)
    if reaction not in allowed:
        raise IllegalCommandError(
            f"{reaction!r} does not answer a {trigger.kind} trigger; choose {' or '.join(allowed)}",
            field="reaction",
        )


def react(draft: RealtimeDraft, creature_id: ActorId, trigger_id: str, reaction: str) -> None:
    """Use ``reaction`` against the trigger: cooldown from the trigger's second, the
    reaction's check rolled if it names one, the charge untouched (R-REACT-06)."""
    check_react(draft.state, creature_id, trigger_id, reaction)
    state = draft.state
    trigger = state.trigger(trigger_id)
    assert trigger is not None  # checked above
    creature, entry = state.creature(creature_id), state.catalogue.reactions[reaction]
    outcome = None
    if state.options.reaction_checks and entry.check is not None:
        value = characteristic(creature, entry.check)
        if value is not None:
            request = payloads.check_input(value, entry.check)
            outcome = check_rolled(
                request, labelled(draft.roller, f"{entry.name} check", creature_id)
            )
    if entry.physical and creature.resting is not None:
        end_rest(draft, creature_id, "physical_activity")
    length = cooldown(state, creature, reaction)
    draft.emit(
        ev.REACTION_USED,
        payloads.reaction_used(
            creature_id,
            reaction,
            entry.name,
            trigger_id,
            trigger.second,
            length,
            trigger.second + length,
            entry.complex,
            trigger.source,
            outcome,
        ),
    )
    if entry.complex:  # a Complex Reaction has no charge: it completes at once (G-R-15)
        open_complex_trigger(draft, creature_id, entry.name)


def answer(draft: RealtimeDraft, option: str) -> None:
    """The offered creature's answer: a reaction, or ``decline``."""
    offer = draft.state.offer
    if offer is None:
        raise IllegalCommandError("no reaction is being offered", field="decision")
    if option == DECLINE:
        draft.emit(
            ev.REACTION_DECLINED,
            ev.ReactionDeclined(creature=offer.creature, trigger=offer.trigger),
        )
        return
    reaction = option.removeprefix(REACT_PREFIX)
    if reaction not in offer.reactions:
        raise IllegalCommandError(f"{option!r} was not offered", field="option")
    react(draft, offer.creature, offer.trigger, reaction)


def characteristic(creature: Creature, name: str) -> int | None:
    """The creature's characteristic named ``name`` (case does not matter), if it has one."""
    for key, value in creature.characteristics.items():
        if key.casefold() == name.casefold():
            return value
    return None
