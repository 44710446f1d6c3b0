"""The card table and hands drawn in HTML: the figure of ``tutor.table.coinche_table`` or
``chouine_table``, with its badges, seats, the trick and the stock, and a hand of
``tutor.table.hand_view`` with its verdicts and reasons.

Written in Python rather than as templates: every page with a position draws it (a running
count draws eight), and a template engine's lookups cost ten times the text they make.
Its words are the active language's, as a template's would be; every value is escaped as a
template escapes it (text marked safe stays as it is).
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import (
    get_language,
    gettext,
    gettext_lazy,
    ngettext,
    pgettext,
    pgettext_lazy,
)

from tutor.rules.explain import format_number


def _e(value) -> str:
    """``value`` escaped as a template escapes it (the same five entities), without the
    lazy-text machinery of Django's ``conditional_escape``, which cost most of a table."""
    if isinstance(value, SafeData):
        return str(value)
    return escape(str(value))


def card(c: dict, size: str = "") -> str:
    """One card (``tutor.table.card_view``): the name is the accessible name; the trump mark
    is drawn on the card. Each part ends its line, as in the page's source: the spaces
    between cards and labels are the ones a reader of the text hears."""
    classes = f"card suit-{_e(c['suit'])}"
    if c.get("trump"):
        classes += " is-trump"
    if size:
        classes += f" {_e(size)}"
    return (
        f'<span class="{classes}" data-card="{_e(c["code"])}" role="img"'
        f' aria-label="{_e(c["name"])}"><span class="card-rank" aria-hidden="true">'
        f'{_e(c["face"])}</span><span class="card-suit" aria-hidden="true">'
        f"{_e(c['symbol'])}</span></span>\n"
    )


def _contract(badge: dict) -> str:
    """The contract badge (or the trump alone): ``tutor.table.contract_view``."""
    inner = ""
    if not badge.get("seat"):
        inner += f'<span class="contract-label">{_e(badge["label"])}</span> '
    if badge.get("bid"):
        inner += f'<strong class="contract-bid">{_e(badge["bid"])}</strong> '
    symbol = badge["symbol"] if len(badge["symbol"]) == 1 else badge["trump_name"]
    inner += f'<span class="contract-trump">{_e(symbol)}</span>'
    if badge.get("seat"):
        inner += f' <span class="contract-seat">{_e(badge["seat"])}</span>'
    if badge.get("double"):
        inner += (
            f' <span class="contract-double" title="{_e(badge["double_name"])}">'
            f"{_e(badge['double'])}</span>"
        )
    return (
        f'<p class="contract-badge suit-{_e(badge["trump"])}" data-contract="{_e(badge["trump"])}">'
        f'<span aria-hidden="true">{inner}</span>'
        f'<span class="visually-hidden">{_e(badge["text"])}</span></p>\n'
    )


def _calls(seat: dict) -> str:
    """A seat's calls of the auction, each with its place in the order of the calls."""
    items = []
    for call in seat["calls"]:
        if call.get("double"):
            said = (
                f'<span class="call-word">{_e(call["short"])}</span>'
                f'<span class="call-short">{_e(call["double"])}</span>'
            )
        else:
            said = _e(call["short"])
        if call.get("symbol"):
            said += f' <span class="call-suit suit-{_e(call["suit"])}">{_e(call["symbol"])}</span>'
        items.append(
            f'<li class="call call-{_e(call["kind"])}" data-call="{_e(call["code"])}"'
            f' data-order="{_e(call["order"])}"><span class="play-order">{_e(call["order"])}</span>'
            f" {said}</li>"
        )
    return f'<ol class="calls" data-calls="{_e(seat["code"])}">{"".join(items)}</ol>\n'


def _declared(seat: dict, markers: dict) -> str:
    """A seat's declared cards (or "nothing to declare")."""
    cards = "".join(card(c) for c in seat["declared"]) or (
        f'<span class="declared-none">{_e(markers["nothing"])}</span>'
    )
    return f'<div class="declared" data-declared="{_e(seat["code"])}">{cards}</div>\n'


