"""Actor cards: one uniform picture of each actor, for code that knows no ruleset.

Every ruleset names its actors differently (``creatures`` with HP in ``realtime``,
``combatants`` with stat blocks in ``percentile``, fighters, characters...). Generic code
(the console's table, the terminal runner, the Markdown export, a simulation's report)
never reads a state's JSON keys to find them: it asks the ruleset for an
:class:`ActorCard` per actor, already reduced to what the viewer may see (a
:class:`~tablekeeper.engine.sight.Sight`).

A card says who the actor is (id, name, side), where its state lives (``path``, for GM
overrides), its life or defeat state in the ruleset's own word plus whether it is out of
the fight, whether it is acting now, a one-line public summary, and the numbers worth a
glance as :class:`Gauge` bars (HP, charge, AP) and :class:`Fact` lines, each of which may
explain itself (ARCHITECTURE.md, idea 8).

What the console's table offers the GM on a card (docs/architecture.md, the contract
table): the actor's sheet in :class:`Section` s (``details``: skills, weapons, armour,
only for a viewer who sees the actor), a gauge's ``path`` (a GM override may set it) or
its ruleset's GM commands moving it one step (``lower``, ``raise_``), its conditions as
:class:`Condition` s with what is left of each (``held``) and where a GM override adds
one (``conditions_path``), and ``next``: the actor who acts after the current one.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field, model_validator

from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import ActorId, Frozen


class Fact(Frozen):
    """One labelled value on a card (``Reaction: ready``), with its breakdown if it has one."""

    label: str = Field(min_length=1)
    value: str
    explain: str | None = Field(default=None, description="How the value is made, in words.")


class Gauge(Frozen):
    """A number against its maximum, drawn as a bar (``HP 7 / 12``, ``charge 3 / 5 A.P.``).

    ``value`` may fall outside ``0..maximum`` (negative HP); a bar clamps it, the text
    does not.
    """

    label: str = Field(min_length=1)
    value: int
    maximum: int = Field(ge=0)
    unit: str = ""
    path: str | None = Field(
        default=None, description="The state path of the value, where a GM override sets it."
    )
    lower: Command | None = Field(
        default=None, description="The ruleset's GM command taking one off (damage 1)."
    )
    raise_: Command | None = Field(
        default=None, description="The ruleset's GM command adding one (heal 1)."
    )

    @property
    def fraction(self) -> float:
        """The filled part of the bar, clamped to 0..1."""
        if self.maximum <= 0:
            return 0.0
        return min(1.0, max(0.0, self.value / self.maximum))


class Section(Frozen):
    """A part of the actor's sheet shown collapsed on the card (``Skills``, ``Weapons``,
    ``Armour``): only for a viewer who sees the actor."""

    title: str = Field(min_length=1)
    facts: tuple[Fact, ...] = ()


class Condition(Frozen):
    """A condition the actor is under, with what is left of it.

    ``left`` counts ``unit`` s (``3`` ``rounds``); ``None`` lasts until something ends it,
    which ``ends`` says in the rules' words (``2 DoR``, ``until it stands up``).
    ``remove`` is the ruleset's GM command ending it, when it has one (a GM override
    removes a plain condition from ``conditions_path``).
    """

    name: str = Field(min_length=1)
    left: int | None = None
    unit: str = ""
    ends: str = ""
    remove: Command | None = None

    @property
    def lasts(self) -> str:
        """What is left of it, in words (``3 rounds left``, ``2 DoR``), or ``""``."""
        if self.left is not None:
            return f"{self.left} {self.unit} left".replace("  ", " ")
        return self.ends


class ActorCard(Frozen):
    """An actor as a viewer may see it.

    ``life`` is the ruleset's word (``conscious``, ``dying``, ``down``...); ``defeated``
    says, in every ruleset alike, that the actor is out of the fight. ``path`` is the
    dotted state path of the actor's own object, where GM overrides aim
    (``creatures.aliena``). ``controller`` is the player who plays it, filled in by the
    services (a ruleset knows no players). ``hidden`` is true when the viewer sees only
    the public part.

    ``next`` marks the actor who acts after the current one (where the rules keep an
    order a viewer may see). ``details`` are the sheet's parts (skills, weapons, armour)
    and are empty for a viewer who does not see the actor. ``held`` are the conditions
    with their durations (``conditions`` their names, as before); ``conditions_path`` is
    the object whose ``conditions`` a GM override may add to (``None``: the ruleset takes
    no condition that way).
    """

    id: ActorId
    name: str = Field(min_length=1)
    side: str
    path: str = Field(min_length=1)
    life: str = Field(min_length=1)
    defeated: bool = False
    acting: bool = False
    summary: str = ""
    gauges: tuple[Gauge, ...] = ()
    facts: tuple[Fact, ...] = ()
    conditions: tuple[str, ...] = ()
    hidden: bool = False
    controller: str | None = None
    next: bool = False
    details: tuple[Section, ...] = ()
    held: tuple[Condition, ...] = ()
    conditions_path: str | None = None

    @property
    def condition_list(self) -> tuple[Condition, ...]:
        """Its conditions as :class:`Condition` s: ``held``, else one per name."""
        return self.held or tuple(Condition(name=name) for name in self.conditions)

    @model_validator(mode="after")
    def _path_names_the_actor(self) -> ActorCard:
        if not self.path.endswith(str(self.id)):
            raise ValueError(f"the card's path {self.path!r} must end with its id {self.id!r}")
        return self


def override_path(card_path: str, key: str) -> str:
    """The state path of ``key`` in the actor's own object (``creatures.aliena.hp``)."""
    return f"{card_path}.{key}"


def next_after(order: Sequence[str], current: str | None) -> str | None:
    """Who acts after ``current`` in ``order`` (wrapping round), ``None`` if nobody does.

    >>> next_after(["a", "b", "c"], "c"), next_after(["a"], "a"), next_after(["a", "b"], None)
    ('a', None, 'a')
    """
    if not order:
        return None
    if current is None or current not in order:
        return order[0]
    following = order[(order.index(current) + 1) % len(order)]
    return None if following == current else following


def names_of(cards: tuple[ActorCard, ...] | list[ActorCard]) -> dict[str, str]:
    """Actor id to the name the table knows it by, from ``cards``."""
    return {card.id: card.name for card in cards}


def distinct_names(names: dict[str, str]) -> dict[str, str]:
    """``names`` with every name two actors share followed by the actor's id, so a sentence
    or a button never leaves the table guessing which ``Wolf`` it means.

    >>> distinct_names({"wolf_1": "Wolf", "wolf_2": "Wolf", "brenna": "Brenna"})
    {'wolf_1': 'Wolf [wolf_1]', 'wolf_2': 'Wolf [wolf_2]', 'brenna': 'Brenna'}
    """
    counts: dict[str, int] = {}
    for name in names.values():
        counts[name] = counts.get(name, 0) + 1
    return {key: name if counts[name] == 1 else f"{name} [{key}]" for key, name in names.items()}
