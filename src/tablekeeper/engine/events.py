"""Events: what happened, as the log records it, and who may see it.

A ruleset's encounter engine answers a command with :class:`EventDraft` values (kind,
payload, visibility); the :class:`~tablekeeper.engine.log.EventLog` numbers them into
:class:`Event` values (sequence number, the id of the command that caused them, the scope
they belong to). State is the fold of events, so an event says *what happened*
("attack rolled 14, hit"), never *what to do*.

Hidden information is enforced, not hoped for (ARCHITECTURE.md, idea 9): every event
carries a :class:`Visibility`, and :func:`visible_to` is the one filter every view uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Literal, TypeVar

from pydantic import BaseModel, Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import (
    GM,
    ActorId,
    CommandId,
    Frozen,
    JsonObject,
    ScopeId,
    parse_payload,
)

M = TypeVar("M", bound=BaseModel)


class Visibility(Frozen):
    """Who may see an event: everyone, the GM only, or one player (and the GM); and
    whether its targets are hidden from the players who see it (``targets_hidden``: a
    roll in the "dice only" mode, :mod:`~tablekeeper.engine.roll_modes`; left out of
    the JSON when false, so the events logged before it read and dump as they did)."""

    audience: Literal["public", "gm", "player"] = "public"
    player: ActorId | None = None
    targets_hidden: bool = Field(default=False, exclude_if=lambda hidden: not hidden)

    @model_validator(mode="after")
    def _player_named_once(self) -> Visibility:
        if (self.audience == "player") != (self.player is not None):
            raise ValueError("a player is named exactly when the audience is 'player'")
        return self

    @classmethod
    def for_player(cls, player: ActorId | str) -> Visibility:
        """Shown to ``player`` and the GM, hidden from everyone else."""
        return cls(audience="player", player=ActorId(player))

    def shown_to(self, viewer: ActorId | str) -> bool:
        """Whether ``viewer`` (an actor id or :data:`~tablekeeper.engine.values.GM`) sees it."""
        if viewer == GM or self.audience == "public":
            return True
        return self.audience == "player" and viewer == self.player


PUBLIC = Visibility()
"""Every viewer sees the event."""

GM_ONLY = Visibility(audience="gm")
"""Only the GM sees the event: secret rolls, NPC stat blocks, hidden modifiers."""


class EventDraft(Frozen):
    """An event as an encounter engine returns it, before the log numbers it."""

    kind: str = Field(min_length=1)
    payload: JsonObject = Field(default_factory=dict)
    visibility: Visibility = PUBLIC

    @classmethod
    def of(cls, kind: str, payload: BaseModel, visibility: Visibility = PUBLIC) -> EventDraft:
        """A draft whose payload is a model, dumped as JSON data (valid by construction:
        the fast path does not validate it again)."""
        dumped = payload.model_dump(mode="json")
        if fast_paths.enabled():
            return cls.trusted(kind=kind, payload=dumped, visibility=visibility)
        return cls(kind=kind, payload=dumped, visibility=visibility)


class Event(Frozen):
    """Something that happened, numbered by the log.

    ``sequence`` is the event's place in its log (gapless, from 1); ``command_id`` names
    the command that caused it; ``scope`` the encounter it belongs to (``None``: the
    campaign itself). A ruleset's ``apply`` reads ``kind`` and ``payload`` only: a redone
    event gets a fresh sequence number and must fold to the same state.
    """

    sequence: int = Field(ge=1)
    command_id: CommandId
    kind: str = Field(min_length=1)
    payload: JsonObject = Field(default_factory=dict)
    visibility: Visibility = PUBLIC
    scope: ScopeId | None = None

    def payload_as(self, model: type[M]) -> M:
        """The payload validated into ``model``; errors name ``payload.<field>``."""
        return parse_payload(self.payload, model)

    @property
    def draft(self) -> EventDraft:
        """The event without its numbering: what a redo appends again."""
        return EventDraft(kind=self.kind, payload=self.payload, visibility=self.visibility)


class Undone(Frozen):
    """The audit record of an undo: which command's events were taken back, and when.

    ``sequence`` is the record's own place in the log (the "when", in sequence terms;
    never a wall-clock time); ``events`` lists the sequence numbers it took back. The
    events themselves stay in the log, so nothing is lost.
    """

    sequence: int = Field(ge=1)
    command_id: CommandId
    events: tuple[int, ...] = Field(min_length=1)


LogRecord = Event | Undone
"""One entry of the log: an event, or the audit record of an undo."""


def visible_to(events: Iterable[Event], viewer: ActorId | str) -> Iterator[Event]:
    """The events ``viewer`` may see, in order: the one filter behind every view."""
    return (event for event in events if event.visibility.shown_to(viewer))
