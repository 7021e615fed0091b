"""What a GM (or a character's player) asks of a ``fractal`` encounter: kinds and payloads.

Each command is ``fractal.<what>`` with a frozen payload. A character's commands name the
character they are for (``character``); its player or the GM gives them. GM overrides are
the engine's own; a pending decision is answered with the session's answer command.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM, ActorId, Frozen, actor_field, side_field
from tablekeeper.rulesets.fractal.actions import Tree
from tablekeeper.rulesets.fractal.encounter.state import CharacterSpec
from tablekeeper.rulesets.fractal.scene import SceneElement, offer_elements
from tablekeeper.rulesets.fractal.stats import Stat
from tablekeeper.rulesets.fractal.timescale import ScaleOverride

P = "fractal."
ADD_CHARACTER = P + "add_character"
OPEN_CONFLICT = P + "open_conflict"
CLOSE_CONFLICT = P + "close_conflict"
JOIN = P + "join_conflict"
LEAVE = P + "leave_conflict"
ACT = P + "act"
END_TURN = P + "end_turn"
ASSIST = P + "assist"
SOLO_ROLL = P + "work_on_project"
FINISH_PROJECT = P + "finish_project"
SERVE = P + "serve_output"
MACRO = P + "macro_check"
REROLL = P + "reroll_macro"
PLACE_ELEMENT = P + "place_element"
CLEAR_ELEMENT = P + "clear_element"
INFLICT = P + "inflict_condition"
REMOVE = P + "remove_condition"
DRESS = P + "dress"
PASS_TIME = P + "pass_time"
REDEFINE = P + "redefine_time"
FLIP = P + "flip"
ARMOR = P + "set_routine_armor"
CONSUME = P + "consume"

CONFLICT_FORMAT = "conflict"
"""The JSON-schema ``format`` of a payload field naming an open conflict: the GM forms offer
the encounter's (``Fractal.form_pickers``)."""


def conflict_field(**kwargs: Any) -> Any:
    """A payload field naming a conflict, so a GM form offers the open ones."""
    return Field(json_schema_extra={"format": CONFLICT_FORMAT}, title="Conflict", **kwargs)


ID_PATTERN = r"^[A-Za-z0-9_-]+$"
"""A conflict's id: letters, digits, ``_`` and ``-``."""


class Seat(Frozen):
    """A character's seat in a conflict it is opened with."""

    character: ActorId = actor_field(title="Character")
    side: str | None = side_field(
        default=None, title="Side", description="Its side in this conflict (default: its own)."
    )
    position: tuple[int, int] | None = Field(default=None, title="Square")
    zone: str | None = Field(default=None, title="Zone")


class OpenConflict(Frozen):
    """The GM opens a conflict: a Micro conflict, a Nano duel, a Solo project, a Macro scene."""

    id: str = Field(min_length=1, max_length=40, pattern=ID_PATTERN, title="Conflict id")
    title: str = Field(default="", max_length=80, title="Title")
    level: Literal["micro", "nano", "solo", "macro"] = Field(title="Level")
    tree: Tree = Field(title="Skill tree")
    setting: str | None = Field(default=None, max_length=40, examples=["court"], title="Setting")
    seats: tuple[Seat, ...] = Field(
        default=(), title="Seats", description="Who takes part, in turn order."
    )
    characters: tuple[ActorId, ...] = Field(
        default=(),
        title="Characters",
        description="Or simply who takes part, in turn order, on their own sides.",
    )
    scene_elements: tuple[SceneElement, ...] = Field(
        default=(), title="Scene elements", description="F-SCENE-02."
    )
    time_limit: int | None = Field(
        default=None, ge=1, le=100, title="Time limit", description="Exchanges (F-DANCE-GEN-04)."
    )
    interval: str | None = Field(
        default=None, description="An Interval, if not the table's: '1 hour'."
    )
    exchange: str | None = Field(
        default=None, description="An Exchange, if not the table's: '1 day'."
    )
    beat: str | None = Field(default=None, description="A Beat, if not the table's: '3 seconds'.")
    unit: str | None = Field(
        default=None, description="A distance Unit: '5 feet', 'a palace wing'."
    )
    goal: int | None = Field(default=None, ge=1, le=200, description="A Solo project's Goal.")
    techniques: tuple[str, ...] = Field(default=(), description="A Solo project's target skills.")
    deadline: int | None = Field(default=None, ge=1, le=100, description="Intervals, if set.")
    output: str | None = Field(default=None, description="An output condition: well_fed, praised.")
    heals: str | None = Field(default=None, description="A condition id the project removes.")
    downtime: bool = Field(default=False, description="A Downtime project (F-DOWN-08).")

    @model_validator(mode="after")
    def _a_project_has_a_goal(self) -> OpenConflict:
        if self.seats and self.characters:
            raise ValueError("name the seats or the characters, not both")
        if not self.all_seats:
            raise ValueError("a conflict needs at least one character")
        if self.level == "solo":
            if self.goal is None or not self.techniques:
                raise ValueError("a Solo conflict sets a Goal and its target skills (G-F-05)")
            if len(self.all_seats) != 1:
                raise ValueError("a Solo conflict has one character")
        elif self.goal is not None or self.techniques:
            raise ValueError("only a Solo conflict has a Goal and techniques")
        return self

    @property
    def scale(self) -> ScaleOverride | None:
        """The GM's measures, if any (F-TIME-05)."""
        return ScaleOverride.of(
            interval=self.interval, exchange=self.exchange, beat=self.beat, unit=self.unit
        )

    @property
    def all_seats(self) -> tuple[Seat, ...]:
        """The seats, or one for each character named."""
        return self.seats or tuple(Seat(character=key) for key in self.characters)


