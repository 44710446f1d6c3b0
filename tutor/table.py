"""The card table as plain values for ``templates/table/``: seats, the trick, the hand, badges.

One presenter draws every position the site shows (lessons, practice, club pages,
worked examples, the play mode), so a table looks and reads the same everywhere.
It holds no rule: who plays after whom, who wins a trick, how a hand ranks under
a trump and the phase of a Chouine deal are asked of the engine (``tutor.rules``);
which cards are legal is the caller's, who has the engine's answer. Every word is
in ``lang``; sentences naming cards or seats are engine steps, so cards are named
by the engine's own rules. Nothing here imports Django. The API is in docs/table.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tutor.memo import LRU, freeze
from tutor.rules.cards import SUITS, card_code, next_seat, parse_card, parse_cards, side_of
from tutor.rules.chouine import rules as chouine
from tutor.rules.coinche.auction import parse_call
from tutor.rules.coinche.tricks import parse_trump, strength, winner_index
from tutor.rules.explain import (
    Step,
    bid_name,
    card_name,
    contract_name,
    gettext_noop,
    messages,
    player_label,
    rank_face,
    render,
    seat_name,
    side_name,
    suit_name,
    translator,
    variants,
)

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# Suits of a hand after the trump: colours alternate whichever suit leads the cycle.
SUIT_CYCLE = "SHCD"
# Where each seat sits, counted in turns of play after the bottom seat: play goes
# counter-clockwise, so the next player sits on the right and the partner opposite.
POSITIONS = ("bottom", "right", "top", "left")
# What a card of an answered hand shows (see :func:`verdicts`); a hand nobody chose from,
# only judged (the referee), shows "allowed" and "refused"; a room's answers to a tap
# question (a club's projector), "correct" and "incorrect".
VERDICTS = ("right", "wrong", "missed", "unchosen", "allowed", "refused", "correct", "incorrect")
# What a right answer is, for the words a verdict says (templates/table/verdict.html): a card
# or call the rules allow, the card that wins the trick, a call that ends the auction. A wrong
# tap on "which card wins" was allowed: it does not win.
ASKS = ("allowed", "winner", "ends")

messages(
    {
        "table_led": gettext_noop("%(seat)s led %(the_card)s."),
        "table_played": gettext_noop("%(seat)s played %(the_card)s."),
        "table_to_play": gettext_noop("%(seat)s is to play."),
        "table_leads": gettext_noop("%(seat)s is to lead."),
        "table_you": gettext_noop("You are %(seat)s."),
        "table_dealer": gettext_noop("%(seat)s dealt."),
        "table_wins": gettext_noop("%(seat)s wins the trick with %(the_card)s."),
        "table_player_led": gettext_noop("%(the_player)s led %(the_card)s."),
        "table_player_played": gettext_noop("%(the_player)s answered with %(the_card)s."),
        "table_player_to_play": gettext_noop("%(the_player)s is to play."),
        "table_player_wins": gettext_noop("%(the_player)s wins the trick with %(the_card)s."),
        "table_player_you": gettext_noop("You are %(the_player)s."),
        "table_indicator": gettext_noop(
            "%(the_card)s lies turned up under the stock: trumps are %(trump)s."
        ),
        "table_trump": gettext_noop("Trump is %(trump)s."),
        "table_contract_trump": gettext_noop("The contract is %(strain)s."),
        "table_contract": gettext_noop("Contract: %(seat)s, %(contract)s."),
        "table_contract_coinche": gettext_noop("Contract: %(seat)s, %(contract)s, coinched."),
        "table_contract_surcoinche": gettext_noop("Contract: %(seat)s, %(contract)s, surcoinched."),
        "table_contract_classic": variants(
            lambda params: "suit" if params["trump"] in "SHDC" else params["trump"],
            suit=gettext_noop("%(seat)s took, with %(trump)s as trumps."),
            SA=gettext_noop("%(seat)s took, and the deal is played at no trump."),
            TA=gettext_noop("%(seat)s took, and the deal is played at all trumps."),
        ),
        "table_to_speak": gettext_noop("%(seat)s is to speak."),
        "table_declares": gettext_noop("%(seat)s declares %(cards)s."),
        "table_declares_nothing": gettext_noop("%(seat)s has nothing to declare."),
        "table_player_dealer": gettext_noop("%(the_player)s dealt first."),
        # Translators: a seat and the nickname of the person sitting there ("North: Ana").
        "table_sits": gettext_noop("%(seat)s: %(name)s."),
        # Translators: a Chouine player and the nickname of the person playing ("Player A: Ana").
        "table_player_sits": gettext_noop("%(player)s: %(name)s."),
    }
)


# The table's sentences, written once per position's wording and language.
SENTENCES = LRU(items=20000)


def _step(code: str, lang: str, **params) -> str:
    """An engine-rendered sentence; it may open on a player's name, which takes a capital."""

    def write() -> str:
        text = render(Step(code, params), lang)
        return text[:1].upper() + text[1:]

    return SENTENCES.get_or_make((code, lang, freeze(params)), write)


