"""The ``tactical`` encounter engine: turn-based play of rule document 004 on a grid.

``state.py`` (characters, the turn, what is pending), ``events.py`` and ``fold.py`` (what
happens and the state it folds to), ``commands.py`` (what is asked), ``joining.py``,
``using.py`` (a skill's checks and play), ``flow.py`` (reactions, defenses, outcomes),
``triggers.py`` and ``reacting.py`` (reactions), ``moving.py`` (movement), ``holding.py``
(releasing concentration, weapons),
``effects.py`` (pools, conditions, defeat, concentration), ``turns.py``, ``traits.py``
(what conditions and the fighting style allow), ``reach.py`` (the grid as a user sees
it), ``candidates.py`` (what to offer) and ``engine.py`` (the command table).
"""
