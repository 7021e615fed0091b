"""The Nano duel's sentences: a declaration, a technique rolled, a blow struck, Momentum.

Kept beside ``words.py`` (which hooks these in) so the duel's words live with its rules.
A declaration names the technique, target and zone only once its step is over for the
viewer's side, and never the dice a hidden pool committed: players see what was
declared, the GM everything (Sight).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablekeeper.engine.sight import Sight
from tablekeeper.engine.values import Frozen
from tablekeeper.engine.words import Names, name_of
from tablekeeper.rulesets.fractal.checks import CheckOutcome
from tablekeeper.rulesets.fractal.encounter import nano_events as nev
from tablekeeper.rulesets.fractal.encounter.nano_flow import waiting_on
from tablekeeper.rulesets.fractal.encounter.state import Conflict, FractalState

HOW = {
    "steal": "steals the momentum",
    "seize": "seizes the momentum",
    "retain": "keeps the momentum",
    "take": "takes the momentum",
    "drop": "back to The Drop",
}


def _dice(check: CheckOutcome, sight: Sight) -> str:
    faces = " ".join(str(face) for face in check.dice) or "no dice"
    against = f" vs TN {check.tn}" if sight.shows_targets else ""  # not "dice only" (C-20)
    return f"[{faces}]{against}: {check.success_level} successes"


def _declared(payload: nev.Declared, names: Names, sight: Sight, who: str, sees: bool) -> str:
    mine = payload.declaration
    parts = []
    if payload.step == "feint" and mine.feint_from is not None:
        parts.append(f"feints from {mine.feint_from} into {mine.action} ({mine.zone})")
    elif payload.step != "feint" and mine.action is not None:
        target = f" at {name_of(names, mine.target)}" if mine.target else ""
        zone = f" ({mine.zone})" if mine.zone else ""
        area = " and every other opponent (area, TN 6)" if mine.area else ""
        parts.append(f"{mine.action.replace('_', ' ')}{target}{area}{zone}")
    if payload.step == "defense" and mine.defense is not None:
        joins = f" into {name_of(names, mine.assist)}'s Ward" if mine.assist else ""
        parts.append(mine.defense.replace("_", " ") + joins)
    said = ", ".join(parts) or "nothing more"
    return f"{who} declares ({payload.step}): {said}"


def _rolled(payload: nev.TechniqueRolled, names: Names, sight: Sight, who: str, sees: bool) -> str:
    technique = payload.technique.replace("_", " ")
    return f"{who}: {technique} ({payload.role}) {_dice(payload.check, sight)}"


def _struck(payload: nev.Struck, names: Names, sight: Sight, who: str, sees: bool) -> str:
    attacker = name_of(names, payload.attacker)
    target = name_of(names, payload.target)
    if payload.prevented:
        return f"{attacker}'s {payload.technique} never lands: the faster blow stopped it"
    margin = f", margin {payload.margin}" if sight.shows_targets else ""  # it tells the armor
    return (
        f"{attacker}'s {payload.technique} on {target}: {payload.successes} successes, "
        f"{payload.defense} defended{margin}"
    )


def _momentum(
    payload: nev.MomentumChanged, names: Names, sight: Sight, who: str, sees: bool
) -> str:
    if payload.holder is None:
        return f"{' and '.join(name_of(names, k) for k in payload.pair.split('|'))}: {HOW['drop']}"
    return f"{name_of(names, payload.holder)} {HOW[payload.how]}"


def _relocated(payload: nev.Relocated, names: Names, sight: Sight, who: str, sees: bool) -> str:
    return f"{who} surges to the {payload.zone} ({payload.rule})"


def nano_clock(state: FractalState, conflict: Conflict) -> str:
    """``duel: beat 3, defense step, Corvo declares; momentum Brenna``."""
    duel = conflict.duel
    assert duel is not None
    who = waiting_on(conflict)
    declares = f", {state.characters[who].name} declares" if who else ""
    holders = sorted(set(duel.momentum.values()), key=lambda h: h or "")
    momentum = ", ".join(state.characters[h].name if h else "The Drop" for h in holders)
    named = conflict.title or conflict.id
    return f"{named}: beat {conflict.step}, {duel.step} step{declares}; momentum {momentum}"


SENTENCES: dict[type[Frozen], Callable[[Any, Names, Sight, str, bool], str | None]] = {
    nev.Declared: _declared,
    nev.TechniqueRolled: _rolled,
    nev.Struck: _struck,
    nev.MomentumChanged: _momentum,
    nev.Relocated: _relocated,
}
"""Each Nano event's payload model and its sentence."""

WEIGHTS = {nev.STRUCK: 6, nev.MOMENTUM: 6, nev.TECHNIQUE_ROLLED: 5, nev.DECLARED: 3}
"""How much each Nano event weighs in a command's summary."""
