"""Services: one function per use case, called by every interface (CLI, API, console).

``dice``, ``resolvers`` and ``scenarios`` run in memory; ``campaigns`` stores campaigns
and their encounters through a unit of work (``TABLEKEEPER_DATABASE_URL``, or a SQLite
file in the user's data directory).
"""
