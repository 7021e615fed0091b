"""The state of a Nano duel: momentum per pair, the declaration steps, what each declared.

Document 000 names the pieces and never defines them (F-CORE-08, F-CORE-09, G-F-07):
Momentum that actions steal, seize or retain, The Drop that a Nano conflict returns to,
and a declaration in steps of which "Step 3" comes after an opponent declares a defense.
The ruling (docs/rulings.md, G-F-07): Momentum is held per pair of opponents (F-GM-11),
by one of them or by nobody (The Drop); a Beat is declared in four steps:

1. ``attack``: whoever holds the momentum of a pair (both, at The Drop) declares its
   proactive (or neutral) action, its target and zone, and the dice it commits;
2. ``defense``: whoever is attacked declares its reaction; it may also declare an
   action of its own (a simultaneous attack);
3. ``feint``: an attacker whose target declared a defense may Feint (or Motte and
   Bailey): a new proactive action, with dice added at 2 AP each;
4. ``resolve``: Stop Short first, then evasion and Block Open raise TNs, then Quick
   Step orders the attacks, then everything else is simultaneous.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.fractal.stats import Stat

DuelStep = Literal["attack", "defense", "feint", "resolve"]
STEPS: tuple[DuelStep, ...] = ("attack", "defense", "feint", "resolve")
"""The declaration steps of a Beat, in order (F-CORE-09, G-F-07)."""


def pair(a: str, b: str) -> str:
    """The key of a pair of opponents, the same whichever is named first (F-GM-11)."""
    first, second = sorted((a, b))
    return f"{first}|{second}"


class Declaration(Frozen):
    """What one character declared this Beat (every step's part of it)."""

    character: str
    target: str | None = None
    action: str | None = Field(default=None, description="A proactive or neutral technique.")
    dice: int = Field(default=0, ge=0)
    stat: Stat | None = None
    zone: str | None = None
    wrap: Literal["evasive_attack", "master_strike", "prebuttal", "dodge_the_question"] | None = (
        None
    )
    split: int = Field(default=0, ge=0, description="The evasion or parry pile's dice.")
    item: str | None = Field(default=None, description="Beat: the item; Cut Off: the skill.")
    area: bool = Field(default=False, description="A spell's TN 6 area form (F-MAGIC-NANO-06).")
    declared: int = Field(default=0, ge=0, description="Bombast: the successes it aims at.")
    defense: str | None = Field(default=None, description="A reactive technique.")
    defense_dice: int = Field(default=0, ge=0)
    defense_stat: Stat | None = None
    against: str | None = Field(default=None, description="The attacker it defends against.")
    assist: str | None = Field(default=None, description="Ward: the ally it adds dice to.")
    quick_step: int = Field(default=0, ge=0)
    craft: str | None = Field(default=None, description="A hybrid project's technique.")
    craft_dice: int = Field(default=0, ge=0)
    feint_from: str | None = Field(default=None, description="The action a Feint replaced.")
    feint_dice: int = Field(default=0, ge=0)


class Duel(Frozen):
    """A Nano conflict's own state (G-F-07)."""

    step: DuelStep = "attack"
    momentum: dict[str, str | None] = Field(
        default_factory=dict, description="Pair -> who holds the momentum; None: The Drop."
    )
    declared: dict[str, Declaration] = Field(default_factory=dict)
    done: tuple[str, ...] = Field(default=(), description="Who has declared this step.")
    uses: dict[str, int] = Field(
        default_factory=dict, description="user|technique|target -> uses this scene (G-F-43)."
    )
    locked: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="Items a character cannot use this Beat."
    )
    locked_next: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="Items it cannot use next Beat."
    )
    dropped: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    aimed: dict[str, str] = Field(default_factory=dict, description="Shooter -> target.")
    reload_saved: dict[str, int] = Field(default_factory=dict)
    loaded: tuple[str, ...] = ()
    bonus: dict[str, int] = Field(
        default_factory=dict, description="Bonus dice to the next offensive action."
    )
    drain: dict[str, int] = Field(
        default_factory=dict, description="AP lost at the next Beat (Bombast, G-F-23)."
    )
    tempo: dict[str, int] = Field(
        default_factory=dict, description="Interpret Tempo's bonus AP each Beat (G-F-28)."
    )
    room_read: tuple[str, ...] = Field(default=(), description="Who has Room Read (G-F-28).")
    synced: dict[str, int] = Field(
        default_factory=dict,
        description="Synchronized Movement: extra successes to its other actions this Beat.",
    )
    chain: dict[str, int] = Field(
        default_factory=dict, description="Cannon / Chain: the successes the chain adds."
    )
    overwatch: dict[str, int] = Field(
        default_factory=dict, description="Overwatch: shooter -> the last Beat it may Shoot."
    )
    ignored: dict[str, tuple[str, ...]] = Field(
        default_factory=dict, description="Reframe, Improvise: conditions ignored this Beat."
    )
    cut_off: dict[str, dict[str, int]] = Field(
        default_factory=dict, description="Character -> skill -> the last Beat it cannot use it."
    )

    def holder(self, a: str, b: str) -> str | None:
        """Who holds the momentum between ``a`` and ``b`` (None: The Drop)."""
        return self.momentum.get(pair(a, b))

    def uses_of(self, user: str, technique: str, target: str | None) -> int:
        return self.uses.get(f"{user}|{technique}|{target or ''}", 0)
