"""Scene Elements (document 000, 6.5) as data, and what they do to a check.

``data/scene_elements.yaml`` lists the eleven elements of the five senses; each effect
says what it changes and which checks it touches. :func:`check_effects` is the one
definition of their effect on a check (F-SCENE-01: at Micro and Nano level alike): the
dice they add or take (Obscured, Resonant, Aromatic), the TN they raise (Deafening), the
successes they subtract (Blinding) and what they forbid (speaking at Deafening 3+), each
with its contribution for the breakdown. The other effects (Noxious, Tainted, Savorous,
Difficult, Hazardous, Soothing, the Disoriented of Severity 4) act on turns, refreshes
and movement, in the encounter engine, read from the same data.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from tablekeeper.engine.breakdown import Contribution
from tablekeeper.engine.values import Frozen
from tablekeeper.errors import IllegalCommandError, UnknownNameError
from tablekeeper.rulesets.fractal.stats import Stat

EffectKind = Literal[
    "dice",
    "tn",
    "subtract_successes",
    "forbid",
    "condition_each_turn",
    "roll_each_turn",
    "condition_on_consume",
    "max_ap",
    "refresh_ap",
    "movement_cost",
    "hazard_each_turn",
    "end_turn_ap",
]
CHECK_KINDS = frozenset({"dice", "tn", "subtract_successes", "forbid"})
"""The effects that act inside a check."""


class Applies(Frozen):
    """One test a check must pass for an effect to touch it (every field given must hold)."""

    stat: Stat | None = None
    ranged: bool | None = None
    speaking: bool | None = None
    purpose: str | None = None
    action_type: str | None = None
    tree: str | None = None

    def holds(self, context: CheckContext) -> bool:
        """Whether ``context`` passes this test."""
        return all(
            (
                self.stat is None or context.stat == self.stat,
                self.ranged is None or context.ranged == self.ranged,
                self.speaking is None or context.speaking == self.speaking,
                self.purpose is None or context.purpose == self.purpose,
                self.action_type is None or context.action_type == self.action_type,
                self.tree is None or context.tree == self.tree,
            )
        )


class ElementEffect(Frozen):
    """One effect of an element: its kind, its size per point of Severity, its scope."""

    kind: EffectKind
    rule: str
    label: str = ""
    per_severity: int = 0
    min_severity: int = Field(default=1, ge=1, le=4)
    any: tuple[Applies, ...] = ()
    condition: str | None = None
    stats: tuple[Stat, ...] = ()
    tn: int | None = None
    lose_ap_per_severity: int = 0

    @model_validator(mode="after")
    def _well_formed(self) -> ElementEffect:
        if self.kind in ("dice", "tn", "subtract_successes") and not self.any:
            raise ValueError(f"{self.rule}: a {self.kind} effect says which checks it touches")
        if self.kind in ("condition_each_turn", "roll_each_turn", "condition_on_consume") and (
            self.condition is None
        ):
            raise ValueError(f"{self.rule}: a {self.kind} effect names its condition")
        return self

    def touches(self, context: CheckContext) -> bool:
        """Whether this effect applies to the check ``context`` describes."""
        return not self.any or any(test.holds(context) for test in self.any)


class ElementDef(Frozen):
    """A Scene Element of the catalogue."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: str
    sense: Literal["visual", "auditory", "olfactory", "gustatory", "tactile"]
    about: str = ""
    effects: tuple[ElementEffect, ...] = Field(min_length=1)
    provisional: bool = False

    def effects_of(self, kind: str, severity: int) -> tuple[ElementEffect, ...]:
        """The effects of ``kind`` in force at ``severity``."""
        return tuple(e for e in self.effects if e.kind == kind and severity >= e.min_severity)


