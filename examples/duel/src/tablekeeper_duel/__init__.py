"""A two-fighter duel: the example of a Tablekeeper ruleset packaged by a third party.

``rules.py`` is the encounter (state, command table, fold, the ``duel.attack`` check);
``ruleset.py`` is :data:`DUEL`, the whole contract; ``scenario.py`` reads its scenarios.
"""
