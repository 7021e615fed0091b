"""The state of a ``fractal`` encounter: characters, conflicts, what a decision awaits.

Document 000. A :class:`Character` carries its stat dice (F-CORE-01, F-CORE-02), Ranks
(F-CORE-10; NPC defaults, F-GM-03), its Action Pool (current and temporary AP, F-CORE-07,
G-F-33), its tools (F-CORE-11), armor, and its healing checklist in place of HP
(F-COND-01, F-DOWN-02). A :class:`Conflict` is a scope of the encounter: its level,
tree, time scale, scene elements, participants (with their side, which a flip changes)
and clock. The catalogue is not stored: :attr:`FractalState.house_rules` rebuilds it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import Field, model_validator

from tablekeeper.engine.values import GM, ActorId, Frozen, JsonObject
from tablekeeper.rulesets.fractal.actions import Tree
from tablekeeper.rulesets.fractal.catalogue import Catalogue, catalogue_for
from tablekeeper.rulesets.fractal.encounter.duel import Duel
from tablekeeper.rulesets.fractal.healing import ConditionEntry
from tablekeeper.rulesets.fractal.options import FractalOptions
from tablekeeper.rulesets.fractal.scene import SceneElement
from tablekeeper.rulesets.fractal.stats import STATS, DieSize, Stat, step
from tablekeeper.rulesets.fractal.timescale import TimeScale

Id = Field(min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_-]+$")
GOLDEN_HOUR_SECONDS = 3600
"""The Golden Hour: one hour from falling to wounds (F-COND-20)."""

MAX_SPIRITS = 3
"""Major antagonists have 1-3 Spirits (F-GM-06)."""

NPC_MAX_RANK = 5
"""An NPC's Rank in its skills: 1 to 5 (F-GM-03)."""

NPC_MAX_SKILLS = 2
"""An NPC has a Rank in 1 or 2 specific skills (F-GM-03)."""


class Tool(Frozen):
    """An item held in a hand (F-CORE-11): a weapon, a shield, an Arcane Focus..."""

    id: str = Id
    kind: Literal["weapon", "shield", "focus", "brushes", "kitchen", "writing", "other"]
    name: str = ""
    tn: int | None = Field(default=None, ge=1, le=20, description="The weapon's TN (4 if none).")
    parry_tn: int | None = Field(default=None, ge=1, le=20)
    cut_tn: int | None = Field(default=None, ge=1, le=20, description="Cut's TN (else tn).")
    thrust_tn: int | None = Field(default=None, ge=1, le=20, description="Thrust's (else tn).")
    damage: Literal["slashing", "piercing", "bludgeoning"] | None = Field(
        default=None, description="Its damage rider (F-COMBAT-NANO-01; by the attack if none)."
    )
    reload: int = Field(default=0, ge=0, le=20, description="Its reload requirement.")
    strapped: bool = Field(default=False, description="Strapped to the body: Beat cannot drop it.")
    hands: Literal[1, 2] = 1


