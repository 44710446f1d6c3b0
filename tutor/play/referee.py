"""The referee: any position set up by choosing cards, answered under every rule profile.

The position lives in the address (a GET form), so it can be shared. Each profile's
answer is the engine's ``legal`` question, the very one ``python -m tutor.rules
legal`` answers, and so is the answer under the house rules chosen on the site
(pages/rules.py). A position the engine refuses under every profile (a card twice,
too many cards) gets the engine's reason and status 400, the form kept as entered.
"""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import get_language, gettext

from tutor import table as card_table
from tutor.guard import inputs
from tutor.pages import profiles as page_profiles
from tutor.pages import rules as page_rules
from tutor.pages.houserules import described_changes, sentence
from tutor.quiz.labels import PROFILES as PROFILE_LABELS
from tutor.reports import spots
from tutor.rules.cards import RANKS, SEATS, SUITS, next_seat
from tutor.rules.cli import ask
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import (
    Step,
    gettext_noop,
    list_text,
    messages,
    ngettext_noop,
    player_label,
    seat_name,
    suit_name,
)
from tutor.rules.explain import render as render_step
from tutor.rules.profiles import get_profile

from .coinche import PROFILES

messages(
    {
        "referee_bad_value": gettext_noop(
            '"%(value)s" is not a card, seat, contract or stock count the referee knows.'
        ),
        "referee_no_hand": gettext_noop(
            "Choose the cards of the hand of the player to play: the referee needs at least one."
        ),
        "referee_house_not_object": gettext_noop(
            'House rules are a JSON object such as {"base": "federation", "undertrump": true}.'
        ),
        "referee_trick_gap": gettext_noop(
            "Card %(empty)s of the trick is empty, yet card %(later)s is set: enter the cards in "
            "the order they were played, from card 1, so that each one stays with its player."
        ),
        # The answer's first line: the rule sets grouped by the cards they allow.
        "referee_all_agree_any": ngettext_noop(
            "The %(count)s rule set agrees: any card of the hand may be played.",
            "All %(count)s rule sets agree: any card of the hand may be played.",
            "count",
        ),
        "referee_all_agree_some": ngettext_noop(
            "The %(count)s rule set agrees: only %(the_card)s may be played.",
            "All %(count)s rule sets agree: only %(the_card)s may be played.",
            "count",
        ),
        "referee_group_any": ngettext_noop(
            "%(profiles)s allows any card of the hand.",
            "%(profiles)s allow any card of the hand.",
            "count",
        ),
        "referee_group_some": ngettext_noop(
            "%(profiles)s allows only %(the_card)s.",
            "%(profiles)s allow only %(the_card)s.",
            "count",
        ),
    }
)

DECK = [rank + suit for suit in SUITS for rank in reversed(RANKS)]
TRUMPS = ("S", "H", "D", "C", "SA", "TA")
SLOTS = ("t1", "t2", "t3")


class BadPosition(Exception):
    def __init__(self, step: Step):
        self.step = step


def read_position(get) -> tuple[dict, Step | None]:
    """The position in the address, as plain values, and the first mistake in it.

    A bad field takes its default and the rest is kept, so that the form drawn again
    with the message still holds everything the player entered.
    """
    mistakes: list[Step] = []

    def choice(name: str, allowed, default: str) -> str:
        value = get.get(name) or default
        if value not in allowed:
            mistakes.append(Step("referee_bad_value", {"value": value[:10]}))
            return default
        return value

    def cards(values: list[str]) -> list[str]:
        found = []
        for value in values:
            for code in value.replace(",", " ").split():
                code = code.strip().upper().replace("10", "T")
                if code in DECK:
                    found.append(code)
                else:
                    mistakes.append(Step("referee_bad_value", {"value": code[:6]}))
        return found

    game = choice("game", ("coinche", "chouine"), "coinche")
    hand = cards(get.getlist("hand"))
    if game == "coinche":
        slots = [(cards([get.get(name, "")]) or [""])[0] for name in SLOTS]
        filled = [number for number, card in enumerate(slots, 1) if card]
        if filled and filled[-1] != len(filled):
            # A gap is refused, not closed up: moving a card to another slot would give it
            # to another player, and the answer would be about a position nobody saw.
            gap = next(number for number, card in enumerate(slots, 1) if not card)
            mistakes.append(Step("referee_trick_gap", {"empty": gap, "later": filled[-1]}))
        else:
            gap = 0
        position = {
            "gap": gap,
            "game": game,
            "trump": choice("trump", TRUMPS, "H"),
            "leader": choice("leader", tuple(SEATS), "S"),
            "slots": slots,
            "trick": [card for card in slots if card],
            "hand": hand,
            "house": get.get("house", "").strip(),
        }
    else:
        position = {
            "game": game,
            "trump": choice("trump", tuple(SUITS), "H"),
            "leader": choice("leader", ("A", "B"), "A"),
            "trick": cards([get.get("t1", "")])[:1],
            "hand": hand,
            "stock": inputs.number(choice("stock", [str(n) for n in range(0, 23, 2)], "0"), 0, 22),
        }
    return position, (mistakes[0] if mistakes else None)


