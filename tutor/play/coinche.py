"""A Coinche deal at the table: the engine's state machine replayed from the stored moves,
the bots' turns, the learner's moves and undo, and the page's plain values.

Every legality question goes to :class:`~tutor.rules.coinche.state.CoincheDeal`;
this module only chooses what to show and in which order.
"""

from __future__ import annotations

import copy
import random

from tutor import table as card_table
from tutor.quiz.labels import PROFILES as PROFILE_LABELS
from tutor.rules.cards import SEATS, card_code, next_seat, parse_card, side_of
from tutor.rules.coinche.auction import Auction, Call, parse_call
from tutor.rules.coinche.deal import cut_and_deal
from tutor.rules.coinche.declarations import declaration_step, declaring_choice
from tutor.rules.coinche.profiles import TRUMP_CODES, coinche_profile
from tutor.rules.coinche.replay import check_hands, replay
from tutor.rules.coinche.state import CoincheDeal, IllegalMove
from tutor.rules.coinche.tricks import trump_code
from tutor.rules.errors import RulesError
from tutor.rules.explain import (
    Step,
    bid_name,
    gettext_noop,
    list_text,
    messages,
    ngettext_noop,
    pgettext_noop,
    seat_name,
    side_name,
    strain_name,
    suit_name,
    translator,
)

from . import bots, outcome, sentence

messages(
    {
        "play_card_played": gettext_noop("%(seat)s plays %(the_card)s."),
        "play_redeal_next": gettext_noop("%(seat)s deals the new hands."),
        "play_not_your_turn": gettext_noop(
            "It is not your turn: the table is waiting for %(seat)s, or for you to carry on."
        ),
        "play_cards_received": gettext_noop("You receive %(the_cards)s."),
        # The calls a profile lacks, in one sentence (a list after a negation).
        "play_profile_lacks": ngettext_noop(
            "Under these rules, nobody bids %(calls)s.",
            "Under these rules, nobody bids %(calls)s.",
            "count",
        ),
    }
)

CALL_WORDS = {
    "pass": pgettext_noop("call", "Pass"),
    "coinche": pgettext_noop("call", "Coinche"),
    "surcoinche": pgettext_noop("call", "Surcoinche"),
}

# Steps the table itself shows (calls at their seats, cards in the trick, the gathered
# trick's panel): the news does not repeat them.
TABLE_SHOWS = ("trick_", "call_", "play_card_played")
PROFILES = ("federation", "maison", "official", "online-es", "encyclopedia")
SUIT_SYMBOLS = card_table.SUIT_SYMBOLS


def hands_for(seed: int, dealer: str, pattern: str = "3-2-3") -> dict[str, list[int]]:
    """The deal of ``seed``: the engine's shuffle, cut and deal from ``dealer``'s right in the
    profile's packets (``Profile.deal``), each hand in the order dealt."""
    return cut_and_deal(random.Random(seed), dealer, pattern=pattern).hands


def first_dealer(seed: int) -> str:
    return random.Random(seed).choice(SEATS)