class CharacterSpec(Frozen):
    """A character as the GM adds it: a stored sheet is this without its ``id``.

    A player character has all eight stats; an NPC has two or three (F-GM-01) and its
    AP from its two highest (F-GM-02), a Rank of 1-5 in one or two skills and 0 elsewhere
    (F-GM-03). A minion leaves a Micro conflict at its first successful attack or
    negative condition (F-GM-04). ``conditions`` is the healing checklist it brings from
    the campaign (campaign.py)."""

    id: str = Id
    name: str | None = Field(default=None, max_length=80)
    side: str = Field(min_length=1, max_length=40)
    kind: Literal["pc", "npc"] = "pc"
    minion: bool = False
    stats: dict[Stat, DieSize] = Field(min_length=1)
    reduced: dict[Stat, int] = Field(default_factory=dict, description="Die sizes lost.")
    ranks: dict[str, int] = Field(default_factory=dict, description="Skill (or tree) -> Rank.")
    tools: tuple[Tool, ...] = ()
    voice_free: bool = True
    armor: int = Field(
        default=0, ge=0, le=999, description="Physical armor (Combat; no value is given)."
    )
    social_armor: int = Field(
        default=0, ge=0, le=20, description="0 peers, 4 your boss, 8 your head of state."
    )
    spirits: tuple[str, ...] = Field(default=(), max_length=MAX_SPIRITS)
    support_network: tuple[str, ...] = ()
    mindless: bool = False
    gifts: tuple[str, ...] = Field(
        default=(), description="Gifts, recorded (magic's 8-point Gift: F-MAGIC-GEN-01, G-F-36)."
    )
    instincts: tuple[str, ...] = Field(
        default=(),
        max_length=20,
        description='Instincts, recorded; "resist_mental" resists mentalism (F-MAGIC-NANO-11).',
    )
    conditions: tuple[ConditionEntry, ...] = ()

    @model_validator(mode="after")
    def _a_sheet_the_rules_allow(self) -> CharacterSpec:
        if self.id == GM:
            raise ValueError(f"{GM!r} is the GM's id, not a character's")
        if self.kind == "pc" and set(self.stats) != set(STATS):
            missing = [s.value for s in STATS if s not in self.stats]
            raise ValueError(f"a player character has all eight stats (missing {missing})")
        if self.kind == "npc":
            if len(self.stats) < 2:
                raise ValueError("an NPC has at least two stats: its AP is their sum (F-GM-02)")
            ranked = {skill: rank for skill, rank in self.ranks.items() if rank}
            if len(ranked) > NPC_MAX_SKILLS:
                raise ValueError("an NPC has a Rank in 1 or 2 specific skills (F-GM-03)")
            if any(not 1 <= rank <= NPC_MAX_RANK for rank in ranked.values()):
                raise ValueError("an NPC's Rank is 1 to 5 (F-GM-03)")
        if sum(tool.hands for tool in self.tools) > 2:
            raise ValueError("two hands hold at most two one-handed items (F-COMBAT-GEN-01)")
        for stat, steps in self.reduced.items():
            if stat not in self.stats or steps < 0:
                raise ValueError(f"{stat.value} cannot be reduced by {steps}")
        if self.kind == "pc" and self.minion:
            raise ValueError("a minion is an NPC (F-GM-04)")
        return self


class TempAp(Frozen):
    """Temporary AP (G-F-33): above the maximum, spent first, for what its source allows,
    gone at the end of the scene."""

    amount: int = Field(ge=1)
    use: Literal["any", "proactive", "magical_or_proactive", "social_entry"] = "any"
    source: str


class ActiveSpell(Frozen):
    """A spell in play that Sustain Spell maintains (F-MAGIC-MICRO-08): what it keeps up."""

    id: str
    action: str
    conflict: str
    conditions: tuple[tuple[str, str], ...] = Field(
        default=(), description="(character, condition id) it granted."
    )
    suppressed: tuple[tuple[str, str], ...] = ()
    element: int | None = Field(default=None, description="The scene element it made.")
    successes: int = Field(default=0, description="Its original success total (Dispel).")
    target: str | None = Field(
        default=None, description="Whom an ongoing spell is on (Shift Form, Scry: G-F-N8)."
    )
    withered: tuple[tuple[str, Stat, int], ...] = Field(
        default=(), description="(character, stat, die sizes) Wither took (F-MAGIC-NANO-14)."
    )
    decayed: tuple[tuple[str, str], ...] = Field(
        default=(), description="(carrier, item) Accelerate Decay made unusable (F-MAGIC-NANO-17)."
    )


LifeState = Literal["up", "bleeding_out", "unconscious", "dead"]