def _house(text: str) -> dict | None:
    if not text:
        return None
    try:
        spec = inputs.json_value(text)
    except inputs.BadInput as error:
        raise BadPosition(error.step) from None
    if not isinstance(spec, dict):
        raise BadPosition(Step("referee_house_not_object"))
    return spec


def questions(position: dict) -> list[tuple[str, str, dict]]:
    """``(key, label, legal question)`` for each rule set the position is asked under:
    every profile, then the house rules chosen on the site (``rules``, a house-rule
    code), then the JSON options of the fold (``house``)."""
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
    code = position.get("rules")
    if code and page_rules.is_house(code):
        label = position.get("rules_label") or page_rules.title(code)
        asked.append((code, label, {**base, "profile": code}))
    house = _house(position["house"])
    if house is not None:
        asked.append(("house", "", {**base, "profile": house}))
    return asked


def _about(key: str, spec: object) -> dict:
    """What a column's rules are, so that a profile named for its counting may be seen to
    judge the play too: the profile's short line and its rule of play, or what house
    rules change."""
    if key in page_profiles.SHORT:
        about = {"line": page_profiles.SHORT[key], "anchor": key, "facts": []}
        if key != "chouine":
            about["facts"] = [sentence("undertrump", get_profile(key).undertrump)]
        return about
    try:
        profile = coinche_profile(spec)
    except RulesError:
        return {"facts": []}
    return {"facts": described_changes(profile), "code": profile.name}


def _reasons(steps: list[Step], lang: str, trump: str | None) -> list[dict]:
    """Each refusal's sentence with every card it names, in the sentence's order."""
    found = []
    for step in steps:
        cards = step.params.get("card", [])
        cards = cards if isinstance(cards, list) else [cards]
        found.append(
            {
                "text": render_step(step, lang),
                "cards": [card_table.card_view(c, lang, trump) for c in cards if c in DECK],
            }
        )
    return found


def answer(position: dict, lang: str) -> tuple[list[dict], str]:
    """Each column's answer, and the engine's reason when the position is impossible."""
    if not position["hand"]:
        raise BadPosition(Step("referee_no_hand"))
    columns = []
    errors = []
    trump = position["trump"]
    drawn_trump = trump if trump != "SA" else None
    for key, label, payload in questions(position):
        column = {"key": key, "label": label, "about": _about(key, payload["profile"])}
        try:
            result, steps = ask("legal", payload)
        except RulesError as error:
            refused = Step(error.code, error.params)
            column["error"] = render_step(refused, lang)
            column["report"] = spots.legal(payload, [refused])
            errors.append(column["error"])
        else:
            column["report"] = spots.legal(payload, steps)
            column.update(
                legal=result["legal"],
                rule=render_step(steps[0], lang) if steps else "",
                hand=card_table.hand_view(
                    position["hand"],
                    lang,
                    trump=drawn_trump,
                    game=position["game"],
                    verdict={
                        c: "allowed" if c in result["legal"] else "refused"
                        for c in position["hand"]
                    },
                    sort=False,
                ),
                reasons=_reasons(steps[1:], lang, drawn_trump),
            )
        columns.append(column)
    if len(errors) == len(columns):
        # Every profile refuses it: the position itself is impossible.
        return columns, errors[0]
    return columns, ""


def folded(columns: list[dict], lang: str) -> list[dict]:
    """The columns whose answers read the same (the engine's legal cards, rule and reasons)
    folded into one, in the order the first of each was asked; a refused position stays
    a column of its own. Each holds ``members``: the columns folded into it."""
    groups: dict[object, dict] = {}
    for column in columns:
        if "error" in column:
            key: object = ("error", column["key"])
        else:
            reasons = tuple(reason["text"] for reason in column["reasons"])
            key = (tuple(column["legal"]), column["rule"], reasons)
        if key not in groups:
            groups[key] = {**column, "members": []}
        groups[key]["members"].append(column)
    for group in groups.values():
        group["label"] = list_text([_title(member) for member in group["members"]], lang)
    return list(groups.values())