class SceneElementsTable(Frozen):
    """``scene_elements.yaml``: every element, once."""

    schema_version: Literal[1] = 1
    source: str = ""
    elements: tuple[ElementDef, ...] = Field(min_length=1)

    @field_validator("elements")
    @classmethod
    def _once_each(cls, elements: tuple[ElementDef, ...]) -> tuple[ElementDef, ...]:
        ids = [element.id for element in elements]
        twice = sorted({name for name in ids if ids.count(name) > 1})
        if twice:
            raise ValueError(f"scene elements listed twice: {', '.join(twice)}")
        return elements

    def element(self, element_id: str) -> ElementDef:
        """The element named ``element_id``."""
        for element in self.elements:
            if element.id == element_id:
                return element
        known = ", ".join(element.id for element in self.elements)
        raise UnknownNameError(f"no scene element {element_id!r}; known: {known}", field="element")


def offer_elements(schema: dict[str, Any]) -> None:
    """An element's JSON schema lists the packaged elements, so a form offers a picker."""
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue  # it imports this

    schema["enum"] = [element.id for element in default_catalogue().scene.elements]


class SceneElement(Frozen):
    """An element in play: which one, and its Severity (F-SCENE-02)."""

    element: str = Field(pattern=r"^[a-z_]+$", title="Element", json_schema_extra=offer_elements)
    severity: int = Field(ge=1, le=4, title="Severity", description="1 to 4 (F-SCENE-02).")
    zone: str | None = Field(default=None, title="Zone", description="The area it covers, by name.")
    created_by: str | None = Field(
        default=None, title="Maintained by", description="The spell that maintains it."
    )
    condition: str | None = Field(
        default=None,
        title="Condition",
        description="Hazardous: the most relevant generic condition (the GM's).",
    )


class CheckContext(Frozen):
    """What a check is, as the scene elements need to know it."""

    stat: Stat | None = None
    action_type: str | None = None
    ranged: bool = False
    speaking: bool = False
    purpose: str | None = None
    tree: str | None = None


class SceneCheckEffects(Frozen):
    """What the scene does to one check: each term with its element and rule."""

    dice: tuple[Contribution, ...] = ()
    tn: tuple[Contribution, ...] = ()
    subtract: tuple[Contribution, ...] = ()


def created_severity(successes: int) -> int | None:
    """The Severity of an element a character creates: the successes rolled, at most 4;
    none on 0 successes (F-SCENE-02, G-F-08).

    >>> created_severity(0), created_severity(1), created_severity(4), created_severity(6)
    (None, 1, 4, 4)
    """
    return None if successes <= 0 else min(4, successes)


def check_effects(
    table: SceneElementsTable, elements: tuple[SceneElement, ...], context: CheckContext
) -> SceneCheckEffects:
    """The scene's effect on a check made inside ``elements`` (F-SCENE-03 .. F-SCENE-11).

    Raises :class:`~tablekeeper.errors.IllegalCommandError` for an action an element
    forbids (speaking at Deafening 3+, F-SCENE-07).
    """
    dice: list[Contribution] = []
    tn: list[Contribution] = []
    subtract: list[Contribution] = []
    for placed in elements:
        element = table.element(placed.element)
        for effect in element.effects:
            if effect.kind not in CHECK_KINDS or placed.severity < effect.min_severity:
                continue
            if not effect.touches(context):
                continue
            label = f"{element.name} [{placed.severity}]" + (
                f": {effect.label}" if effect.label else ""
            )
            if effect.kind == "forbid":
                raise IllegalCommandError(
                    f"{element.name} [{placed.severity}] forbids {effect.label} "
                    f"(at Severity {effect.min_severity}+, {effect.rule})",
                    field="speaking",
                )
            amount = effect.per_severity * placed.severity
            term = Contribution(amount=amount, label=label, source=effect.rule)
            {"dice": dice, "tn": tn, "subtract_successes": subtract}[effect.kind].append(term)
    return SceneCheckEffects(dice=tuple(dice), tn=tuple(tn), subtract=tuple(subtract))
