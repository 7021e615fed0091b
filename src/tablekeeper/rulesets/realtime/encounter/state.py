"""The state of a ``realtime`` encounter: the clock, the creatures, this second's triggers.

Document 003 plays in whole seconds (G-R-01). The state is an immutable value, the fold
of the encounter's events (``fold.py``); nothing here changes it. A creature charges one
action at a time (:class:`Charge`), has a shared reaction cooldown (R-REACT-04), a life
state read from its HP (R-LIFE-01 .. R-LIFE-03, :class:`LifeState`), its critical
injuries, and its rests. Positions are squares on a grid; reach is counted in squares
with the metric the options name.
"""

from __future__ import annotations

import math
from enum import StrEnum
from typing import Annotated, Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine.clocks import SecondClock
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.realtime.encounter.actions import Catalogue, TreatmentLevel
from tablekeeper.rulesets.realtime.injuries import AUTOMATIC_DEATH_SECONDS
from tablekeeper.rulesets.realtime.options import DistanceMetric, RealtimeOptions
from tablekeeper.rulesets.realtime.rest import RestInput, RestLedger, SimpleRestInput
from tablekeeper.rulesets.realtime.treatment import TreatmentLedger

Position: TypeAlias = tuple[int, int]
"""A square on the grid: ``(x, y)``."""

SECONDS_PER_HOUR = 3600


class LifeState(StrEnum):
    """Where a creature stands between life and death (document 003, section 1)."""

    CONSCIOUS = "conscious"
    UNCONSCIOUS = "unconscious"  # HP exactly 0: unconscious, not dying (G-R-04)
    DYING = "dying"  # HP strictly negative (R-LIFE-02)
    DEAD = "dead"


class MoveEffect(Frozen):
    """A voluntary movement: on completion the creature stands on ``destination``."""

    effect: Literal["move"] = "move"
    origin: Position
    destination: Position


class SupportEffect(Frozen):
    """The Support action: on completion ``target`` is stabilized (R-STAB-01)."""

    effect: Literal["support"] = "support"
    target: ActorId


class TreatEffect(Frozen):
    """A treatment: on completion the treating check is rolled (R-TREAT-01, R-TREAT-03)."""

    effect: Literal["treat"] = "treat"
    target: ActorId
    injury: int = Field(ge=1, description="The injury's number on the target.")
    level: TreatmentLevel


Effect = Annotated[MoveEffect | SupportEffect | TreatEffect, Field(discriminator="effect")]
"""What the engine itself does when an action completes; other actions are the GM's."""


class Charge(Frozen):
    """The one action a creature is charging: A.P. charged so far out of its cost (G-R-01).

    A ``timed`` action (a treatment) charges one second per second whatever the
    creature's A.P. rate: its cost is a duration.
    """

    action: str = Field(description="The catalogue id, or 'custom'.")
    name: str
    cost: int = Field(ge=1)
    charged: int = Field(default=0, ge=0)
    complex: bool = False
    physical: bool = True
    timed: bool = False
    started_at: int = Field(ge=1)
    target: ActorId | None = None
    reach: int | None = Field(default=None, ge=0)
    effect: Effect | None = None

    @model_validator(mode="after")
    def _never_over_cost(self) -> Charge:
        if self.charged > self.cost:
            raise ValueError(
                f"{self.name} holds {self.charged} A.P., more than its cost {self.cost}"
            )
        return self

    @property
    def complete(self) -> bool:
        """Whether the charge has reached the cost: the action resolves."""
        return self.charged >= self.cost


class Injury(Frozen):
    """A critical injury a creature carries (R-CRIT-04 .. R-CRIT-07)."""

    number: int = Field(ge=1, description="Its number on the creature, from 1.")
    name: str
    test_modifier: int = Field(le=0)
    symptomatic: bool = Field(default=True, description="False once Light Treatment worked.")
    received_at: int = Field(default=0, ge=0, description="The second it was received (0: before).")


