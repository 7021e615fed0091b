"""Checks that belong to no single rule document: free-form dice, success pools.

They are registered as the ``dice.*`` resolvers (:func:`register_resolvers`), beside the
resolvers of the rulesets, so every interface offers them the same way.
"""

from tablekeeper.rulesets.common.checks import (
    DICE_RESOLVERS,
    DiceRollInput,
    DiceRollOutcome,
    OpposedPoolInput,
    OpposedPoolOutcome,
    PoolInput,
    PoolOutcome,
    register_resolvers,
)

__all__ = [
    "DICE_RESOLVERS",
    "DiceRollInput",
    "DiceRollOutcome",
    "OpposedPoolInput",
    "OpposedPoolOutcome",
    "PoolInput",
    "PoolOutcome",
    "register_resolvers",
]
