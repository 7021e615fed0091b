"""Every ruling the social chapter's code cites is written in ``docs/rulings.md``.

The issue: "each ruling in docs/rulings.md" (gaps G-P-04, G-P-05, G-P-06, G-P-18 .. G-P-23,
G-P-28), plus the engine's own (``G-P-SNN``); each provisional default is marked so in the
data and listed there.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

from tablekeeper.rulesets.percentile.options import PercentileOptions
from tablekeeper.rulesets.percentile.social.tables import social_tables

ROOT = Path(__file__).resolve().parents[4]
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
SCOPE = ("G-P-04", "G-P-05", "G-P-06", "G-P-18", "G-P-19", "G-P-20", "G-P-21", "G-P-22",
         "G-P-23", "G-P-28")  # fmt: skip
GAP = re.compile(r"G-P-S?\d+")


def _headings() -> set[str]:
    return set(re.findall(r"^### (G-P-S?\d+) ", RULINGS, re.MULTILINE))


def _cited() -> set[str]:
    package = files("tablekeeper.rulesets.percentile")
    found: set[str] = set()
    for folder in (package / "social", package / "encounter" / "social"):
        for item in folder.iterdir():
            if item.name.endswith((".py", ".yaml")):
                found |= set(GAP.findall(item.read_text(encoding="utf-8")))
    for name in ("social_cards.py", "social_odds.py", "social_sentences.py",
                 "social_views.py", "social_words.py"):  # fmt: skip
        found |= set(GAP.findall((package / name).read_text(encoding="utf-8")))
    return found


def test_every_gap_of_the_issue_and_every_cited_ruling_is_written() -> None:
    headings = _headings()
    assert set(SCOPE) <= headings
    missing = _cited() - headings
    assert not missing, f"cited but not in docs/rulings.md: {sorted(missing)}"


def test_the_social_options_name_their_gaps_and_are_in_the_rulings() -> None:
    for field in ("social_damage", "appeal_penalty", "motivations_protect"):
        description = PercentileOptions.model_fields[field].description or ""
        gap = GAP.search(description)
        assert gap is not None, field
        assert re.search(rf"`[^`]*\b{field}\b[^`]*`", RULINGS), field


def test_the_provisional_defaults_are_marked_and_listed() -> None:
    tables = social_tables()
    assert tables.sheet_defaults.provisional
    assert [scale for scale, row in tables.time_scales.items() if not row.provisional] == ["hourly"]
    assert "`provisional: true`" in RULINGS.split("### G-P-04")[1].split("### G-P-05")[0]
    assert "provisional" in (PercentileOptions.model_fields["social_damage"].description or "")
