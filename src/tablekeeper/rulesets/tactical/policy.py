"""Who chooses for a ``tactical`` actor when nobody does: unattended play, simulations.

The engine's candidates are already ordered best first for that purpose
(``encounter/candidates.py``: finish a maneuver by closing on the nearest enemy, attack
an enemy in reach, move closer, use a utility action, and end the turn), so the policy
takes the first legal command and answers every decision with its default (the defense
the rules offer first). The balance lab and the terminal runner use it; a table that
wants another plays with its own ``Policy`` (the lab takes one from Python).
"""

from __future__ import annotations

from tablekeeper.engine.policies import DefaultPolicy, Policy
from tablekeeper.rulesets.tactical.encounter.state import TacticalState

POLICY: Policy[TacticalState] = DefaultPolicy()
"""The ``tactical`` ruleset's default policy."""
