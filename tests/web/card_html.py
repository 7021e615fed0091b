"""One actor's card in a console page (``_cards.html``), for the page tests."""

from __future__ import annotations


def card_of(page: str, actor: str) -> str:
    """The HTML of ``actor``'s card on the table: from its ``<li>`` to the next card's or
    the end of the cards' section."""
    after = page.split(f'id="card-{actor}"', 1)[1]
    return after.split('<li class="actor-card', 1)[0].split("</section>", 1)[0]
