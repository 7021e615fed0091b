"""The tactical catalogue: skill tags, conditions and skills as data, validated at load.

Document 004 is a skills chapter: a skill has a type, a target and tags, most have
effects and a defense value granted or paid (S-GEN-01). ``data/tags.yaml`` holds every
tag with its cunning options (S-CUN-02, S-ELEM-01..19) and the flags the engine reads,
``data/conditions.yaml`` every condition the document names (G-S-02) and
``data/skills.yaml`` the 10 universal skills (G-S-01) and the scenarios' skills. Whatever
the document only names is marked ``provisional`` and is a GM's to replace: house rules
are a mapping of the same shape laid over the packaged one (:func:`load_catalogue`), and
the whole catalogue is checked together (a skill naming an unknown tag or condition, an
attack without threat or yield, a reaction without trigger, is a load error naming it).
The catalogue travels in the encounter state, so a replay plays by the one it was
played with.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Annotated, Any, Literal, TypeAlias

import yaml
from pydantic import ConfigDict, Field, model_validator

from tablekeeper.engine.values import Frozen
from tablekeeper.rulesets.common.tables import packaged_text, parse_table
from tablekeeper.rulesets.tactical.dice import parse_dice

PACKAGE = "tablekeeper.rulesets.tactical"

Track: TypeAlias = Literal["poise", "momentum", "focus"]
"""The three defense pools, which are also the three damage types (S-TGT-05, S-TGT-06)."""

TRACKS: tuple[Track, ...] = ("poise", "momentum", "focus")

Defense: TypeAlias = Literal["yield", "block", "dodge", "predict"]
"""A target's answer to an attack: take the yield, or pay the threat from a pool."""

DEFENSE_TRACK: dict[str, Track] = {"block": "momentum", "dodge": "poise", "predict": "focus"}
"""Block pays momentum, dodge poise, predict focus (G-S-03)."""

SkillType: TypeAlias = Literal["action", "maneuver", "reaction", "passive", "other"]
"""The five types (S-TYPE-01)."""

TargetKind: TypeAlias = Literal["personal", "melee", "ranged", "line", "blast"]
"""The five targets (S-TGT-08 .. S-TGT-13)."""

Delivery: TypeAlias = Literal["melee", "thrown", "ranged", "line", "blast"]
"""How an attack reaches its target: melee and thrown add brawn (S-TGT-06, S-TAG-06)."""

BlastVariant: TypeAlias = Literal["central", "point_blank", "within_range"]
"""Where a blast may be centred (S-TGT-14, G-S-09)."""

To: TypeAlias = Literal["target", "self", "companion"]


class _Entry(Frozen):
    name: str = Field(min_length=1, max_length=80)
    rule: str = ""
    provisional: bool = Field(
        default=True, description="Not defined by the document: a default, see the rulings."
    )
    note: str = ""


class ConditionEffect(Frozen):
    """Apply a condition (S-TAG-24: never to a character immune to it)."""

    type: Literal["condition"]
    condition: str
    to: To = "target"
    while_concentrating: bool = Field(
        default=False, description="Ends when the user's concentration ends (S-CONC-05)."
    )


class RemoveConditionEffect(Frozen):
    """Remove one non-persistent condition (S-ELEM-01, S-ELEM-09)."""

    type: Literal["remove_condition"]
    to: To = "target"


class DamageEffect(Frozen):
    """Extra damage to a pool (slashing, piercing, blunt cunning effects)."""

    type: Literal["damage"]
    track: Track
    amount: int = Field(ge=0)


class MoveEffect(Frozen):
    """The user may move this many paces."""

    type: Literal["move"]
    paces: int = Field(ge=0)


class ShoveEffect(Frozen):
    """The target is shoved this many paces away from the user."""

    type: Literal["shove"]
    paces: int = Field(ge=0)


class FlagEffect(Frozen):
    """An effect the engine applies by name: ignore the target's armor, take or knock away
    its weapon, a companion's extra maneuver, interrupt its concentration."""

    type: Literal["ignore_armor", "take_weapon", "disarm", "companion_maneuver", "interrupt"]


