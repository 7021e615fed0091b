"""A ruleset's abbreviations explained where the GM reads them: ``S.P.`` shown as
``<abbr title="Success Points">S.P.</abbr>``.

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


def spelled_out(text: object, abbreviations: Mapping[str, str]) -> Markup:
    """``text`` escaped, each abbreviation in it an ``<abbr>`` titled with its words.

    >>> str(spelled_out("hit, 7 S.P.", {"S.P.": "Success Points"}))
    'hit, 7 <abbr title="Success Points">S.P.</abbr>'
    """
    escaped = str(escape(text))
    if not abbreviations:
        return Markup(escaped)
    pattern = re.compile(
        "|".join(re.escape(str(escape(short))) for short in sorted(abbreviations, key=len)[::-1])
    )
    titles = {str(escape(short)): escape(words) for short, words in abbreviations.items()}
    marked = pattern.sub(
        lambda found: f'<abbr title="{titles[found.group(0)]}">{found.group(0)}</abbr>', escaped
    )
    return Markup(marked)