def card_view(code: str, lang: str, trump: str | None = None) -> dict:
    """One card: its code, spoken name, corner face and suit symbol, and whether it is trump."""
    code = str(code).upper()
    return {
        "code": code,
        "name": card_name(code, lang),
        "face": rank_face(code, lang),
        "suit": code[1],
        "symbol": SUIT_SYMBOLS[code[1]],
        "trump": trump == "TA" or trump == code[1],
    }


def _strength(game: str, trump: str | None):
    """The engine's rank of a card within its suit, for this game and trump."""
    if game == "chouine":
        return lambda card: chouine.CARD_STRENGTH[card]
    contract = parse_trump(trump) if trump else parse_trump("SA")
    return lambda card: strength(card, contract)


def sort_hand(cards: Iterable[str], trump: str | None, game: str = "coinche") -> list[list[str]]:
    """A hand grouped by suit, the trump suit first, each suit high to low in the
    engine's order for the trump; the other suits alternate colours."""
    first = SUITS.index(trump) if trump in tuple(SUITS) else 0
    start = SUIT_CYCLE.index(SUITS[first])
    order = SUIT_CYCLE[start:] + SUIT_CYCLE[:start]
    rank = _strength(game, trump)
    groups = []
    for suit in order:
        held = [parse_card(code) for code in cards if str(code).upper()[1] == suit]
        if held:
            groups.append([card_code(card) for card in sorted(held, key=rank, reverse=True)])
    return groups


def verdicts(hand: Iterable[str], given: Iterable[str] | None, expected: Iterable[str]) -> dict:
    """Each card of an answered hand: ``right`` (chosen and expected), ``wrong`` (chosen,
    not expected), ``missed`` (expected, not chosen) or ``unchosen``."""
    given, expected = set(given or ()), set(expected)
    result = {}
    for code in hand:
        if code in given:
            result[code] = "right" if code in expected else "wrong"
        else:
            result[code] = "missed" if code in expected else "unchosen"
    return result


