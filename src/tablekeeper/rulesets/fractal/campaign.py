"""Campaign-level state: conditions, Days of Rest and the healing checklist, folded over
the campaign's log (document 000, 6.1, 6.3, 15; ARCHITECTURE.md, idea 4).

Conditions outlive a conflict (F-COND-01): a character's checklist is the fold of every
``fractal.*`` event about it, in every scope of the campaign (several conflicts may be
open at once, F-GM-14), and of the campaign's own events: ``campaign.downtime`` (days of
rest for everyone, F-DOWN-03, F-DOWN-04; it closes a Downtime session, so the one-project
limit starts again, F-DOWN-08) and ``fractal.downtime`` (a Downtime with threshold healing
and who rests, the ``fractal.downtime`` resolver's own rules). :func:`fold_campaign` is
pure: records in, :class:`CampaignState` out; :func:`carried_spec` gives the character
sheet a new encounter adds, with its checklist. What the services must call is in
``docs/architecture.md`` ("fractal").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import Field

from tablekeeper.engine.events import Event
from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.downtime import DowntimeInput, heal, thresholds
from tablekeeper.rulesets.fractal.encounter import events as ev
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec, LifeState
from tablekeeper.rulesets.fractal.healing import ConditionEntry, Removed

CAMPAIGN_DOWNTIME = "campaign.downtime"
"""The services' generic downtime event: ``{"days": n, "note": ...}``."""

FRACTAL_DOWNTIME = "fractal.downtime"
"""A Downtime with its healing: :class:`DowntimeEvent`."""


class DowntimeEvent(Frozen):
    """Days of rest for ``resting`` (everyone if empty), with threshold healing."""

    days: int = Field(default=0, ge=0)
    resting: tuple[str, ...] = ()
    cure_dor: int | None = None
    mend_wounds_successes: int | None = None
    healer_rank: int | None = None


class CampaignCharacter(Frozen):
    """A character as the campaign knows it between conflicts."""

    id: str
    conditions: tuple[ConditionEntry, ...] = ()
    life: LifeState = "up"
    removed: tuple[Removed, ...] = Field(default=(), description="What healed, and how.")


class CampaignState(Frozen):
    """Every character's checklist, and who has had a project this Downtime session."""

    characters: dict[str, CampaignCharacter] = Field(default_factory=dict)
    downtime_projects: tuple[str, ...] = ()
    downtime_days: int = 0
    aliases: dict[str, str] = Field(
        default_factory=dict,
        description="'<scope>|<id in that scope>' -> the condition's id in the campaign.",
    )


def _kind_payload(record: Any) -> tuple[str, Mapping[str, Any], str] | None:
    if isinstance(record, Event):
        return record.kind, record.payload, str(record.scope)
    if isinstance(record, Mapping) and "kind" in record:
        return str(record["kind"]), record.get("payload") or {}, str(record.get("scope"))
    return None


def _alias(state: CampaignState, scope: str, local: str) -> str:
    return state.aliases.get(f"{scope}|{local}", local)


def _with(state: CampaignState, key: str, **update: Any) -> CampaignState:
    known = state.characters.get(key) or CampaignCharacter(id=key)
    return state.model_copy(
        update={"characters": {**state.characters, key: known.model_copy(update=update)}}
    )


def _replace(
    entries: Iterable[ConditionEntry], entry_id: str, new: ConditionEntry | None
) -> tuple[ConditionEntry, ...]:
    found = []
    for entry in entries:
        if entry.id != entry_id:
            found.append(entry)
        elif new is not None:
            found.append(new)
    return tuple(found)


def _downtime(state: CampaignState, order: DowntimeEvent) -> CampaignState:
    removals = thresholds(
        DowntimeInput(
            days=order.days,
            cure_dor=order.cure_dor,
            mend_wounds_successes=order.mend_wounds_successes,
            healer_rank=order.healer_rank,
        )
    )
    for key, character in state.characters.items():
        if order.resting and key not in order.resting:
            continue
        if character.life == "dead":
            continue
        kept, removed, _ = heal(list(character.conditions), days=order.days, removals=removals)
        state = _with(state, key, conditions=tuple(kept), removed=(*character.removed, *removed))
    return state.model_copy(
        update={"downtime_projects": (), "downtime_days": state.downtime_days + order.days}
    )


