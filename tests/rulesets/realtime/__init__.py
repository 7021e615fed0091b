"""Tests of the ``realtime`` ruleset (rule document 003)."""
