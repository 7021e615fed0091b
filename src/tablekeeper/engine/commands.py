"""Commands: what a person (or a policy) asks the rules to do.

A command is a request, not a fact: the encounter engine checks it against the state and
either refuses it (:class:`~tablekeeper.errors.IllegalCommandError`, with the reason) or
answers with a :class:`~tablekeeper.engine.steps.Step` of events. Only events change
state. The event log gives each accepted command its id (``c1``, ``c2``, ...), which every
event it caused carries.
"""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, Field

from tablekeeper.engine.values import ActorId, Frozen, JsonObject, parse_payload

M = TypeVar("M", bound=BaseModel)


class Command(Frozen):
    """``actor`` asks for ``kind`` with ``payload`` (for example: attack, target bob).

    >>> Command(actor="alice", kind="attack", payload={"target": "bob"})
    Command(actor='alice', kind='attack', payload={'target': 'bob'})
    """

    actor: ActorId
    kind: str = Field(min_length=1)
    payload: JsonObject = Field(default_factory=dict)

    @classmethod
    def of(cls, actor: ActorId | str, kind: str, payload: BaseModel) -> Command:
        """A command whose payload is a model, dumped as JSON data."""
        return cls(actor=ActorId(actor), kind=kind, payload=payload.model_dump(mode="json"))

    def payload_as(self, model: type[M]) -> M:
        """The payload validated into ``model``; errors name ``payload.<field>``."""
        return parse_payload(self.payload, model)
