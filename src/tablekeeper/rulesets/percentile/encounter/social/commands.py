"""What the GM and the characters ask of a social encounter: kinds and payloads.

Each kind is a named constant (:data:`ARGUE` is ``percentile.argue``) with a frozen
payload naming the character who acts (``combatant``, as every percentile command does);
the command table (``encounter/table.py``) pairs each with its check and play. The GM
starts a social encounter (:data:`START_SOCIAL`: the time scale, the length, the
opposition and the two parties with their goals), rules a party's target DP, uses a
grudge against anyone, and turns the encounter into combat; a character acts on its
social turn: the actions of "Social Encounters" (P-SOC-13 .. P-SOC-22), the free actions
Cast Magic and Use Passion (P-SOC-23, P-SOC-24), and ending the turn.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from pydantic import Field, model_validator

from tablekeeper.engine.values import ACTOR_FORMAT, ActorId, Frozen, actor_field, side_field
from tablekeeper.rulesets.percentile.encounter.commands import Who
from tablekeeper.rulesets.percentile.encounter.social.state import Opposition
from tablekeeper.rulesets.percentile.social.tables import Goal, Length, PartySize, TimeScale
from tablekeeper.rulesets.percentile.social.target import DP_LIMIT

START_SOCIAL = "percentile.start_social"
RULE_TARGET = "percentile.rule_target_dp"
GM_GRUDGE = "percentile.gm_grudge"
TO_COMBAT = "percentile.to_combat"
SOCIAL_ABILITY = "percentile.social_ability"
AD_HOMINEM = "percentile.ad_hominem"
APPEAL = "percentile.appeal_for_time"
ARGUE = "percentile.argue"
SOCIAL_HELP = "percentile.social_help"
IDENTIFY = "percentile.identify_motivations"
INVESTIGATE = "percentile.investigate"
PROVOKE = "percentile.provoke"
USE_FAVOR = "percentile.use_favor"
SOCIAL_CAST = "percentile.social_cast"
SOCIAL_PASSION = "percentile.social_passion"
SOCIAL_END_TURN = "percentile.social_end_turn"

SOCIAL_TURN_KINDS = frozenset(
    {
        SOCIAL_ABILITY,
        AD_HOMINEM,
        APPEAL,
        ARGUE,
        SOCIAL_HELP,
        IDENTIFY,
        INVESTIGATE,
        PROVOKE,
        USE_FAVOR,
        SOCIAL_CAST,
        SOCIAL_PASSION,
        SOCIAL_END_TURN,
    }
)
"""The commands a character gives on its social turn."""

PERCENT = 200
"""The largest modifier a command accepts, in percent (a bound against typos)."""

SkillName = Field(min_length=1, max_length=60)


GoalKind = Annotated[
    Goal,
    Field(
        title="The goal is",
        description="The base target DP: reasonable 15, debatable 20, difficult 25, "
        "impossible 30 (P-SOC-07).",
    ),
]
"""How reasonable the party's goal is, in a form's words (a party's setup and the GM's
ruling of its target DP share the makings of that DP)."""

PartySizeField = Annotated[
    PartySize,
    Field(
        title="Party size",
        description="The party dealt with, against this one, in size and authority: "
        "significantly smaller -5, significantly larger +5 to the target DP (P-SOC-08).",
    ),
]

RecentEvents = Annotated[
    int,
    Field(
        ge=-DP_LIMIT,
        le=DP_LIMIT,
        title="Recent events",
        description="What just happened moves the target DP: -5, +5 or more (P-SOC-08).",
    ),
]

GmAdjustment = Annotated[
    int,
    Field(
        ge=-DP_LIMIT,
        le=DP_LIMIT,
        title="GM's adjustment",
        description="The GM's final say on the target DP (P-SOC-08).",
    ),
]


class PartySetup(Frozen):
    """A party as the GM declares it: its side, its goal, and its target DP's makings."""

    side: str = side_field(min_length=1, max_length=40, title="Side")
    goal: str = Field(
        default="", max_length=200, title="Goal", description="The stated goal, in words."
    )
    goal_kind: GoalKind = "debatable"
    party_size: PartySizeField = "comparable"
    recent_events: RecentEvents = 0
    gm_adjustment: GmAdjustment = 0


class StartSocial(Frozen):
    """The GM declares a social encounter: its time scale first (P-SOC-02)."""

    time_scale: TimeScale = Field(
        default="short",
        title="Time scale",
        description="How long a round lasts: short about a minute, medium a handful of "
        "minutes, hourly an hour, daily four hours or more (P-SOC-02).",
    )
    round_seconds: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        title="Round length (seconds)",
        description="A round's maximum duration, in seconds (G-P-23); default: the scale's.",
    )
    length: Length = Field(
        default="average", title="Length", description="P-SOC-09: rounds to beat the DP."
    )
    opposition: Opposition = Field(
        default="active",
        title="Opposition",
        description="Active: both parties pursue a goal, each with a target DP; passive: "
        "one party petitions, and only it has a target DP (P-SOC-05).",
    )
    petitioner: str | None = side_field(
        default=None,
        max_length=40,
        title="Petitioning side",
        description="Passive opposition: the side petitioning (the only one with a target "
        "DP); default: the first party.",
    )
    parties: tuple[PartySetup, ...] = Field(
        default=(),
        max_length=2,
        title="Parties",
        description="The two parties; default: one per side, in the order they joined "
        "(the first the petitioner when the opposition is passive).",
    )
    turn_modifiers: dict[
        Annotated[ActorId, actor_field()], Annotated[int, Field(ge=-PERCENT, le=PERCENT)]
    ] = Field(
        default_factory=dict,
        title="Turn order modifiers",
        json_schema_extra={  # the words of a form's rows (pydantic drops a key's title)
            "propertyNames": {"format": ACTOR_FORMAT, "title": "Character"},
            "additionalProperties": {
                "type": "integer",
                "minimum": -PERCENT,
                "maximum": PERCENT,
                "title": "Modifier",
            },
        },
        description="P-SOC-11: the GM's turn order modifiers (+10 in one's own great hall).",
    )

    @model_validator(mode="after")
    def _sides_once(self) -> StartSocial:
        sides = [party.side for party in self.parties]
        if len(set(sides)) != len(sides):
            raise ValueError(f"a side is named twice among the parties: {', '.join(sides)}")
        return self


