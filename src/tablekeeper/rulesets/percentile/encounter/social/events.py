"""What happens in a social encounter: its event kinds and their payloads.

Kinds are ``percentile.<what>`` like the combat encounter's (``encounter/events.py``
merges them into its :data:`~..events.EVENT_MODELS`); each payload is a frozen model that
records what happened with the numbers it happened with (the roll, the damage, a target
DP before and after). A party's target DP changes only through :class:`TargetDpChanged`
and :class:`TargetRuled`; personal DP through the combat encounter's ``points_changed``.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.values import ActorId, Frozen
from tablekeeper.rulesets.percentile.checks import CheckOutcome
from tablekeeper.rulesets.percentile.damage import DamageOutcome
from tablekeeper.rulesets.percentile.encounter.social.state import (
    Argument,
    Opposition,
    Party,
    SocialTurnOrder,
)
from tablekeeper.rulesets.percentile.social.exchange import ArgueOutcome
from tablekeeper.rulesets.percentile.social.investigate import InvestigateOutcome
from tablekeeper.rulesets.percentile.social.provoke import ProvokeResult
from tablekeeper.rulesets.percentile.social.tables import Length, SocialResult, TimeScale
from tablekeeper.rulesets.percentile.social.target import TargetDpOutcome

SOCIAL_STARTED = "percentile.social_started"
SOCIAL_ORDER_ROLLED = "percentile.social_order_rolled"
SOCIAL_ROUND_STARTED = "percentile.social_round_started"
SOCIAL_ROUND_ENDED = "percentile.social_round_ended"
SOCIAL_TURN_STARTED = "percentile.social_turn_started"
SOCIAL_TURN_ENDED = "percentile.social_turn_ended"
SOCIAL_ACTION = "percentile.social_action"
SOCIAL_ROLLED = "percentile.social_rolled"
ARGUMENT_DECLARED = "percentile.argument_declared"
ARGUMENT_RESOLVED = "percentile.argument_resolved"
TARGET_DP_CHANGED = "percentile.target_dp_changed"
TARGET_RULED = "percentile.target_ruled"
APPEALED = "percentile.appealed"
MODIFIER_GRANTED = "percentile.modifier_granted"
FAVOR_USED = "percentile.favor_used"
INVESTIGATED = "percentile.investigated"
MOTIVATIONS_READ = "percentile.motivations_read"
MOTIVATIONS_REVEALED = "percentile.motivations_revealed"
PROVOKED = "percentile.provoked"
PROVOKE_ANSWERED = "percentile.provoke_answered"
AD_HOMINEM_ROLLED = "percentile.ad_hominem_rolled"
MOMENT_OF_DOUBT = "percentile.moment_of_doubt"
SOCIAL_SPELL = "percentile.social_spell"
SOCIAL_PASSION_USED = "percentile.social_passion_used"
SOCIAL_ENDED = "percentile.social_ended"


class SocialStarted(Frozen):
    time_scale: TimeScale
    round_seconds: int = Field(ge=1)
    provisional_round: bool = Field(description="Whether the round's length is the table's.")
    opposition: Opposition
    length: Length
    rounds: int = Field(ge=1)
    parties: tuple[Party, Party]
    personal_dp: dict[ActorId, int] = Field(
        default_factory=dict, description="Provisional personal DP given to sheets without."
    )


class SocialOrderRolled(Frozen):
    combatant: ActorId
    party: str
    order: SocialTurnOrder


class SocialRoundStarted(Frozen):
    round: int = Field(ge=1)
    order: tuple[ActorId, ...] = Field(min_length=1)
    actions: dict[ActorId, int]


class SocialRoundEnded(Frozen):
    round: int = Field(ge=1)


class SocialTurnStarted(Frozen):
    combatant: ActorId
    actions: int = Field(ge=0)


class SocialTurnEnded(Frozen):
    combatant: ActorId
    unused: int = Field(ge=0)


class SocialAction(Frozen):
    combatant: ActorId
    action: str
    actions: int = Field(ge=0, description="Actions spent (0: a free action).")
    target: ActorId | None = None


RollPurpose: TypeAlias = Literal["ability", "help", "identify_motivations", "passion"]


class SocialRolled(Frozen):
    combatant: ActorId
    purpose: RollPurpose
    roll: CheckOutcome
    against: ActorId | None = None
    note: str = ""


class ArgumentDeclared(Frozen):
    combatant: ActorId
    party: str
    argument: Argument


class ArgumentResolved(Frozen):
    attacker: ActorId
    defender: ActorId | None = None
    parties: dict[str, Literal["attacker", "defender"]] = Field(
        description="Which side of the argument each party was."
    )
    outcome: ArgueOutcome


class TargetDpChanged(Frozen):
    party: str
    before: int
    after: int
    source: str
    rule: str = ""


class TargetRuled(Frozen):
    party: str
    target: TargetDpOutcome


class Appealed(Frozen):
    combatant: ActorId
    skill: str
    roll: CheckOutcome
    before: int = Field(ge=1)
    after: int = Field(ge=1)
    justification: str = ""


class ModifierGranted(Frozen):
    """A modifier waiting for a character's next roll, or for a party's next Argue."""

    to: Literal["roll", "argue"]
    combatant: ActorId | None = Field(default=None, description="For 'roll'.")
    party: str | None = Field(default=None, description="For 'argue'.")
    modifier: Contribution
    by: ActorId | None = Field(default=None, description="Null: the GM.")


class FavorUsed(Frozen):
    combatant: ActorId
    favor: str
    kind: Literal["favor", "grudge"]


class Investigated(Frozen):
    combatant: ActorId
    party: str
    skill: str
    outcome: InvestigateOutcome
    errand: str = ""


class MotivationsRead(Frozen):
    combatant: ActorId
    interlocutor: ActorId
    roll: CheckOutcome
    halved: bool = Field(description="A critical: the interlocutor's social damage halved.")


class MotivationsRevealed(Frozen):
    combatant: ActorId
    interlocutor: ActorId
    traits: tuple[str, ...]


class Provoked(Frozen):
    combatant: ActorId
    interlocutor: ActorId
    trait: str
    roll: CheckOutcome | None = Field(description="Null: the trait is not theirs.")
    trait_score: int | None = None
    result: ProvokeResult
    reaction: str = ""


class ProvokeAnswered(Frozen):
    combatant: ActorId = Field(description="The interlocutor who chose.")
    provoker: ActorId
    choice: Literal["comply", "damage"]
    damage: DamageOutcome | None = None


class AdHominemRolled(Frozen):
    combatant: ActorId
    interlocutor: ActorId
    roll: CheckOutcome
    damage: DamageOutcome | None = None


class Doubting(Frozen):
    combatant: ActorId


class SocialSpell(Frozen):
    combatant: ActorId
    spell: str
    duration_seconds: int = Field(ge=0)
    round_seconds: int = Field(ge=1)
    rounds: int = Field(ge=0, description="Rounds it is active for (0: wasted, P-SOC-23).")


class SocialPassionUsed(Frozen):
    combatant: ActorId
    passion: str
    roll: CheckOutcome | None = None


class SocialEnded(Frozen):
    reason: str
    results: dict[str, SocialResult] | None = Field(
        description="Each party with a target DP, by side; null: not scored."
    )
    remaining: dict[str, int] = Field(default_factory=dict)


SOCIAL_EVENT_MODELS: dict[str, type[Frozen]] = {
    SOCIAL_STARTED: SocialStarted,
    SOCIAL_ORDER_ROLLED: SocialOrderRolled,
    SOCIAL_ROUND_STARTED: SocialRoundStarted,
    SOCIAL_ROUND_ENDED: SocialRoundEnded,
    SOCIAL_TURN_STARTED: SocialTurnStarted,
    SOCIAL_TURN_ENDED: SocialTurnEnded,
    SOCIAL_ACTION: SocialAction,
    SOCIAL_ROLLED: SocialRolled,
    ARGUMENT_DECLARED: ArgumentDeclared,
    ARGUMENT_RESOLVED: ArgumentResolved,
    TARGET_DP_CHANGED: TargetDpChanged,
    TARGET_RULED: TargetRuled,
    APPEALED: Appealed,
    MODIFIER_GRANTED: ModifierGranted,
    FAVOR_USED: FavorUsed,
    INVESTIGATED: Investigated,
    MOTIVATIONS_READ: MotivationsRead,
    MOTIVATIONS_REVEALED: MotivationsRevealed,
    PROVOKED: Provoked,
    PROVOKE_ANSWERED: ProvokeAnswered,
    AD_HOMINEM_ROLLED: AdHominemRolled,
    MOMENT_OF_DOUBT: Doubting,
    SOCIAL_SPELL: SocialSpell,
    SOCIAL_PASSION_USED: SocialPassionUsed,
    SOCIAL_ENDED: SocialEnded,
}
"""Every social event kind and the model of its payload."""