def hand_view(
    cards: Iterable[str],
    lang: str,
    *,
    trump: str | None = None,
    game: str = "coinche",
    mode: str = "static",
    chosen: Iterable[str] = (),
    refused: Mapping[str, str] | None = None,
    verdict: Mapping[str, str] | None = None,
    reasons: Mapping[str, str] | None = None,
    sort: bool = True,
    labels: Mapping[str, str] | None = None,
    counts: Mapping[str, int] | None = None,
    asks: str = "allowed",
) -> dict:
    """A hand to draw.

    ``mode``: ``static`` (cards only), ``choose`` (checkboxes named ``card``: a
    select-all answer), ``play`` (one button per card, named ``card``; the cards in
    ``refused``, code to the engine's reason, are ``aria-disabled``). ``chosen``: the
    cards ticked. ``verdict`` (code to one of :data:`VERDICTS`) and ``reasons``
    (code to the engine's sentence) mark an answered hand. ``labels``: a caption under a
    card (the seat that played it, for the cards of a trick); ``counts``: how many people
    chose each card (a club's answers), shown on it. ``asks``: what a right card is, for
    the words of its verdict (:data:`ASKS`).
    """
    cards = list(cards)
    groups = sort_hand(cards, trump, game) if sort else [cards]
    chosen, refused = set(chosen), dict(refused or {})
    verdict, reasons = dict(verdict or {}), dict(reasons or {})
    labels = dict(labels or {})
    views = [
        [
            {
                **card_view(code, lang, trump),
                "chosen": code in chosen,
                "refused": refused.get(code, ""),
                "verdict": verdict.get(code, ""),
                "reason": reasons.get(code, ""),
                "label": labels.get(code, ""),
                "count": None if counts is None else counts.get(code, 0),
                "asks": asks,
            }
            for code in group
        ]
        for group in groups
    ]
    return {
        "mode": mode,
        "label": translator(lang).pgettext("table", "Your hand"),
        "count": len(cards),
        "groups": views,
        # The reasons, in the order the cards lie, for the list drawn under the hand.
        "reasons": [card for group in views for card in group if card["reason"]],
    }


def contract_view(contract: Mapping | None, lang: str, trump: str | None = None) -> dict | None:
    """The contract badge: ``contract`` as the engine writes it (``seat``, ``bid`` a number,
    ``capot``, ``generale`` or None for a classic taker, ``trump``, ``double`` 1/2/4), or
    only the trump when no contract is known."""
    if contract is None:
        if trump is None:
            return None
        return {
            "trump": trump,
            "symbol": SUIT_SYMBOLS.get(trump, trump),
            "trump_name": suit_name(trump, lang),
            "label": translator(lang).pgettext("table", "Trump"),
            "text": _step("table_contract_trump", lang, trump=trump),
        }
    trump = contract["trump"]
    bid, double = contract.get("bid"), contract.get("double", 1)
    if bid is None:
        text = _step("table_contract_classic", lang, seat=contract["seat"], trump=trump)
    else:
        code = {1: "table_contract", 2: "table_contract_coinche", 4: "table_contract_surcoinche"}
        text = _step(code[double], lang, seat=contract["seat"], bid=bid, trump=trump)
    tr = translator(lang)
    return {
        "trump": trump,
        "symbol": SUIT_SYMBOLS.get(trump, trump),
        "trump_name": suit_name(trump, lang),
        "bid": "" if bid is None else bid_name(bid, lang),
        "seat": seat_name(contract["seat"], lang),
        "double": {2: "×2", 4: "×4"}.get(double, ""),
        "double_name": {
            2: tr.pgettext("double", "coinche"),
            4: tr.pgettext("double", "surcoinche"),
        }.get(double, ""),
        "text": text,
    }


def _markers(lang: str) -> dict:
    tr = translator(lang)
    return {
        "you": tr.pgettext("table", "you"),
        "dealer": tr.pgettext("table", "dealer"),
        "leads": tr.pgettext("table", "leads"),
        "to_play": tr.pgettext("table", "to play"),
        "to_speak": tr.pgettext("table", "to speak"),
        "wins": tr.pgettext("table", "wins the trick"),
        "nothing": tr.pgettext("table", "nothing to declare"),
    }


