"""The parts of a played deal's page that every move redraws, drawn in HTML: the board and
each side's card points, the news, a form's hidden fields, the trick just gathered, the
hand to play from with the reasons for each card and the hint, and the deal's story so far.
Shared by solo play and the tables of players.

Written in Python rather than as templates, as the card table is (``tutor.pages.drawing``):
a table of four redraws them for every seat at every move, and a template's includes,
lookups and tags cost several times the text they make. Each takes the context its template
took (``v``, ``at``, ``at_table``…), says its words in the active language and escapes every
value as a template would; the catalog's own text goes in as it is, as Django's
``{% translate %}`` and ``{% blocktranslate %}`` put it.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tutor.pages.drawing import _e, table
from tutor.pages.drawing import hand as hand_fan
from tutor.pages.templatetags.atout import card
from tutor.reports.templatetags.reports import report_link


def _form(url: str, fields: str, button: str, extra: str = "") -> str:
    """A move's form, posted to the deal (by htmx, or as a plain form)."""
    form = f'<form method="post" action="{url}" hx-post="{url}"{extra}>'
    return f"{form}\n{fields}{button}\n</form>\n"


def csrf_input(context) -> str:
    """``{% csrf_token %}``: the form's token, when the page has one."""
    token = context.get("csrf_token")
    if not token or token == "NOTPROVIDED":
        return ""
    return f'<input type="hidden" name="csrfmiddlewaretoken" value="{_e(token)}">'


def hidden(context) -> str:
    """What every move's form sends besides its own fields: the token and the move number
    the page was drawn at (a stale form is refused, never applied twice)."""
    at = _e(context.get("at", ""))
    return f'{csrf_input(context)}<input type="hidden" name="at" value="{at}">\n'


def _report(context, spot) -> str:
    # A page that redraws itself under the reader opens the report in a tab of its own.
    return str(report_link(context, spot, new_tab=bool(context.get("at_table"))))


def ask_at_club(position: dict, source: str) -> str:
    """``{% ask_at_club %}``: the link that adds the position to a teacher's set."""
    from tutor.club.templatetags.club import ask_at_club as ask

    url = ask(position, source)["url"]
    label = gettext("Ask this at the club")
    return (
        f'<a class="button secondary ask-club" href="{_e(url)}" data-action="ask-at-club">'
        f"{label}</a>"
    )


def _points(points: int) -> str:
    if not points:
        return gettext("no card points yet")
    said = ngettext("%(points)s card point", "%(points)s card points", points)
    return said % {"points": _e(points)}


def board(v: dict) -> str:
    """The felt and each side's card points, for both games."""
    sides = v["points"]
    points = f"{_e(sides[0]['points'])}-{_e(sides[1]['points'])}"
    items = "".join(
        f'<div data-side="{_e(side["side"])}"><dt>{_e(side["name"])}</dt>'
        f"<dd>{_points(side['points'])}</dd></div>"
        for side in sides
    )
    return (
        f'<div class="play-board">\n{table(v["table"])}'
        f'<dl class="play-points" data-points="{points}">\n'
        f"{items}\n</dl>\n</div>\n"
    )


def news(context) -> str:
    """What just happened and any refusal, read out by screen readers; the report link after
    it, outside the live region."""
    message = context.get("message")
    lines = "".join(f"<p>{_e(line)}</p>" for line in (context.get("v") or {}).get("news", ()))
    refusal = f'<p class="play-refusal" data-refusal>{_e(message)}</p>' if message else ""
    return (
        f'<div class="play-news{" has-refusal" if message else ""}" id="play-news" role="status"'
        f' aria-live="polite" data-news>\n{refusal}\n{lines}\n</div>\n'
        f"{_report(context, context.get('refusal'))}\n"
    )


def _worth(points: int) -> str:
    if not points:
        return gettext("It is worth no points.")
    said = ngettext("It is worth %(points)s point.", "It is worth %(points)s points.", points)
    return said % {"points": _e(points)}


