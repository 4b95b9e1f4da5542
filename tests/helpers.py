"""Test helpers: build scripted decks from the hands a test wants, drive a Game, play random endgames.

Deck order (docs/contracts.md), for a deck d and dealer D, first seat served (D+1)%4:
d[0:12] 3 cards to each seat in turn, d[12:20] 2 each, d[20] the turned card,
d[21:] after a take, 3 each in turn from (D+1)%4, the taker only 2.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from belote.playstate import PlayState
from reference import ALL_CARDS, card_index

# A deck that bids nothing in particular; used to fill throw-in deals before a scripted one.
PLAIN_DECK = list(ALL_CARDS)


def cards(text):
    """'JH 9H AH' -> ['JH', '9H', 'AH'] (lists pass through)."""
    if isinstance(text, str):
        return text.split()
    return list(text)


def seats_from_left(dealer):
    return [(dealer + 1 + i) % 4 for i in range(4)]


def _fill(hands, size, used, void, exclude=()):
    """Complete partial hands with unused cards in card order, avoiding void suits."""
    out = {s: list(hands.get(s, [])) for s in range(4)}
    pool = [c for c in ALL_CARDS if c not in used and c not in exclude]
    # most constrained seats first, then seat number
    for s in sorted(range(4), key=lambda s: (-len(void.get(s, "")), s)):
        need = size(s) - len(out[s])
        for c in list(pool):
            if need <= 0:
                break
            if c[1] in void.get(s, ""):
                continue
            out[s].append(c)
            pool.remove(c)
            need -= 1
        if need > 0:
            raise ValueError(f"cannot fill seat {s}: voids {void} leave too few cards")
    return out, pool


def build_deck(hands, turned, taker=None, dealer=3, void=None, stock=None):
    """Return a 32-card deck.

    With `taker`: hands[s] are the final 8-card hands (the taker's includes `turned`);
    the first 5 listed (turned card excluded) are dealt first, the rest at completion.
    Without `taker`: hands[s] are the 5-card hands of the deal; the completion cards are
    `stock` (11 cards) or the leftovers in card order.
    Partial hands are filled with leftover cards in card order, skipping the suits
    listed in void[seat] (e.g. void={1: "SH"}).
    """
    void = void or {}
    hands = {s: cards(h) for s, h in hands.items()}
    for s, h in hands.items():
        if taker is not None and s != taker:
            assert turned not in h, f"seat {s} cannot hold the turned card {turned}"
    used = {c for h in hands.values() for c in h} | {turned}
    if taker is None:
        full, pool = _fill(hands, lambda s: 5, used, void)
        rest = cards(stock) if stock is not None else pool
        firsts = full
        order = seats_from_left(dealer)
        deck = []
        for s in order:
            deck += firsts[s][:3]
        for s in order:
            deck += firsts[s][3:5]
        deck.append(turned)
        deck += rest
    else:
        assert turned in hands.get(taker, []) or len(hands.get(taker, [])) < 8
        if turned not in hands.setdefault(taker, []):
            hands[taker].append(turned)
        full, pool = _fill(hands, lambda s: 8, used, void)
        assert not pool
        order = seats_from_left(dealer)
        own = {s: [c for c in full[s] if c != turned] for s in range(4)}
        deck = []
        for s in order:
            deck += own[s][:3]
        for s in order:
            deck += own[s][3:5]
        deck.append(turned)
        for s in order:
            deck += own[s][5:]
    assert len(deck) == 32 and sorted(deck, key=card_index) == ALL_CARDS, deck
    return deck


def throw_in_prefix(dealer):
    """Decks for the thrown-in deals needed so that deal number k is dealt by `dealer`."""
    return [list(PLAIN_DECK) for _ in range((dealer - 3) % 4)]


def new_game(hands, turned, taker, trump=None, dealer=3, target=1000, void=None, more_decks=(),
             seed=1):
    """A Game whose first played deal has these hands, with `taker` taking `trump`.

    `trump` defaults to the turned card's suit (a round-1 take); another suit is named in
    round 2.  Deals before it (to reach `dealer`) are thrown in.
    """
    from belote import Game

    deck = build_deck(hands, turned, taker=taker, dealer=dealer, void=void)
    decks = throw_in_prefix(dealer) + [deck] + [list(d) for d in more_decks]
    g = Game(seed=seed, target=target, decks=decks)
    for _ in range((dealer - 3) % 4):
        throw_in(g)
    bid_to(g, taker, trump or turned[1])
    return g


def throw_in(g):
    """Everybody passes twice."""
    for _ in range(8):
        g.play("pass")


def bid_to(g, taker, trump):
    """Pass until `taker` takes `trump` (round 1 if it is the turned suit, else round 2)."""
    turned = g.view(0)["turned_card"]
    if trump == turned[1]:
        while g.to_act != taker:
            g.play("pass")
        return g.play("take")
    for _ in range(4):
        g.play("pass")
    while g.to_act != taker:
        g.play("pass")
    return g.play("take:" + trump)


def play_cards(g, seq):
    """Play the given cards in order (each by whoever is to act); returns all events."""
    events = []
    for c in cards(seq):
        events += g.play(c)
    return events


def play_out_deal(g, choose=None):
    """Play the current deal to its end; `choose(legal)` picks (default: first legal)."""
    choose = choose or (lambda legal: legal[0])
    events = []
    deal = g.view(0)["deal_number"]
    while g.to_act is not None and g.view(0)["deal_number"] == deal:
        events += g.play(choose(g.legal_actions()))
    return events


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


def random_decks(rng: random.Random, n):
    out = []
    for _ in range(n):
        d = list(ALL_CARDS)
        rng.shuffle(d)
        out.append(d)
    return out


CARD_CODES = frozenset(ALL_CARDS)


def card_strings(obj, skip_keys=()):
    """Every card code appearing anywhere in a JSON-like object (keys included)."""
    found = []

    def walk(o):
        if isinstance(o, str):
            if o in CARD_CODES:
                found.append(o)
        elif isinstance(o, dict):
            for k, v in o.items():
                if k in skip_keys:
                    continue
                walk(k)
                walk(v)
        elif isinstance(o, (list, tuple)):
            for v in o:
                walk(v)

    walk(obj)
    return found


def random_endgame(rng: random.Random, left: int, extra: int,
                   on_card: Callable[[int, int], None] | None = None) -> PlayState:
    """A random deal played by random legal cards until ``left`` tricks and ``extra`` cards of
    the next remain; ``on_card(seat, card)`` sees each card played (e.g. to keep a history)."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, card in enumerate(deck):
        hands[i // 8] |= 1 << card
    ps = PlayState(hands, rng.randrange(4), rng.randrange(4))
    while 8 - ps.n_tricks > left or (8 - ps.n_tricks == left and len(ps.trick) < extra):
        legal = ps.legal_mask()
        c = rng.choice([x for x in range(32) if legal >> x & 1])
        if on_card is not None:
            on_card(ps.to_act, c)
        ps.play(c)
    return ps