class RestSegment(Frozen):
    """A Rest in progress (R-REST-01): since when, and its conditions (planned hours,
    thirst, hunger, sleep, comfort, modifiers: ``rest.py``)."""

    started_at: int = Field(ge=1)
    conditions: RestInput | SimpleRestInput

    @property
    def score(self) -> int:
        """Its Rest Score (R-REST-03)."""
        return self.conditions.score_breakdown().total

    @property
    def planned_end(self) -> int:
        """The second at whose end the planned hours are complete."""
        return self.started_at + self.conditions.hours * SECONDS_PER_HOUR - 1

    def whole_hours(self, elapsed_seconds: int) -> int:
        """Whole hours rested after ``elapsed_seconds`` (only whole hours count, G-R-13)."""
        return min(self.conditions.hours, elapsed_seconds // SECONDS_PER_HOUR)


class Creature(Frozen):
    """A creature in the encounter."""

    id: ActorId
    name: str
    side: str = Field(min_length=1, description="Creatures on different sides are hostile.")
    hp: int
    max_hp: int = Field(ge=1)
    position: Position = (0, 0)
    reach: int = Field(ge=0)
    ap_per_second: int | None = Field(default=None, ge=1, le=100)
    characteristics: dict[str, int] = Field(default_factory=dict)
    cooldown_modifier: int = Field(default=0, description="Added to every reaction's cooldown.")
    charge: Charge | None = None
    reaction_ready_at: int = Field(default=1, description="First second a reaction is allowed.")
    seconds_negative: int = Field(default=0, ge=0, le=AUTOMATIC_DEATH_SECONDS)
    dead: bool = False
    injuries: tuple[Injury, ...] = ()
    injuries_received: int = Field(default=0, ge=0)
    treatment_ledger: TreatmentLedger = Field(default_factory=TreatmentLedger)
    resting: RestSegment | None = None
    rest_ledger: RestLedger = Field(default_factory=RestLedger)
    conditions: tuple[str, ...] = ()

    @property
    def life(self) -> LifeState:
        """Dead; dying below 0 HP; unconscious at 0 (R-LIFE-01, G-R-04); else conscious."""
        if self.dead:
            return LifeState.DEAD
        if self.hp < 0:
            return LifeState.DYING
        return LifeState.UNCONSCIOUS if self.hp == 0 else LifeState.CONSCIOUS

    # The three below read the fields :attr:`life` reads, as it reads them, without
    # building its enum: every second asks them of every creature (a simulation's fast
    # path; tests/rulesets/realtime/encounter/test_life_fast.py holds them to ``life``).

    @property
    def is_dying(self) -> bool:
        """At negative HP and alive (R-LIFE-02): ``life`` is dying."""
        return not self.dead and self.hp < 0

    @property
    def is_unconscious(self) -> bool:
        """At 0 HP or below and alive (R-LIFE-01): ``life`` is unconscious or dying."""
        return not self.dead and self.hp <= 0

    @property
    def can_act(self) -> bool:
        """Conscious (``life``): may charge actions and react."""
        return not self.dead and self.hp > 0

    @property
    def n_wounds(self) -> int:
        """Critical injuries not yet healed (R-CRIT-01)."""
        return len(self.injuries)

    def rate(self, options: RealtimeOptions) -> int:
        """The A.P. it charges each second (G-R-01, option ``ap_per_second``)."""
        return self.ap_per_second if self.ap_per_second is not None else options.ap_per_second

    def charge_per_second(self, options: RealtimeOptions) -> int:
        """What its current charge gains at the end of a second (0 when it cannot act)."""
        if self.charge is None or not self.can_act:
            return 0
        return 1 if self.charge.timed else self.rate(options)

    def reaction_cooldown_left(self, second: int) -> int:
        """Seconds until it may react again, at ``second`` (0: available)."""
        return max(0, self.reaction_ready_at - second)

    def can_react(self, second: int) -> bool:
        """Conscious and not under the shared cooldown at ``second`` (R-REACT-02)."""
        return self.can_act and second >= self.reaction_ready_at

    def is_hostile_to(self, other: Creature) -> bool:
        """On another side (hostility is the side a creature is listed on)."""
        return self.side != other.side

    def injury(self, number: int) -> Injury | None:
        """The injury with this number, if it still has it."""
        return next((item for item in self.injuries if item.number == number), None)


def distance(a: Position, b: Position, metric: DistanceMetric) -> int:
    """Squares between two positions.

    >>> distance((0, 0), (2, 1), "chebyshev"), distance((0, 0), (2, 1), "manhattan")
    (2, 3)
    >>> distance((0, 0), (2, 1), "euclidean")
    3
    """
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if metric == "chebyshev":
        return max(dx, dy)
    if metric == "manhattan":
        return dx + dy
    return math.ceil(math.hypot(dx, dy))


class Trigger(Frozen):
    """A triggering event of this second (R-REACT-02), and who has answered it."""

    id: str
    kind: str
    source: ActorId
    second: int
    candidates: tuple[ActorId, ...] = Field(description="Who the event concerns, in order.")
    answered: tuple[ActorId, ...] = Field(default=(), description="Asked, reacted or declined.")
    description: str = ""


class Offer(Frozen):
    """The reaction decision now put to ``creature`` about ``trigger``."""

    trigger: str
    creature: ActorId
    reactions: tuple[str, ...] = Field(min_length=1)


class Hit(Frozen):
    """A reaction that hit: its check succeeded, or it rolled none (G-R-E5). Its damage
    is the GM's to rule, a ``damage`` command of the second after the trigger's (G-R-E1)
    from ``name`` (its source) to ``target``."""

    creature: ActorId = Field(description="Who reacted.")
    reaction: str = Field(description="The catalogue id: opportunity_attack.")
    name: str
    target: ActorId = Field(description="The trigger's source: whom the reaction answered.")
    second: int = Field(ge=1, description="The trigger's second.")


def still_awaiting(hits: tuple[Hit, ...], ended: int) -> tuple[Hit, ...]:
    """The hits whose damage may still be ruled once second ``ended`` has ended: those
    of its own triggers, ruled in the second after (G-R-E1); earlier ones lapse."""
    return tuple(hit for hit in hits if hit.second >= ended)


class RealtimeState(Frozen):
    """A ``realtime`` encounter: options, catalogue, clock, creatures in the order added.

    ``clock.second`` is the second being played. While ``ending_second`` is true the end of
    that second is being resolved (charges gained, actions completed, reactions offered);
    ``advance_remaining`` counts the seconds an ``advance`` command still has to play.
    ``awaiting_damage`` holds the reactions that hit whose damage the GM has not dealt:
    a ``damage`` from the reaction's name to its target rules one; the end of the second
    after its trigger's lets it go unruled (G-R-E1, G-R-E5).
    """

    options: RealtimeOptions = Field(default_factory=RealtimeOptions)
    catalogue: Catalogue
    clock: SecondClock = Field(default_factory=SecondClock)
    creatures: dict[ActorId, Creature] = Field(default_factory=dict)
    triggers: tuple[Trigger, ...] = ()
    offer: Offer | None = None
    ending_second: bool = False
    advance_remaining: int = Field(default=0, ge=0)
    awaiting_damage: tuple[Hit, ...] = ()

    @property
    def second(self) -> int:
        """The second being played."""
        return self.clock.second

    def creature(self, creature_id: ActorId | str) -> Creature:
        """The creature with this id (callers check it exists)."""
        # ActorId is a NewType: at run time it hands back the very string, so the id is
        # looked up as given (a call saved: the play asks this ~140 times a trial)
        return self.creatures[creature_id]  # type: ignore[index]

    def trigger(self, trigger_id: str) -> Trigger | None:
        """This second's trigger with this id, if any."""
        return next((item for item in self.triggers if item.id == trigger_id), None)

    def distance(self, a: Creature, b: Creature) -> int:
        """Squares between two creatures."""
        return distance(a.position, b.position, self.options.distance)

    def standing_on(self, square: Position, besides: ActorId | str) -> Creature | None:
        """The first creature other than ``besides``, dead or alive, that stands on
        ``square`` (G-R-E4: a square holds one creature)."""
        return next(
            (
                other
                for other in self.creatures.values()
                if other.position == square and other.id != besides
            ),
            None,
        )

    def within_reach(self, reacher: Creature, other: Creature) -> bool:
        """Whether ``other`` stands within ``reacher``'s reach."""
        return self.distance(reacher, other) <= reacher.reach

    def with_creature(self, creature: Creature) -> RealtimeState:
        """The state with ``creature`` replaced (or added last)."""
        return self.model_copy(update={"creatures": {**self.creatures, creature.id: creature}})