def gathered(context, trick: dict) -> str:
    """The trick just gathered, its reason and points, and the way on: a Continue button in
    solo play (at a table of players, the next card is led at once)."""
    v = context["v"]
    number = trick["number"]
    title = gettext("Trick %(number)s") % {"number": _e(number)}
    parts = [
        f'<section class="play-gathered panel" data-gathered="{_e(number)}"'
        f' data-winner="{_e(trick["winner"])}">\n',
        f"<h2>{title}</h2>\n",
        f"<p>{_e(trick['why'])}</p>\n",
        _report(context, context.get("gathered_report")),
        f"\n<p>{_worth(trick['points'])}</p>\n",
    ]
    if trick.get("ask"):
        parts.append(f'<p class="play-ask">{ask_at_club(trick["ask"], "deal")}</p>\n')
    if v.get("declarations") and number == 1:
        lines = "".join(f"<p>{_e(line)}</p>" for line in v["declarations"])
        title = gettext("Declarations")
        parts.append(f'<div class="play-declared"><h3>{title}</h3>{lines}</div>\n')
    if not context.get("at_table"):
        url = _e(context.get("deal_url", ""))
        label = gettext("Continue")
        parts.append(
            f'<form method="post" action="{url}" hx-post="{url}">\n{hidden(context)}'
            f'<input type="hidden" name="action" value="continue">'
            f'<input type="hidden" name="trick" value="{_e(number)}">\n'
            f'<button type="submit" class="primary" data-action="continue" data-focus>'
            f"{label}</button>\n</form>\n"
        )
        # With carrying on by itself, a trick waits only when it has declarations to read.
        if context.get("auto") and (not v.get("declarations") or number != 1):
            note = gettext("The table carries on in a moment.")
            parts.append(
                f'<p class="play-auto-note"><small>{note}</small></p>'
                f'<div hx-post="{url}" hx-trigger="load delay:2500ms"'
                f' hx-vals=\'{{"action": "continue", "trick": "{_e(number)}"}}\'></div>\n'
            )
    parts.append("</section>\n")
    return "".join(parts)


def why(context) -> str:
    """Why each card of the hand may or may not be played, with the report link."""
    v = context["v"]
    allowed, summary = gettext("Allowed."), gettext("Why? The rule for each card")
    items = "".join(
        f'\n<li data-card="{_e(w["card"]["code"])}"'
        f' class="{"is-legal" if w["legal"] else "is-refused"}">{card(w["card"]["code"])}'
        f" <span>{allowed if w['legal'] else _e(w['text'])}</span></li>"
        for w in v["why"]
    )
    return (
        f'<details class="play-why" data-why>\n<summary data-action="why">'
        f"{summary}</summary>\n<p>{_e(v['rule'])}</p>\n"
        f'<ul class="card-reasons">{items}\n</ul>\n'
        f"{_report(context, context.get('why_report'))}\n</details>\n"
    )


def hint(v: dict) -> str:
    """What the rules say about the hand now (the engine's deciding rule), never advice."""
    code = f' data-hint="{_e(v["rule_code"])}"' if v.get("rule_code") else ""
    summary = gettext("Hint")
    return (
        f'<details class="play-hint"{code}>\n<summary data-action="hint">'
        f"{summary}</summary>\n"
        f'<p class="play-rule" data-rule>{_e(v["rule"])}</p>\n</details>\n'
    )


def actions(context) -> str:
    """Undo, play again, carry on by itself, and the deal's own addresses (to resume it on
    another device, to give it to a club, its replay so far)."""
    v, record = context["v"], context["record"]
    url = _e(context["deal_url"])
    parts = ['<div class="play-actions">\n']
    if context.get("can_undo"):
        label = gettext("Undo my last move")
        parts.append(
            _form(
                url,
                f'{hidden(context)}<input type="hidden" name="action" value="undo">\n',
                f'<button type="submit" class="secondary" data-action="undo">{label}</button>',
            )
        )
    again = _e(reverse("play_again", args=[record.game, record.token]))
    label = gettext("Play this deal again")
    parts.append(
        f'<form method="post" action="{again}">\n{csrf_input(context)}'
        f'<button type="submit" class="secondary" data-action="again">{label}</button>\n</form>\n'
    )
    if v["phase"] not in ("done", "redeal"):
        checked = " checked" if context.get("auto") else ""
        switch = gettext("Carry on by itself after each trick")
        if record.game == "coinche":
            help_text = gettext(
                "When this is on, each gathered trick stays on the table for a moment and then "
                "play goes on; a first trick with declarations to read waits for you."
            )
        else:
            help_text = gettext(
                "When this is on, each gathered trick stays on the table for a moment and then "
                "play goes on."
            )
        save = gettext("Save")
        parts.append(
            _form(
                url,
                f'{hidden(context)}<input type="hidden" name="action" value="auto">\n'
                f'<label class="switch"><input type="checkbox" role="switch" name="auto" value="1"'
                f' data-action="auto"{checked}> <span>{switch}</span></label>\n'
                f"<small data-auto-help>{help_text}</small>\n",
                f'<noscript><button type="submit" class="secondary">{save}</button></noscript>',
                ' hx-trigger="change" class="play-auto"',
            )
        )
    request = context["request"]
    site = _e(f"{request.scheme}://{request.get_host()}")
    share = _e(context["share_url"])
    replay = _e(reverse("play_replay", args=[record.game, record.token]))
    summary = gettext("Share or resume this deal")
    resume = gettext("To carry on on another device, open this deal's own address there:")
    give = gettext(
        "To give the same cards to a whole club, send this address: each person plays the "
        "deal from the start."
    )
    moves = gettext("The moves so far, in the engine's replay format (JSON)")
    parts.append(
        f'</div>\n<details class="play-share">\n<summary>{summary}</summary>\n'
        f'<p>{resume} <a href="{url}" data-resume>{site}{url}</a></p>\n'
        f'<p>{give} <a href="{share}" data-share>{site}{share}</a></p>\n'
        f'<p><a href="{replay}" data-replay-so-far>{moves}</a></p>\n</details>\n'
    )
    return "".join(parts)


