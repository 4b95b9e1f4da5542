"""An independent, deliberately simple reference implementation of RULES.md.

Written only from docs/RULES.md and docs/contracts.md, without looking at the
engine (engine/belote/), so that agreement between the two means something.  It is
slow and string-based on purpose: cards are codes like "JH", hands are lists.

It models a whole match: dealing from scripted decks in the documented deck order,
the two bidding rounds, the throw-in, the completion of the deal, the play obligations,
trick winners, belote/rebelote, deal scoring (capot, dedans, litige and its reserve)
and the match to a target.
"""

from __future__ import annotations

RANKS = "789TJQKA"  # card-int order inside a suit
SUITS = "CDHS"  # card-int order of suits
TRUMP_ORDER = "J9ATKQ87"  # strongest first
PLAIN_ORDER = "ATKQJ987"  # strongest first
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"J": 2, "9": 0, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
ALL_CARDS = [r + s for s in SUITS for r in RANKS]  # card-int order


class RefError(Exception):
    """The reference was asked for something it cannot do (illegal action, no deck)."""


def card_index(card: str) -> int:
    return SUITS.index(card[1]) * 8 + RANKS.index(card[0])


def sort_cards(cards):
    return sorted(cards, key=card_index)


def strength(card: str, trump: str) -> int:
    """Higher is stronger, comparable only between cards of the same suit."""
    order = TRUMP_ORDER if card[1] == trump else PLAIN_ORDER
    return 8 - order.index(card[0])


def points(card: str, trump: str) -> int:
    table = TRUMP_POINTS if card[1] == trump else PLAIN_POINTS
    return table[card[0]]


def trick_winner(trick, trump: str) -> int:
    """trick: list of (seat, card) in play order; returns the winning seat."""
    trumps = [(seat, card) for seat, card in trick if card[1] == trump]
    if trumps:
        candidates = trumps
    else:
        led = trick[0][1][1]
        candidates = [(seat, card) for seat, card in trick if card[1] == led]
    best_seat, best_card = candidates[0]
    for seat, card in candidates[1:]:
        if strength(card, trump) > strength(best_card, trump):
            best_seat, best_card = seat, card
    return best_seat


def legal_cards(hand, trick, trump: str, seat: int):
    """The cards `seat` may play, in card-int order (RULES.md, 'What a player may play')."""
    if not trick:
        return sort_cards(hand)  # 1. leading: any card
    led = trick[0][1][1]
    same_suit = [c for c in hand if c[1] == led]
    my_trumps = [c for c in hand if c[1] == trump]
    trick_trumps = [c for _, c in trick if c[1] == trump]
    best = max((strength(c, trump) for c in trick_trumps), default=-1)
    higher_trumps = [c for c in my_trumps if strength(c, trump) > best]
    if same_suit:  # 2. holding the suit led
        if led != trump:
            return sort_cards(same_suit)
        return sort_cards(higher_trumps or my_trumps)
    # 3. not holding the suit led
    winner = trick_winner(trick, trump)
    if winner % 2 == seat % 2:  # the partner is currently winning: free discard
        return sort_cards(hand)
    if my_trumps:
        return sort_cards(higher_trumps or my_trumps)
    return sort_cards(hand)


