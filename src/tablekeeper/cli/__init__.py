"""The terminal interface: ``tablekeeper roll | odds | resolve | demo``."""
