"""The terminal interface: ``tablekeeper roll | odds | resolve | demo | play | scenarios |
serve | console``, thin over the services (the Typer app is ``cli/app.py``; the script's
entry, ``cli/main.py``)."""