def playing(context) -> str:
    """A Coinche hand to play from: the declarations the first trick allows, the hand with
    the hint, why each card may or may not be played, and the club's link."""
    v = context["v"]
    url = _e(context.get("deal_url", ""))
    parts = []
    if v.get("declarable"):
        legend = gettext("First trick: what do you declare?")
        button = gettext("Declare what is ticked")
        note = gettext(
            "Untick a combination to keep it to yourself. Playing a card without pressing "
            "this declares nothing."
        )
        kinds = "".join(
            f'<label class="choice"><input type="checkbox" name="kind" value="{_e(d["kind"])}"'
            f" checked> {_e(d['text'])}</label>"
            for d in v["declarable"]
        )
        parts.append(
            f'<form method="post" action="{url}" hx-post="{url}" class="play-declare panel">\n'
            f'{hidden(context)}<input type="hidden" name="action" value="declare">\n'
            f"<fieldset><legend>{legend}</legend>\n"
            f"<p><small>{_e(v['declaring_choice'])}</small></p>\n{kinds}\n</fieldset>\n"
            f'<button type="submit" class="primary" data-action="declare" data-focus>'
            f"{button}</button>\n<small>{note}</small>\n</form>\n"
        )
    if v.get("all_seats"):
        title = gettext("%(seat)s to play") % {"seat": _e(v["hand_owner"])}
    else:
        title = gettext("Your turn: play a card")
    held = v["hand"]
    parts.append(
        f'<form method="post" action="{url}" hx-post="{url}" class="play-hand"'
        f" data-focus-first>\n{hidden(context)}<h2>{title}</h2>\n{hint(v)}"
        f"{hand_fan(held, 'hand', held.get('label', ''))}\n</form>\n{why(context)}"
    )
    if v.get("ask"):
        parts.append(f'<p class="play-ask">{ask_at_club(v["ask"], "deal")}\n</p>\n')
    return "".join(parts)


def _trick_points(points: int) -> str:
    if not points:
        return gettext("It is worth no points.")
    said = ngettext("%(points)s point.", "%(points)s points.", points)
    return said % {"points": _e(points)}


def story(v: dict) -> str:
    """A Coinche deal so far: its auction, call by call, and the tricks played, each with its
    cards, its reason, its points and the club's link."""
    parts = []
    if v.get("auction"):
        is_open = " open" if v["phase"] == "auction" else ""
        summary = gettext("The auction")
        lines = "".join(f"<li>{_e(line['text'])}</li>" for line in v["auction"])
        parts.append(
            f'<details class="play-auction"{is_open}>\n<summary>{summary}</summary>\n'
            f"<ol>{lines}</ol>\n</details>\n"
        )
    if v.get("tricks"):
        summary = gettext("Tricks played")
        tricks = "".join(
            f'<li data-trick="{_e(t["number"])}">'
            + "".join(
                f'<span class="play-trick-card">{_e(c["seat"])} {card(c["card"]["code"])}</span> '
                for c in t["cards"]
            )
            + f"<br>{_e(t['why'])} {_trick_points(t['points'])} {ask_at_club(t['ask'], 'deal')}"
            "\n</li>"
            for t in v["tricks"]
        )
        parts.append(
            f'<details class="play-tricks">\n<summary>{summary}</summary>\n'
            f"<ol>{tricks}</ol>\n</details>\n"
        )
    return "".join(parts)
