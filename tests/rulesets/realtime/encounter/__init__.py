"""Tests of the realtime encounter engine, the scenarios and the terminal runner."""