def _seat_score(seat: dict) -> str:
    tricks, points = seat.get("tricks_won"), seat.get("points")
    if tricks is None and points is None:
        return ""
    parts = []
    if tricks is not None:
        said = (
            ngettext("%(count)s trick", "%(count)s tricks", tricks) % {"count": tricks}
            if tricks
            else gettext("no tricks")
        )
        parts.append(f'<span data-tricks-won="{_e(tricks)}">{_e(said)}</span>')
    if points is not None:
        said = (
            ngettext("%(count)s point", "%(count)s points", points) % {"count": points}
            if points
            else pgettext("a player's score", "no points")
        )
        parts.append(f' <span data-points="{_e(points)}">{_e(said)}</span>')
    return f'<span class="seat-score">{"".join(parts)}</span>'


# A seat's marks, in the order drawn: (the seat's flag, the marker's name, class, hook).
MARKS = (
    ("you", "you", "mark-you", ""),
    ("dealer", "dealer", "mark-dealer", " data-dealer"),
    ("leader", "leads", "mark-leads", ""),
    ("to_play", "to_play", "mark-to-play", " data-to-play"),
    ("to_speak", "to_speak", "mark-to-play", " data-to-speak"),
    ("winner", "wins", "mark-wins", ""),
)


def _seat(seat: dict, markers: dict) -> str:
    """One seat's label, with its calls or declarations where the table has them."""
    classes = f"seat seat-{_e(seat['position'])}"
    if seat.get("you"):
        classes += " is-you"
    if seat.get("to_play") or seat.get("to_speak"):
        classes += " is-to-play"
    if seat.get("winner"):
        classes += " is-winner"
    winner = " data-winner" if seat.get("winner") else ""
    name = f'<span class="seat-name">{_e(seat["name"])}</span>'
    if seat.get("player"):
        name += (
            f'<span class="seat-player" data-player="{_e(seat["code"])}">'
            f"{_e(seat['player'])}</span>"
        )
    elif seat.get("side_name"):
        name += f'<span class="seat-side">{_e(seat["side_name"])}</span>'
    marks = "".join(
        f'<span class="mark {css}"{hook}>{_e(markers[name])}</span>'
        for flag, name, css, hook in MARKS
        if seat.get(flag)
    )
    if marks:
        marks = f'<span class="seat-marks">{marks}</span>'
    said = _calls(seat) if seat.get("calls") else ""
    if seat.get("declared") is not None:
        said += _declared(seat, markers)
    # The parts on lines of their own, as in the page's source: the spaces between them are
    # the ones a reader of the text hears.
    return (
        f'<div class="{classes}" data-seat="{_e(seat["code"])}"{winner}>\n{name}\n{marks}\n'
        f"{said}\n{_seat_score(seat)}\n</div>\n"
    )


def _played(seat: dict) -> str:
    """A card of the trick, laid in front of the seat that played it, with its place in the
    order of play."""
    played = seat["card"]
    winner = " is-winner" if seat.get("winner") else ""
    return (
        f'<div class="played played-{_e(seat["position"])}{winner}"'
        f' data-played="{_e(seat["code"])}"'
        f' data-order="{_e(played["order"])}"><span class="play-order">{_e(played["order"])}</span>'
        f"{card(played)}</div>\n"
    )


def _stock(stock: dict) -> str:
    indicator = stock.get("indicator")
    shown = (
        f'<span class="indicator" data-indicator="{_e(indicator["code"])}">{card(indicator)}</span>'
        if indicator
        else ""
    )
    empty = "" if stock["count"] else " is-empty"
    return (
        f'<div class="stock" data-stock="{_e(stock["count"])}">\n<span class="stock-cards">\n'
        f'{shown}\n<span class="stock-pile{empty}"><span class="stock-count">'
        f"{_e(stock['count'])}</span></span>\n</span>\n"
        f'<span class="stock-label">{_e(stock["label"])}</span>\n</div>'
    )


