"""The ``tactical`` ruleset: rule document 004, a skills chapter played on a grid.

Rules core (pure): ``dice.py`` (yield dice, boons and banes, cunning), ``tally.py`` (what
the dice come to, rolled or counted), ``threat.py``, ``attack.py``, ``utility.py``,
``targeting.py`` and ``grid.py`` (paces, walls, sight, lines, blasts), ``catalogue.py``
(tags, conditions, skills as data in ``data/``). ``encounter/`` is the turn-based engine;
``ruleset.py`` is :data:`~tablekeeper.rulesets.tactical.ruleset.TACTICAL`, the contract.
"""
