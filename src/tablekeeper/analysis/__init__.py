"""The balance lab: exact sweeps of resolvers, Monte Carlo of whole encounters.

It reaches a ruleset only through the contract (``engine.rulesets``): scenarios through
their ``ScenarioFormat``, play through ``ScenarioRun.next_command(policy)`` and the
``Session``, outcomes through ``winner``, ``ended``, ``elapsed`` and ``tally``, odds
through the resolver registry. Modules:

- :mod:`.variations`: ``FIELD=START:STOP[:STEP]`` grids, applied to input or scenario data;
- :mod:`.seeds`: one seed per trial, spawned from the run's seed;
- :mod:`.trials`: one encounter played to its end, and what it came to;
- :mod:`.report`: win rates with Wilson intervals, lengths, per-actor tallies;
- :mod:`.backends`: where trials run (this process, a local process pool, Dask);
- :mod:`.simulation`: a whole simulation, saved and reloaded;
- :mod:`.sweep` and :mod:`.plots`: exact odds over a grid of inputs, as tables and charts;
- :mod:`.exact`: the exact chances of a scenario's first exchange.
"""
