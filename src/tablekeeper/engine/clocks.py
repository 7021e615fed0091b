"""Clocks: time as state (ARCHITECTURE.md, idea 5).

Each ruleset names its clock: rounds and turns (``percentile``, ``tactical``),
exchanges and beats (``fractal``), seconds (``realtime``). A clock is an immutable value
inside the encounter state; a ruleset's ``apply`` advances it when it folds an event that
says time passed ("turn ended", "beat resolved"). Nothing reads the wall clock, so a
replayed encounter keeps its times.

:data:`Clock` is the tagged union of the three, for states that hold any of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import ActorId, Frozen


class RoundClock(Frozen):
    """Rounds of turns: each combatant one turn a round, in turn order (P-CMB-01, P-CMB-06).

    ``order`` is this round's turn order, first to act first; ``turn`` indexes it. A
    new order (initiative re-rolled, a combatant gone) takes effect at a new round.

    >>> clock = RoundClock.start(["alice", "bob"])
    >>> clock.current, clock.next_turn().current, clock.next_turn().next_turn().round
    ('alice', 'bob', 2)
    """

    clock: Literal["rounds"] = "rounds"
    round: int = Field(default=1, ge=1)
    order: tuple[ActorId, ...] = Field(min_length=1)
    turn: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _turn_in_order(self) -> RoundClock:
        if len(set(self.order)) != len(self.order):
            raise ValueError(f"the turn order names someone twice: {', '.join(self.order)}")
        if self.turn >= len(self.order):
            raise ValueError(f"turn {self.turn} is past the {len(self.order)} in the order")
        return self

    @classmethod
    def start(cls, order: Sequence[ActorId | str]) -> RoundClock:
        """Round 1, first turn, in ``order``."""
        return cls(order=tuple(ActorId(actor) for actor in order))

    @property
    def current(self) -> ActorId:
        """Whose turn it is."""
        return self.order[self.turn]

    @property
    def is_last_turn(self) -> bool:
        """Whether this is the round's last turn."""
        return self.turn == len(self.order) - 1

    def next_turn(self) -> RoundClock:
        """The next turn: the next in order, or the first turn of the next round."""
        if self.is_last_turn:
            return self.next_round()
        return self.model_copy(update={"turn": self.turn + 1})

    def next_round(self, order: Sequence[ActorId | str] | None = None) -> RoundClock:
        """The first turn of the next round, in ``order`` if given (else the same order).

        In the same order, on the fast paths (``engine/fast_paths.py``), the clock is made
        without checking again the order this one was made with (the value, its fields
        set included, is the one validated: ``tests/analysis/test_fast_paths.py``)."""
        if order is None and fast_paths.enabled():
            made = RoundClock.trusted(
                clock="rounds", round=self.round + 1, order=self.order, turn=0
            )
            made.__pydantic_fields_set__.difference_update(("clock", "turn"))
            return made
        new_order = self.order if order is None else tuple(ActorId(a) for a in order)
        return RoundClock(round=self.round + 1, order=new_order)

    def advance(self) -> RoundClock:
        """One unit of this clock: the next turn."""
        return self.next_turn()

    def __str__(self) -> str:
        return f"round {self.round}, turn {self.turn + 1} of {len(self.order)} ({self.current})"


class ExchangeClock(Frozen):
    """Exchanges of beats (``fractal``: a combat Beat is 3 seconds, F-TIME-01).

    Both count from 1. An exchange holds as many beats as the conflict takes: a rule
    may end it early (F-SOCIAL-NANO-18, F-COMBAT-NANO-19), so the clock has no fixed
    number of beats per exchange.
    """

    clock: Literal["exchanges"] = "exchanges"
    exchange: int = Field(default=1, ge=1)
    beat: int = Field(default=1, ge=1)

    def next_beat(self) -> ExchangeClock:
        """The next beat of this exchange."""
        return self.model_copy(update={"beat": self.beat + 1})

    def next_exchange(self) -> ExchangeClock:
        """Beat 1 of the next exchange."""
        return ExchangeClock(exchange=self.exchange + 1)

    def advance(self) -> ExchangeClock:
        """One unit of this clock: the next beat."""
        return self.next_beat()

    def __str__(self) -> str:
        return f"exchange {self.exchange}, beat {self.beat}"


class SecondClock(Frozen):
    """Seconds (``realtime``): the second now being played, counting from 1.

    Cooldowns and charges are measured against it: a reaction used at second 2 with
    an 8-second cooldown is available again at second 10 (R-REACT-04).
    """

    clock: Literal["seconds"] = "seconds"
    second: int = Field(default=1, ge=1)

    def advance(self, seconds: int = 1) -> SecondClock:
        """``seconds`` later (one by default)."""
        if seconds < 0:
            raise ValueError(f"time does not run backwards ({seconds} seconds)")
        return self.model_copy(update={"second": self.second + seconds})

    def __str__(self) -> str:
        return f"second {self.second}"


Clock = Annotated[RoundClock | ExchangeClock | SecondClock, Field(discriminator="clock")]
"""Any of the three clocks, told apart by their ``clock`` field."""