class Character(Frozen):
    """A character in the encounter."""

    spec: CharacterSpec
    ap: int = Field(ge=0)
    temporary: tuple[TempAp, ...] = ()
    conditions: tuple[ConditionEntry, ...] = ()
    conflict: str | None = Field(default=None, description="The conflict it is in now.")
    life: LifeState = "up"
    golden_hour_left: int | None = Field(default=None, description="Seconds left to dress.")
    to_dress: tuple[str, ...] = Field(default=(), description="Conditions the Hour waits on.")
    spells: tuple[ActiveSpell, ...] = ()
    reduced: dict[Stat, int] = Field(default_factory=dict)
    numbered: int = Field(default=0, description="Conditions numbered so far (their ids).")
    spells_started: int = 0

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def name(self) -> str:
        return self.spec.name or self.spec.id.replace("_", " ").capitalize()

    @property
    def stats(self) -> dict[Stat, int]:
        """Each stat's die now: its size less the sizes it lost (F-CORE-02)."""
        return {
            stat: step(size, -self.reduced.get(stat, 0)) for stat, size in self.spec.stats.items()
        }

    def die(self, stat: Stat) -> int:
        """The size of ``stat``'s die now (0 for a stat it lacks or lost)."""
        size = self.spec.stats.get(stat)
        if size is None:
            return 0
        lost = self.reduced.get(stat, 0)
        return step(size, -lost) if lost else size

    def rank(self, skill: str, tree: str | None = None, stat: Stat | None = None) -> int:
        """Its Rank in ``skill`` (or its tree); 0 for everything else (F-GM-03); a meal's
        "+2 Rank to Body actions" adds to actions rolling that stat (G-F-44)."""
        ranks = self.spec.ranks
        base = ranks.get(skill, ranks.get(tree, 0) if tree else 0)
        bonus = sum(
            entry.rank_bonus.get(stat.value, 0)
            for entry in self.conditions
            if stat is not None and not entry.pending and not entry.suppressed
        )
        return base + bonus

    @property
    def temporary_total(self) -> int:
        return sum(item.amount for item in self.temporary)

    def condition(self, condition_id: str) -> ConditionEntry | None:
        return next((c for c in self.conditions if c.id == condition_id), None)


Out = Literal["removed", "flipped", "fallen", "performance_over", "minion_removed", "left", "dead"]


class Participant(Frozen):
    """A character's place in one conflict."""

    id: str
    side: str
    out: Out | None = None
    turn_over: bool = False
    tools_used: dict[str, str] = Field(default_factory=dict, description="Tool -> action.")
    spells_cast: int = 0
    bonus_dice: int = 0
    shared_from: tuple[str, ...] = Field(default=(), description="Troupe, until the refresh.")
    position: tuple[int, int] | None = None
    zone: str | None = None
    routine_armor: dict[str, int] = Field(default_factory=dict)

    @property
    def in_play(self) -> bool:
        return self.out is None


class Project(Frozen):
    """A Solo conflict's project (G-F-05)."""

    character: str
    goal: int = Field(ge=1)
    techniques: tuple[str, ...] = Field(min_length=1)
    intervals: int = Field(ge=1)
    successes: dict[str, int] = Field(default_factory=dict)
    output: str | None = Field(default=None, description="An output condition id (Well Fed...).")
    heals: str | None = Field(default=None, description="A condition the project removes.")
    intervals_rolled: int | None = Field(default=None, description="The Meditation die's roll.")
    downtime: bool = False
    result: Literal["success", "failure"] | None = None
    served: bool = False

    @property
    def total(self) -> int:
        return sum(self.successes.values())

    def covered(self) -> bool:
        """Every declared technique earned at least one success."""
        return all(self.successes.get(t, 0) >= 1 for t in self.techniques)


Phase = Literal["refresh", "sustain", "turns", "ended"]