def fold_record(state: CampaignState, record: Any) -> CampaignState:
    """The campaign state after one record (an event of any scope, or an undo's audit
    record, which the log's ``events`` view has already taken out)."""
    found = _kind_payload(record)
    if found is None:
        return state
    kind, payload, scope = found
    if kind == ev.CHARACTER_ADDED:
        character = ev.CharacterAdded.model_validate(payload).character
        aliases = {**state.aliases, **{f"{scope}|{c.id}": c.id for c in character.conditions}}
        state = state.model_copy(update={"aliases": aliases})
        if character.id not in state.characters:
            return _with(state, character.id, conditions=character.conditions, life=character.life)
        return state
    if kind == ev.CONDITION_INFLICTED:
        added = ev.ConditionInflicted.model_validate(payload)
        key = f"{scope}|{added.entry.id}"
        if key in state.aliases:
            return state  # a condition the campaign already holds
        known = state.characters.get(added.character) or CampaignCharacter(id=added.character)
        taken = {entry.id for entry in known.conditions} | set(state.aliases.values())
        campaign_id = added.entry.id if added.entry.id not in taken else f"{added.entry.id}@{scope}"
        entry = added.entry.model_copy(update={"id": campaign_id})
        state = state.model_copy(update={"aliases": {**state.aliases, key: campaign_id}})
        return _with(state, added.character, conditions=(*known.conditions, entry))
    if kind == ev.CONDITION_REMOVED:
        gone = ev.ConditionRemoved.model_validate(payload)
        known = state.characters.get(gone.character) or CampaignCharacter(id=gone.character)
        campaign_id = _alias(state, scope, gone.id)
        removed = Removed(id=campaign_id, name=gone.name, by=gone.by, rule=gone.rule)
        return _with(
            state,
            gone.character,
            conditions=_replace(known.conditions, campaign_id, None),
            removed=(*known.removed, removed),
        )
    if kind == ev.CONDITION_CHANGED:
        changed = ev.ConditionChanged.model_validate(payload)
        known = state.characters.get(changed.character) or CampaignCharacter(id=changed.character)
        campaign_id = _alias(state, scope, changed.entry.id)
        entry = changed.entry.model_copy(update={"id": campaign_id})
        return _with(
            state, changed.character, conditions=_replace(known.conditions, campaign_id, entry)
        )
    if kind == ev.LIFE_CHANGED:
        life = ev.LifeChanged.model_validate(payload)
        return _with(state, life.character, life=life.life)
    if kind == ev.CONFLICT_OPENED:
        conflict = ev.ConflictOpened.model_validate(payload).conflict
        project = conflict.project
        if (
            project is not None
            and project.downtime
            and project.character not in state.downtime_projects
        ):
            return state.model_copy(
                update={"downtime_projects": (*state.downtime_projects, project.character)}
            )
        return state
    if kind == CAMPAIGN_DOWNTIME:
        return _downtime(state, DowntimeEvent(days=int(payload.get("days", 0))))
    if kind == FRACTAL_DOWNTIME:
        return _downtime(state, DowntimeEvent.model_validate(payload))
    return state


def fold_campaign(records: Iterable[Any]) -> CampaignState:
    """The campaign's characters after every record, in order (events of every scope and
    the campaign's own)."""
    state = CampaignState()
    for record in records:
        state = fold_record(state, record)
    return state


def carried_spec(spec: CharacterSpec, campaign: CampaignState) -> CharacterSpec:
    """The sheet a new encounter adds: the stored sheet with the checklist the campaign
    carries (a condition from one conflict into the next, F-GM-14)."""
    known = campaign.characters.get(spec.id)
    if known is None:
        return spec
    return spec.model_copy(update={"conditions": known.conditions})


def checklist(campaign: CampaignState, key: str) -> list[tuple[str, str]]:
    """The healing checklist of ``key`` in words: each condition and what heals it
    (F-DOWN-02)."""
    known = campaign.characters.get(key)
    if known is None:
        return []
    lines = []
    for entry in known.conditions:
        if entry.dor is not None:
            needs = f"{entry.dor} DoR" + (
                "" if not entry.lethal or entry.dressed else ", dress it first"
            )
        else:
            needs = " or ".join(entry.recovery.requirements) or "the GM's ruling"
        lines.append((entry.label, needs))
    return lines
