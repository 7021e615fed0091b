"""Reframe and Improvise: ignoring one's own conditions for a Beat (document 000, Social,
Etiquette; Dancing, Solo; F-SOCIAL-NANO-14, F-DANCE-NANO-05; ruling G-F-N9).

"Trigger: You are effected social-related conditions during the AP refresh. Roll Words or
People against TN 4. Ignore a number of negative Conditions currently affecting you up to
your number of successes by changing the context of the debate." "Trigger: Any time you
are affected by negative performance-related conditions, immediately after the AP
refresh. Roll Auditory or Meditation against TN 4. Ignore a number of performance-related
Conditions currently affecting you up to your number of successes." Declared with the
Beat's first declarations (the refresh has just happened, G-F-03's step 3), rolled before
anything else of the Beat; the conditions it ignores, the most severe first, add no die,
TN or stat change to the user's rolls for the rest of the Beat (``technique_check``;
rolled in ``nano_resolve.py``). The Beat's AP, already refreshed, stays as it is.
"""

from __future__ import annotations

from tablekeeper.rulesets.fractal.encounter.state import Character

IGNORERS = {"reframe": "social", "improvise": "dancing"}
"""The technique and the tree whose conditions it ignores (F-SOCIAL-NANO-14, -DANCE-NANO-05)."""


def ignorable(character: Character, technique: str) -> list[str]:
    """The ids of the negative conditions of the technique's tree on the character, most
    severe first (then the latest): what its trigger asks, what it may ignore."""
    tree = IGNORERS[technique]
    found = [
        entry
        for entry in character.conditions
        if entry.polarity == "negative"
        and not entry.pending
        and not entry.suppressed
        and (entry.tree == tree or tree in entry.also_trees)
    ]
    ordered = sorted(enumerate(found), key=lambda pair: (-pair[1].severity, -pair[0]))
    return [entry.id for _, entry in ordered]


def without_ignored(character: Character, ignored: tuple[str, ...]) -> Character:
    """The character as its rolls see it this Beat: the ignored conditions suppressed."""
    if not ignored:
        return character
    return character.model_copy(
        update={
            "conditions": tuple(
                entry.model_copy(update={"suppressed": True}) if entry.id in ignored else entry
                for entry in character.conditions
            )
        }
    )
