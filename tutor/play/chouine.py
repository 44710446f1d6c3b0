"""A Chouine deal at the table: the cut, the deal, the stock and its turned-up trump, the
exchange of the 7, announcements, the strict last five tricks, the chouine and the score.

The learner is player A; the engine's bot plays B (or the learner plays both).
Every legality question goes to :class:`~tutor.rules.chouine.deal.ChouineDeal`.
"""

from __future__ import annotations

import copy
import random

from tutor import table as card_table
from tutor.rules.cards import SUITS, card_code, parse_card, parse_suit
from tutor.rules.chouine import cli as chouine_cli
from tutor.rules.chouine.announce import Kind, announcement_step, parse_kind
from tutor.rules.chouine.deal import (
    LAST_STOCK_TRICK,
    Announced,
    ChouineDeal,
    Exchanged,
    IllegalMove,
)
from tutor.rules.chouine.houserules import chouine_profile
from tutor.rules.chouine.score import cut_for_dealer
from tutor.rules.errors import RulesError
from tutor.rules.explain import (
    Step,
    counted,
    gettext_noop,
    messages,
    ngettext_noop,
    player_label,
    player_name,
    variants,
)

from . import bots, outcome, sentence

messages(
    {
        "play_chouine_played": gettext_noop("%(the_player)s plays %(the_card)s."),
        "play_chouine_drew": gettext_noop("%(the_player)s draws a card from the stock."),
        "play_chouine_you_drew": gettext_noop("You draw %(the_card)s from the stock."),
        # Playing both seats, the learner sees both draws: each is told by its player.
        "play_chouine_player_drew": gettext_noop(
            "%(the_player)s draws %(the_card)s from the stock."
        ),
        # The table's headings, with the player's article ("Joga o jogador A").
        "play_chouine_to_play": gettext_noop("%(the_player)s to play"),
        "play_chouine_deals": gettext_noop("%(the_player)s deals"),
        "play_chouine_trick_points": counted(
            some=ngettext_noop(
                "%(the_player)s takes the trick and its %(points)s point.",
                "%(the_player)s takes the trick and its %(points)s points.",
                "points",
            ),
            none=gettext_noop("%(the_player)s takes the trick, worth nothing."),
        ),
        # The buttons of the announce panel: what the learner does by pressing one.
        "play_chouine_announce_button": variants(
            lambda params: params["announcement"],
            marriage=gettext_noop("Announce a marriage in %(suit)s"),
            tierce=gettext_noop("Announce a tierce in %(suit)s"),
            quateron=gettext_noop("Announce a quateron in %(suit)s"),
            chouine=gettext_noop("Announce a chouine in %(suit)s"),
            quinte=gettext_noop("Announce a quinte of brisques"),
        ),
        "play_chouine_not_your_turn": gettext_noop(
            "It is not your turn: the table is waiting for %(the_player)s, or for you to carry on."
        ),
    }
)

PLAYERS = "AB"
# The profiles a Chouine table offers (house rules built on it too).
PROFILES = ("chouine",)
# Steps the table shows (the card played, the stock's count, the gathered trick's
# points): the news does not repeat them.
TABLE_SHOWS = {"play_chouine_played", "play_chouine_drew", "play_chouine_trick_points"}


def deck_for(seed: int) -> list[int]:
    deck = list(range(32))
    random.Random(seed).shuffle(deck)
    return deck


def cut_for(seed: int) -> tuple[str, list[Step]]:
    """Each player draws a card from a shuffled pack until the engine names the dealer."""
    pack = list(range(32))
    random.Random(seed ^ 0x5EED).shuffle(pack)
    draws = [(pack[2 * i], pack[2 * i + 1]) for i in range(16)]
    for count in range(1, 17):
        try:
            return cut_for_dealer(draws[:count])
        except RulesError as error:
            if error.code != "chouine_cut_unfinished":
                raise
    raise RulesError("chouine_cut_unfinished")