def _title(column: dict) -> str:
    return column["label"] or gettext("House rules in JSON")


def summary(columns: list[dict], hand: list[str], lang: str) -> str:
    """One line on where the rule sets differ: each set of cards allowed, with the rule
    sets that allow it, all of them from the engine's answers."""
    answered = [column for column in columns if "error" not in column]
    if len(answered) < 2:
        return ""
    allowing: dict[tuple, list[str]] = {}
    for column in answered:
        allowing.setdefault(tuple(column["legal"]), []).append(_title(column))
    if len(allowing) == 1:
        (legal,) = allowing
        code = "referee_all_agree_any" if len(legal) == len(hand) else "referee_all_agree_some"
        return render_step(Step(code, {"count": len(answered), "card": list(legal)}), lang)
    lines = []
    for legal, names in allowing.items():
        code = "referee_group_any" if len(legal) == len(hand) else "referee_group_some"
        params = {"count": len(names), "profiles": names, "card": list(legal)}
        lines.append(render_step(Step(code, params), lang))
    return " ".join(lines)


DEFAULT = {"game": "coinche", "trump": "H", "leader": "S", "slots": ["", "", ""], "hand": []}


def _rules(request) -> str | None:
    """The house rules chosen the site's way (pages/rules.py): ``profile`` in the address
    (the form's select, a builder's link), else the visitor's remembered choice; an
    empty ``profile`` is the form's "none". ``None`` for a code the engine refuses."""
    if "profile" in request.GET and not request.GET["profile"]:
        return ""
    return page_rules.chosen(request, PROFILES, default="")


def _refusal(code: str) -> Step:
    """Why the engine will not play ``code`` as Coinche rules."""
    try:
        get_profile(code)
    except RulesError as error:
        return Step(error.code, error.params)
    return Step("profile_not_coinche", {"value": code[:40]})


def page(request):
    lang = get_language()
    context: dict = {
        "deck": [card_table.card_view(code, lang) for code in DECK],
        "trumps": [(t, suit_name(t, lang)) for t in TRUMPS],
        "suits": [(s, suit_name(s, lang)) for s in SUITS],
        "seats": [(s, seat_name(s, lang)) for s in ("N", "E", "S", "W")],
        "players": [(p, player_label(p, lang)) for p in "AB"],
        "stocks": list(range(0, 23, 2)),
    }
    # The game alone (the first step of the form) asks nothing yet: it draws that game's fields.
    asked = any(key not in ("game", "profile") for key in request.GET)
    position, mistake = read_position(request.GET)
    position = {**DEFAULT, "house": "", **position}
    if position["game"] == "coinche":
        code = _rules(request)
        if code is None:
            mistake = mistake or _refusal(request.GET["profile"])
        choices = page_rules.house_choices(request, code or None)
        position.update(
            rules=code or "", rules_choices=choices, rules_label=dict(choices).get(code)
        )
        context.update(_turns(position, lang))
    context["position"] = position
    status = 200
    if mistake is not None:
        context["error"] = render_step(mistake, lang)
        status = 400
    elif asked:
        try:
            columns, error = answer(position, lang)
        except BadPosition as bad:
            context["error"] = render_step(bad.step, lang)
            status = 400
        else:
            context["columns"] = folded(columns, lang)
            context["summary"] = summary(columns, position["hand"], lang)
            if error:
                # Refused under every rule set: the engine's refusal is the answer reported.
                context["error"] = error
                context["error_report"] = columns[0]["report"]
                status = 400
            else:
                context["table"] = _table(position, lang)
                # "Ask this at the club": the engine's question, under the rules chosen here.
                key, _label, payload = questions(position)[0]
                context["ask"] = {**payload, "profile": position.get("rules") or key}
    return render(request, "play/referee.html", context, status=status)


def _turns(position: dict, lang: str) -> dict:
    """Who plays each card of the trick and who is to play, in the engine's order of play
    from the leader: the form labels its fields with them, and its script follows a new
    leader or card with the same order (``orders``: each leader's order of play)."""
    orders = {}
    for leader in SEATS:
        order, seat = [], leader
        for _turn in range(4):
            order.append(seat)
            seat = next_seat(seat)
        orders[leader] = order
    order = orders[position["leader"]]
    names = {seat: seat_name(seat, lang) for seat in SEATS}
    return {
        "slot_seats": [names[seat] for seat in order[:3]],
        "to_play": names[order[len(position["trick"])]],
        "orders": {leader: " ".join(order) for leader, order in orders.items()},
        "seat_names": names,
    }


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
