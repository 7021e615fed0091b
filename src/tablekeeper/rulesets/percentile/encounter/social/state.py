"""The state of a social encounter: its parties, its characters' seats, its own clock.

Document 001, "Social Encounters". A percentile encounter begins as neither combat nor
social; the GM's first command chooses. A social one keeps its part of the state here
(:class:`SocialEncounter`, the encounter state's ``social``): the time scale declared
(P-SOC-02) and the maximum round duration it gives (G-P-23), active or passive
opposition (P-SOC-05), two :class:`Party` values, each with its target DP (P-SOC-06 ..
P-SOC-08; none for a passive party) and this round's turn speaker and argument
(P-SOC-10, P-SOC-17), the encounter's length in rounds as Appeals for Time leave it
(P-SOC-09, P-SOC-16), and a :class:`Seat` per character: its social turn order
(P-SOC-11), actions left (P-SOC-12), what it has used once (a Passion, favors and
grudges) and learned (interlocutors' motivations). The clock is a
:class:`~tablekeeper.engine.clocks.RoundClock` of its own: social rounds on the declared
time scale, each character one turn a round in social turn order (P-SOC-01).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine.breakdown import Breakdown, Contribution
from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.social.tables import Length, SocialResult, TimeScale
from tablekeeper.rulesets.percentile.social.target import TargetDpOutcome

Opposition: TypeAlias = Literal["active", "passive"]
"""Both parties pursue a goal, or one petitions the other (P-SOC-05)."""


class SocialTurnOrder(Frozen):
    """A social turn order: social initiative + 1D10 + the GM's modifier (P-SOC-11)."""

    initiative: int | None = Field(description="Null: neither CHA nor INT (G-P-S1).")
    die: int = Field(ge=1, le=10)
    modifier: int = 0
    breakdown: Breakdown

    @property
    def total(self) -> int:
        return self.breakdown.total


class Argument(Frozen):
    """An Argue declared this round by a party's turn speaker; it is rolled at the end of
    the round (P-SOC-17, G-P-22)."""

    speaker: ActorId
    specialization: str
    skill: str = Field(description="The ability rolled.")
    breakdown: Breakdown = Field(description="The ability and the declared modifiers.")
    damage: str = Field(description="The speaker's social damage.")


class Party(Frozen):
    """One side of a social encounter (its characters are the encounter's on that side)."""

    side: str = Field(min_length=1)
    goal: str = Field(default="", description="What the party wants, in words.")
    target: TargetDpOutcome | None = Field(
        default=None, description="Its target DP; null: a passive party has none (P-SOC-05)."
    )
    reduced: int = Field(default=0, description="How far its target DP has fallen so far.")
    speaker: ActorId | None = Field(default=None, description="This round's turn speaker.")
    argument: Argument | None = None
    argue_modifiers: tuple[Contribution, ...] = Field(
        default=(), description="For its next Argue: Investigate, favors and grudges."
    )
    argue_damage: tuple[str, ...] = Field(
        default=(), description="Social damage dice for its next Argue (Investigate)."
    )
    result: SocialResult | None = None

    @property
    def remaining(self) -> int | None:
        """Its target DP left to argue down (null: it has none)."""
        return None if self.target is None else self.target.target_dp - self.reduced


class Seat(Frozen):
    """A character in the social encounter."""

    combatant: ActorId
    party: str
    turn_order: SocialTurnOrder
    actions_left: int = Field(default=0, ge=0)
    turn_taken: bool = False
    this_round: tuple[str, ...] = Field(default=(), description="Its actions this round.")
    modifiers: tuple[Contribution, ...] = Field(
        default=(), description="For its next roll: a favor's +20%, a grudge's -20%."
    )
    passion_used: bool = Field(default=False, description="Once per social encounter.")
    called_on: tuple[str, ...] = Field(default=(), description="Favors and grudges used.")
    known: dict[ActorId, tuple[str, ...]] = Field(
        default_factory=dict, description="Interlocutors' motivations it identified."
    )


class Halving(Frozen):
    """A critical Identify Motivations: the interlocutor's social damage is halved until
    the identifier's next turn (P-SOC-19)."""

    identifier: ActorId
    interlocutor: ActorId


class SocialEncounter(Frozen):
    """A social encounter in a percentile encounter (the state's ``social``)."""

    time_scale: TimeScale
    round_seconds: int = Field(ge=1, description="A round's maximum duration (G-P-23).")
    opposition: Opposition = "active"
    length: Length = "average"
    rounds: int = Field(ge=1, description="Its length now, Appeals for Time included.")
    appeals: int = Field(default=0, ge=0, description="Appeals for Time so far.")
    parties: tuple[Party, Party]
    seats: dict[ActorId, Seat] = Field(default_factory=dict)
    clock: RoundClock | None = None
    active: ActorId | None = None
    round_over: bool = False
    halvings: tuple[Halving, ...] = ()
    over: bool = False
    reason: str | None = Field(default=None, description="Why it ended.")

    @model_validator(mode="after")
    def _two_sides(self) -> SocialEncounter:
        if self.parties[0].side == self.parties[1].side:
            raise ValueError("a social encounter's two parties are two sides")
        return self

    @property
    def round(self) -> int:
        """The round being played (0 before the first)."""
        return 0 if self.clock is None else self.clock.round

    @property
    def running(self) -> bool:
        """Started and not over."""
        return not self.over

    @property
    def rounds_left(self) -> int:
        """Rounds still to play, the current one included."""
        return max(0, self.rounds - self.round + (1 if self.clock is not None else 0))

    def party(self, side: str) -> Party:
        """The party of ``side``."""
        return next(item for item in self.parties if item.side == side)

    def other(self, side: str) -> Party:
        """The party facing ``side``'s."""
        return next(item for item in self.parties if item.side != side)

    def party_of(self, combatant: ActorId | str) -> Party:
        """The party a character speaks for."""
        return self.party(self.seats[ActorId(combatant)].party)

    def seat(self, combatant: ActorId | str) -> Seat:
        return self.seats[ActorId(combatant)]

    def with_party(self, party: Party) -> SocialEncounter:
        """The encounter with ``party`` replaced."""
        parties = tuple(party if item.side == party.side else item for item in self.parties)
        assert len(parties) == 2
        return self.model_copy(update={"parties": parties})

    def with_seat(self, seat: Seat) -> SocialEncounter:
        """The encounter with ``seat`` replaced (or added)."""
        return self.model_copy(update={"seats": {**self.seats, seat.combatant: seat}})
