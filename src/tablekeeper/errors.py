"""One error hierarchy for the whole project.

Every error a user can cause derives from :class:`RulesError`, carries a message that
names the field (or the position in a dice expression) and the reason, and is rendered by
each interface as one clear line: the CLI exits with status 2, the API answers 4xx.
Anything else escaping is a bug.
"""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error a user can cause: bad input, an illegal move, a bad expression.

    ``field`` names what was wrong (a model field, ``"expression"``, ``"dice"``) when one
    thing can be named; ``str(error)`` is the one line an interface shows.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def __str__(self) -> str:
        if self.field and not self.message.startswith(self.field):
            return f"{self.field}: {self.message}"
        return self.message


class DiceSyntaxError(RulesError):
    """A dice expression that does not parse; names the position and what was expected."""

    def __init__(self, message: str, *, expression: str, position: int) -> None:
        super().__init__(message, field="expression")
        self.expression = expression
        self.position = position

    def __str__(self) -> str:
        return f"expression: {self.message} at position {self.position + 1}"


class RollLimitError(RulesError):
    """An expression that would roll too many dice or explode or reroll without end."""


class DiceSupplyError(RulesError):
    """A :class:`~tablekeeper.dice.FixedRoller` was given faces that do not fit the roll:
    a face out of range for its die, too few faces, or (when strict) faces left over."""


class OddsUnavailableError(RulesError):
    """An exact distribution was asked of something that has none (or one too large)."""


class OddsTooCostlyError(OddsUnavailableError):
    """Exact odds that would cost more time or memory than the limits allow: refused
    before the work starts (``dice/cost.py``) or stopped while it runs (the server's
    budget, ``services/odds_worker.py``). Every interface answers it alike (the API and
    the console with 422); simulating the roll is the way to an answer."""


class InvalidInputError(RulesError):
    """Input to a resolver, command or model failed validation."""


class UnknownNameError(RulesError):
    """No resolver, ruleset or option is registered under the given name."""


class IllegalCommandError(RulesError):
    """A command that the rules do not allow in the current state."""


class DecisionError(RulesError):
    """A decision answered by the wrong person, with an option not offered, or twice."""


class NothingToUndoError(RulesError):
    """Undo with no command left to undo, or redo with nothing undone."""


class AuthenticationError(RulesError):
    """A request without a credential, or with a GM secret or player token that is wrong
    or revoked (the API answers 401)."""


class ForbiddenError(RulesError):
    """A request by someone known who may not do it: a player acting for another's
    character, answering another's decision, or doing what only the GM may (the API
    answers 403)."""


class ConflictError(RulesError):
    """A write against something that changed or is taken since the caller last looked
    (the API answers 409): reload and try again."""
