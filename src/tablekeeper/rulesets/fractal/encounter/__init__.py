"""The ``fractal`` encounter engine: conflicts as scopes inside one encounter.

An encounter (a scene) holds characters and any number of conflicts, open at once
(F-GM-14): Micro conflicts played Exchange by Exchange, Solo projects Interval by
Interval, each with its own tree, time scale (F-TIME) and scene elements. A condition
belongs to the character, so it carries from one conflict into another. ``state.py``
holds the models, ``commands.py`` and ``events.py`` the payloads, ``fold.py`` the fold,
``engine.py`` the command table; the rules are in ``ap.py`` (the Action Pool),
``rolling.py`` (a character's check), ``inflicting.py`` (conditions and what 0 AP means),
``acting.py`` (the Micro actions), ``exchanges.py`` (refresh, turns, the clock),
``solo.py``, ``macro.py`` and ``gm.py``.
"""
