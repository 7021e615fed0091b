"""Services: one function per use case, called by every interface (CLI, API, console).

``dice``, ``resolvers`` and ``scenarios`` run in memory; ``campaigns``, ``encounters``,
``characters``, ``table`` and ``exports`` store through a unit of work; ``logs`` and
``views`` read what a viewer may see; ``settings`` is the one place the environment is
read (``TABLEKEEPER_DATABASE_URL``, or a SQLite file in the user's data directory). A
ruleset is reached only through its contract (``services/rulesets.py``).
"""