def _badges(table: dict) -> str:
    parts = []
    if table.get("contract"):
        parts.append(_contract(table["contract"]))
    trump = table.get("trump")
    if table["game"] == "chouine" and trump:
        parts.append(
            f'<p class="contract-badge suit-{_e(trump["code"])}" data-trump="{_e(trump["code"])}">'
            f'<span aria-hidden="true"><span class="contract-trump">{_e(trump["symbol"])}</span>'
            f'</span><span class="visually-hidden">{_e(table["trump_label"])}</span></p>'
        )
    if table.get("phase"):
        parts.append(
            f'<p class="phase-badge" data-phase="{_e(table["phase"])}">'
            f"{_e(table['phase_name'])}</p>"
        )
    if table.get("trick_label"):
        parts.append(f'<p class="trick-badge">{_e(table["trick_label"])}</p>')
    if not parts:
        return ""
    return f'<figcaption class="table-badges">\n{"\n".join(parts)}\n</figcaption>'


def table(table: dict) -> SafeString:
    """The card table: ``table`` as ``tutor.table.coinche_table`` or ``chouine_table`` made it.
    A hand (``tutor.table.hand_view``) is drawn by ``{% hand_fan %}`` where the page wants it."""
    classes = f"card-table table-{_e(table['game'])}"
    if table.get("auction"):
        classes += " table-auction"
    if table.get("declarations"):
        classes += " table-declarations"
    hooks = f' data-table="{_e(table["game"])}"'
    if table.get("phase"):
        hooks += f' data-phase="{_e(table["phase"])}"'
    if table.get("winner"):
        hooks += f' data-winner="{_e(table["winner"])}"'
    markers = table["markers"]
    seats = "".join(_seat(seat, markers) for seat in table["seats"])
    trick = "".join(_played(seat) for seat in table["seats"] if seat.get("card"))
    stock = _stock(table["stock"]) if table.get("stock") else ""
    summary = "".join(f"<li>{_e(line)}</li>" for line in table["summary"])
    return mark_safe(
        f'<figure class="{classes}"{hooks}>\n{_badges(table)}\n'
        f'<div class="felt" aria-hidden="true">\n{seats}\n<div class="trick-area">\n{trick}\n'
        f"</div>\n{stock}\n</div>\n"
        f'<ul class="visually-hidden table-summary">{summary}</ul>\n</figure>'
    )


# What a verdict on a card or call says to screen readers, by verdict and by what a right
# answer is (``c.asks``: tutor.table.ASKS; any other asks reads as "allowed"); "allowed" and
# "refused" judge a hand only, "correct" and "incorrect" are a room's answers.
SAID = {
    "right": {
        "winner": gettext_lazy("chosen, and it wins the trick"),
        "ends": gettext_lazy("chosen, and it ends the auction"),
        "": gettext_lazy("chosen, and allowed"),
    },
    "wrong": {
        "winner": gettext_lazy("chosen, but it does not win the trick"),
        "ends": gettext_lazy("chosen, but it does not end the auction"),
        "": gettext_lazy("chosen, but not allowed"),
    },
    "missed": {
        "winner": gettext_lazy("it wins the trick, but was not chosen"),
        "ends": gettext_lazy("it ends the auction, but was not chosen"),
        "": gettext_lazy("allowed, but not chosen"),
    },
    "unchosen": {
        "winner": gettext_lazy("it does not win the trick, and was not chosen"),
        "ends": gettext_lazy("it does not end the auction, and was not chosen"),
        "": gettext_lazy("not allowed, and not chosen"),
    },
    "allowed": {"": pgettext_lazy("a card", "allowed")},
    "refused": {"": pgettext_lazy("a card", "refused")},
    "correct": {"": gettext_lazy("a right answer")},
    "incorrect": {"": gettext_lazy("not a right answer")},
}


# The verdicts drawn with a mark as well as said.
MARKS_OF_VERDICTS = {
    "right": "✓",
    "wrong": "✗",
    "missed": "!",
    "allowed": "✓",
    "correct": "✓",
}


def verdict(c: dict) -> str:
    """The verdict drawn on a card of an answered hand, or on a call, and said to screen
    readers: right, wrong, missed, unchosen for a hand someone chose from; allowed, refused
    for a hand only judged (the referee); correct, incorrect for a room's answers (a club's
    projector)."""
    given = c.get("verdict")
    if given not in SAID:
        return "\n"
    mark = MARKS_OF_VERDICTS.get(given)
    drawn = f'<span class="verdict-mark" aria-hidden="true">{mark}</span>' if mark else ""
    said = SAID[given]
    said = _e(said.get(c.get("asks", ""), said[""]))
    return f'{drawn}<span class="visually-hidden verdict-said">{said}</span>\n'


