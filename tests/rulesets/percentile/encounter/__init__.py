"""Tests of the percentile encounter engine, its scenarios and the terminal runner."""
