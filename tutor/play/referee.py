"""The referee: any position set up by tapping cards, answered under every rule profile.

The position lives in the address (a GET form), so it can be shared. Each profile's
answer is the engine's ``legal`` question, the very one ``python -m tutor.rules
legal`` answers; a position the engine refuses under every profile (a card twice,
too many cards) gets the engine's reason and status 400.
"""

from __future__ import annotations

import json

from django.shortcuts import render
from django.utils.translation import get_language

from tutor import table as card_table
from tutor.quiz.labels import PROFILES as PROFILE_LABELS
from tutor.rules.cards import RANKS, SEATS, SUITS, next_seat
from tutor.rules.cli import ask
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, gettext_noop, messages, player_name, seat_name, suit_name
from tutor.rules.explain import render as render_step

from .coinche import PROFILES

messages(
    {
        "referee_bad_value": gettext_noop(
            '"%(value)s" is not a card, seat, contract or stock count the referee knows.'
        ),
        "referee_no_hand": gettext_noop(
            "Tap the cards of the hand of the player to play: the referee needs at least one."
        ),
        "referee_house_not_object": gettext_noop(
            'House rules are a JSON object such as {"base": "federation", "undertrump": true}.'
        ),
    }
)

DECK = [rank + suit for suit in SUITS for rank in reversed(RANKS)]
TRUMPS = ("S", "H", "D", "C", "SA", "TA")


class BadPosition(Exception):
    def __init__(self, step: Step):
        self.step = step


def _card_list(values: list[str], name: str) -> list[str]:
    cards = []
    for value in values:
        for code in value.replace(",", " ").split():
            code = code.strip().upper().replace("10", "T")
            if code not in DECK:
                raise BadPosition(Step("referee_bad_value", {"value": code[:6]}))
            cards.append(code)
    return cards


def _choice(get, name: str, allowed, default: str) -> str:
    value = get.get(name) or default
    if value not in allowed:
        raise BadPosition(Step("referee_bad_value", {"value": value[:10]}))
    return value


def read_position(get) -> dict:
    """The position in the address, as plain values (raises BadPosition for a bad field)."""
    game = _choice(get, "game", ("coinche", "chouine"), "coinche")
    hand = _card_list(get.getlist("hand"), "hand")
    if game == "coinche":
        trick = _card_list([get.get(f"t{i}", "") for i in (1, 2, 3)], "trick")
        return {
            "game": game,
            "trump": _choice(get, "trump", TRUMPS, "H"),
            "leader": _choice(get, "leader", tuple(SEATS), "S"),
            "trick": trick,
            "hand": hand,
            "house": get.get("house", "").strip(),
        }
    stock = _choice(get, "stock", [str(n) for n in range(0, 23, 2)], "0")
    return {
        "game": game,
        "trump": _choice(get, "trump", tuple(SUITS), "H"),
        "leader": _choice(get, "leader", ("A", "B"), "A"),
        "trick": _card_list([get.get("t1", "")], "trick"),
        "hand": hand,
        "stock": int(stock),
    }


def _house(text: str) -> dict | None:
    if not text:
        return None
    try:
        spec = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadPosition(Step("bad_json", {"line": error.lineno, "column": error.colno})) from None
    if not isinstance(spec, dict):
        raise BadPosition(Step("referee_house_not_object"))
    return spec


def questions(position: dict) -> list[tuple[str, str, dict]]:
    """``(key, label, legal question)`` for each profile the position is asked under."""
    if position["game"] == "chouine":
        leader = position["leader"]
        follower = "B" if leader == "A" else "A"
        trick = [{"player": leader, "card": c} for c in position["trick"]]
        payload = {
            "profile": "chouine",
            "trump": position["trump"],
            "hand": position["hand"],
            "trick": trick,
            "player": follower if trick else leader,
            "stock": position["stock"],
        }
        return [("chouine", str(PROFILE_LABELS["chouine"]), payload)]
    seat = position["leader"]
    trick = []
    for card in position["trick"]:
        trick.append({"seat": seat, "card": card})
        seat = next_seat(seat)
    base = {"trump": position["trump"], "hand": position["hand"], "trick": trick, "seat": seat}
    asked = [(name, str(PROFILE_LABELS[name]), {**base, "profile": name}) for name in PROFILES]
    house = _house(position["house"])
    if house is not None:
        asked.append(("house", "", {**base, "profile": house}))
    return asked


def answer(position: dict, lang: str) -> tuple[list[dict], str]:
    """Each profile's answer, and the engine's reason when the position is impossible."""
    if not position["hand"]:
        raise BadPosition(Step("referee_no_hand"))
    columns = []
    errors = []
    trump = position["trump"]
    for key, label, payload in questions(position):
        column = {"key": key, "label": label, "payload": json.dumps(payload)}
        try:
            result, steps = ask("legal", payload)
        except RulesError as error:
            column["error"] = render_step(Step(error.code, error.params), lang)
            errors.append(column["error"])
        else:
            refused = {item["card"]: "" for item in result["illegal"]}
            texts = [render_step(s, lang) for s in steps]
            for item, text in zip(result["illegal"], texts[1:], strict=False):
                refused[item["card"]] = text
            column.update(
                legal=result["legal"],
                rule=texts[0] if texts else "",
                hand=card_table.hand_view(
                    position["hand"],
                    lang,
                    trump=trump if trump != "SA" else None,
                    game=position["game"],
                    verdict={
                        c: "right" if c in result["legal"] else "unchosen" for c in position["hand"]
                    },
                    reasons=refused,
                    sort=False,
                ),
            )
        columns.append(column)
    if len(errors) == len(columns):
        # Every profile refuses it: the position itself is impossible.
        return columns, errors[0]
    return columns, ""


def page(request):
    lang = get_language()
    context: dict = {
        "deck": [card_table.card_view(code, lang) for code in DECK],
        "trumps": [(t, suit_name(t, lang)) for t in TRUMPS],
        "suits": [(s, suit_name(s, lang)) for s in SUITS],
        "seats": [(s, seat_name(s, lang)) for s in ("N", "E", "S", "W")],
        "players": [(p, player_name(p, lang)) for p in "AB"],
        "stocks": list(range(0, 23, 2)),
    }
    status = 200
    # The game alone (the first step of the form) asks nothing yet: it draws that game's fields.
    asked = any(key != "game" for key in request.GET)
    try:
        position = read_position(request.GET)
    except BadPosition as error:
        position = {
            "game": "coinche",
            "trump": "H",
            "leader": "S",
            "trick": [],
            "hand": [],
            "house": "",
        }
        context["error"] = render_step(error.step, lang)
        status = 400
    context["position"] = position
    if asked and "error" not in context:
        try:
            columns, error = answer(position, lang)
        except BadPosition as bad:
            context["error"] = render_step(bad.step, lang)
            status = 400
        else:
            context["columns"] = columns
            if error:
                context["error"] = error
                status = 400
            else:
                context["table"] = _table(position, lang)
    return render(request, "play/referee.html", context, status=status)


def _table(position: dict, lang: str) -> dict:
    if position["game"] == "chouine":
        return card_table.chouine_table(
            lang,
            trump=position["trump"],
            stock=position["stock"],
            leader=position["leader"],
            trick=position["trick"],
            bottom="B" if position["trick"] and position["leader"] == "A" else "A",
        )
    seat = position["leader"]
    for _ in position["trick"]:
        seat = next_seat(seat)
    return card_table.coinche_table(
        lang,
        trump=position["trump"],
        leader=position["leader"],
        trick=position["trick"],
        bottom=seat,
        contract=None,
    )
