"""The social encounter engine of rule document 001 ("Social Encounters" to the end).

A percentile encounter begins as neither combat nor social: the GM's first command
chooses. ``percentile.start_social`` starts a social one, whose state is the encounter
state's ``social`` part:

- ``state``: the parties, their target DP and turn speakers, the characters' seats, the
  social clock; ``commands``: the kinds and payloads; ``events`` and ``fold``: what
  happened and the state after it; ``pending``: what a decision is about.
- ``checks``: what each command requires (and the social turn every character's command
  needs); ``choices``: the commands worth offering, best first.
- ``setup``: starting, ruling a target DP, joining, turning into combat; ``rounds``: the
  social clock and the end; ``abilities``: what a character rolls; ``actions``: the
  actions without an argument; ``arguing``: Argue, rolled at the end of the round;
  ``provocation``: Ad-Hominem Attack and Provoke.

The checks themselves (resolvers, tables, exact odds) are ``rulesets/percentile/social/``.
"""
