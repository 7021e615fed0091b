"""Buttons never read alike: two commands with the same label get what they differ in."""

from __future__ import annotations

from typing import Any

from tablekeeper.web.labels import distinct_labels


def offered(label: str, **payload: Any) -> dict[str, Any]:
    return {"label": label, "payload": {"combatant": "brenna", "targets": ["ogre"], **payload}}


def test_attacks_that_differ_in_intent_say_so() -> None:
    wound, disarm = offered("Brenna: attack Ogre"), offered("Brenna: attack Ogre", intent="disarm")
    labels = [item["label"] for item in distinct_labels([wound, disarm])]
    assert labels == ["Brenna: attack Ogre (intent default)", "Brenna: attack Ogre (intent disarm)"]


def test_labels_already_distinct_are_left_alone() -> None:
    with_sword = offered("Brenna: attack Ogre with sword", weapon="sword")
    with_axe = offered("Brenna: attack Ogre with axe", weapon="axe")
    assert [i["label"] for i in distinct_labels([with_sword, with_axe])] == [
        "Brenna: attack Ogre with sword",
        "Brenna: attack Ogre with axe",
    ]


def test_a_list_of_values_is_written_out() -> None:
    one, two = offered("Split", targets=["ogre"]), offered("Split", targets=["ogre", "wolf"])
    assert [i["label"] for i in distinct_labels([one, two])] == [
        "Split (targets ogre)",
        "Split (targets ogre, wolf)",
    ]