def _count(c: dict) -> str:
    """How many players of a room tapped this card or call."""
    count = c["count"]
    number = format_number(count, get_language() or "en")
    said = (
        ngettext("%(number)s player", "%(number)s players", count) % {"number": number}
        if count
        else gettext("nobody")
    )
    return (
        f'<span class="pick-count"><span class="count-number" aria-hidden="true">{_e(number)}'
        f'</span><span class="visually-hidden">{_e(said)}</span></span>'
    )


def _pick(c: dict, mode: str, static: bool, hand_id: str) -> str:
    code = _e(c["code"])
    why = f' aria-describedby="{_e(hand_id)}-why-{code}"'
    marked = f" verdict-{_e(c['verdict'])}" if c.get("verdict") else ""
    hook = f' data-verdict="{_e(c["verdict"])}"' if c.get("verdict") else ""
    label = f'<span class="pick-label">{_e(c["label"])}</span>' if c.get("label") else ""
    if mode == "choose" and not static:
        checked = " checked" if c.get("chosen") else ""
        described = why if c.get("reason") else ""
        return (
            f'\n<label class="pick{marked}" data-card="{code}"{hook}>\n'
            f'<input type="checkbox" name="card" value="{code}"{checked}{described}>\n'
            f"{card(c, 'large')}\n{verdict(c)}\n</label>\n"
        )
    if mode == "play":
        labelled = " has-label" if c.get("label") else ""
        if c.get("refused"):
            described = f' aria-disabled="true"{why}'
        else:
            described = why if c.get("reason") else ""
        said = verdict(c) if c.get("verdict") else ""
        return (
            f'\n<button type="submit" class="pick play-card{labelled}{marked}" name="card"'
            f' value="{code}" data-card="{code}"{hook}{described}>{card(c, "large")}{said}{label}'
            f"</button>\n"
        )
    chosen = " is-chosen" if c.get("chosen") else ""
    labelled = " has-label" if c.get("label") else ""
    counted = c.get("count") is not None
    count_hook = f' data-count="{_e(c["count"])}"' if counted else ""
    return (
        f'\n<span class="pick{marked}{chosen}{labelled}" data-card="{code}"{hook}{count_hook}>'
        f"{card(c, 'large')}{verdict(c)}{label}{_count(c) if counted else ''}</span>\n"
    )


def hand(view: dict, hand_id: str = "", label: str = "", static: bool = False) -> SafeString:
    """A hand (``tutor.table.hand_view``), grouped by suit, trump first (or the cards of a
    trick in order, each under its seat). ``hand_id`` is unique on the page, for the reasons'
    ids; ``label`` is what the group is called. A card's count (a club's answers) goes on the
    card as data-count; a card to play may carry a verdict (a tap question's first miss)."""
    mode = view["mode"]
    labelled = f' aria-label="{_e(label)}"' if label else ""
    roving = " data-roving" if mode != "static" and not static else ""
    groups = "".join(
        '<div class="suit-group">'
        + "".join(_pick(c, mode, static, hand_id) for c in group)
        + "</div>"
        for group in view["groups"]
    )
    html = f'\n<div class="hand-fan mode-{_e(mode)}" role="group"{labelled} data-hand{roving}>\n'
    html += f"{groups}\n</div>\n"
    if mode == "play":
        html += "".join(
            f'<p class="visually-hidden" id="{_e(hand_id)}-why-{_e(c["code"])}">'
            f"{_e(c['refused'])}</p>"
            for group in view["groups"]
            for c in group
            if c.get("refused")
        )
    if view.get("reasons"):
        reasons = "".join(
            f'\n<li id="{_e(hand_id)}-why-{_e(c["code"])}" data-card="{_e(c["code"])}"'
            f' class="verdict-{_e(c["verdict"])}">{card(c)} <span>{_e(c["reason"])}</span></li>\n'
            for c in view["reasons"]
        )
        html += f'\n<ul class="card-reasons">{reasons}</ul>\n'
    return mark_safe(html)
