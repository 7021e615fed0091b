"""The dice expressions issue 11 found exhausting the server, measured there: each ran for
9 s to past 120 s, held 0.7 to 16.5 GB, or answered 500. Shared by the tests that hold
each to its refusal (``tests/dice/test_cost.py``, ``tests/api/test_hardening.py``,
``tests/reliability/test_dice_fuzz.py``)."""

ISSUE_EXPRESSIONS = (
    "1d10000!>1",
    "1d1000!>1",
    "1d2000!>1",
    "2d10000!>=2",
    "10d10000!>=2",
    "1000d10000kh500",
    "1000d1000kh500",
    "100d1000kh50",
    "1000d1000!kh999",
)