class RuleTarget(Frozen):
    """The GM rules a party's target DP anew (P-SOC-08: the final say); what was argued
    down stays argued down."""

    side: str = side_field(min_length=1, max_length=40, title="Party's side")
    goal_kind: GoalKind = "debatable"
    party_size: PartySizeField = "comparable"
    recent_events: RecentEvents = 0
    gm_adjustment: GmAdjustment = 0


class GmGrudge(Frozen):
    """The GM uses a grudge: -20% to a character's next roll (P-SOC-22)."""

    combatant: ActorId = actor_field()
    reason: str = Field(default="", max_length=200)


Quality: TypeAlias = Literal["weak", "fair", "strong"]
Position: TypeAlias = Literal["weakness", "even", "superiority"]


class Persuading(Who):
    """A roll under a Persuasion specialization (or another ability) and the modifiers the
    GM grants the argument (P-ARG-02)."""

    specialization: str = Field(
        default="negotiation",
        min_length=1,
        max_length=60,
        description="negotiation, intimidation, fast_talk, charm, or another ability.",
    )
    skill: str | None = Field(
        default=None,
        min_length=1,
        max_length=60,
        description="The ability on the sheet; default: the specialization's skill.",
    )
    arguments: Quality = Field(default="fair", description="Weak -20%, strong +20%.")
    roleplaying: bool = Field(default=False, description="Good roleplaying: +20%.")
    position: Position = Field(default="even", description="Weakness -20%, superiority +20%.")
    position_of_force: bool = Field(
        default=False, description="P-SOC-03: Intimidation at Medium or longer needs one."
    )
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT, description="Any other, the GM's.")


class Argue(Persuading):
    """Argue (P-SOC-17): only the party's turn speaker; rolled at the end of the round."""


class AdHominem(Persuading):
    """Ad-Hominem Attack (P-SOC-14): social damage to an interlocutor's personal DP."""

    interlocutor: ActorId


class Provoke(Persuading):
    """Provoke (P-SOC-21): push an interlocutor's buttons through a named trait."""

    interlocutor: ActorId
    trait: str = Field(min_length=1, max_length=60, description="A passion or trait of theirs.")
    reaction: str = Field(default="", max_length=200, description="How they should react.")


class SocialAbility(Who):
    """Ability Use (P-SOC-13): a goal, an ability, the stakes; perhaps opposed."""

    skill: str = SkillName
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT)
    goal: str = Field(default="", max_length=200)
    opposed_by: ActorId | None = None
    opposed_skill: str | None = Field(default=None, min_length=1, max_length=60)


class Appeal(Who):
    """Appeal for Time (P-SOC-15): an ability, and how it gets more time."""

    skill: str = SkillName
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT)
    justification: str = Field(default="", max_length=200)


class SocialHelp(Who):
    """Help (P-SOC-18): an ability used for another character, the turn speaker perhaps."""

    ally: ActorId
    skill: str = SkillName
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT)


class Identify(Who):
    """Identify Motivations (P-SOC-19): Insight on an interlocutor."""

    interlocutor: ActorId
    skill: str = Field(default="Insight", min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT)


class Investigate(Who):
    """Investigate (P-SOC-20): an errand against the GM's opposition rating."""

    skill: str = Field(default="Insight", min_length=1, max_length=60)
    modifier: int = Field(default=0, ge=-PERCENT, le=PERCENT)
    opposition: int = Field(
        default=60, ge=0, le=1000, description="The GM's: generally between 40% and 80%."
    )
    errand: str = Field(default="", max_length=200)


class UseFavor(Who):
    """Use Favor or Grudge (P-SOC-22): +20% to another character's next roll, or -20% to
    the opposing turn speaker's Argue."""

    favor: str = Field(min_length=1, max_length=60, description="A favor or grudge it holds.")
    ally: ActorId | None = Field(
        default=None, description="Who gets +20%; none: -20% to the opposing turn speaker."
    )


class SocialCast(Who):
    """Cast Magic in a social encounter (P-SOC-23): a free action; only a spell lasting
    two-thirds of a round is effective (P-SOC-04)."""

    spell: str = Field(min_length=1, max_length=80)
    duration_seconds: int = Field(ge=0, le=10_000_000, description="How long the spell lasts.")
    magic_points: int = Field(default=0, ge=0, le=1000)
    target: ActorId | None = None
    skill: str | None = Field(default=None, description="Default: a POW roll.")


class SocialPassion(Who):
    """Use Passion (P-SOC-24): once per social encounter, for a scene augment."""

    passion: str = Field(min_length=1, max_length=60)