def call_view(seat: str, text: str, order: int, lang: str) -> dict:
    """One call of an auction, laid before the seat that made it: the short form the chip
    prints (a bid and its trump, pass, coinche, surcoinche) and the engine's sentence."""
    call = parse_call(text)
    tr = translator(lang)
    params: dict = {"seat": seat}
    view = {"seat": seat, "code": call.text(), "kind": call.kind, "order": order}
    view.update(symbol="", suit="")
    if call.kind == "bid":
        params.update(bid=call.bid, trump=call.trump)
        view["short"] = bid_name(call.bid, lang)
        view["suit"] = call.trump
        view["symbol"] = SUIT_SYMBOLS.get(call.trump) or suit_name(call.trump, lang)
    elif call.kind == "pass":
        view["short"] = tr.pgettext("call", "pass")
    else:
        view["short"] = tr.pgettext("double", call.kind)
        view["double"] = {"coinche": "×2", "surcoinche": "×4"}[call.kind]
    view["name"] = _step(f"call_{call.kind}", lang, **params)
    return view


def call_taps(
    calls: Iterable[str],
    lang: str,
    *,
    mode: str = "static",
    verdict: Mapping[str, str] | None = None,
    reasons: Mapping[str, str] | None = None,
    counts: Mapping[str, int] | None = None,
    asks: str = "allowed",
) -> dict:
    """Calls to tap (``mode="play"``: one button each, named ``call``) or, once answered, each
    marked like a card of a hand (``verdict``, ``reasons``, ``counts``, ``asks``: see
    :func:`hand_view`)."""
    verdict, reasons = dict(verdict or {}), dict(reasons or {})
    views = []
    for text in calls:
        view = call_view("", text, 0, lang)
        call = parse_call(text)
        name = view["short"] if call.kind != "bid" else contract_name(call.bid, call.trump, lang)
        views.append(
            {
                **view,
                "name": name,
                "verdict": verdict.get(view["code"], ""),
                "reason": reasons.get(view["code"], ""),
                "count": None if counts is None else counts.get(view["code"], 0),
                "asks": asks,
            }
        )
    return {
        "mode": mode,
        "calls": views,
        "reasons": [view for view in views if view["reason"]],
    }


def coinche_table(
    lang: str,
    *,
    trump: str | None = None,
    leader: str | None = None,
    trick: Iterable[str] = (),
    bottom: str | None = None,
    you: str | None = None,
    dealer: str | None = None,
    contract: Mapping | None = None,
    number: int | None = None,
    tricks_won: Mapping[str, int] | None = None,
    points: Mapping[str, int] | None = None,
    show_winner: bool = False,
    to_play: bool = True,
    calls: Iterable[tuple[str, str]] = (),
    to_speak: str | None = None,
    declared: Mapping[str, Iterable[str]] | None = None,
    players: Mapping[str, str] | None = None,
) -> dict:
    """Four seats round a table, ``bottom`` (default ``you``, else South) at the bottom.

    ``trick``: the cards of the current trick in the order played from ``leader``. The
    seat to play next (when ``to_play`` and the trick is not over) and, with
    ``show_winner``, the seat winning the trick so far are the engine's. ``number``: the
    trick's number in the deal; ``tricks_won``/``points``: per seat, where a question needs them.
    ``calls``: an auction so far, ``(seat, call)`` in the order made (each seat the engine's),
    laid before the seats with ``to_speak`` (the engine's next speaker) marked. ``declared``:
    each seat's declared cards (the engine's best declarations), shown at the seat.
    ``players``: the name of whoever sits at a seat (a table of players), written under it.
    """
    trick = [str(code).upper() for code in trick]
    calls = [call_view(seat, text, index + 1, lang) for index, (seat, text) in enumerate(calls)]
    bottom = bottom or you or "S"
    order = [bottom]
    for _ in range(3):
        order.append(next_seat(order[-1]))
    played = {}
    seat = leader
    for index, code in enumerate(trick):
        played[seat] = {**card_view(code, lang, _suit_trump(trump)), "order": index + 1}
        seat = next_seat(seat)
    next_to_play = seat if to_play and leader and len(trick) < 4 else None
    winner = None
    if show_winner and trick:
        win = winner_index(parse_cards(trick), parse_trump(trump or "SA"))
        winner = leader
        for _ in range(win):
            winner = next_seat(winner)
    markers = _markers(lang)
    seats = []
    for position, code in zip(POSITIONS, order, strict=True):
        seats.append(
            {
                "code": code,
                "position": position,
                "name": seat_name(code, lang),
                "side": side_of(code),
                "side_name": side_name(side_of(code), lang),
                "you": code == you,
                "dealer": code == dealer,
                "leader": code == leader and bool(trick),
                "to_play": code == next_to_play,
                "winner": code == winner,
                "card": played.get(code),
                "tricks_won": (tricks_won or {}).get(code),
                "points": (points or {}).get(code),
                "to_speak": code == to_speak,
                "calls": [call for call in calls if call["seat"] == code],
                "declared": None
                if declared is None
                else [card_view(card, lang, _suit_trump(trump)) for card in declared.get(code, ())],
                "player": (players or {}).get(code, ""),
            }
        )
    summary = _coinche_summary(lang, leader, trick, you, dealer, next_to_play, winner)
    at = 1 if dealer else 0
    summary[at:at] = [call["name"] for call in calls]
    if to_speak:
        summary.insert(at + len(calls), _step("table_to_speak", lang, seat=to_speak))
    for code in "NESW" if declared is not None else "":
        cards = list(declared.get(code, ()))
        line = "table_declares" if cards else "table_declares_nothing"
        summary.append(_step(line, lang, seat=code, cards=cards))
    badge = contract_view(contract, lang, trump)
    if badge:
        summary.insert(0, badge["text"])
    summary += _sitting(lang, players, "NESW")
    return {
        "game": "coinche",
        "seats": seats,
        "trick_number": number,
        "trick_label": translator(lang).gettext("Trick %(number)s") % {"number": number}
        if number
        else "",
        "contract": badge,
        "markers": markers,
        "summary": summary,
        "winner": winner,
        "auction": bool(calls) or to_speak is not None,
        "declarations": declared is not None,
    }


