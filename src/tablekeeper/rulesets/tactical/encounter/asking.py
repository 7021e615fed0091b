"""The decisions a skill in use asks (react? defend or yield?), each built once for what
it says (a fast path).

A trial asks a target to defend, and a target or its ally whether to react, dozens of
times, and trials of one scenario ask the same questions again and again: the same
chooser, the same prompt, the same options, the same default. A :class:`Decision` is a
frozen value of those arguments alone, so on the engine's fast paths each is built once
for them and handed out again (``engine/memo.built``, the idiom the candidates' commands
use); on the reference path it is built afresh. The key holds every argument the
decision is built from (the prompt and labels as the words they are), so an equal key
builds an equal decision.
"""

from __future__ import annotations

from tablekeeper.engine.decisions import Decision, Option
from tablekeeper.engine.memo import built
from tablekeeper.engine.values import ActorId


def reaction_decision(
    character: str, prompt: str, reactions: tuple[tuple[str, str], ...]
) -> Decision:
    """``character`` may react with each of ``reactions`` (its key and name), the first
    by default, or not at all."""

    def make() -> Decision:
        return Decision(
            chooser=ActorId(character),
            prompt=prompt,
            options=(
                Option(id="none", label="No reaction"),
                *(Option(id=key, label=f"React: {name}") for key, name in reactions),
            ),
            default=reactions[0][0],
        )

    return built(("tactical reaction decision", character, prompt, reactions), make)


def defense_decision(
    target: str, prompt: str, options: tuple[tuple[str, str], ...], default: str
) -> Decision:
    """``target`` chooses one of ``options`` (each defense and its label), ``default``
    preselected."""

    def make() -> Decision:
        return Decision(
            chooser=ActorId(target),
            prompt=prompt,
            options=tuple(Option(id=defense, label=label) for defense, label in options),
            default=default,
        )

    return built(("tactical defense decision", target, prompt, options, default), make)
