"""Manifest and Discorporate (P-ACT-18, P-CMB-05, P-OPT-02).

"Manifesting is what spirits do in order to become visible in the physical world ...
Discorporating is the opposite, when a spirit returns to the Spirit World. Manifesting
is a requirement for interacting with the physical world, such as attacking or helping
characters. Both manifesting and discorporating cannot be done while engaged in melee or
spirit combat." A being that can leave its body (a shaman) discorporates and
reincorporates the same way. Each change re-rolls the turn order, with the initiative of
the new form (P-CMB-05: leaving or re-entering a body, always; P-OPT-02: a spirit moving
between the worlds, with the option).
"""

from __future__ import annotations

from tablekeeper.rulesets.percentile.encounter import commands as cmd
from tablekeeper.rulesets.percentile.encounter import events as ev
from tablekeeper.rulesets.percentile.encounter.actions import take
from tablekeeper.rulesets.percentile.encounter.draft import PercentileDraft
from tablekeeper.rulesets.percentile.encounter.state import Form
from tablekeeper.rulesets.percentile.encounter.turns import reroll_for_form


def change(draft: PercentileDraft, order: cmd.Who, form: Form) -> None:
    """Manifest (or reincorporate) and Discorporate."""
    who = order.combatant
    combatant = draft.state.combatant(who)
    take(draft, who, "manifest" if form != "discorporate" else "discorporate", physical=False)
    draft.emit(ev.FORM_CHANGED, ev.FormChanged(combatant=who, form=form))
    if not combatant.spirit:
        reroll_for_form(draft, who, "P-CMB-05")
    elif draft.state.options.reroll_turn_order:
        reroll_for_form(draft, who, "P-OPT-02")


def manifest(draft: PercentileDraft, order: cmd.Who) -> None:
    """A spirit shows itself in the physical world; a discorporate being re-enters its body."""
    spirit = draft.state.combatant(order.combatant).spirit
    change(draft, order, "manifested" if spirit else "corporeal")


def discorporate(draft: PercentileDraft, order: cmd.Who) -> None:
    """Into the Spirit World."""
    change(draft, order, "discorporate")
