"""Commands: what a person (or a policy) asks the rules to do.

A command is a request, not a fact: the encounter engine checks it against the state and
either refuses it (:class:`~tablekeeper.errors.IllegalCommandError`, with the reason) or
answers with a :class:`~tablekeeper.engine.steps.Step` of events. Only events change
state. The event log gives each accepted command its id (``c1``, ``c2``, ...), which every
event it caused carries.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

from pydantic import BaseModel, Field

from tablekeeper.engine import fast_paths
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
        """A command whose payload is a model, dumped as JSON data.

        On the fast path (``engine/fast_paths.py``) the command is built without
        validating the JSON the engine just dumped from a valid model, and that model is
        remembered for :meth:`payload_as`: a candidate checked for legality, then played,
        is not parsed again and again."""
        dumped = payload.model_dump(mode="json")
        if not fast_paths.enabled():
            return cls(actor=ActorId(actor), kind=kind, payload=dumped)
        _PARSED[id(dumped)] = (dumped, payload)
        if len(_PARSED) > _PARSED_LIMIT:
            _PARSED.popitem(last=False)
        return cls.trusted(actor=ActorId(actor), kind=kind, payload=dumped)

    def payload_as(self, model: type[M]) -> M:
        """The payload validated into ``model``; errors name ``payload.<field>``.

        On the fast path a payload parsed once is not parsed again while it is remembered
        (a command built once and given in every trial: a scenario's timeline, a policy's
        candidate), since the payload is never changed: the same model, or the same
        error raised afresh."""
        if not fast_paths.enabled():
            return parse_payload(self.payload, model)
        known = _PARSED.get(id(self.payload))
        if known is not None and known[0] is self.payload and type(known[1]) is model:
            return known[1]
        parsed = parse_payload(self.payload, model)
        _PARSED[id(self.payload)] = (self.payload, parsed)
        if len(_PARSED) > _PARSED_LIMIT:
            _PARSED.popitem(last=False)
        return parsed


_PARSED_LIMIT = 4096
_PARSED: OrderedDict[int, tuple[JsonObject, BaseModel]] = OrderedDict()
"""The models the latest commands built by :meth:`Command.of` were dumped from, by the
identity of the payload dumped (held here, so the identity is not reused while known)."""