def _suit_trump(trump: str | None) -> str | None:
    return trump if trump in tuple(SUITS) or trump == "TA" else None


def _coinche_summary(lang, leader, trick, you, dealer, to_play, winner) -> list[str]:
    """The table read seat by seat, for a screen reader."""
    lines = []
    if dealer:
        lines.append(_step("table_dealer", lang, seat=dealer))
    seat = leader
    for index, code in enumerate(trick):
        lines.append(
            _step("table_led" if index == 0 else "table_played", lang, seat=seat, card=code)
        )
        seat = next_seat(seat)
    if winner:
        win = trick[_distance(leader, winner)]
        lines.append(_step("table_wins", lang, seat=winner, card=win))
    if to_play:
        lines.append(_step("table_leads" if not trick else "table_to_play", lang, seat=to_play))
    if you:
        lines.append(_step("table_you", lang, seat=you))
    return lines


def _sitting(lang: str, players: Mapping[str, str] | None, order: str) -> list[str]:
    """Who sits where, for a screen reader: "North: Ana."."""
    players = players or {}
    if order == "AB":
        return [
            _step("table_player_sits", lang, player=code, name=players[code])
            for code in order
            if players.get(code)
        ]
    return [
        _step("table_sits", lang, seat=code, name=players[code])
        for code in order
        if players.get(code)
    ]


def _distance(start: str, seat: str) -> int:
    """How many turns of play after ``start`` ``seat`` plays."""
    count = 0
    while start != seat:
        start = next_seat(start)
        count += 1
    return count


