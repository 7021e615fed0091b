"""What a ``fractal`` card adds for the GM and the character's player: its sheet (Ranks,
tools, armor), the AP gauge an override sets at ``characters.<id>.ap``, its conditions
with what ends each (Days of Rest, a requirement, a duration) and the GM's command ruling
one healed (F-DOWN-06), and who takes the next turn of its Micro conflict (the seat order
is public).
"""

from __future__ import annotations

from tablekeeper.engine.cards import Condition, Fact, Section, next_after
from tablekeeper.engine.commands import Command
from tablekeeper.engine.values import GM
from tablekeeper.rulesets.fractal.encounter.commands import REMOVE, RemoveCondition
from tablekeeper.rulesets.fractal.encounter.state import Character, Conflict
from tablekeeper.rulesets.fractal.healing import ConditionEntry


def details(character: Character) -> tuple[Section, ...]:
    """Ranks, tools (a weapon's TNs and damage) and armor, the empty ones left out."""
    spec = character.spec
    ranks = tuple(
        Fact(label=skill, value=f"Rank {rank}") for skill, rank in sorted(spec.ranks.items())
    )
    tools = tuple(
        Fact(
            label=tool.name or tool.id,
            value=tool.kind + (f", TN {tool.tn}" if tool.tn is not None else ""),
            explain=", ".join(
                part
                for part in (
                    f"parry TN {tool.parry_tn}" if tool.parry_tn is not None else "",
                    f"cut TN {tool.cut_tn}" if tool.cut_tn is not None else "",
                    f"thrust TN {tool.thrust_tn}" if tool.thrust_tn is not None else "",
                    f"{tool.damage} damage" if tool.damage else "",
                    f"{tool.hands}-handed",
                    f"reload {tool.reload}" if tool.reload else "",
                )
                if part
            ),
        )
        for tool in spec.tools
    )
    armor = (Fact(label="Armor", value=str(spec.armor)),)
    found = (
        Section(title="Ranks", facts=ranks),
        Section(title="Tools and weapons", facts=tools),
        Section(title="Armor", facts=armor),
    )
    return tuple(section for section in found if section.facts)


def held(character: Character, ends: dict[str, str]) -> tuple[Condition, ...]:
    """Its conditions, each with what ends it (``ends``: by condition id) and the GM's
    command ruling it healed."""
    return tuple(_held(character, entry, ends[entry.id]) for entry in character.conditions)


def _held(character: Character, entry: ConditionEntry, ends: str) -> Condition:
    remove = Command.of(
        GM,
        REMOVE,
        RemoveCondition(
            character=character.id, condition=entry.id, because="the GM, from the card"
        ),
    )
    days = entry.dor
    return Condition(
        name=entry.label,
        left=days,
        unit="DoR" if days is not None else "",
        ends=ends,
        remove=remove,
    )


def next_up(conflict: Conflict | None) -> str | None:
    """Who has the next turn of a Micro conflict being played, among those still in it."""
    if conflict is None or conflict.current is None:
        return None
    seated = [key for key, seat in conflict.participants.items() if seat.out is None]
    return next_after(seated, conflict.current)
