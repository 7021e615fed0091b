"""Who chooses for a ``percentile`` actor when nobody does: unattended play, simulations.

The engine's candidates are already ordered best first for that purpose
(``encounter/choices.py``: fight the enemies engaged with you, escape a grapple, attack
an enemy, manifest to reach one, then the other actions, and end the turn once the
actions are spent), so the policy takes the first legal command and answers every
decision with its default (the defense the rules offer first). The balance lab and the
terminal runner use it; a table that wants another plays with its own ``Policy`` (the
lab takes one from Python).
"""

from __future__ import annotations

from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.rulesets.percentile.encounter.state import PercentileState

POLICY: Policy[PercentileState] = DefaultPolicy()
"""The ``percentile`` ruleset's default policy."""
