"""Tests of the rulesets, one package per rule document."""
