"""The ``fractal`` catalogue: every table of document 000 as validated data, in one value.

:func:`load_catalogue` reads the seven files of ``data/`` once, lays a GM's house rules
over them (a mapping from a file's name without ``.yaml`` to data of that file's shape,
:func:`~tablekeeper.rulesets.fractal.layers.layer`), validates each into its model and
then checks what ties them together: every action's effect names a table, a condition
kind, a scene element that exist; every output condition's stats are stats. A broken
catalogue is an :class:`~tablekeeper.errors.InvalidInputError` naming the file and the
field. The catalogue is not stored in the encounter's state (it is large): the state
keeps the house rules, and :func:`catalogue_for` rebuilds the same catalogue from them,
cached.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError

from tablekeeper.engine.values import Frozen, JsonObject, invalid_input
from tablekeeper.errors import InvalidInputError, UnknownNameError
from tablekeeper.rulesets.common.tables import packaged_text, parse_table
from tablekeeper.rulesets.fractal.actions import ActionCatalogue, allocation_counts
from tablekeeper.rulesets.fractal.layers import layer
from tablekeeper.rulesets.fractal.scene import SceneElementsTable
from tablekeeper.rulesets.fractal.stats import Stat
from tablekeeper.rulesets.fractal.tables import ConditionTables, DiceChange, Polarity
from tablekeeper.rulesets.fractal.timescale import TimeScales

PACKAGE = "tablekeeper.rulesets.fractal"
FILES = (
    "generic_conditions",
    "micro_conditions",
    "nano_conditions",
    "scene_elements",
    "actions",
    "time_scales",
    "outputs",
    "allocations",
)
"""The data files, without ``.yaml``: the keys a house-rules mapping may use."""


class OutputCondition(Frozen):
    """A condition the document names but never defines (G-F-44), provisional."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    polarity: Polarity
    tree: str | None = Field(default=None, description="A Specific condition's tree.")
    max_ap_change: int = 0
    temporary_ap_per_strength: int = Field(default=0, ge=0)
    dice_changes: tuple[DiceChange, ...] = ()
    rank_bonus: dict[Stat, int] = Field(default_factory=dict, description="'+2 Rank to Body'.")
    lasts: Literal["next_scene", "next_micro_conflict", "conflict"] = "next_scene"
    effect: str = ""
    rule: str
    provisional: bool = True


class Outputs(Frozen):
    """``outputs.yaml``."""

    schema_version: Literal[1] = 1
    source: str = ""
    conditions: tuple[OutputCondition, ...]

    def condition(self, condition_id: str) -> OutputCondition:
        """The output condition named ``condition_id``."""
        for condition in self.conditions:
            if condition.id == condition_id:
                return condition
        known = ", ".join(c.id for c in self.conditions)
        raise UnknownNameError(f"no output condition {condition_id!r}; known: {known}")


class AllocationNote(Frozen):
    """One tree's Designer Note: Macro/Micro/Nano counts per stat it lists."""

    tree: str
    rule: str
    counts: dict[Stat, tuple[int, int, int]]


class Disagreement(Frozen):
    """A place where a note and the action list disagree (G-F-45)."""

    tree: str
    stat: Stat
    level: Literal["macro", "micro", "nano", "all"]
    note: int | None
    actions: int
    gap: str


class Allocations(Frozen):
    """``allocations.yaml``."""

    schema_version: Literal[1] = 1
    source: str = ""
    notes: tuple[AllocationNote, ...]
    known_disagreements: tuple[Disagreement, ...] = ()


