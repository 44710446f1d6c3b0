"""The parts of a table's live region that every move redraws for every screen, drawn in
HTML: whose turn it is, the people at the table and the invite. As ``tutor.play.drawing``
(whose docstring says why Python and how it escapes), each takes its template's context.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, pgettext

from tutor.pages.drawing import _e
from tutor.play.drawing import csrf_input


def _turn_text(turn: dict, v: dict) -> str:
    auction = v.get("phase") == "auction"
    if turn.get("mine"):
        if turn.get("paused"):
            return gettext("The table waits for you: coinche now, or let the auction go on.")
        return gettext("Your turn to speak.") if auction else gettext("Your turn to play.")
    if turn.get("said"):
        return _e(turn["said"])
    values = {"seat": _e(turn["name"]), "name": _e(turn.get("nickname", ""))}
    if turn.get("nickname"):
        if turn.get("paused"):
            said = gettext("The table waits for %(seat)s (%(name)s), who may coinche.")
        elif auction:
            said = gettext("%(seat)s (%(name)s) is to speak.")
        else:
            said = gettext("%(seat)s (%(name)s) is to play.")
        return said % values
    return gettext("%(seat)s is to play.") % values


def turn(context) -> str:
    """Whose turn it is (the seat the table waits for), and the clock when the table has one."""
    turn, v = context.get("turn"), context.get("v") or {}
    mine = " is-mine" if turn and turn.get("mine") else ""
    if turn:
        clock = ""
        if turn.get("seconds_left") is not None:
            left, label = _e(turn["seconds_left"]), gettext("Time left:")
            clock = (
                f'<span class="table-clock" data-clock>{label}'
                f' <span data-seconds-left="{left}">{left}</span>&nbsp;s</span>'
            )
        said = f'<p data-turn="{_e(turn["code"])}">{_turn_text(turn, v)}\n{clock}</p>'
    elif v.get("phase") == "done":
        number = _e(context["record"].number)
        over = gettext("Deal %(number)s is over.") % {"number": number}
        said = f'<p data-turn="">{over}</p>'
    else:
        said = '<p data-turn=""></p>'
    return f'<div class="table-turn{mine}" role="status">\n{said}\n</div>\n'


def _person(context, s: dict, mine, url: str) -> str:
    away = " data-away" if s["away"] else ""
    who = ""
    if s["nickname"]:
        who = _e(s["nickname"])
        if s["mine"]:
            you = pgettext("table", "you")
            who += f" <small>({you})</small>"
        if s["lang"]:
            who += f" · <small>{_e(s['lang'])}</small>"
    elif s["bot"]:
        who = pgettext("a seat the engine plays", "bot")
    if s["away"]:
        away_said = pgettext("a player who has left the table", "away")
        who += f" · <em>{away_said}</em>"
    form = ""
    if s["can_hand"] and (not s["mine"] and mine or context.get("creator")):
        label = gettext("Let a bot play for %(name)s") % {"name": _e(s["nickname"])}
        form = (
            f'\n<form method="post" action="{url}" hx-post="{url}" class="inline-form">'
            f'{csrf_input(context)}<input type="hidden" name="seat" value="{_e(s["code"])}">\n'
            f'<button type="submit" class="secondary" data-action="to-bot"'
            f' data-seat="{_e(s["code"])}">{label}</button></form>'
        )
    return (
        f'<li data-person="{_e(s["code"])}"{away}><strong>{_e(s["name"])}</strong> {who}'
        f"{form}\n</li>\n"
    )


def people(context) -> str:
    """Who plays each seat during the game: a seat whose player has gone (to hand to a bot),
    a bot's seat to take between deals, one's own seat to take back."""
    table, mine = context["table"], context.get("mine")
    title = gettext("At the table")
    parts = [
        '<section class="table-people panel" aria-labelledby="people-title">\n'
        f'<h2 id="people-title">{title}</h2>\n'
    ]
    if mine and mine.bot:
        url = _e(reverse("tables_sit", args=[table.token]))
        back = gettext("Take my seat back")
        note = gettext(
            "A bot is playing your seat since you were away. Take it back whenever you like."
        )
        parts.append(
            f'<p class="table-bot-note" data-bot-seat>{note}</p>\n'
            f'<form method="post" action="{url}" hx-post="{url}">{csrf_input(context)}'
            f'<input type="hidden" name="nickname" value="{_e(mine.nickname)}">'
            f'<input type="hidden" name="lang" value="{_e(mine.lang)}">\n'
            f'<button type="submit" class="primary" name="seat" value="{_e(mine.seat)}"'
            f' data-action="sit" data-seat="{_e(mine.seat)}">'
            f"{back}</button></form>\n"
        )
    url = _e(reverse("tables_bot", args=[table.token]))
    people = "".join(_person(context, s, mine, url) for s in context["seats"])
    parts.append(f'<ul class="table-people-list">\n{people}</ul>\n')
    if not mine and context.get("free_seats"):
        sit_form = context.template.engine.get_template("tables/_sit_form.html")
        parts.append(sit_form.render(context))
    parts.append("</section>\n")
    return "".join(parts)


def invite(context) -> str:
    """The table's invite link and QR code, and a player's own seat link (to come back from
    another device)."""
    opened = " open" if context.get("phase") == "lobby" else ""
    url = _e(context.get("invite_url", ""))
    summary = gettext("Invite players")
    parts = [
        f'<details class="table-invite panel"{opened}>\n'
        f"<summary>{summary}</summary>\n"
        "<p>"
        + gettext(
            "Anyone who opens this link chooses a free seat, a nickname and their "
            "language: no account is needed."
        )
        + "</p>\n"
        f'<p class="table-link"><a href="{url}" data-invite>{url}</a></p>\n'
    ]
    if context.get("qr"):
        label = gettext("QR code of the invite link")
        parts.append(
            f'<div class="qr table-qr" role="img" aria-label="{label}">{_e(context["qr"])}</div>\n'
        )
    private = context.get("private_url")
    if private:
        said = gettext(
            "Your seat's own link: open it on another device to sit there with your cards. "
            "Keep it to yourself."
        )
        parts.append(
            f"<p>{said}</p>\n"
            f'<p class="table-link"><a href="{_e(private)}" data-private>{_e(private)}</a></p>\n'
        )
    parts.append("</details>\n")
    return "".join(parts)