class CoincheTable:
    """The deal of one :class:`~tutor.play.models.TableDeal`; ``events`` say what each move did.

    The record's ``seats`` are the people's (the engine's bots play the others). A page is
    drawn for ``eyes`` (the seats whose cards it shows) and lets ``movers`` move: both are
    the record's seats for a learner alone; at a table of players (``tutor/tables``) each
    player's page is :meth:`seen_by` their own seat, and ``keep_trick`` leaves a gathered
    trick on the felt until the next card, as nobody presses Continue there.
    """

    game = "coinche"
    keep_trick = False

    def __init__(self, record):
        self.record = record
        self.eyes = self.movers = record.seats
        self.players: dict[str, str] = {}
        pattern = coinche_profile(record.profile).deal
        self.deal = CoincheDeal(
            record.profile, record.dealer, hands_for(record.seed, record.dealer, pattern)
        )
        self.events: list[tuple[str, list[Step]]] = []  # (seat, what the move did), per move
        for move in record.moves:
            self.events.append((move["seat"], self._apply(move)))

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
        """The same deal (shared, not replayed again) as ``eyes`` see it and ``movers`` may
        move it; ``players``: a name to write under each seat."""
        view = copy.copy(self)
        view.eyes, view.movers, view.players = eyes, movers, dict(players or {})
        return view

    # -- moves ------------------------------------------------------------------------

    def learner(self, seat: str | None) -> bool:
        """Whether a person plays ``seat`` (else the engine's bot does)."""
        return seat is not None and seat in self.record.seats

    def _apply(self, move: dict) -> list[Step]:
        deal = self.deal
        if "let_go" in move:
            return []  # the learner let the auction go on without an out-of-turn call
        if "call" in move:
            # Each seat is told which cards it receives when a six-card auction ends: the
            # step names the seat it is for, and only that seat's page shows it.
            held = {seat: deal.hand(seat) for seat in SEATS} if deal.to_come() else {}
            steps = deal.call(move["call"])
            for seat, cards in held.items():
                received = [card_code(c) for c in deal.hand(seat) if c not in cards]
                if received:
                    steps.append(Step("play_cards_received", {"cards": received, "for": seat}))
            return steps
        if "declare" in move:
            return deal.declare(move["declare"])
        record = deal.play(parse_card(move["play"]))
        steps = [Step("play_card_played", {"seat": record.seat, "card": card_code(record.card)})]
        if record.belote:
            steps.append(record.belote)
        if record.trick:
            steps += record.trick.steps
        return steps

    def _push(self, move: dict, seat: str | None = None) -> None:
        seat = seat or self.deal.to_move
        steps = self._apply(move)
        if "call" in move:
            move = {"call": self.deal.calls[-1]}  # as the engine wrote it (``S:coinche``)
        self.record.moves = [*self.record.moves, {"seat": seat, **move}]
        self.events.append((seat, steps))

    def waiting(self) -> bool:
        """A trick is gathered and the learner has not yet seen it (the deal goes on)."""
        return not self.deal.finished and len(self.deal.tricks) > self.record.seen

    def out_of_turn(self, seats: str | None = None) -> dict[str, Step]:
        """The calls ``seats`` (by default the movers') may make now out of turn, with the
        engine's sentence."""
        calls: dict[str, Step] = {}
        for seat in self.movers if seats is None else seats:
            calls.update(self.deal.calls_out_of_turn(seat))
        return calls

    def paused(self) -> bool:
        """An engine seat's bid (or coinche) has just let a person coinche (or surcoinche)
        out of turn: the bots wait until that person calls or lets the auction go on."""
        moves = self.record.moves
        if not moves or "call" not in moves[-1] or moves[-1]["call"] == "pass":
            return False
        return not self.learner(moves[-1]["seat"]) and bool(self.out_of_turn(self.record.seats))

    def advance(self) -> None:
        """The engine's seats play until a person is to move, a trick is gathered, a person
        may coinche out of turn or the deal ends."""
        deal = self.deal
        while (
            not deal.finished
            and not self.learner(deal.to_move)
            and not self.waiting()
            and not self.paused()
        ):
            self.bot_move()
        self.record.finished = deal.finished

    def bot_move(self) -> None:
        """The bot's move for the seat to move (a call; or its declarations, then a card)."""
        deal = self.deal
        if deal.phase == "auction":
            self._push({"call": bots.coinche_call(deal)})
            return
        if deal.declarable() and deal.to_move not in deal.declared:
            self._push({"declare": bots.coinche_declarations(deal)})
        self._push({"play": card_code(bots.coinche_card(deal))})

    def move(self, action: str, value: object) -> None:
        """A mover's move (``call``, ``declare`` or ``play``); raises IllegalMove."""
        deal = self.deal
        seat = deal.to_move
        if action == "call":
            # A call may name its caller (``S:coinche``): a mover's seat out of turn.
            seat = parse_call(str(value)).seat or seat
        if self.waiting() or seat not in self.movers:
            raise IllegalMove("play_not_your_turn", seat=deal.to_move or "S")
        if action == "call":
            deal.verify_call(str(value))
            self._push({"call": str(value)}, seat)
        elif action == "declare":
            deal.verify_declare(list(value))
            self._push({"declare": list(value)})
        else:
            card = parse_card(value)
            deal.verify_play(card)
            self._push({"play": card_code(card)})

    def let_go(self) -> None:
        """The learner does not take the out-of-turn call offered: the bots carry on. Kept
        as a move of the learner's, so that undo offers the call again."""
        if not self.paused() or not self.out_of_turn():
            raise IllegalMove("play_not_your_turn", seat=self.deal.to_move or "S")
        self._push({"let_go": True}, (self.movers or self.record.seats)[0])

    def undo_moves(self) -> list[dict]:
        """The moves without the learner's last one and everything after it."""
        moves = list(self.record.moves)
        while moves:
            if self.learner(moves.pop()["seat"]):
                return moves
        return list(self.record.moves)

    def redeal(self, seed: int) -> None:
        """After four passes (or the four 7s): new cards, dealt by the next player."""
        record = self.record
        record.seed, record.dealer = seed, next_seat(record.dealer)
        record.moves, record.seen, record.finished = [], 0, False

    def refusal(self, error: RulesError) -> Step:
        """The engine's reason for a refused move, spoken to the mover when it names them."""
        params = dict(error.params)
        if params.get("player") in tuple(self.movers):
            params["you"] = True
        return Step(error.code, params)

    def replay_payload(self) -> dict:
        return self.deal.replay_payload()

    def scores(self) -> dict | None:
        result = self.deal.result() if self.deal.phase == "done" else None
        if result is None or result.score is None:
            return None
        return dict(zip(("NS", "EW"), result.score.scores, strict=True))

    # -- the page ------------------------------------------------------------------------

    def context(self, lang: str, history: bool = True) -> dict:
        """The page's view in ``lang``; ``history``: with every trick played so far (a
        table of players' seats show only the one just gathered)."""
        deal = self.deal
        phase = deal.phase
        view: dict = {
            "game": "coinche",
            "phase": phase,
            "to_move": deal.to_move,
            "to_move_name": seat_name(deal.to_move, lang) if deal.to_move else "",
            "your_turn": deal.to_move in tuple(self.movers) and not self.waiting(),
            "waiting": self.waiting(),
            "all_seats": len(self.eyes) == 4,
            "auction": self._auction_lines(lang),
            "points": self._points(lang),
            "news": self._news(lang),
            "dealer_name": seat_name(deal.dealer, lang),
        }
        contract = deal.contract.as_dict() if deal.contract else None
        if contract:
            contract["trump"] = trump_code(deal.contract.trump)
        trump = contract["trump"] if contract else None
        view["table"] = self._table(lang, contract, trump)
        if phase == "auction" and view["your_turn"]:
            view["calls"] = self._call_grid(lang)
            # "Ask this at the club": the auction so far (tutor/club/positions.py).
            view["ask"] = {
                "profile": self.record.profile,
                "dealer": deal.dealer,
                "calls": list(deal.calls),
            }
        if phase == "auction":
            view["paused"] = self.paused()
            view["out_of_turn"] = self._out_of_turn_view(lang, view["all_seats"])
            if len(self.eyes) == 1:
                view["auction_hand"] = self._auction_hand(lang)
        if phase == "play" and view["your_turn"]:
            view.update(self._play_view(lang, trump))
        elif phase == "play" and len(self.eyes) == 1:
            # Someone else's turn: the hand as it is, not to play from.
            view["held"] = card_table.hand_view(
                [card_code(c) for c in deal.hand(self.eyes)],
                lang,
                trump=trump if trump in ("S", "H", "D", "C", "TA") else None,
            )
        if deal.tricks and phase in ("play", "done"):
            view["declarations"] = [sentence(s, lang) for s in deal.declarations_outcome()]
            view["last_trick"] = self._trick_view(deal.tricks[-1], lang, trump)
            if history:
                earlier = [self._trick_view(t, lang, trump) for t in deal.tricks[:-1]]
                view["tricks"] = [*earlier, view["last_trick"]]
        if phase == "redeal":
            view["redeal"] = sentence(deal.redeal, lang)
            view["redeal_next"] = sentence(
                Step("play_redeal_next", {"seat": next_seat(deal.dealer)}), lang
            )
        if phase == "done":
            view.update(self._end_view(lang, trump))
        if view["all_seats"] or phase in ("done", "redeal"):
            view["hands"] = self._hands(lang, trump, original=phase in ("done", "redeal"))
        return view

    def shows_gathered(self) -> bool:
        """Whether the felt shows the trick last gathered (until Continue, or at a table of
        players until the next card is led) rather than the trick being played."""
        deal = self.deal
        return (
            self.waiting()
            or deal.phase == "done"
            or self.keep_trick
            and deal.phase == "play"
            and bool(deal.tricks)
            and not deal.trick
        )

    def _table(self, lang: str, contract: dict | None, trump: str | None) -> dict:
        deal = self.deal
        one = len(self.eyes) == 1
        bottom = self.eyes if one else "S"
        you = self.eyes if one else None
        if self.shows_gathered():
            last = deal.tricks[-1]
            return card_table.coinche_table(
                lang,
                trump=trump,
                leader=last.leader,
                trick=[card_code(c) for c in last.cards],
                bottom=bottom,
                you=you,
                dealer=deal.dealer,
                contract=contract,
                number=last.number,
                show_winner=True,
                to_play=False,
                players=self.players,
            )
        return card_table.coinche_table(
            lang,
            trump=trump,
            leader=deal.leader if deal.phase == "play" else None,
            trick=[card_code(c) for c in deal.trick],
            bottom=bottom,
            you=you,
            players=self.players,
            dealer=deal.dealer,
            contract=contract,
            number=len(deal.tricks) + 1 if deal.phase == "play" else None,
            to_play=deal.phase == "play",
            # During the auction the calls sit at their seats, so the news need not list them.
            calls=[(m["seat"], m["call"]) for m in self.record.moves if "call" in m]
            if deal.phase == "auction"
            else (),
            to_speak=deal.to_move if deal.phase == "auction" else None,
        )

    def _auction_lines(self, lang: str) -> list[dict]:
        lines = []
        for seat, steps in self.events:
            for step in steps:
                if step.code.startswith("call_"):
                    lines.append({"seat": seat_name(seat, lang), "text": sentence(step, lang)})
        return lines

    def _call_label(self, call: str, lang: str) -> dict:
        parsed = parse_call(call)
        if parsed.kind != "bid":
            word = translator(lang).pgettext(*CALL_WORDS[parsed.kind])
            return {"text": word, "symbol": "", "suit": ""}
        amount = parsed.bid
        if amount in ("capot", "generale"):
            amount = bid_name(amount, lang)
        return {
            "text": str(amount),
            "symbol": SUIT_SYMBOLS.get(parsed.trump, ""),
            "suit": suit_name(parsed.trump, lang),
            "trump": parsed.trump,
        }

    def _call_grid(self, lang: str) -> dict:
        """The calls in three groups: pass, coinche and surcoinche; the numbered bids, one
        column per contract the profile plays; capot and générale apart. Calls the profile
        does not have are not buttons: ``lacks`` names them in the engine's words."""
        deal = self.deal
        profile = deal.profile
        legal = set(deal.legal_calls())
        rows = []
        for amount in range(profile.min_bid, profile.max_bid + 1, profile.bid_step):
            calls = [f"{amount}{trump}" for trump in profile.trumps]
            if legal.intersection(calls):
                rows.append([self._call_button(call, legal, lang) for call in calls])
        specials = [
            self._call_button(f"{amount}{trump}", legal, lang)
            for amount in ("capot", "generale")
            for trump in profile.trumps
            if f"{amount}{trump}" in legal
        ]
        others = [self._call_button(c, legal, lang) for c in ("pass", "coinche", "surcoinche")]
        shown = {b["call"] for b in (*others, *specials)} | {b["call"] for row in rows for b in row}
        # The engine's representative refusals (the lowest bid in each contract) that the
        # grid does not show, so every kind of call the profile has can say why not now.
        refused = [
            self._call_button(call, legal, lang)
            for call, reason in deal.auction.refusals().items()
            if call not in shown and not reason.code.endswith("_not_in_profile")
        ]
        return {
            "rows": rows,
            "columns": [
                {"code": t, "symbol": SUIT_SYMBOLS.get(t, ""), "name": suit_name(t, lang)}
                for t in profile.trumps
            ],
            "specials": specials,
            "others": others,
            "refused": refused,
            "lacks": self._lacks(lang),
        }

    def _lacks(self, lang: str) -> str:
        """What the profile has no call for, asked of a fresh auction under it (the same
        sentences the engine gives when such a call is tried)."""
        auction = Auction(self.deal.profile, self.deal.dealer)
        trumps = self.deal.profile.trumps or TRUMP_CODES
        low = self.deal.profile.min_bid
        probes = [Call(None, "bid", low, t) for t in TRUMP_CODES]
        probes += [Call(None, "bid", bid, trumps[0]) for bid in ("capot", "generale")]
        # One sentence naming every call the profile lacks (three sentences side by side
        # read as three refusals of one tap).
        lacked: list[str] = []
        for call in probes:
            reason = auction.check(call)
            if reason is None or not reason.code.endswith("_not_in_profile"):
                continue
            if reason.code == "trump_not_in_profile":
                name = strain_name(reason.params["trump"], lang)
            else:
                name = bid_name(call.bid, lang)
            if name not in lacked:
                lacked.append(name)
        if not lacked:
            return ""
        calls = list_text(lacked, lang, negative=True)
        return sentence(Step("play_profile_lacks", {"calls": calls, "count": len(lacked)}), lang)

    def _out_of_turn_view(self, lang: str, all_seats: bool) -> list[dict]:
        """Each call a mover's seat may make out of turn: the engine's sentence saying so
        and its button (``data-call="coinche"``, posting ``S:coinche``)."""
        views = []
        for call, step in self.out_of_turn().items():
            kind = parse_call(call).kind
            button = {"call": call, "hook": kind, "legal": True, **self._call_label(call, lang)}
            if all_seats:
                button["who"] = seat_name(step.params["seat"], lang)
            views.append({"text": sentence(step, lang), "button": button})
        return views

    def _auction_hand(self, lang: str) -> dict:
        """The learner's cards during the auction (six of them under a six-card deal, with
        places for those to come and the engine's sentence about them)."""
        deal = self.deal
        note = deal.auction_note()
        return {
            "hand": card_table.hand_view([card_code(c) for c in deal.hand(self.eyes[0])], lang),
            "to_come": range(deal.to_come()),
            "note": sentence(note, lang) if note else "",
        }

    def _call_button(self, call: str, legal: set, lang: str) -> dict:
        button = {"call": call, **self._call_label(call, lang), "legal": call in legal}
        if call not in legal:
            reason = self.deal.auction.check(parse_call(call))
            button["reason"] = sentence(reason, lang) if reason else ""
        return button

    def _play_view(self, lang: str, trump: str | None) -> dict:
        deal = self.deal
        answer = deal.legal()
        refusals = {card_code(c): s for c, s in answer.illegal.items()}
        refused = {code: sentence(s, lang) for code, s in refusals.items()}
        legal_reason = sentence(answer.steps[0], lang)
        hand = card_table.hand_view(
            [card_code(c) for c in deal.hand(deal.to_move)],
            lang,
            trump=trump if trump not in ("SA",) else None,
            mode="play",
            refused=refused,
        )
        # In the order the hand is drawn, so the list reads along the cards on screen.
        why = [
            {
                "card": card,
                "text": refused.get(card["code"]) or legal_reason,
                "legal": card["code"] not in refused,
            }
            for group in hand["groups"]
            for card in group
        ]
        declarable = [
            {
                "kind": c.kind,
                "text": sentence(declaration_step(deal.to_move, c), lang),
            }
            for c in deal.declarable()
        ]
        seats = deal.trick_seats()
        ask = {
            "profile": self.record.profile,
            "trump": trump_code(deal.contract.trump),
            "hand": [card_code(c) for c in deal.hand(deal.to_move)],
            "trick": [
                {"seat": seat, "card": card_code(card)}
                for seat, card in zip(seats, deal.trick, strict=True)
            ],
            "seat": deal.to_move,
        }
        return {
            "hand": hand,
            "ask": ask,
            "declaring_choice": sentence(declaring_choice(deal.profile), lang)
            if declarable
            else "",
            "rule": legal_reason,
            # The hint (tutor.play.drawing.hint): the engine's deciding rule, on request.
            "rule_code": answer.rule,
            "why": why,
            # What the list says, for its report link: the rule, then each refusal.
            "why_said": [
                answer.steps[0],
                *(refusals[w["card"]["code"]] for w in why if not w["legal"]),
            ],
            "declarable": declarable,
            "hand_owner": seat_name(deal.to_move, lang),
        }

    def _trick_view(self, trick, lang: str, trump: str | None) -> dict:
        seats, played = [], []
        seat = trick.leader
        for card in trick.cards:
            seats.append(
                {
                    "seat": seat_name(seat, lang),
                    "card": card_table.card_view(card_code(card), lang, trump),
                }
            )
            played.append({"seat": seat, "card": card_code(card)})
            seat = next_seat(seat)
        # "Ask this at the club": the trick, and what each seat these eyes see held before it
        # (every seat once the deal is over). The link carries it signed, which anyone can
        # read: at a table of players another seat's hand must never be in it.
        gone = {card for earlier in self.deal.tricks[: trick.number - 1] for card in earlier.cards}
        shown = SEATS if self.deal.phase == "done" else self.eyes
        held = {
            seat: [card_code(c) for c in self.deal.hands[seat] if c not in gone]
            for seat in SEATS
            if seat in shown
        }
        ask = {
            "profile": self.record.profile,
            "trump": trump_code(self.deal.contract.trump),
            "trick": played,
            "hands": held,
        }
        # The reason names the winning seat: the panel's heading is the trick's number alone,
        # so the winner is said once, with why.
        why = Step(trick.steps[0].code, {**trick.steps[0].params, "seat": trick.winner})
        return {
            "ask": ask,
            "number": trick.number,
            "winner": trick.winner,
            "points": trick.points,
            "cards": seats,
            "why": sentence(why, lang),
            "said": [why],
            "steps": [sentence(s, lang) for s in trick.steps],
        }

    def _points(self, lang: str) -> list[dict]:
        points = self.deal.card_points
        return [
            {"side": side, "name": side_name(side, lang), "points": points[i]}
            for i, side in enumerate(("NS", "EW"))
        ]

    def _news(self, lang: str) -> list[str]:
        """What happened since the learner's last move that the table does not show (calls
        and cards are at their seats, the gathered trick has its own panel): belote and
        rebelote, declarations, a coinche taken back, the contract."""
        lines: list[str] = []
        one_seat = len(self.eyes) < 4
        shown_trick = self.shows_gathered()
        for seat, steps in reversed(self.events):
            completes = any(s.code == "trick_taken" for s in steps)
            if completes and not shown_trick:
                break
            shown_trick = False
            lines[:0] = [
                sentence(s, lang)
                for s in steps
                if not s.code.startswith(TABLE_SHOWS) and self._for_eyes(s)
            ]
            if seat in self.eyes and one_seat or not one_seat:
                break
        return lines

    def _for_eyes(self, step: Step) -> bool:
        """A step about one seat's own cards (``for``) is shown to that seat alone, and only
        on a page that shows one seat."""
        seat = step.params.get("for")
        return seat is None or len(self.eyes) == 1 and seat == self.eyes

    def _hands(self, lang: str, trump: str | None, original: bool) -> list[dict]:
        deal = self.deal
        out = []
        for seat in ("N", "W", "E", "S"):
            cards = deal.dealt_cards(seat) if original else deal.hand(seat)
            out.append(
                {
                    "seat": seat,
                    "name": seat_name(seat, lang),
                    "to_come": range(deal.to_come()),
                    "hand": card_table.hand_view(
                        [card_code(c) for c in cards],
                        lang,
                        trump=trump if trump in ("S", "H", "D", "C", "TA") else None,
                    ),
                }
            )
        return out

    def _end_view(self, lang: str, trump: str | None) -> dict:
        result = self.deal.result()
        score = result.score
        chosen = self.deal.profile.name
        compare = []
        payload = self.deal.replay_payload()
        for name in PROFILES:
            if name == chosen:
                continue
            other = replay_under(name, payload)
            compare.append(
                {
                    "name": name,
                    "label": PROFILE_LABELS[name],
                    **other_view(other, lang, score.scores),
                }
            )
        scores = dict(zip(("NS", "EW"), score.scores, strict=True))
        # One side's seats (one learner, or a pair): its result is said first.
        sides = {side_of(seat) for seat in self.eyes}
        mine = sides.pop() if len(sides) == 1 else None
        return {
            "score": {
                "scores": scores,
                "made": score.made,
                "steps": [sentence(s, lang) for s in score.steps],
                "said": score.steps,
                "outcome": outcome(scores[mine], scores["EW" if mine == "NS" else "NS"])
                if mine
                else None,
            },
            "whole": [sentence(s, lang) for s in result.steps],
            "compare": compare,
            "review": self.review(lang),
        }

    def review(self, lang: str) -> list[dict]:
        """The learner's own moves, each with what the rules allowed at that moment, asked of
        the engine on the deal replayed move by move: a call among the calls open, a card
        forced (the only one allowed), a free choice (every card allowed) or chosen among
        the cards the deciding rule left, with that rule's sentence."""
        pattern = coinche_profile(self.record.profile).deal
        deal = CoincheDeal(
            self.record.profile,
            self.record.dealer,
            hands_for(self.record.seed, self.record.dealer, pattern),
        )
        moves = []
        refused = [r for r in self.record.refused if self.learner(r.get("player"))]
        for index, move in enumerate(self.record.moves):
            mine = move["seat"] in self.eyes
            if mine and "declare" not in move:
                # The refusals met before this move, in the engine's words, as kept then.
                hit = [r for r in refused if r["at"] <= index]
                refused = refused[len(hit) :]
                met = [sentence(Step(r["code"], r["params"]), lang) for r in hit]
            if "call" in move:
                if mine:
                    moves.append(
                        {
                            "refused": met,
                            "kind": "call",
                            "said": card_table.call_view(
                                move["seat"], move["call"].split(":")[-1], 0, lang
                            )["name"],
                            "open": len(deal.legal_calls()),
                        }
                    )
                deal.call(move["call"])
            elif "declare" in move:
                deal.declare(move["declare"])
            elif "play" in move:
                if mine:
                    answer = deal.legal()
                    held, allowed = len(deal.hand(deal.to_move)), len(answer.legal)
                    moves.append(
                        {
                            "refused": met,
                            "kind": "card",
                            "card": move["play"],
                            "trick": len(deal.tricks) + 1,
                            "choice": "forced"
                            if allowed == 1
                            else "free"
                            if allowed == held
                            else "ruled",
                            "allowed": allowed,
                            "held": held,
                            "rule": sentence(answer.steps[0], lang),
                        }
                    )
                deal.play(parse_card(move["play"]))
        return moves


def replay_under(name: str, payload: dict):
    """The same deal (hands, calls, cards, declarations) checked and scored under ``name``."""
    profile = coinche_profile(name)
    hands = check_hands(payload["hands"])
    announce = payload.get("announce") if profile.declarations else None
    try:
        return replay(
            profile,
            payload["dealer"],
            hands,
            [parse_card(c) for c in payload["plays"]],
            calls=payload["calls"],
            announce=announce,
        )
    except RulesError as error:
        return error


def other_view(result, lang: str, reference: tuple[int, int]) -> dict:
    if isinstance(result, RulesError):
        return {"error": sentence(Step(result.code, result.params), lang)}
    if not result.valid or result.score is None:
        return {"error": " ".join(sentence(s, lang) for s in result.steps[-2:])}
    scores = result.score.scores
    return {
        "scores": dict(zip(("NS", "EW"), scores, strict=True)),
        "differs": [scores[i] != reference[i] for i in range(2)],
        "made": result.score.made,
        # Shown where the score differs: the engine's count under those rules says why.
        "steps": [sentence(s, lang) for s in result.score.steps],
    }
