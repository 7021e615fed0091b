"""The effective skill of each defense a defense decision offers (P-ATK-05, P-OPT-07,
P-OPT-18), each the total of the defense roll's breakdown of its attack request.

A decision offers each way to defend (Dodge, a parry with each weapon, a block with
each shield) once, then as a Dive Dodge and split two and three ways (P-OPT-07): a
dozen requests an attack, each built and validated and its breakdown added up.

On the engine's fast paths (``engine/fast_paths.py``) only the first choice of each way
(its kind and item) is worked out in full; the others of the same way take its total
less its own Split Action and Dive Dodge terms, plus theirs. That is the full total,
because the requests of one way differ only in the defender's ``split`` and
``dive_dodge``, and the defense breakdown (``attack_input.defense_breakdown``) reads
these two only for those terms, summed into the total. A request the full path would
refuse is never shortened: the first of a way is built in full (a refusal raises as
before), and another is shortened only when the model would take its split and dive
(a split of at most ``MAX_SPLIT``, and above one only with the ``split_action`` option
on; a dive only as a Dodge, with the ``dive_dodge`` option on), which are all the
model's checks that read them.

``tests/rulesets/percentile/test_fast_paths.py`` compares both ways on every defense
decision the shipped scenarios ask, with the options flipped.
"""

from __future__ import annotations

from tablekeeper.engine import fast_paths
from tablekeeper.rulesets.percentile import modifiers as mod
from tablekeeper.rulesets.percentile.attack_input import MAX_SPLIT, defense_breakdown
from tablekeeper.rulesets.percentile.encounter.attack_request import AttackerSide, against
from tablekeeper.rulesets.percentile.encounter.defending import Choice
from tablekeeper.rulesets.percentile.encounter.pending import AttackTask
from tablekeeper.rulesets.percentile.encounter.state import PercentileState
from tablekeeper.rulesets.percentile.options import PercentileOptions


def defense_skills(
    state: PercentileState,
    task: AttackTask,
    side: AttackerSide,
    offered: tuple[Choice, ...],
    *,
    early: bool,
) -> dict[str, int | None]:
    """Each offered choice's effective skill by its id (none for not defending)."""
    skills: dict[str, int | None] = {}
    shortened = fast_paths.enabled()
    ways: dict[tuple[str, str | None], int] = {}
    options = state.options
    for choice in offered:
        if choice.kind == "none":
            skills[choice.id] = None
            continue
        way = (choice.kind, choice.item)
        if shortened and way in ways and _taken_as_is(choice, options):
            skills[choice.id] = ways[way] + _own_terms(choice)
            continue
        total = defense_breakdown(against(state, task, side, choice, early=early)).total
        skills[choice.id] = total
        ways.setdefault(way, total - _own_terms(choice))
    return skills


def _taken_as_is(choice: Choice, options: PercentileOptions) -> bool:
    """Whether the request takes this choice's split and dive when it takes another
    choice of the same way."""
    split_ok = choice.split == 1 or (options.split_action and choice.split <= MAX_SPLIT)
    dive_ok = not choice.dive or (options.dive_dodge and choice.kind == "dodge")
    return split_ok and dive_ok


def _own_terms(choice: Choice) -> int:
    """The Split Action and Dive Dodge terms of ``choice``'s defense breakdown."""
    terms = mod.split_action(choice.split)
    if choice.dive:
        terms = (*terms, *mod.dive_dodge())
    return sum(term.amount for term in terms)
