"""A ruleset's abbreviations explained where the GM reads them: ``S.P.`` shown as
``<abbr title="Success Points">S.P.</abbr>``; and the rule references a sentence cites
(``minion removed (F-GM-04)``) kept out of the way: a small mark the id is behind
(:func:`cited`), so the sentence reads plainly and the rule is a hover away.

The abbreviations and their words are the ruleset's (its words module's
``abbreviations``, a mapping from the abbreviation to the document's term; a ruleset
without one abbreviates nothing); the console only marks them in the sentences it shows
(the outcome, the log, the odds, the cards' facts) so a hover, a long press or a screen
reader spells them out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from markupsafe import Markup, escape


def abbreviations_of(words: object) -> Mapping[str, str]:
    """The abbreviations a ruleset's words spell out (none when it declares none)."""
    found = getattr(words, "abbreviations", None)
    return found if isinstance(found, Mapping) else {}


RULE_ID = r"[A-Z]{1,2}(?:-[A-Z]+)*-[A-Z]*\d+[a-z]?"
"""A rule's id in the catalogue or a ruling's in docs/rulings.md: ``F-GM-04``,
``P-MOD-02``, ``C-16``, ``G-S-E7``, ``F-COMBAT-MICRO-01``."""

_IDS = rf"({RULE_ID}(?:(?:, | and ){RULE_ID})*)"
_CITED_ALONE = re.compile(rf"\s?\((?:(?:ruling|rule|rules|GM): ?|(?:ruling|rule|rules) )?{_IDS}\)")
"""A parenthesis holding rule ids alone: ``(F-GM-04)``, ``(ruling C-16)``, ``(GM: F-GM-10,
F-GM-13)``."""

_CITED_LAST = re.compile(rf"(?:; |, ){_IDS}\)")
"""Rule ids closing a longer parenthesis: ``(proactive; body or meditation;
F-COMBAT-MICRO-01)``."""


def cited(text: object) -> Markup:
    """``text`` escaped, the rule ids it cites in parentheses made a small mark (``§``)
    that holds them (its title, and what a screen reader says): the table reads the
    sentence, the GM who wants the rule hovers.

    >>> str(cited("Goblin 1 is out: minion removed (F-GM-04)"))  # doctest: +ELLIPSIS
    'Goblin 1 is out: minion removed<sup class="rule-ref" title="rule F-GM-04" ...>§</sup>'
    >>> str(cited("Melee (proactive; body; F-COMBAT-MICRO-01)"))  # doctest: +ELLIPSIS
    'Melee (proactive; body)<sup class="rule-ref" title="rule F-COMBAT-MICRO-01" ...>§</sup>'
    >>> str(cited("Rolled 3 (trigger 4.1: Aliena) <b>"))
    'Rolled 3 (trigger 4.1: Aliena) &lt;b&gt;'
    """
    return Markup(_cited(str(escape(text))))


def _cited(escaped: str) -> str:
    marked = _CITED_ALONE.sub(lambda found: _mark(found.group(1)), escaped)
    return _CITED_LAST.sub(lambda found: ")" + _mark(found.group(1)), marked)


def rule_ref(ids: str) -> Markup:
    """The mark for ``ids`` (``"C-16"``, ``"ruling C-16"``, ``"F-GM-10, F-GM-13"``) in a
    template's own words, as :func:`cited` makes it."""
    return Markup(_mark(str(escape(ids.removeprefix("ruling ")))))


def _mark(ids: str) -> str:
    rules = "rules" if "," in ids or " and " in ids else "rule"
    said = f"{rules} {ids}"
    return f'<sup class="rule-ref" title="{said}" aria-label="{said}">§</sup>'


def spelled_out(text: object, abbreviations: Mapping[str, str]) -> Markup:
    """``text`` escaped, each abbreviation in it an ``<abbr>`` titled with its words, and
    the rule ids it cites made a mark (:func:`cited`).

    >>> str(spelled_out("hit, 7 S.P.", {"S.P.": "Success Points"}))
    'hit, 7 <abbr title="Success Points">S.P.</abbr>'
    """
    escaped = str(escape(text))
    if not abbreviations:
        return Markup(_cited(escaped))
    pattern = re.compile(
        "|".join(re.escape(str(escape(short))) for short in sorted(abbreviations, key=len)[::-1])
    )
    titles = {str(escape(short)): escape(words) for short, words in abbreviations.items()}
    # the rule ids first, each whole: an abbreviation inside one (GM in F-GM-04) is not one
    parts = re.split(rf"({RULE_ID})", escaped)
    marked = "".join(
        part
        if index % 2
        else pattern.sub(
            lambda found: f'<abbr title="{titles[found.group(0)]}">{found.group(0)}</abbr>', part
        )
        for index, part in enumerate(parts)
    )
    return Markup(_cited(marked))
