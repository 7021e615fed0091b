"""The catalogue of actions and reactions: ``data/actions.yaml``, validated at load.

Rules tables are data (ARCHITECTURE.md, idea 6): the triggering events the engine knows
(R-REACT-02, R-REACT-08, R-CPLX-02), movement, Support (R-STAB-01), the two treatments
(R-TREAT-01, R-TREAT-03), named actions and the reactions with their cooldowns
(R-REACT-04) are YAML. What the document only names is marked ``provisional``. A GM's
house rules are a second mapping of the same shape layered over the packaged one
(:func:`layer`); a reaction naming an unknown trigger is a load error. The catalogue
travels in the encounter state, so a replay uses the catalogue it was played with and a
GM override can change an entry (``catalogue.reactions.opportunity_attack.cooldown``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError, ValidationInfo, field_validator, model_validator

from tablekeeper.engine.values import Frozen, invalid_input
from tablekeeper.errors import InvalidInputError
from tablekeeper.rulesets.realtime.once import for_the_very

ACTIONS_FILE = "actions.yaml"

LEAVES_REACH = "leaves_reach"
"""A hostile's voluntary movement takes it out of a creature's reach (R-REACT-08)."""

COMPLEX_ACTION_COMPLETED = "complex_action_completed"
"""A hostile within reach completes a Complex Action (R-CPLX-02)."""

TreatmentLevel = Literal["light", "full"]
"""Removing Symptoms (R-TREAT-01) or Healing the Injury (R-TREAT-03)."""


class _Entry(Frozen):
    name: str = Field(min_length=1, max_length=80)
    provisional: bool = Field(
        default=False, description="Not defined by the document: a default, see the rulings."
    )
    note: str = ""


class TriggerDef(_Entry):
    """A kind of triggering event (R-REACT-02): detected by the engine or declared by the GM."""

    rule: str
    detected: bool = Field(description="The engine opens it itself; otherwise the GM declares it.")
    description: str = ""


class MovementDef(_Entry):
    """Voluntary movement: an action whose cost grows with the squares moved (G-R-01)."""

    cost_per_square: int = Field(ge=0)
    minimum_cost: int = Field(default=1, ge=1)
    physical: bool = True

    def cost(self, squares: int) -> int:
        """The A.P. cost of moving ``squares`` squares."""
        return max(self.minimum_cost, squares * self.cost_per_square)


class SupportDef(_Entry):
    """The Support action: stabilizes an unconscious creature on completion (G-R-02)."""

    cost: int = Field(ge=1)
    requires_reach: bool = True
    physical: bool = True


class TreatmentDef(_Entry):
    """A treatment of a critical injury, played as an action timed by its duration."""

    physical: bool = False


class ActionDef(_Entry):
    """A named action: its A.P. cost and whether it is Complex (R-CPLX-01)."""

    cost: int = Field(ge=1)
    complex: bool = False
    physical: bool = True

    @model_validator(mode="after")
    def _asterisk_marks_complex(self) -> ActionDef:
        if self.name.endswith("*") and not self.complex:
            raise ValueError(f"{self.name} is marked '*', so it is complex (R-CPLX-01)")
        return self


class ReactionDef(_Entry):
    """A Reaction (R-REACT-01): no A.P., its triggers, its shared cooldown (R-REACT-04)."""

    cooldown: int = Field(ge=0, description="Seconds of shared cooldown, from the trigger second.")
    triggers: tuple[str, ...] = Field(min_length=1)
    check: str | None = Field(
        default=None, description="The characteristic rolled with realtime.check when used."
    )
    complex: bool = False
    physical: bool = True


class Catalogue(Frozen):
    """Every action, reaction and trigger the encounter engine plays."""

    schema_version: Literal[1] = 1
    triggers: dict[str, TriggerDef]
    movement: MovementDef
    support: SupportDef
    treatments: dict[TreatmentLevel, TreatmentDef]
    actions: dict[str, ActionDef] = Field(default_factory=dict)
    reactions: dict[str, ReactionDef] = Field(default_factory=dict)

    @field_validator("triggers")
    @classmethod
    def _engine_triggers_defined(cls, triggers: dict[str, TriggerDef]) -> dict[str, TriggerDef]:
        for needed in (LEAVES_REACH, COMPLEX_ACTION_COMPLETED):
            if needed not in triggers:
                raise ValueError(f"the engine needs a {needed!r} trigger")
        return triggers

    @field_validator("treatments")
    @classmethod
    def _both_treatments(
        cls, treatments: dict[TreatmentLevel, TreatmentDef]
    ) -> dict[TreatmentLevel, TreatmentDef]:
        missing = [level for level in ("light", "full") if level not in treatments]
        if missing:
            raise ValueError(f"a {' and a '.join(missing)} treatment are needed")
        return treatments

    @field_validator("reactions")
    @classmethod
    def _triggers_known(
        cls, reactions: dict[str, ReactionDef], info: ValidationInfo
    ) -> dict[str, ReactionDef]:
        triggers = info.data.get("triggers") or {}
        for key, reaction in reactions.items():
            unknown = [name for name in reaction.triggers if name not in triggers]
            if unknown:
                raise ValueError(
                    f"{key}: no trigger named {', '.join(unknown)} (known: {', '.join(triggers)})"
                )
        return reactions

    def reactions_for(self, trigger_kind: str) -> tuple[str, ...]:
        """The ids of the reactions a ``trigger_kind`` event allows, in catalogue order
        (on the fast paths worked out once for the very catalogue: every offer and every
        reaction's check asks it, ``once.py``)."""

        def make() -> tuple[str, ...]:
            return tuple(
                key for key, item in self.reactions.items() if trigger_kind in item.triggers
            )

        return for_the_very(self, ("reactions for", trigger_kind), make)


def layer(base: Mapping[str, Any], house: Mapping[str, Any]) -> dict[str, Any]:
    """``house`` laid over ``base``: mappings merge key by key, anything else replaces.

    >>> layer({"reactions": {"oa": {"cooldown": 8, "name": "OA"}}},
    ...       {"reactions": {"oa": {"cooldown": 6}}})
    {'reactions': {'oa': {'cooldown': 6, 'name': 'OA'}}}
    """
    merged = dict(base)
    for key, value in house.items():
        below = merged.get(key)
        if isinstance(value, Mapping) and isinstance(below, Mapping):
            merged[key] = layer(below, value)
        else:
            merged[key] = value
    return merged


def parse_catalogue(
    data: Mapping[str, Any], *, house: Mapping[str, Any] | None = None, name: str = ACTIONS_FILE
) -> Catalogue:
    """Validate a catalogue (and house rules over it); errors name ``name.<field>``."""
    merged = layer(data, house) if house else dict(data)
    try:
        return Catalogue.model_validate(merged)
    except ValidationError as error:
        raise invalid_input(error, prefix=name) from None


@cache
def _packaged_data() -> dict[str, Any]:
    data = resources.files("tablekeeper.rulesets.realtime").joinpath("data")
    text = data.joinpath(ACTIONS_FILE).read_text(encoding="utf-8")
    loaded = yaml.safe_load(text)
    if not isinstance(loaded, dict):
        raise InvalidInputError(f"{ACTIONS_FILE} must be a mapping", field=ACTIONS_FILE)
    return loaded


@cache
def default_catalogue() -> Catalogue:
    """The packaged catalogue, read and validated once."""
    return parse_catalogue(_packaged_data())


def load_catalogue(
    house: Mapping[str, Any] | None = None, *, name: str = "house_rules"
) -> Catalogue:
    """The packaged catalogue, with ``house`` rules laid over it when given; errors name
    ``name.<field>``."""
    if not house:
        return default_catalogue()
    return parse_catalogue(_packaged_data(), house=house, name=name)
