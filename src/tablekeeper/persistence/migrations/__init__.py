"""Alembic migrations, configured in code (no ``alembic.ini``): see ``database.py``."""
