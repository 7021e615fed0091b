"""The action catalogue: every tree's Macro check, Micro actions and Nano techniques.

Document 000, Chapters 9-14, as ``data/actions.yaml``: each action names its tree,
level, types (F-CORE-04), the pair of stats it rolls (F-CORE-03), its TN or the weapon
whose TN it uses, the tool it occupies (F-CORE-11) and, for the Micro actions this
ruleset plays, its effect. Techniques are data, so the next issue's Nano duels add
effects, not a second catalogue. :func:`allocation_counts` counts the stats the actions
name per tree and level: what the Designer Notes' stat-allocation tables are checked
against (G-F-45).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from pydantic import Field, field_validator, model_validator

from tablekeeper.engine import fast_paths
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import UnknownNameError
from tablekeeper.rulesets.fractal.stats import STATS, Stat

Tree: TypeAlias = Literal["social", "magic", "combat", "dancing", "art", "cooking"]
TREES: tuple[str, ...] = ("social", "magic", "combat", "dancing", "art", "cooking")
Level: TypeAlias = Literal["macro", "micro", "nano"]
LEVELS: tuple[str, ...] = ("macro", "micro", "nano")
ActionType: TypeAlias = Literal[
    "proactive", "reactive", "neutral", "special", "utility", "action", "technique"
]
Tool: TypeAlias = Literal["voice", "writing", "spell", "weapon", "body", "both_hands", "none"]
TnSource: TypeAlias = Literal[
    "fixed", "weapon", "weapon_cut", "weapon_thrust", "parry", "weapon_parry", "incoming_spell"
]
EffectKind: TypeAlias = Literal[
    "inflict", "defend", "grant", "share", "move", "naturalism", "sustain", "craft"
]


class Effect(Frozen):
    """What a Micro action does, read by the encounter engine."""

    kind: EffectKind
    table: str | None = Field(default=None, description="A Micro table id, or 'generic'.")
    polarity: Literal["negative", "positive", "choose"] = "negative"
    kinds: tuple[str, ...] = Field(default=(), description="Generic kinds to choose from.")
    area: Literal["never", "always", "at_area_tn"] = "never"
    area_tn: int | None = None
    terrain: tuple[str, ...] = Field(default=(), description="Scene elements it may create.")
    sustained_terrain: bool = False
    mindless_immune: bool = False
    against: tuple[Tree, ...] = Field(default=(), description="What a defense defends.")
    defends: tuple[Tree, ...] = Field(default=(), description="A dual action's defense.")
    in_absentia: bool = False
    arms_length: bool = False
    assisted: bool = False
    condition: str | None = None
    to: Literal["self", "allies", "target"] = "target"
    count: Literal["one", "oratory_audience", "successes"] = "one"
    by: Literal["successes", "margin"] = "successes"

    @model_validator(mode="after")
    def _area_tn_means_area(self) -> Effect:
        if self.area_tn is not None and self.area == "never":
            return self.model_copy(update={"area": "at_area_tn"})
        return self


class MacroDef(Frozen):
    """A tree's Macro check: the pair of stats it uses."""

    stats: tuple[Stat, Stat]
    rule: str


class TreeDef(Frozen):
    """A skill tree (Chapters 9-14)."""

    id: Tree
    name: str
    macro: MacroDef