class RefMatch:
    """A whole match.  `decks[n]` is the deck of deal n (thrown-in deals count)."""

    def __init__(self, decks, target: int = 1000):
        self.decks = decks
        self.target = target
        self.scores = [0, 0]
        self.reserve = 0
        self.deal_number = 0
        self.dealer = 3
        self.sheet = []
        self.over = False
        self.winner = None
        self.history = []
        self.out_of_decks = False
        self._start_deal()

    # ----------------------------------------------------------------- dealing
    def _seats_from_left(self):
        return [(self.dealer + 1 + i) % 4 for i in range(4)]

    def _start_deal(self):
        if self.deal_number >= len(self.decks):
            # Out of scripted decks: the engine shuffles its own now; the reference stops.
            self.out_of_decks = True
            self.phase = "no_deck"
            self.to_act = None
            return None
        deck = list(self.decks[self.deal_number])
        assert len(deck) == 32 and set(deck) == set(ALL_CARDS), deck
        self.deck = deck
        order = self._seats_from_left()
        self.hands = {s: [] for s in range(4)}
        for i, s in enumerate(order):
            self.hands[s] += deck[3 * i: 3 * i + 3]
        for i, s in enumerate(order):
            self.hands[s] += deck[12 + 2 * i: 14 + 2 * i]
        self.turned = deck[20]
        self.stock = deck[21:]
        self.phase = "bid1"
        self.to_act = order[0]
        self.bids = []
        self.trump = None
        self.taker = None
        self.trick = []
        self.tricks = []  # (leader, [(seat, card)...], winner, points)
        self.belote_holder = None
        self.belote_calls = []
        self.played = []
        return {"type": "deal", "deal": self.deal_number, "dealer": self.dealer,
                "turned_card": self.turned}

    def _complete_deal(self):
        order = self._seats_from_left()
        self.hands[self.taker].append(self.turned)
        pos = 0
        for s in order:
            n = 2 if s == self.taker else 3
            self.hands[s] += self.stock[pos: pos + n]
            pos += n
        assert pos == 11
        self.stock = []
        k, q = "K" + self.trump, "Q" + self.trump
        for s in range(4):
            if k in self.hands[s] and q in self.hands[s]:
                self.belote_holder = s
        self.phase = "play"
        self.leader = order[0]
        self.to_act = order[0]

    # ------------------------------------------------------------ the actions
    def legal_actions(self):
        if self.over or self.out_of_decks:
            return []
        if self.phase == "bid1":
            return ["pass", "take"]
        if self.phase == "bid2":
            return ["pass"] + ["take:" + s for s in SUITS if s != self.turned[1]]
        return legal_cards(self.hands[self.to_act], self.trick, self.trump, self.to_act)

    def play(self, action):
        if action not in self.legal_actions():
            raise RefError(f"illegal action {action!r} for seat {self.to_act}")
        self.history.append(action)
        seat = self.to_act
        if self.phase in ("bid1", "bid2"):
            return self._bid(seat, action)
        return self._card(seat, action)

    def _bid(self, seat, action):
        events = [{"type": "bid", "seat": seat, "action": action}]
        self.bids.append({"seat": seat, "action": action})
        if action == "pass":
            passes_this_round = len(self.bids) - (4 if self.phase == "bid2" else 0)
            if passes_this_round < 4:
                self.to_act = (seat + 1) % 4
                return events
            if self.phase == "bid1":
                self.phase = "bid2"
                self.to_act = (self.dealer + 1) % 4
                return events
            # all passed twice: thrown in
            events.append({"type": "thrown_in", "deal": self.deal_number, "dealer": self.dealer})
            self.sheet.append({
                "deal": self.deal_number, "dealer": self.dealer, "taker": None, "trump": None,
                "result": "thrown_in", "card_points": [0, 0], "belote": [0, 0], "capot": None,
                "reserve_paid": [0, 0], "reserve": self.reserve, "points": [0, 0],
                "scores": list(self.scores)})
            self.dealer = (self.dealer + 1) % 4
            self.deal_number += 1
            deal_event = self._start_deal()
            if deal_event is not None:
                events.append(deal_event)
            return events
        self.taker = seat
        self.trump = self.turned[1] if action == "take" else action.split(":")[1]
        events.append({"type": "contract", "taker": seat, "trump": self.trump})
        self._complete_deal()
        return events

    def _card(self, seat, card):
        events = [{"type": "card", "seat": seat, "card": card}]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.played.append(card)
        if seat == self.belote_holder and card in ("K" + self.trump, "Q" + self.trump):
            call = "rebelote" if self.belote_calls else "belote"
            self.belote_calls.append({"seat": seat, "call": call})
            events.append({"type": "belote", "seat": seat, "call": call})
        if len(self.trick) < 4:
            self.to_act = (seat + 1) % 4
            return events
        winner = trick_winner(self.trick, self.trump)
        pts = sum(points(c, self.trump) for _, c in self.trick)
        bonus = 10 if len(self.tricks) == 7 else 0  # the last trick's
        pts += bonus
        self.tricks.append((self.leader, list(self.trick), winner, pts))
        events.append({"type": "trick", "winner": winner,
                       "cards": [{"seat": s, "card": c} for s, c in self.trick], "points": pts, "bonus": bonus})
        self.trick = []
        self.leader = winner
        self.to_act = winner
        if len(self.tricks) == 8:
            events += self._score_deal()
        return events

    # ---------------------------------------------------------------- scoring
    def _score_deal(self):
        card = [0, 0]
        won = [0, 0]
        for _, _, winner, pts in self.tricks:
            card[winner % 2] += pts
            won[winner % 2] += 1
        assert sum(card) == 162
        capot = None
        for team in (0, 1):
            if won[team] == 8:
                capot = team
                card = [0, 0]
                card[team] = 252
        belote = [0, 0]
        if self.belote_holder is not None:
            belote[self.belote_holder % 2] = 20
        total = [card[0] + belote[0], card[1] + belote[1]]
        t = self.taker % 2
        d = 1 - t
        pts = [0, 0]
        if total[t] > total[d]:
            result = "made"
            pts = list(total)
        elif total[t] < total[d]:
            result = "dedans"
            pts[d] = (252 if capot == d else 162) + belote[d]
            pts[t] = belote[t]
        else:
            result = "litige"
            pts[d] = total[d]
            pts[t] = belote[t]
        paid = [0, 0]
        if result != "litige" and self.reserve:
            more = 0 if pts[0] > pts[1] else 1
            assert pts[0] != pts[1]
            paid[more] = self.reserve
            pts[more] += self.reserve
            self.reserve = 0
        if result == "litige":
            self.reserve += card[t]
        self.scores = [self.scores[0] + pts[0], self.scores[1] + pts[1]]
        s0, s1 = self.scores
        ends = max(s0, s1) >= self.target and s0 != s1
        if ends:
            self.reserve = 0  # RULES.md: a reserve still held when the match ends is lost
        row = {"deal": self.deal_number, "dealer": self.dealer, "taker": self.taker,
               "trump": self.trump, "result": result, "card_points": card, "belote": belote,
               "capot": capot, "reserve_paid": paid, "reserve": self.reserve, "points": pts,
               "scores": list(self.scores)}
        self.sheet.append(row)
        events = [dict(type="deal_scored", **row)]
        if ends:
            self.over = True
            self.winner = 0 if s0 > s1 else 1
            self.phase = "over"
            self.to_act = None
            events.append({"type": "match_over", "winner": self.winner, "scores": list(self.scores)})
            return events
        self.dealer = (self.dealer + 1) % 4
        self.deal_number += 1
        deal_event = self._start_deal()
        if deal_event is not None:
            events.append(deal_event)
        return events