class Conflict(Frozen):
    """One conflict: a Micro conflict, a Solo project or a Macro scene."""

    id: str = Id
    title: str = ""
    level: Literal["micro", "nano", "solo", "macro"]
    tree: Tree
    setting: str | None = None
    time: TimeScale
    participants: dict[str, Participant] = Field(default_factory=dict)
    scene_elements: tuple[SceneElement, ...] = ()
    step: int = Field(default=0, ge=0, description="The Exchange (Micro) or Interval (Solo).")
    phase: Phase = "refresh"
    turn: int = 0
    turn_started: bool = False
    turn_effects: int = Field(default=0, description="Scene elements checked this turn start.")
    sustain_queue: tuple[str, ...] = ()
    time_limit: int | None = Field(default=None, ge=1, description="Exchanges (F-DANCE-GEN-04).")
    project: Project | None = None
    ended: str | None = None
    winner: str | None = None
    concessions: tuple[str, ...] = Field(default=(), description="Bosses asked to concede.")
    elapsed_seconds: Fraction = Fraction(0)
    duel: Duel | None = Field(default=None, description="A Nano conflict's duel (G-F-07).")

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(self.participants)

    @property
    def current(self) -> str | None:
        """Whose turn it is (Micro), while turns are played."""
        if self.level != "micro" or self.phase != "turns" or self.turn >= len(self.participants):
            return None
        return self.order[self.turn]

    def sides(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for participant in self.participants.values():
            found.setdefault(participant.side, []).append(participant.id)
        return found

    def standing(self) -> dict[str, list[str]]:
        """Each side's participants still in play."""
        found: dict[str, list[str]] = {}
        for participant in self.participants.values():
            if participant.in_play:
                found.setdefault(participant.side, []).append(participant.id)
        return found


class PendingDefense(Frozen):
    """An attack waiting for its target's defense (F-CORE-05)."""

    conflict: str
    attacker: str
    target: str
    action: str
    successes: int = Field(description="The attack's success level before the defense.")
    dice: int
    remaining: tuple[str, ...] = Field(default=(), description="Further targets of an area.")
    polarity: Literal["negative", "positive"] = "negative"
    kind: str | None = None
    chosen_stat: str | None = None
    cleave: tuple[str, ...] = ()
    spell: str | None = None


class PendingSustain(Frozen):
    """A mage with spells in play at the refresh (F-MAGIC-MICRO-08)."""

    conflict: str
    mage: str


class PendingTurnStart(Frozen):
    """A Noxious or Hazardous space at the start of a turn (F-SCENE-10, F-SCENE-15)."""

    conflict: str
    character: str
    element: str
    severity: int


class PendingConcession(Frozen):
    """A boss whose whole support network is flipped (F-GM-09)."""

    conflict: str
    boss: str


Pending = PendingDefense | PendingSustain | PendingTurnStart | PendingConcession


class Awaiting(Frozen):
    """What the pending decision is about, tagged by kind (so it round-trips as JSON)."""

    defense: PendingDefense | None = None
    sustain: PendingSustain | None = None
    turn_start: PendingTurnStart | None = None
    concession: PendingConcession | None = None

    @property
    def about(self) -> Pending | None:
        return self.defense or self.sustain or self.turn_start or self.concession


class QueuedConflict(Frozen):
    """A duel of a Split Scene waiting for the one before it to end (F-GM-10)."""

    id: str
    title: str = ""
    level: Literal["micro", "nano"] = "nano"
    tree: Tree
    setting: str | None = None
    seats: tuple[tuple[str, str], ...] = Field(description="(character, side), in seat order.")


class FractalState(Frozen):
    """A ``fractal`` encounter."""

    options: FractalOptions = Field(default_factory=FractalOptions)
    house_rules: JsonObject | None = None
    characters: dict[str, Character] = Field(default_factory=dict)
    conflicts: dict[str, Conflict] = Field(default_factory=dict)
    awaiting: Awaiting = Field(default_factory=Awaiting)
    downtime_projects: tuple[str, ...] = Field(
        default=(), description="Characters with a Solo project this Downtime (F-DOWN-08)."
    )
    last_macro: dict[str, JsonObject] = Field(
        default_factory=dict, description="Character -> its last failed Macro check."
    )
    macros: int = Field(default=0, description="Macro checks rolled so far (their keys).")
    queued: tuple[QueuedConflict, ...] = Field(default=(), description="Split the Scene.")
    queued_after: str | None = Field(default=None, description="The duel they wait on.")

    @property
    def catalogue(self) -> Catalogue:
        return catalogue_for(self.house_rules)

    def character(self, key: str) -> Character:
        return self.characters[key]

    def conflict(self, key: str) -> Conflict:
        return self.conflicts[key]

    def open_conflicts(self) -> list[Conflict]:
        return [c for c in self.conflicts.values() if c.ended is None]

    def actor(self, key: str) -> ActorId:
        return ActorId(key)
