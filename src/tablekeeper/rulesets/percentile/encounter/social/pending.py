"""What a social encounter's pending decision is about (one of the :data:`~..pending.Awaiting`
models, recorded in the state so that it survives undo, replay and a restart).

- :class:`ArgumentChoice`: the winner of a defended argument chooses to deal damage
  directly or to block (P-ARG-06, P-ARG-07); both sides' dice are already rolled.
- :class:`ProvokeChoice`: a provoked interlocutor chooses between acting as the provoker
  desires and letting the provoker deal social damage to their target DP (P-SOC-21).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.social.exchange import Exchange


class ArgumentChoice(Frozen):
    """The winner of a defended argument deals directly or blocks."""

    kind: Literal["argument_choice"] = "argument_choice"
    attacker: ActorId
    defender: ActorId
    winner: ActorId
    exchange: Exchange


class ProvokeChoice(Frozen):
    """A provoked interlocutor acts as desired, or lets the provoker deal social damage."""

    kind: Literal["provoke_choice"] = "provoke_choice"
    provoker: ActorId
    interlocutor: ActorId
    trait: str
    reaction: str = Field(default="", description="How the provoker wants them to react.")