class ConflictOnly(Frozen):
    conflict: str = conflict_field()


class CloseConflict(Frozen):
    conflict: str = conflict_field()
    ended: str = Field(default="the GM ends it", max_length=200)
    winner: str | None = None


class Join(Frozen):
    """A character moves into a conflict (F-GM-14), leaving the one it was in."""

    conflict: str = conflict_field()
    seat: Seat


class Act(Frozen):
    """A character takes a Micro action of its conflict's tree, committing ``dice``."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    action: str
    dice: int = Field(ge=1, le=40)
    stat: Stat | None = Field(default=None, description="Which of the pair (the better one).")
    targets: tuple[ActorId, ...] = ()
    polarity: Literal["negative", "positive"] | None = Field(
        default=None, description="Discredit or win over (Conversation, Correspondence)."
    )
    kind: str | None = Field(default=None, description="The generic condition (Ergokinesis...).")
    area: bool = Field(default=False, description="Roll at the area TN (Mentalism, Naturalism).")
    terrain: str | None = Field(default=None, description="Ergokinesis: a terrain element instead.")
    zone: str | None = Field(default=None, description="The zone a created element covers.")
    suppress: str | None = Field(
        default=None, description="Naturalism: a condition id to suppress."
    )
    chosen_stat: Stat | None = Field(default=None, description="The 'or' stat of what it inflicts.")
    cleave: tuple[ActorId, ...] = Field(default=(), description="Further minions, in order.")
    to: tuple[int, int] | None = Field(default=None, description="A maneuver's destination.")
    through_difficult: int = Field(default=0, ge=0, le=40, description="Difficult squares crossed.")
    purpose: str | None = Field(default=None, max_length=80)


class Who(Frozen):
    conflict: str = conflict_field()
    character: ActorId = actor_field()


class Assist(Frozen):
    """Give dice from one's own pool to an ally's next roll (F-GM-08, G-F-48)."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    to: ActorId = actor_field()
    dice: int = Field(ge=1, le=40)


class WorkOnProject(Frozen):
    """Commit dice among the project's techniques for this Interval (G-F-05)."""

    conflict: str = conflict_field()
    allocation: dict[str, int] = Field(min_length=1)


class Serve(Frozen):
    """The meal is eaten, the work shown: its output goes to ``to`` (F-COOK-GEN-03)."""

    conflict: str = conflict_field()
    to: tuple[ActorId, ...] = Field(min_length=1)


class MacroCheck(Frozen):
    """A single Macro check (F-CORE-14)."""

    character: ActorId = actor_field()
    tree: Tree | None = None
    stat: Stat | None = None
    dice: int = Field(ge=1, le=40)
    tn: int = Field(
        default=4, ge=1, le=20, description="The TN each die must reach (4 unless stated)."
    )
    purpose: str | None = Field(default=None, max_length=80)
    for_condition: str | None = Field(default=None, description="A condition it may heal.")

    @model_validator(mode="after")
    def _a_stat_or_a_tree(self) -> MacroCheck:
        if self.tree is None and self.stat is None:
            raise ValueError("a Macro check names its tree or its stat")
        return self


class CharacterOnly(Frozen):
    character: ActorId = actor_field()