class NoteEffect(Frozen):
    """An effect for the GM to carry out, in words."""

    type: Literal["note"]
    text: str


Effect: TypeAlias = Annotated[
    ConditionEffect
    | RemoveConditionEffect
    | DamageEffect
    | MoveEffect
    | ShoveEffect
    | FlagEffect
    | NoteEffect,
    Field(discriminator="type"),
]


class CunningOption(Frozen):
    """One choice a cunning effect may take (S-CUN-02)."""

    id: str = Field(min_length=1)
    label: str = Field(min_length=1)
    effects: tuple[Effect, ...] = ()


INTERRUPT = CunningOption(
    id="interrupt",
    label="interrupt the target's concentration",
    effects=(FlagEffect(type="interrupt"),),
)
"""Always a cunning-effect option (S-CONC-03, S-CUN-02)."""


class TagDef(_Entry):
    """A skill tag: its flags and its cunning options."""

    provisional: bool = False
    cunning: tuple[CunningOption, ...] = ()
    careful: bool = False
    slow: bool = False
    bare_handed: bool = False
    uncounted: bool = Field(default=False, description="Not counted in a fighting style.")
    adds_brawn: bool = False
    lands_near_target: bool = False
    forbids: Literal["block", "dodge", "predict"] | None = None
    stealthy: bool = False
    tier: Literal["basic", "novice", "expert", "master", "grandmaster"] | None = None
    exclusive_class: str | None = None
    berserk: bool = False
    permanent: bool = False
    ineffective_on: str | None = None


class ConditionDef(_Entry):
    """A condition and its (provisional) effect (G-S-02)."""

    temporary: bool = False
    persistent: bool = False
    effect: str = ""
    no_gain: tuple[Track, ...] = ()
    boons_against: int = Field(default=0, ge=0)
    banes_against: int = Field(default=0, ge=0)
    boons_on_own: int = Field(default=0, ge=0)
    banes_on_own: int = Field(default=0, ge=0)
    no_bonus_movement: bool = False
    blocks_skills: tuple[str, ...] = ()
    cannot_act: bool = False
    cannot_see: bool = False
    cannot_hear: bool = False


class DefenseValue(Frozen):
    """A skill's defense: ``amount`` > 0 grants that much, < 0 costs it (S-DEF-01/02)."""

    track: Track
    amount: int


class YieldDef(Frozen):
    """An attack's yield: damage dice and the pool they strike (S-TGT-06)."""

    dice: str
    track: Track

    @model_validator(mode="after")
    def _dice_parse(self) -> YieldDef:
        parse_dice(self.dice)
        return self


class SkillDef(_Entry):
    """A skill (S-GEN-01)."""

    type: SkillType
    target: TargetKind | None = None
    kind: Literal["attack", "utility"] = "utility"
    tags: tuple[str, ...] = ()
    defense: DefenseValue | None = None
    threat: int | None = Field(default=None, ge=0)
    yield_: YieldDef | None = Field(default=None, alias="yield")
    effects: tuple[Effect, ...] = ()
    concentration: bool = False
    duration: int | None = Field(default=None, ge=2, description="Turns, for 'other' skills.")
    trigger: str | None = None
    range: int = Field(default=0, ge=0)
    radius: int = Field(default=0, ge=0)
    blast: BlastVariant = "within_range"
    move: int = Field(default=0, ge=0, description="The skill's own movement, in paces.")
    weapon: str | None = None
    two_handed: bool = False
    armor: int = Field(default=0, ge=0, description="A passive's armor bonus.")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _shape(self) -> SkillDef:
        if self.type == "passive":
            if self.target is not None:
                raise ValueError("a passive skill has no target (S-TGT-01)")
        elif self.target is None:
            raise ValueError("every non-passive skill has a target (S-TGT-01)")
        if self.kind == "attack" and (self.threat is None or self.yield_ is None):
            raise ValueError("an attack has a threat and a yield (S-TGT-04)")
        if self.kind == "attack" and self.target == "personal":
            raise ValueError("a personal skill cannot be an attack (S-TGT-04, S-TGT-08)")
        if self.type == "reaction" and not self.trigger:
            raise ValueError("a reaction has a trigger (S-TYPE-08)")
        if self.type == "other" and self.duration is None:
            raise ValueError("an 'other' skill states how many turns it takes (S-TYPE-10)")
        if self.type == "other" and not self.concentration:
            raise ValueError("an 'other' skill needs concentration for its duration (S-TYPE-10)")
        if self.target == "ranged" and self.range < 1:
            raise ValueError("a ranged skill states its range (S-TGT-10)")
        return self

    @property
    def is_attack(self) -> bool:
        return self.kind == "attack"

    @property
    def delivery(self) -> Delivery:
        """How the attack is delivered, for the yield's brawn (thrown adds it too)."""
        if "thrown" in self.tags:
            return "thrown"
        if self.target is None or self.target == "personal":
            raise ValueError(f"{self.name} is not delivered to a target")
        return self.target


