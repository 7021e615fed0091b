"""A ruleset's words: commands, events and outcomes put into sentences, once.

Every interface tells the table what happened: the terminal runner, the console's
buttons and log, the Markdown export, the API's log entries. None of them reads event
payloads to build its own sentences; each asks the ruleset's :class:`Words`:

- ``command_label``: a short label for a command offered as a button or a menu line
  (``Aliena: start Complex Spell*``, ``Brenna: attack Wolf [wolf_2]``);
- ``event_sentence``: one line for one event, or ``None`` for bookkeeping a GM need not
  read (``Demilio's Opportunity Attack: 19 against 11, miss``);
- ``command_summary``: the outcome of a whole command, first, from all its events
  (``Brenna hits Knife-fighter in the left leg for 4: prone``), or ``None``;
- ``clock``: where the encounter stands (``second 12``, ``round 3: Brenna's turn``).

Words are given the full stored event and the viewer's
:class:`~tablekeeper.engine.sight.Sight`: a sentence says only what that viewer may know
(another creature's HP after a blow is the GM's), so the log's text can never leak what
the cards hide. ``names`` maps actor ids to the names the table knows them by
(:func:`~tablekeeper.engine.cards.distinct_names`: two wolves are never both "Wolf").

:func:`kind_words` and :func:`override_sentence` are the fallbacks every ruleset shares;
:func:`dice` counts dice in words (``1 die``, ``3 dice``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from tablekeeper.engine.commands import Command
from tablekeeper.engine.decisions import DECISION_ANSWERED, DECISION_REQUESTED, DECISION_WITHDRAWN
from tablekeeper.engine.events import Event
from tablekeeper.engine.overrides import OVERRIDE_KINDS
from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import GM

S_contra = TypeVar("S_contra", contravariant=True)

Names = Mapping[str, str]
"""Actor id to the name a viewer knows it by."""


class Words(Protocol[S_contra]):
    """How a ruleset says what its commands do and what its events mean."""

    def command_label(self, command: Command, state: S_contra, names: Names) -> str:
        """A short label for ``command``, offered now in ``state``."""
        ...

    def event_sentence(self, event: Event, names: Names, sight: Sight) -> str | None:
        """One line for ``event`` as ``sight`` may read it, or ``None`` for bookkeeping."""
        ...

    def command_summary(self, events: Sequence[Event], names: Names, sight: Sight) -> str | None:
        """The outcome of one command, from every event it caused, or ``None``."""
        ...

    def clock(self, state: S_contra) -> str:
        """Where the encounter stands now, in a few words."""
        ...


def dice(count: object) -> str:
    """A number of dice in words: ``1 die``, ``3 dice`` (``count`` as a payload holds it).

    >>> dice(1), dice(4), dice("2")
    ('1 die', '4 dice', '2 dice')
    """
    return f"{count} {'die' if str(count) == '1' else 'dice'}"


def square(point: object) -> str:
    """A square as the map writes it: ``(5, 3)`` (a JSON list or a tuple alike); any other
    value as it is.

    >>> square([5, 3]), square((0, -1)), square(None)
    ('(5, 3)', '(0, -1)', 'None')
    """
    if isinstance(point, list | tuple) and len(point) == 2:
        return f"({point[0]}, {point[1]})"
    return str(point)


def kind_words(kind: str) -> str:
    """A command or event kind in words: ``realtime.action_started`` -> ``Action started``;
    the engine's own kinds keep their prefix (``Decision requested``).

    >>> kind_words("realtime.action_started"), kind_words("override.set_value")
    ('Action started', 'Override set value')
    """
    prefix, _, rest = kind.partition(".")
    words = kind if prefix in ("decision", "override") or not rest else rest
    return words.replace(".", " ").replace("_", " ").capitalize()


def name_of(names: Names, actor: object) -> str:
    """The name ``names`` knows ``actor`` by; the GM is "GM"; an unknown id reads as words."""
    key = str(actor)
    if key == GM:
        return "GM"
    return names.get(key) or key.replace("_", " ").capitalize()


def engine_sentence(event: Event, names: Names, sight: Sight) -> str | None:
    """The sentence of an event the engine itself logs (overrides, decisions), shared by
    every ruleset; ``None`` for a ruleset's own event."""
    payload = event.payload
    if event.kind in OVERRIDE_KINDS:
        return override_sentence(event, sight)
    if event.kind == DECISION_REQUESTED:
        chooser = str(payload.get("chooser", ""))
        if sight.controls(chooser):
            return f"{name_of(names, chooser)} is asked: {payload.get('prompt', '')}".strip()
        return f"{name_of(names, chooser)} is asked to choose"
    if event.kind == DECISION_ANSWERED:
        return f"Chosen: {payload.get('option', '')}"
    if event.kind == DECISION_WITHDRAWN:
        return "The question is no longer asked"
    return None


def answer_sentence(answered: Event, asked: Event, names: Names, sight: Sight) -> str:
    """A decision's answer in words, read beside ``asked``, the ``decision.requested``
    event it answers: the label of the option taken for whoever may read the question
    (the chooser's players, the GM); for anyone else only that the choice is made (a
    label may tell the chooser's numbers: "Parry with the dagger at 45%")."""
    chooser = str(asked.payload.get("chooser", ""))
    who = name_of(names, chooser)
    if not sight.controls(chooser):
        return f"{who} has chosen"
    option = answered.payload.get("option")
    offered = asked.payload.get("options")
    labels = {
        offer.get("id"): offer.get("label")
        for offer in (offered if isinstance(offered, list) else [])
        if isinstance(offer, dict)
    }
    return f"{who} chooses: {labels.get(option) or option}"


def override_sentence(event: Event, sight: Sight) -> str:
    """A GM override in words: what it changed and why (a secret one shows only to the GM,
    and a player never reads the value set on another's hidden number)."""
    payload = event.payload
    reason = payload.get("reason", "")
    if event.kind == "override.set_value":
        where = str(payload.get("path", ""))
        value = payload.get("value")
        if not sight.gm:
            return f"GM override of {where.rpartition('.')[0] or where} ({reason})"
        return f"GM override: {where} = {value} ({reason})"
    verb = "adds" if event.kind == "override.add_condition" else "removes"
    return f"GM override {verb} {payload.get('condition')} on {payload.get('target')} ({reason})"
