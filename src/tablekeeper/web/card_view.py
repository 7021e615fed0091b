"""What the table's cards (``_cards.html``) offer the GM beside what a card says.

A card says what its ruleset lets a viewer see (``engine/cards.py``); the GM also gets a
button for every quick change the card allows, each an ordinary command posted to the
table's ``/commands`` (logged, undone with Undo):

- a gauge's -1 and +1: the ruleset's GM command (``lower``, ``raise_``: damage 1, heal 1,
  whose rules apply) or else a GM override of the gauge's ``path``, secret, as a number
  the players may not see must not reach them in the log (docs/rulings.md, C-18);
- a condition's removal: the ruleset's command (``Condition.remove``), else an override
  removing the plain condition from ``conditions_path``.

Adding a condition posts to the overrides form (``/overrides``, with its reason); adding
and removing a combatant to ``/roster`` (``web/roster.py``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tablekeeper.engine import overrides
from tablekeeper.engine.cards import ActorCard, Condition, Gauge
from tablekeeper.engine.commands import Command
from tablekeeper.engine.roll_modes import ROLL_MODES
from tablekeeper.engine.sheet_forms import SheetForm
from tablekeeper.persistence.unit_of_work import UnitOfWork
from tablekeeper.services import campaigns, characters, roll_modes, roster
from tablekeeper.services.access import Viewer
from tablekeeper.services.encounters import EncounterView
from tablekeeper.web.sheet_forms import first, sheet_form_of, table_rows

FROM_THE_CARD = "quick change from the table's card"
"""The reason a GM override made from a card gives."""


@dataclass(frozen=True)
class GaugeControl:
    """A gauge and the commands (JSON) of its -1 and +1 buttons (``None``: none)."""

    gauge: Gauge
    lower: str | None
    raise_: str | None


@dataclass(frozen=True)
class ConditionControl:
    """A condition and the command (JSON) of its remove button (``None``: none)."""

    condition: Condition
    remove: str | None


@dataclass(frozen=True)
class CardControls:
    """What the GM may do from one card."""

    gauges: tuple[GaugeControl, ...]
    conditions: tuple[ConditionControl, ...]
    removable: bool


def _json(command: Command | None) -> str | None:
    if command is None:
        return None
    return json.dumps(command.model_dump(mode="json"), separators=(",", ":"))


def _step(gauge: Gauge, given: Command | None, by: int) -> str | None:
    """The ruleset's command, else an override setting the gauge's ``path`` ``by`` one."""
    if given is not None:
        return _json(given)
    if gauge.path is None or (by > 0 and gauge.value >= gauge.maximum):
        return None  # nothing past the maximum by a quick step: the overrides form sets it
    change = f"{gauge.label} {by:+d}: {FROM_THE_CARD}"
    return _json(overrides.set_value(gauge.path, gauge.value + by, reason=change, secret=True))


def controls(card: ActorCard, removable: bool) -> CardControls:
    """The buttons the GM gets on ``card``."""
    gauges = tuple(
        GaugeControl(gauge, _step(gauge, gauge.lower, -1), _step(gauge, gauge.raise_, +1))
        for gauge in card.gauges
    )
    found = []
    for condition in card.condition_list:
        remove = condition.remove
        if remove is None and card.conditions_path is not None and not card.held:
            remove = overrides.remove_condition(
                card.conditions_path, condition.name, reason=FROM_THE_CARD
            )
        found.append(ConditionControl(condition, _json(remove)))
    return CardControls(gauges, tuple(found), removable)


def card_context(
    uow: UnitOfWork,
    view: EncounterView,
    viewer: Viewer,
    cards: Sequence[ActorCard],
    campaign_id: str,
) -> dict[str, Any]:
    """What ``_cards.html`` and ``_roster.html`` read beside the cards: for the GM, each
    card's controls, the campaign's characters not in the encounter, the fresh NPC's
    sheet inputs."""
    if not viewer.is_gm:
        return {"card_controls": {}, "addable": [], "npc_form": None, "roll_modes": {}}
    ids = [card.id for card in cards]
    taking_out = roster.removable(view, ids)
    present = set(ids)
    addable = [
        character
        for character in characters.list_characters(uow, campaign_id, viewer)
        if character.id not in present
    ]
    npc_form: SheetForm = sheet_form_of(campaigns.get_campaign(uow, campaign_id))
    return {
        "card_controls": {card.id: controls(card, card.id in taking_out) for card in cards},
        "addable": addable,
        "npc_form": npc_form,
        "roll_modes": roll_modes.roll_modes(uow, campaign_id),
        "roll_mode_words": ROLL_MODES,
        "table_rows": table_rows,
        "first": first,
    }