TRIGGERS = ("targeted", "ally_targeted", "declared")
"""Reaction triggers the engine opens: a character is the target of an attack, an ally
of it is, or the GM declares an event (the trigger's description says which)."""


class Catalogue(Frozen):
    """Tags, conditions and skills, checked together."""

    schema_version: Literal[1] = 1
    tags: dict[str, TagDef]
    conditions: dict[str, ConditionDef]
    skills: dict[str, SkillDef]

    @model_validator(mode="after")
    def _names_known(self) -> Catalogue:
        for key, definition in self.tags.items():
            for option in definition.cunning:
                self._check_effects(f"tags.{key}.cunning.{option.id}", option.effects)
        for key, skill in self.skills.items():
            for name in skill.tags:
                if name not in self.tags:
                    raise ValueError(f"skills.{key}: unknown tag {name!r}")
            self._check_effects(f"skills.{key}", skill.effects)
            if skill.trigger is not None and skill.trigger not in TRIGGERS:
                raise ValueError(f"skills.{key}: unknown trigger {skill.trigger!r}")
        for key, condition in self.conditions.items():
            for blocked in condition.blocks_skills:
                if blocked not in self.skills:
                    raise ValueError(f"conditions.{key}: blocks unknown skill {blocked!r}")
        return self

    def _check_effects(self, where: str, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            if isinstance(effect, ConditionEffect) and effect.condition not in self.conditions:
                raise ValueError(f"{where}: unknown condition {effect.condition!r}")

    def universal(self) -> tuple[str, ...]:
        """The universal skills' ids (S-UNI-01, S-TAG-11)."""
        return tuple(key for key, skill in self.skills.items() if "universal" in skill.tags)

    def cunning_options(self, tags: tuple[str, ...] | list[str]) -> tuple[CunningOption, ...]:
        """Every cunning option ``tags`` grant, then interrupting (S-CUN-02, S-CONC-03)."""
        found: list[CunningOption] = []
        for tag in tags:
            definition = self.tags.get(tag)
            for option in definition.cunning if definition else ():
                found.append(option.model_copy(update={"id": f"{tag}.{option.id}"}))
        return (*found, INTERRUPT)


def layer(base: Mapping[str, Any], house: Mapping[str, Any]) -> dict[str, Any]:
    """``house`` laid over ``base``: mappings merge key by key, anything else replaces."""
    merged = dict(base)
    for key, value in house.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = layer(merged[key], value)
        else:
            merged[key] = value
    return merged


@cache
def _packaged() -> dict[str, Any]:
    data: dict[str, Any] = {"schema_version": 1}
    for part in ("tags", "conditions", "skills"):
        loaded = yaml.safe_load(packaged_text(PACKAGE, f"{part}.yaml"))
        data[part] = loaded[part]
    return data


@cache
def _default() -> Catalogue:
    return parse_table(_packaged(), Catalogue, "catalogue")


def load_catalogue(house_rules: Mapping[str, Any] | None = None) -> Catalogue:
    """The packaged catalogue, with a GM's ``house_rules`` laid over it, checked whole."""
    if not house_rules:
        return _default()
    return parse_table(layer(_packaged(), house_rules), Catalogue, "catalogue")
