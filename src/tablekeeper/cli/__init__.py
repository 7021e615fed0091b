"""The terminal interface: ``tablekeeper roll | odds | resolve | demo | play | scenarios |
serve | console``, thin over the services (``cli/main.py``)."""
