"""The state of a ``percentile`` combat encounter: combatants, turn order, who is engaged.

Document 001, "Combat Encounters". The state is an immutable value, the fold of the
encounter's events (``fold.py``); nothing here changes it. The clock is a
:class:`~tablekeeper.engine.clocks.RoundClock` (rounds of turns in turn order,
P-CMB-01, P-CMB-06). Each :class:`Combatant` carries its stat block (``stats.py``), its
form (corporeal, manifested or discorporate: P-ACT-18, P-ACT-23), what it has left this
round (actions, reserved defenses), and what stands on it (aim, grapples, stuck
weapons, fumbles). Melee engagement is tracked per pair (P-MOD-02), with the melee
distance of the pair (P-OPT-11); spirit combat per pair too (P-ACT-10, P-ACT-23).
"""

from __future__ import annotations

from typing import Any, Literal, TypeAlias

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.clocks import RoundClock
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.encounter.pending import Awaiting, Task
from tablekeeper.rulesets.percentile.encounter.social.state import SocialEncounter
from tablekeeper.rulesets.percentile.expressions import DiceExpression
from tablekeeper.rulesets.percentile.modifiers import MeleeDistance
from tablekeeper.rulesets.percentile.options import PercentileOptions, with_settings
from tablekeeper.rulesets.percentile.social.sheet import SocialSheet
from tablekeeper.rulesets.percentile.stats import StatBlock

Form: TypeAlias = Literal["corporeal", "manifested", "discorporate"]
"""Where an entity is: in its body, a spirit shown in the physical world, or wholly in the
Spirit World (P-ACT-18, P-ACT-23)."""

Guard: TypeAlias = Literal["parry", "block", "dodge"]
"""A defense a reserve may be spent on."""

ReserveSource: TypeAlias = Literal["defend", "disengage", "equip", "critical_dodge"]
"""What gave a reserved defense: the Defend action, Disengage from Melee, Equip in melee
(only Dodge or Shield, P-ACT-11), or a critical Dodge's free Disengage (P-ATK-14)."""


class TurnOrder(Frozen):
    """A rolled turn order: initiative + 1D10 (+ a weapon's reach on engaging, P-OPT-10)."""

    kind: Literal["combat", "spirit", "none"]
    initiative: int | None = Field(description="Null: no relevant characteristic (P-CMB-04).")
    die: int = Field(ge=1, le=10)
    modifier: int = Field(default=0, description="The reach modifier when engaging.")
    reason: str = Field(default="start", description="Why it was rolled.")

    @property
    def total(self) -> int:
        """The turn order: initiative + 1D10 + modifier."""
        return (self.initiative or 0) + self.die + self.modifier


class DistanceIntent(Frozen):
    """A Defend declared to change the melee distance to ``opponent`` (P-OPT-14)."""

    opponent: ActorId
    steps: int = Field(ge=-2, le=2, description="Negative: closer; positive: further.")


class Reserve(Frozen):
    """A defense held until the combatant's next turn (P-ACT-06): the Defend action or an
    action replaced by one (P-ACT-09, P-ACT-11, P-ATK-14), split or not (P-OPT-07)."""

    source: ReserveSource
    guards: tuple[Guard, ...] = ("parry", "block", "dodge")
    split: int = Field(default=1, ge=1, description="Attempts declared (P-OPT-07).")
    used: int = Field(default=0, ge=0, description="Attempts already rolled.")
    early: bool = Field(default=False, description="Taken ahead of the turn: -20% (P-ACT-07).")
    distance: DistanceIntent | None = None
    attacked_by: tuple[ActorId, ...] = ()

    @property
    def left(self) -> int:
        """Attempts still to roll."""
        return max(0, self.split - self.used)

    @property
    def declared(self) -> bool:
        """Whether the split was fixed by a first roll (P-OPT-07: declared before it)."""
        return self.used > 0 or self.split > 1


class Aim(Frozen):
    """Aim actions in a row at ``target`` (P-ACT-02)."""

    target: ActorId
    times: int = Field(ge=1, le=2)


class LastAction(Frozen):
    """The combatant's last action: for Aim in a row and for a Charge (P-OPT-16)."""

    kind: str
    round: int = Field(ge=1)
    meters: int = Field(default=0, ge=0, description="A Move's distance.")
    target: ActorId | None = None


class Casting(Frozen):
    """A Cast Magic action taking extra actions (Long Magic Casting, P-OPT-21)."""

    spell: str
    magic_points: int = Field(ge=0)
    needed: int = Field(ge=1, description="Actions the casting takes (G-P-26).")
    spent: int = Field(default=0, ge=0)
    target: ActorId | None = None
    skill: str | None = None