class ChouineTable:
    """The deal of one :class:`~tutor.play.models.TableDeal` whose game is Chouine; ``eyes``,
    ``movers``, :meth:`seen_by` and ``keep_trick`` as for Coinche
    (:class:`~tutor.play.coinche.CoincheTable`)."""

    game = "chouine"
    keep_trick = False

    def __init__(self, record):
        self.record = record
        self.eyes = self.movers = record.seats
        self.players: dict[str, str] = {}
        # The profile is "chouine" or house rules (a code, or a {"base": "chouine", …} object).
        self.deal = ChouineDeal(
            deck_for(record.seed), record.dealer, chouine_profile(record.profile)
        )
        self.events: list[tuple[str, list[Step]]] = []
        # The learner's moves with what the rules allowed just before each, for the review.
        self.moments: list[dict] = []
        for index, move in enumerate(record.moves):
            self._take(index, move)

    def positions(self):
        """The deal replayed from its first move: ``(move, deal)`` before each move is made
        (the deal is the engine's, moved on after each)."""
        record = copy.copy(self.record)
        record.moves = []
        fresh = type(self)(record)
        for move in self.record.moves:
            yield move, fresh.deal
            fresh._apply(move)

    def seen_by(self, eyes: str, movers: str = "", players: dict | None = None):
        view = copy.copy(self)
        view.eyes, view.movers, view.players = eyes, movers, dict(players or {})
        return view

    def learner(self, player: str | None) -> bool:
        """Whether a person plays ``player`` (else the engine's bot does)."""
        return player is not None and player in self.record.seats

    def _moment(self, index: int, move: dict) -> dict | None:
        """A learner's move and, for a card, what the engine allowed before it was played."""
        if not self.learner(move["player"]):
            return None
        deal = self.deal
        moment = {
            "at": index,
            "kind": next(k for k in ("play", "exchange", "announce") if k in move),
        }
        if moment["kind"] == "play":
            moment.update(
                card=move["play"],
                trick=deal.tricks + 1,
                allowed=len(deal.legal_cards()),
                held=len(deal.hand(move["player"])),
                rule=deal.play_rule(),
            )
        return moment

    def review(self, lang: str) -> list[dict]:
        """The learner's own moves, each with the refusals met before it (the engine's
        reasons, as kept when they were met), and for a card what the rules allowed at that
        moment: forced (the only card allowed), free (every card allowed) or chosen among
        the cards the deciding rule left, with that rule's sentence."""
        refused = [r for r in self.record.refused if self.learner(r.get("player"))]
        moves = []
        for moment in self.moments:
            hit = [r for r in refused if r["at"] <= moment["at"]]
            refused = refused[len(hit) :]
            move = {
                "kind": moment["kind"],
                "refused": [self.say(Step(r["code"], r["params"]), lang) for r in hit],
            }
            if moment["kind"] == "play":
                allowed, held = moment["allowed"], moment["held"]
                move.update(
                    card=moment["card"],
                    trick=moment["trick"],
                    allowed=allowed,
                    held=held,
                    choice="forced" if allowed == 1 else "free" if allowed == held else "ruled",
                    rule=self.say(moment["rule"], lang),
                )
            else:
                move["said"] = self.say(moment["said"], lang)
            moves.append(move)
        return moves

    def sees(self, player: str | None) -> bool:
        return player is not None and player in self.eyes

    def _apply(self, move: dict) -> list[Step]:
        deal = self.deal
        if "exchange" in move:
            record = deal.exchange(move["player"])
            return [
                Step(
                    "chouine_exchange",
                    {
                        "player": record.player,
                        "card_seven": card_code(record.seven),
                        "card_indicator": card_code(record.indicator),
                    },
                )
            ]
        if "announce" in move:
            kind = parse_kind(move["announce"])
            suit = None if kind is Kind.QUINTE else parse_suit(move.get("suit"))
            record = deal.announce(kind, suit)
            return [
                announcement_step(
                    record.kind, record.suit, list(record.cards), record.points, record.player
                )
            ]
        played = deal.play(parse_card(move["play"]))
        steps = [Step("play_chouine_played", {"player": played.player, "card": move["play"]})]
        trick = played.trick
        if trick is not None:
            steps += trick_steps(deal, trick)
            # Who drew what: each page tells its own player the card (``_news``). The last
            # stock trick's second draw is the indicator, taken face up, not a card from the
            # stock: the engine's ``chouine_last_draw`` (trick_steps) tells it.
            for index, (player, card) in enumerate(trick.draws):
                if trick.number != LAST_STOCK_TRICK or index == 0:
                    steps.append(
                        Step("play_chouine_drew", {"player": player, "card": card_code(card)})
                    )
        return steps

    def _take(self, index: int, move: dict) -> None:
        """Applies move number ``index``, keeping its steps and, for the learner's, what the
        rules allowed before it."""
        moment = self._moment(index, move)
        steps = self._apply(move)
        self.events.append((move["player"], steps))
        if moment is not None:
            self.moments.append({**moment, "said": steps[0]})

    def _push(self, move: dict) -> None:
        self._take(len(self.record.moves), move)
        self.record.moves = [*self.record.moves, move]

    def waiting(self) -> bool:
        return not self.deal.finished and self.deal.tricks > self.record.seen

    def advance(self) -> None:
        deal = self.deal
        while not deal.finished and not self.learner(deal.to_move) and not self.waiting():
            self.bot_move()
        self.record.finished = deal.finished

    def bot_move(self) -> None:
        """The bot's move for the player to move: an exchange, an announcement or a card."""
        self._push(bots.chouine_move(self.deal))

    def move(self, action: str, value: object) -> None:
        """A mover's move: ``play`` a card, ``exchange`` the 7, ``announce`` (kind, suit)."""
        deal = self.deal
        player = deal.to_move
        movers = tuple(self.movers)
        if action == "exchange":
            holder = deal.exchange_holder()
            mover = holder if holder in movers else (movers or ("A",))[0]
            deal.verify_exchange(mover)
            self._push({"exchange": True, "player": mover})
            return
        if self.waiting() or player not in movers:
            raise IllegalMove("play_chouine_not_your_turn", player=player or "B")
        if action == "announce":
            kind_text, suit_text = value
            kind = parse_kind(kind_text)
            suit = None if kind is Kind.QUINTE else parse_suit(suit_text)
            deal.verify_announce(kind, suit)
            move = {"announce": kind.value, "player": player}
            if suit is not None:
                move["suit"] = SUITS[suit]
            self._push(move)
            return
        card = parse_card(value)
        deal.verify_play(card)
        self._push({"play": card_code(card), "player": player})

    def undo_moves(self) -> list[dict]:
        moves = list(self.record.moves)
        while moves:
            move = moves.pop()
            if self.learner(move["player"]):
                # An announcement is made while playing one of its cards: undo them together.
                if "play" in move and moves and "announce" in moves[-1]:
                    moves.pop()
                return moves
        return list(self.record.moves)

    def refusal(self, error: RulesError) -> Step:
        """The engine's reason for a refused move, spoken to the mover when it names them."""
        params = dict(error.params)
        if params.get("player") in tuple(self.movers):
            params["you"] = True
        return Step(error.code, params)

    def replay_payload(self) -> dict:
        return {
            "profile": self.record.profile,
            "dealer": self.record.dealer,
            "deck": [card_code(c) for c in deck_for(self.record.seed)],
            "moves": list(self.record.moves),
        }

    def scores(self) -> dict | None:
        if not self.deal.finished:
            return None
        return self.deal.result().scores

    # -- the page ------------------------------------------------------------------------

    def context(self, lang: str) -> dict:
        deal = self.deal
        player = deal.to_move
        trump = SUITS[deal.trump]
        view: dict = {
            "game": "chouine",
            "phase": "done" if deal.finished else "play",
            "to_move": player,
            "to_move_name": player_name(player, lang) if player else "",
            "your_turn": player in tuple(self.movers) and not self.waiting(),
            "waiting": self.waiting(),
            "all_seats": len(self.eyes) == 2,
            "first_trick": deal.tricks == 0,
            "dealer_line": sentence(
                Step("play_chouine_deals", {"player": self.record.dealer}), lang
            ),
            "news": self._news(lang),
            "points": [
                {"side": p, "name": player_label(p, lang), "points": deal.points[i]}
                for i, p in enumerate(PLAYERS)
            ],
            "cut": [sentence(s, lang) for s in cut_for(self.record.seed)[1]],
            "dealt": sentence(
                Step(
                    "chouine_dealt",
                    {
                        "player": self.record.dealer,
                        "player_other": "B" if self.record.dealer == "A" else "A",
                        "card": card_code(deck_for(self.record.seed)[10]),
                        "trump": trump,
                        "stock": 22,
                    },
                ),
                lang,
            ),
        }
        view["table"] = self._table(lang, trump)
        if deal.au_sept():
            view["au_sept"] = sentence(
                Step("chouine_au_sept", {"player": player, "card": card_code(deal.seven)}), lang
            )
        if not self.waiting() or self._last_exchange_chance():
            view.update(self._seven(lang))
        if view["your_turn"]:
            view.update(self._play_view(lang, trump))
        elif not deal.finished and len(self.eyes) == 1:
            # The other player's turn: the hand as it is, not to play from.
            view["held"] = card_table.hand_view(
                [card_code(c) for c in deal.hand(self.eyes)], lang, trump=trump, game="chouine"
            )
        history = [r for r in deal.history if not isinstance(r, (Exchanged, Announced))]
        tricks = [r.trick for r in history if r.trick is not None]
        if tricks:
            view["last_trick"] = self._trick_view(tricks[-1], lang, trump)
        view.update(self._announcements(lang, view["news"]))
        if deal.finished:
            answer, steps = chouine_cli.replay(self.replay_payload())
            said = deal.result().steps
            view["score"] = {
                "scores": answer["scores"],
                "winner": answer["winner"],
                "steps": [sentence(s, lang) for s in said],
                "said": said,
            }
            if len(self.eyes) == 1 and answer["scores"]:
                other = "B" if self.eyes == "A" else "A"
                scores = answer["scores"]
                view["score"]["outcome"] = outcome(scores[self.eyes], scores[other])
            view["whole"] = [sentence(s, lang) for s in steps]
            view["review"] = self.review(lang)
            view["hands"] = [
                {
                    "seat": p,
                    "name": player_label(p, lang),
                    "hand": card_table.hand_view(
                        answer["hands"][p], lang, trump=trump, game="chouine"
                    ),
                }
                for p in PLAYERS
            ]
        elif view["all_seats"]:
            view["hands"] = [
                {
                    "seat": p,
                    "name": player_label(p, lang),
                    "hand": card_table.hand_view(
                        [card_code(c) for c in deal.hand(p)], lang, trump=trump, game="chouine"
                    ),
                }
                for p in PLAYERS
            ]
        return view

    def _last_exchange_chance(self) -> bool:
        """A gathered trick is waiting, the 11th trick is next and the bot leads it: the
        learner's only moment to exchange the 7 is now, before Continue."""
        deal = self.deal
        return (
            deal.tricks == LAST_STOCK_TRICK - 1
            and not self.sees("AB"[deal.leader])
            and deal.can_exchange(deal.exchange_holder())
        )

    def _announcements(self, lang: str, news: list[str]) -> dict:
        """The announcements of the trick on the table (those the news does not already
        tell), and the earlier ones as a record of the deal, by trick."""
        deal = self.deal
        current = deal.tricks if self.waiting() else deal.tricks + 1
        done = 0
        now, earlier = [], []
        for record in deal.history:
            if isinstance(record, Announced):
                text = sentence(
                    announcement_step(
                        record.kind, record.suit, list(record.cards), record.points, record.player
                    ),
                    lang,
                )
                if done + 1 == current and not deal.finished:
                    if text not in news:
                        now.append(text)
                else:
                    earlier.append({"number": done + 1, "text": text})
            elif not isinstance(record, Exchanged) and record.trick is not None:
                done += 1
        return {"announced": now, "announced_earlier": earlier}

    def _table(self, lang: str, trump: str) -> dict:
        deal = self.deal
        one = len(self.eyes) == 1
        common = {
            "trump": trump,
            "stock": deal.stock_count,
            "indicator": card_code(deal.indicator) if deal.stock_count else None,
            "bottom": self.eyes if one else "A",
            "you": self.eyes if one else None,
            "points": {"A": deal.points[0], "B": deal.points[1]},
            "players": self.players,
        }
        tricks = [r.trick for r in deal.history if getattr(r, "trick", None) is not None]
        # A gathered trick stays on the felt until Continue (at a table of players, until
        # the next card is led), and the last one at the end.
        kept = self.keep_trick and tricks and deal.lead_card is None
        if self.waiting() or deal.finished and tricks or kept:
            last = tricks[-1]
            return card_table.chouine_table(
                lang,
                **common,
                leader=last.leader,
                trick=[card_code(c) for c in last.cards],
                show_winner=True,
                to_play=False,
                number=None if deal.finished else last.number,
            )
        lead = deal.lead_card
        leader = None if deal.finished else ("AB"[deal.leader])
        return card_table.chouine_table(
            lang,
            **common,
            leader=leader,
            trick=[card_code(lead)] if lead is not None else [],
            to_play=not deal.finished,
            number=None if deal.finished else deal.tricks + 1,
        )

    def _seven(self, lang: str) -> dict:
        """The exchange button when a learner holds the trump 7, with the engine's refusal."""
        deal = self.deal
        holder = deal.exchange_holder()
        if (
            deal.finished
            or deal.exchanged
            or holder not in tuple(self.movers)
            or deal.tricks >= LAST_STOCK_TRICK
        ):
            return {}
        try:
            deal.verify_exchange(holder)
        except IllegalMove as error:
            return {
                "exchange": {
                    "legal": False,
                    "reason": sentence(Step(error.code, error.params), lang),
                }
            }
        return {
            "exchange": {
                "legal": True,
                "seven": card_table.card_view(card_code(deal.seven), lang, SUITS[deal.trump]),
                "indicator": card_table.card_view(
                    card_code(deal.indicator), lang, SUITS[deal.trump]
                ),
            }
        }

    def _play_view(self, lang: str, trump: str) -> dict:
        deal = self.deal
        player = deal.to_move
        hand = [card_code(c) for c in deal.hand(player)]
        lead = deal.lead_card
        illegal = refusals(deal)
        refusals_said = {
            card_code(c): self.spoken(Step(code, params)) for c, (code, params) in illegal.items()
        }
        refused = {code: sentence(step, lang) for code, step in refusals_said.items()}
        # The engine's rule, which knows about an announcement waiting for its card.
        rule = self.spoken(deal.play_rule())
        rule_text = sentence(rule, lang)
        available = []
        for kind, suit in deal.announcements_available():
            move = {"kind": kind.value, "suit": SUITS[suit] if suit is not None else ""}
            params = {"announcement": kind.value}
            if suit is not None:
                params["suit"] = SUITS[suit]
            move["text"] = sentence(Step("play_chouine_announce_button", params), lang)
            available.append(move)
        # "Ask this at the club": this position (tutor/club/positions.py).
        ask = {
            "profile": "chouine",
            "trump": trump,
            "hand": hand,
            "trick": [] if lead is None else [{"player": _other(player), "card": card_code(lead)}],
            "player": player,
            "stock": deal.stock_count,
        }
        return {
            "ask": ask,
            "hand": card_table.hand_view(
                hand, lang, trump=trump, game="chouine", mode="play", refused=refused
            ),
            "rule": rule_text,
            # The hint (tutor.play.drawing.hint): the engine's deciding rule, on request.
            "rule_code": rule.code,
            "why": [
                {
                    "card": card_table.card_view(code, lang, trump),
                    "text": refused.get(code) or rule_text,
                    "legal": code not in refused,
                }
                for code in hand
            ],
            # What the list says, for its report link: the rule, then each refusal.
            "why_said": [rule, *(refusals_said[code] for code in hand if code in refused)],
            "available": available,
            "pending": bool(deal.pending),
            "to_play_line": sentence(Step("play_chouine_to_play", {"player": player}), lang),
            "lead": lead,
        }

    def _trick_view(self, trick, lang: str, trump: str) -> dict:
        cards, played = [], []
        player = trick.leader
        for card in trick.cards:
            cards.append(
                {
                    "seat": player_label(player, lang),
                    "card": card_table.card_view(card_code(card), lang, trump),
                }
            )
            played.append({"player": player, "card": card_code(card)})
            player = "B" if player == "A" else "A"
        # The reason names the winner: the panel's heading is the trick's number alone.
        why = trick_steps(self.deal, trick)[0]
        return {
            # "Ask this at the club": the trick (tutor/club/positions.py).
            "ask": {"profile": "chouine", "trump": trump, "trick": played},
            "number": trick.number,
            "winner": trick.winner,
            "points": trick.points,
            "cards": cards,
            "why": sentence(why, lang),
            # What the gathered trick says, for its report link.
            "said": [why],
        }

    def spoken(self, step: Step) -> Step:
        """An engine step about a player, spoken to them when the learner plays that seat
        (as Coinche's rules always speak to the player to move)."""
        if self.sees(step.params.get("player")):
            return Step(step.code, {**step.params, "you": True})
        return step

    def say(self, step: Step, lang: str) -> str:
        return sentence(self.spoken(step), lang)

    def _news(self, lang: str) -> list[str]:
        """What happened since the learner's last move (itself included) that the table does
        not show: the cards played are on it and the gathered trick has its own panel, but
        the card the learner drew, an exchange or an announcement are told here."""
        lines: list[str] = []
        one_seat = len(self.eyes) < 2
        shown_trick = self.waiting()
        for player, steps in reversed(self.events):
            completes = any(s.code == "play_chouine_trick_points" for s in steps)
            if completes and not shown_trick and lines:
                break
            if completes and shown_trick:
                # The gathered trick's panel gives its reason: the news does not repeat it.
                steps = [s for s in steps if s is not self._trick_reason(steps)]
            shown_trick = False
            lines[:0] = [sentence(s, lang) for s in map(self._told, steps) if s is not None]
            if self.sees(player) and one_seat or not one_seat:
                break
        return lines

    @staticmethod
    def _trick_reason(steps: list[Step]) -> Step | None:
        """The engine's reason a trick is won: the step before its points (trick_steps)."""
        codes = [s.code for s in steps]
        index = codes.index("play_chouine_trick_points")
        return steps[index - 1] if index else None

    def _told(self, step: Step) -> Step | None:
        """A step as the news tells it to these eyes, or None when the table shows it: a
        player sees the card they drew, never the other player's."""
        if step.code == "play_chouine_drew" and self.sees(step.params["player"]):
            if len(self.eyes) == 2:
                # One person playing both seats: each draw told by its player, never "you" twice.
                return Step("play_chouine_player_drew", step.params)
            return Step("play_chouine_you_drew", {"card": step.params["card"]})
        return None if step.code in TABLE_SHOWS else step


def _other(player: str) -> str:
    return "B" if player == "A" else "A"


def trick_steps(deal: ChouineDeal, trick) -> list[Step]:
    lead, reply = trick.cards
    won, lost = (lead, reply) if trick.winner == trick.leader else (reply, lead)
    params = {"card_winner": card_code(won), "card_loser": card_code(lost), "player": trick.winner}
    steps = [
        Step(trick.reason, params),
        Step("play_chouine_trick_points", {"player": trick.winner, "points": trick.points}),
    ]
    if trick.number == LAST_STOCK_TRICK and trick.draws:
        (first, _), (second, indicator) = trick.draws
        steps.append(
            Step(
                "chouine_last_draw",
                {"player": first, "player_other": second, "card": card_code(indicator)},
            )
        )
    return steps


def refusals(deal: ChouineDeal) -> dict:
    """The engine's reason for each card of the hand to move that it refuses."""
    found = {}
    for card in deal.hand(deal.to_move):
        try:
            deal.verify_play(card)
        except IllegalMove as error:
            found[card] = (error.code, error.params)
    return found
