"""Buttons never read alike: two commands with the same label get what they differ in."""

from __future__ import annotations

from typing import Any

from tablekeeper.web.command_labels import command_label, distinct_labels

STATE: dict[str, Any] = {
    "combatants": {"brenna": {"stats": {"name": "Brenna"}}, "ogre": {"stats": {"name": "Ogre"}}}
}


def attack(**payload: Any) -> dict[str, Any]:
    data = {"actor": "brenna", "kind": "percentile.attack", "payload": {"combatant": "brenna"}}
    data["payload"] |= {"targets": ["ogre"], **payload}
    return {"label": command_label(data, STATE), "payload": data["payload"]}


def test_attacks_that_differ_in_intent_say_so() -> None:
    wound, disarm = attack(), attack(intent="disarm")
    assert wound["label"] == disarm["label"] == "Brenna: attack Ogre"
    labels = [item["label"] for item in distinct_labels([wound, disarm])]
    assert labels == ["Brenna: attack Ogre (intent default)", "Brenna: attack Ogre (intent disarm)"]


def test_labels_already_distinct_are_left_alone() -> None:
    with_sword, with_axe = attack(weapon="sword"), attack(weapon="axe")
    assert [i["label"] for i in distinct_labels([with_sword, with_axe])] == [
        "Brenna: attack Ogre with sword",
        "Brenna: attack Ogre with axe",
    ]