class PlaceElement(Frozen):
    """A scene element the GM places (F-SCENE-02)."""

    conflict: str = conflict_field()
    element: str = Field(
        pattern=r"^[a-z_]+$",
        examples=["obscured", "difficult"],
        title="Element",
        json_schema_extra=offer_elements,
    )
    severity: int = Field(ge=1, le=4, title="Severity", description="1 to 4 (F-SCENE-02).")
    zone: str | None = Field(
        default=None, title="Zone", description="The area it covers (all if none)."
    )
    condition: str | None = Field(
        default=None,
        title="Condition",
        description="Hazardous: the most relevant generic condition.",
    )

    @property
    def placed(self) -> SceneElement:
        return SceneElement(
            element=self.element, severity=self.severity, zone=self.zone, condition=self.condition
        )


class ClearElement(Frozen):
    conflict: str = conflict_field()
    index: int = Field(ge=0)


def _offer_tables(schema: dict[str, Any]) -> None:
    """The condition tables a ruling may draw from (the generic domains and the Micro
    tables), so the GM's form offers a picker, not a text box."""
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue  # it imports this

    tables = default_catalogue().conditions
    schema["enum"] = [*tables.domain_ids, *tables.micro_ids]


def _offer_kinds(schema: dict[str, Any]) -> None:
    """The kinds a ruling may name: a Micro table's ``negative`` or ``positive``, a generic
    domain's kinds (its validation says which goes with which table)."""
    from tablekeeper.rulesets.fractal.catalogue import default_catalogue  # it imports this

    domains = default_catalogue().conditions.generic.domains
    kinds = [k.id for d in domains for k in (*d.negative_kinds, d.positive_kind)]
    schema["enum"] = ["negative", "positive", *kinds]


class Inflict(Frozen):
    """The GM's ruling: a condition from a table (narrative failure, environment, F-COND-06)."""

    character: ActorId = actor_field()
    table: str = Field(
        json_schema_extra=_offer_tables,
        description="A generic domain (physical, mental...) or a Micro table.",
    )
    kind: str = Field(
        json_schema_extra=_offer_kinds,
        description="For a Micro table, negative or positive; for a domain, one of its kinds.",
    )
    successes: int = Field(ge=1, le=20)
    chosen_stat: Stat | None = None
    also_trees: tuple[Tree, ...] = Field(default=(), description="Trees ruled similar (F-COND-03).")


class RemoveCondition(Frozen):
    """The GM rules a condition's healing requirement met (F-DOWN-06)."""

    character: ActorId = actor_field()
    condition: str
    because: str = Field(default="its requirement is met", max_length=200)


class Dress(Frozen):
    """A lethal-tagged (or bleeding) condition is dressed (F-COND-20)."""

    character: ActorId = actor_field()
    condition: str
    by: ActorId | None = actor_field(default=None)


class PassTime(Frozen):
    minutes: int = Field(ge=1, le=60 * 24 * 365)
    conflict: str | None = conflict_field(default=None)


class Redefine(Frozen):
    """The GM redefines a conflict's measures, written as text (F-TIME-05)."""

    conflict: str = conflict_field()
    interval: str | None = Field(default=None, examples=["1 week"])
    exchange: str | None = Field(default=None, examples=["1 day"])
    beat: str | None = Field(default=None, examples=["3 seconds"])
    unit: str | None = Field(default=None, examples=["a wing of the palace"])

    @property
    def scale(self) -> ScaleOverride | None:
        return ScaleOverride.of(
            interval=self.interval, exchange=self.exchange, beat=self.beat, unit=self.unit
        )


class Flip(Frozen):
    """Blackmail, bribery: the GM flips a character to ``side`` (F-GM-09)."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    side: str = side_field(title="New side")


class SetArmor(Frozen):
    """Routine Armor on a zone (F-DANCE-GEN-08), lost when the conflict ends."""

    conflict: str = conflict_field()
    character: ActorId = actor_field()
    zone: Literal["focus", "technique", "audience_attention"]
    amount: int = Field(ge=0, le=20)


def add_character(spec: CharacterSpec) -> Command:
    return Command.of(GM, ADD_CHARACTER, spec)


def act(actor: str, order: Act) -> Command:
    return Command.of(actor, ACT, order)


def end_turn(actor: str, conflict: str, character: str) -> Command:
    return Command.of(actor, END_TURN, Who(conflict=conflict, character=ActorId(character)))