class ActionDef(Frozen):
    """One action or technique of the catalogue."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    tree: Tree
    level: Level
    skill: str | None = Field(default=None, description="A technique's Micro skill.")
    types: tuple[ActionType, ...] = Field(min_length=1)
    stats: tuple[Stat, ...] = Field(max_length=2)
    tn: int = Field(default=4, ge=1, le=20, description="The TN (4 unless stated).")
    tn_source: TnSource = "fixed"
    tn_offset: int = 0
    tool: Tool = "none"
    ranged: bool = False
    speaking: bool = False
    metamagic: bool = False
    rank_caps_dice: bool = False
    solo_only: bool = False
    zone: str | None = None
    area_tn: int | None = None
    trigger: str | None = None
    effect: Effect | None = None
    rule: str = Field(min_length=1)
    provisional: bool = False

    @model_validator(mode="after")
    def _well_formed(self) -> ActionDef:
        if len(set(self.stats)) != len(self.stats):
            raise ValueError(f"{self.id}: a stat pair names two stats")
        if self.level == "micro" and self.effect is None:
            raise ValueError(f"{self.id}: a Micro action has an effect")
        if self.level == "nano" and self.skill is None:
            raise ValueError(f"{self.id}: a Nano technique names its Micro skill")
        if self.level == "micro" and len(self.stats) != 2:
            raise ValueError(f"{self.id}: a Micro action rolls one of two stats")
        return self

    @property
    def primary_type(self) -> ActionType:
        """The first of its types: what it is when declared on its own."""
        return self.types[0]

    def is_(self, kind: ActionType) -> bool:
        """Whether the action may be used as ``kind`` (a dual type counts for both)."""
        return kind in self.types

    @property
    def is_spell(self) -> bool:
        """A spell counts against the spells per Beat and needs a tool; metamagic does not
        (F-MAGIC-GEN-02 .. -04)."""
        return self.tool == "spell" and not self.metamagic


class ActionCatalogue(Frozen):
    """``actions.yaml``: the six trees and every action, each id once."""

    schema_version: Literal[1] = 1
    source: str = ""
    trees: tuple[TreeDef, ...]
    actions: tuple[ActionDef, ...]

    @field_validator("trees")
    @classmethod
    def _six_trees(cls, trees: tuple[TreeDef, ...]) -> tuple[TreeDef, ...]:
        if sorted(tree.id for tree in trees) != sorted(TREES):
            raise ValueError(f"the trees are {', '.join(TREES)}")
        return trees

    @field_validator("actions")
    @classmethod
    def _ids_once(cls, actions: tuple[ActionDef, ...]) -> tuple[ActionDef, ...]:
        ids = [action.id for action in actions]
        twice = sorted({name for name in ids if ids.count(name) > 1})
        if twice:
            raise ValueError(f"actions listed twice: {', '.join(twice)}")
        micro = {(a.tree, a.id) for a in actions if a.level == "micro"}
        for action in actions:
            if action.level == "nano" and (action.tree, action.skill) not in micro:
                raise ValueError(f"{action.id}: no Micro skill {action.skill!r} in {action.tree}")
        return actions

    def tree(self, tree_id: str) -> TreeDef:
        """The tree named ``tree_id``."""
        for tree in self.trees:
            if tree.id == tree_id:
                return tree
        raise UnknownNameError(f"no skill tree {tree_id!r}; the trees are {', '.join(TREES)}")

    def action(self, action_id: str) -> ActionDef:
        """The action named ``action_id`` (found by its index, built once per catalogue,
        on the fast paths: ``engine/fast_paths.py``)."""
        if fast_paths.enabled():
            found = _index(self).get(action_id)
            if found is not None:
                return found
        else:
            for action in self.actions:
                if action.id == action_id:
                    return action
        raise UnknownNameError(
            f"no action {action_id!r} in the catalogue (see actions.yaml)", field="action"
        )

    def of(self, tree: str, level: str) -> tuple[ActionDef, ...]:
        """The actions of ``tree`` at ``level``, in catalogue order."""
        return tuple(a for a in self.actions if a.tree == tree and a.level == level)


_INDEXES: dict[int, tuple[ActionCatalogue, dict[str, ActionDef]]] = {}
"""By the identity of a catalogue (held here, so it is not reused): its actions by id."""

_INDEXES_KEPT = 64


def _index(catalogue: ActionCatalogue) -> dict[str, ActionDef]:
    """``catalogue``'s actions by id (ids are unique: ``_ids_once``), built once."""
    known = _INDEXES.get(id(catalogue))
    if known is not None and known[0] is catalogue:
        return known[1]
    index = {action.id: action for action in catalogue.actions}
    if len(_INDEXES) >= _INDEXES_KEPT:
        _INDEXES.clear()
    _INDEXES[id(catalogue)] = (catalogue, index)
    return index


def allocation_counts(catalogue: ActionCatalogue, tree: str) -> dict[Stat, tuple[int, int, int]]:
    """How many Macro, Micro and Nano actions of ``tree`` name each stat (the Designer
    Notes' "stat action allocations")."""
    macro = catalogue.tree(tree).macro.stats
    counts: dict[Stat, tuple[int, int, int]] = {}
    for stat in STATS:
        micro = sum(stat in a.stats for a in catalogue.of(tree, "micro"))
        nano = sum(stat in a.stats for a in catalogue.of(tree, "nano"))
        counts[stat] = (int(stat in macro), micro, nano)
    return counts
