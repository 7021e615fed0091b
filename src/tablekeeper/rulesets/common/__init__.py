"""What every ruleset package may share: rules tables as YAML validated into models.

(The ``dice.*`` checks, which belong to no rule document, live in
:mod:`tablekeeper.engine.dice_checks`.)
"""
