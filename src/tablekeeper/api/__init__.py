"""The HTTP API: FastAPI routes, thin over the services (see docs/api.md).

``create_app()`` (``api/app.py``) builds it, never at import: the stateless dice,
resolver and ruleset routes, the campaign routes (campaigns, players, characters,
encounters, commands, decisions, undo/redo, the table's log) and the live WebSocket per
encounter. ``tablekeeper serve`` runs it with uvicorn.
"""