class Catalogue(Frozen):
    """Every table of the ruleset."""

    conditions: ConditionTables
    scene: SceneElementsTable
    actions: ActionCatalogue
    time: TimeScales
    outputs: Outputs
    allocations: Allocations

    def check_references(self) -> None:
        """Every name one table uses in another exists (raises ``ValueError``)."""
        tables = {"generic", *self.conditions.micro_ids, *self.conditions.nano_ids}
        for action in self.actions.actions:
            effect = action.effect
            if effect is None:
                continue
            if effect.table is not None and effect.table not in tables:
                raise ValueError(f"actions: {action.id} names no table {effect.table!r}")
            for kind in effect.kinds:
                if kind != "knockdown":  # G-F-16: an option says which kind it is
                    self.conditions.generic_kind(kind)
            for element in effect.terrain:
                self.scene.element(element)
            if effect.condition is not None:
                self.outputs.condition(effect.condition)
        for defined in self.scene.elements:
            for scene_effect in defined.effects:
                if scene_effect.condition is not None:
                    self.conditions.generic_kind(scene_effect.condition)

    def allocation_mismatches(self) -> list[tuple[str, Stat, str, int | None, int]]:
        """Every (tree, stat, level, note's count, actions' count) where a Designer Note
        disagrees with the action list; a stat the note leaves out has level ``all``."""
        found: list[tuple[str, Stat, str, int | None, int]] = []
        for note in self.allocations.notes:
            counted = allocation_counts(self.actions, note.tree)
            for stat, actual in counted.items():
                if stat not in note.counts:
                    found.append((note.tree, stat, "all", None, sum(actual)))
                    continue
                for level, said, seen in zip(
                    ("macro", "micro", "nano"), note.counts[stat], actual, strict=True
                ):
                    if said != seen:
                        found.append((note.tree, stat, level, said, seen))
        return found


def _packaged(file: str) -> dict[str, Any]:
    data = yaml.safe_load(packaged_text(PACKAGE, f"{file}.yaml"))
    assert isinstance(data, dict)
    return data


@cache
def _packaged_data() -> dict[str, dict[str, Any]]:
    return {file: _packaged(file) for file in FILES}


def parse_catalogue(
    data: Mapping[str, Mapping[str, Any]], house: Mapping[str, Any] | None = None
) -> Catalogue:
    """Validate the catalogue's files (``data[file]``) with ``house`` rules laid over them."""
    house = dict(house or {})
    unknown = sorted(set(house) - set(FILES))
    if unknown:
        raise InvalidInputError(
            f"house rules name no table {', '.join(unknown)}; the tables are {', '.join(FILES)}",
            field="house_rules",
        )
    merged = {
        file: layer(data[file], house[file]) if file in house else data[file] for file in FILES
    }
    conditions_data = {
        "generic": merged["generic_conditions"],
        "micro": merged["micro_conditions"],
        "nano": merged["nano_conditions"],
    }
    try:
        conditions = ConditionTables.model_validate(conditions_data)
    except ValidationError as error:
        raise invalid_input(error, prefix="conditions") from None
    catalogue = Catalogue(
        conditions=conditions,
        scene=parse_table(merged["scene_elements"], SceneElementsTable, "scene_elements.yaml"),
        actions=parse_table(merged["actions"], ActionCatalogue, "actions.yaml"),
        time=parse_table(merged["time_scales"], TimeScales, "time_scales.yaml"),
        outputs=parse_table(merged["outputs"], Outputs, "outputs.yaml"),
        allocations=parse_table(merged["allocations"], Allocations, "allocations.yaml"),
    )
    try:
        catalogue.check_references()
    except (ValueError, UnknownNameError) as error:
        raise InvalidInputError(f"catalogue: {error}", field="catalogue") from None
    return catalogue


@cache
def _catalogue_from_json(house_json: str) -> Catalogue:
    house = json.loads(house_json) if house_json else None
    return parse_catalogue(_packaged_data(), house)


def load_catalogue(house: Mapping[str, Any] | None = None) -> Catalogue:
    """The packaged catalogue, with a GM's ``house`` rules laid over it when given."""
    return _catalogue_from_json(json.dumps(house, sort_keys=True) if house else "")


def catalogue_for(house_rules: JsonObject | None) -> Catalogue:
    """The catalogue an encounter plays with (its house rules kept in its state)."""
    return load_catalogue(house_rules or None)


def default_catalogue() -> Catalogue:
    """The packaged catalogue, without house rules."""
    return load_catalogue()