class Combatant(Frozen):
    """A PC, GMC, creature or spirit in the encounter."""

    id: ActorId
    side: str = Field(min_length=1, description="Combatants on different sides are enemies.")
    stats: StatBlock
    form: Form = "corporeal"
    spirit: bool = Field(default=False, description="A spirit: manifests and discorporates.")
    tangible: bool = Field(
        default=False, description="A spirit weapons can strike when manifested (an elemental)."
    )
    discorporates: bool = Field(
        default=False, description="A being that can leave its body (a shaman) (P-CMB-05)."
    )
    spirit_damage: DiceExpression | None = Field(default=None, description="G-P-05.")
    spirit_armor: int = Field(default=0, ge=0, description="Reduces Spirit Damage (P-SPC-07).")
    extra_actions: int = Field(default=0, ge=0, description="A hero's or monster's (P-OPT-01).")
    hp: int
    location_hp: dict[str, int] = Field(default_factory=dict)
    magic_points: int | None = None
    determination_points: int | None = None
    turn_order: TurnOrder | None = None
    waited: int | None = Field(default=None, description="The turn order a Wait lowered to.")
    actions_left: int = Field(default=0, ge=0)
    turn_taken: bool = Field(default=False, description="Has had its turn this round.")
    has_acted: bool = Field(default=False, description="Has taken a turn this encounter.")
    reserves: tuple[Reserve, ...] = ()
    spirit_guard: bool = Field(default=False, description="Took Spirit Combat until its turn.")
    aim: Aim | None = None
    last_action: LastAction | None = None
    moved: bool = Field(default=False, description="Used the Move action this round.")
    stepped: bool = Field(default=False, description="Used its Step this round (P-REA-03).")
    retreating: bool = Field(default=False, description="Retreat's +20% this round (P-OPT-17).")
    prone: bool = False
    disengaging: bool = Field(default=False, description="Disengage from Melee declared.")
    spirit_disengaging: bool = Field(default=False, description="From Spirit Combat.")
    lose_turn: bool = Field(default=False, description="Fumble 01: loses its next turn.")
    lose_actions: int = Field(default=0, ge=0, description="Fumble 02: on its next turn.")
    distracted: int = Field(default=0, description="Fumble 08: enemies' bonus until its turn.")
    physical_this_turn: bool = Field(default=False, description="Moved or acted physically.")
    casting: Casting | None = None
    concentrating: str | None = None
    ready: tuple[str, ...] = Field(default=(), description="Weapons and shields in hand.")
    dropped: tuple[str, ...] = ()
    broken: tuple[str, ...] = ()
    gear_hp: dict[str, int] = Field(default_factory=dict, description="Worn weapon/shield HP.")
    armor_lost: bool = Field(default=False, description="Fumble 03 on the armor's strap.")
    passion_used: bool = False
    fatigue: int = Field(default=0, ge=0, description="Melee fatigue injuries (P-OPT-19).")
    conditions: tuple[str, ...] = ()
    social: SocialSheet | None = Field(
        default=None, description="Social damage, passions, favors and grudges (G-P-05)."
    )

    @model_serializer(mode="wrap")
    def _no_empty_social(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A combatant without a social sheet stores as it did before there was one."""
        data: dict[str, Any] = handler(self)
        if self.social is None:
            data.pop("social", None)
        return data

    @property
    def name(self) -> str:
        """The stat block's name."""
        return self.stats.name

    @property
    def discorporate(self) -> bool:
        """Wholly in the Spirit World."""
        return self.form == "discorporate"

    def is_enemy_of(self, other: Combatant) -> bool:
        """On another side."""
        return self.side != other.side

    def reserve(self, guard: Guard | None = None) -> int | None:
        """The index of the first reserve with attempts left (for ``guard``), if any."""
        for index, held in enumerate(self.reserves):
            if held.left and (guard is None or guard in held.guards):
                return index
        return None


class Engagement(Frozen):
    """Two combatants engaged in melee (P-MOD-02), and their melee distance (P-OPT-11)."""

    pair: tuple[ActorId, ActorId]
    distance: MeleeDistance | None = None

    def involves(self, combatant: ActorId) -> bool:
        """Whether ``combatant`` is one of the pair."""
        return combatant in self.pair

    def other(self, combatant: ActorId) -> ActorId:
        """The one engaged with ``combatant``."""
        return self.pair[1] if self.pair[0] == combatant else self.pair[0]


class Grapple(Frozen):
    """``grappler`` holds ``grappled`` (P-ACT-12 .. P-ACT-16)."""

    grappler: ActorId
    grappled: ActorId
    skill: str = Field(description="The grappler's skill: Brawl, or a grappling weapon's.")
    tightened: int = Field(default=0, ge=0, description="Tighten Grapple victories.")


class StuckWeapon(Frozen):
    """An impaling weapon stuck in ``target`` (P-OPT-03 .. P-OPT-06)."""

    owner: ActorId
    target: ActorId
    weapon: str
    held: bool = Field(default=True, description="The owner still holds on to it.")
    broken: bool = False


def pair(a: ActorId | str, b: ActorId | str) -> tuple[ActorId, ActorId]:
    """The two ids in a fixed order, so a pair is written one way."""
    first, second = sorted((ActorId(a), ActorId(b)))
    return first, second


class PercentileState(Frozen):
    """A ``percentile`` combat encounter: its options, combatants in the order added.

    ``clock`` is ``None`` until the encounter starts. ``active`` is whose turn has begun
    (``clock.current`` once it has). ``awaiting`` is what the pending decision is about;
    ``tasks`` what the command still has to play once it is answered (free attacks,
    counter-attacks, the rest of a Move).

    ``social`` is the social encounter the GM started instead (``social/state.py``): a
    percentile encounter begins as neither, and a social one may turn into combat.

    A state stored by an earlier version carries the encounter engine's rulings in a
    separate ``settings`` object; it loads with them moved into ``options``.
    """

    options: PercentileOptions = Field(default_factory=PercentileOptions)
    combatants: dict[ActorId, Combatant] = Field(default_factory=dict)
    clock: RoundClock | None = None
    active: ActorId | None = None
    round_over: bool = False
    engagements: tuple[Engagement, ...] = ()
    spirit_engagements: tuple[tuple[ActorId, ActorId], ...] = ()
    grapples: tuple[Grapple, ...] = ()
    stuck: tuple[StuckWeapon, ...] = ()
    rallied: tuple[ActorId, ...] = Field(default=(), description="Who Rallied this round.")
    awaiting: Awaiting | None = None
    tasks: tuple[Task, ...] = ()
    over: bool = False
    winner: str | None = None
    social: SocialEncounter | None = Field(
        default=None, description="A social encounter, when the GM started one."
    )

    @model_validator(mode="before")
    @classmethod
    def _settings_are_options(cls, data: Any) -> Any:
        return with_settings(data)

    @property
    def round(self) -> int:
        """The round being played (0 before the encounter starts)."""
        return 0 if self.clock is None else self.clock.round

    @property
    def talking(self) -> SocialEncounter | None:
        """The social encounter under way (not over), if one is."""
        social = self.social
        return social if social is not None and not social.over and not self.over else None

    def combatant(self, combatant_id: ActorId | str) -> Combatant:
        """The combatant with this id (callers check it exists)."""
        return self.combatants[ActorId(combatant_id)]

    def with_combatant(self, combatant: Combatant) -> PercentileState:
        """The state with ``combatant`` replaced (or added last)."""
        return self.model_copy(update={"combatants": {**self.combatants, combatant.id: combatant}})

    def is_down(self, combatant: Combatant) -> bool:
        """Out of the fight: 0 HP or below, or 0 Magic Points with the option on (G-P-03,
        G-P-E3)."""
        if combatant.hp <= 0:
            return True
        mp = combatant.magic_points
        return self.options.zero_magic_points_down and mp is not None and mp <= 0

    def standing(self) -> tuple[Combatant, ...]:
        """The combatants still in the fight, in the order added."""
        return tuple(item for item in self.combatants.values() if not self.is_down(item))

    def engagement(self, a: ActorId | str, b: ActorId | str) -> Engagement | None:
        """The engagement of ``a`` and ``b``, if they are engaged in melee (on the engine's
        fast paths the pair put in order by one comparison, as :func:`pair` sorts it,
        and the engagements read in a loop: asked by every attack's check, request and
        defense)."""
        if fast_paths.enabled():
            ordered = (a, b) if a <= b else (b, a)
            for item in self.engagements:
                if item.pair == ordered:
                    return item
            return None
        key = pair(a, b)
        return next((item for item in self.engagements if item.pair == key), None)

    def engaged_with(self, combatant: ActorId | str) -> tuple[ActorId, ...]:
        """Everyone engaged in melee with ``combatant``, in the order engaged."""
        who = ActorId(combatant)
        return tuple(item.other(who) for item in self.engagements if item.involves(who))

    def melee_group(self, combatant: ActorId | str) -> tuple[ActorId, ...]:
        """Everyone in the melee ``combatant`` is in: engaged with it, or with one who is,
        and so on (itself first; alone if it is in no melee)."""
        group = [ActorId(combatant)]
        for who in group:
            group.extend(other for other in self.engaged_with(who) if other not in group)
        return tuple(group)

    def in_melee(self, combatant: ActorId | str) -> bool:
        """Engaged in melee with anyone."""
        return bool(self.engaged_with(combatant))

    def spirit_foes(self, combatant: ActorId | str) -> tuple[ActorId, ...]:
        """Everyone engaged in spirit combat with ``combatant``."""
        who = ActorId(combatant)
        return tuple(b if a == who else a for a, b in self.spirit_engagements if who in (a, b))

    def grapple_on(self, grappled: ActorId | str) -> Grapple | None:
        """The grapple holding ``grappled``, if any."""
        return next((item for item in self.grapples if item.grappled == grappled), None)

    def grapple_by(self, grappler: ActorId | str) -> Grapple | None:
        """The grapple ``grappler`` holds, if any."""
        return next((item for item in self.grapples if item.grappler == grappler), None)

    def stuck_in(self, target: ActorId | str) -> tuple[StuckWeapon, ...]:
        """The weapons stuck in ``target``."""
        return tuple(item for item in self.stuck if item.target == target)

    def holding_stuck(self, owner: ActorId | str) -> tuple[StuckWeapon, ...]:
        """The stuck weapons ``owner`` still holds on to."""
        return tuple(item for item in self.stuck if item.owner == owner and item.held)