def chouine_table(
    lang: str,
    *,
    trump: str | None = None,
    stock: int | None = None,
    indicator: str | None = None,
    leader: str | None = None,
    trick: Iterable[str] = (),
    bottom: str = "A",
    you: str | None = None,
    show_winner: bool = False,
    to_play: bool = True,
    points: Mapping[str, int] | None = None,
    number: int | None = None,
    dealer: str | None = None,
    players: Mapping[str, str] | None = None,
) -> dict:
    """Chouine's two players face to face, the stock (``stock`` cards, the indicator
    included; ``None`` when the question does not say) with the ``indicator`` turned up
    under it, the trick (``leader``'s card, then the reply) and the phase of play, the
    engine's for this stock. ``trump`` is ``None`` for a match, which has none; ``dealer``
    marks the player who dealt (first); ``players`` as for :func:`coinche_table`."""
    trick = [str(code).upper() for code in trick]
    other = chouine.PLAYERS[1 - chouine.PLAYERS.index(bottom)]
    follower = None if leader is None else chouine.PLAYERS[1 - chouine.PLAYERS.index(leader)]
    played = {}
    if trick:
        played[leader] = {**card_view(trick[0], lang, trump), "order": 1}
    if len(trick) > 1:
        played[follower] = {**card_view(trick[1], lang, trump), "order": 2}
    next_to_play = None
    if to_play and leader and len(trick) < 2:
        next_to_play = leader if not trick else follower
    winner = None
    if show_winner and len(trick) == 2:
        index, _rule = chouine.trick_winner(
            parse_card(trick[0]), parse_card(trick[1]), SUITS.index(trump)
        )
        winner = leader if index == 0 else follower
    markers = _markers(lang)
    seats = [
        {
            "code": code,
            "position": position,
            "name": player_label(code, lang),
            "you": code == you,
            "dealer": code == dealer,
            "leader": code == leader and bool(trick),
            "to_play": code == next_to_play,
            "winner": code == winner,
            "card": played.get(code),
            "points": (points or {}).get(code),
            "player": (players or {}).get(code, ""),
        }
        for position, code in (("bottom", bottom), ("top", other))
    ]
    tr = translator(lang)
    phase = None if stock is None else chouine.phase(stock)
    phase_names = {
        None: "",
        chouine.PHASE_STOCK_OPEN: tr.pgettext("chouine phase", "Stock open: free play"),
        chouine.PHASE_STOCK_CLOSED: tr.pgettext("chouine phase", "Last five tricks: strict play"),
    }
    summary = []
    if dealer:
        summary.append(_step("table_player_dealer", lang, player=dealer))
    if indicator and stock:
        summary.append(_step("table_indicator", lang, card=indicator, trump=trump))
    elif trump:
        summary.append(_step("table_trump", lang, trump=trump))
    if stock is not None:
        summary.append(
            tr.ngettext(
                "The stock holds %(count)s card.", "The stock holds %(count)s cards.", stock
            )
            % {"count": stock}
            if stock
            else tr.gettext("The stock is gone.")
        )
        summary.append(phase_names[phase])
    if trick:
        summary.append(_step("table_player_led", lang, player=leader, card=trick[0]))
    if len(trick) > 1:
        summary.append(_step("table_player_played", lang, player=follower, card=trick[1]))
    if winner:
        win = trick[0] if winner == leader else trick[1]
        summary.append(_step("table_player_wins", lang, player=winner, card=win))
    if next_to_play:
        summary.append(_step("table_player_to_play", lang, player=next_to_play))
    if you:
        summary.append(_step("table_player_you", lang, player=you))
    summary += _sitting(lang, players, "AB")
    return {
        "game": "chouine",
        "seats": seats,
        "stock": None
        if stock is None
        else {
            "count": stock,
            "label": tr.pgettext("chouine", "Stock"),
            "indicator": card_view(indicator, lang, trump) if indicator and stock else None,
        },
        "trump": trump
        and {"code": trump, "symbol": SUIT_SYMBOLS[trump], "name": suit_name(trump, lang)},
        "trump_label": trump and _step("table_trump", lang, trump=trump),
        "phase": phase,
        "phase_name": phase_names[phase],
        "trick_number": number,
        "trick_label": tr.gettext("Trick %(number)s") % {"number": number} if number else "",
        "markers": markers,
        "summary": summary,
        "winner": winner,
    }
