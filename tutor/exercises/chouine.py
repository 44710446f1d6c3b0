"""Chouine questions: legal cards in each phase, tricks, the trump-7 exchange, announcements,
the deal and the match. Scenarios come from real deals played at random by the engine's
:class:`~tutor.rules.chouine.deal.ChouineDeal`; every answer is the engine's.
"""

from __future__ import annotations

from tutor.rules.cards import DECK, SUITS, card_code, cards_of, parse_card, parse_cards
from tutor.rules.chouine.announce import (
    Kind,
    announcement_step,
    check_announcement,
    combination_mask,
    combination_points,
)
from tutor.rules.chouine.deal import ChouineDeal, IllegalMove
from tutor.rules.chouine.houserules import chouine_profile
from tutor.rules.chouine.rules import (
    RULE_BEAT_TRUMP,
    RULE_DISCARD,
    RULE_FOLLOW,
    RULE_FOLLOW_TRUMP,
    RULE_LEAD,
    RULE_MUST_TRUMP,
    RULE_STOCK_OPEN,
    TRICK_HIGHER,
    TRICK_LEADER_HIGHER,
    TRICK_OFF_SUIT,
    TRICK_TRUMPED,
    explain_legal,
    explain_trick,
    hand_points,
)
from tutor.rules.chouine.scenarios import random_position
from tutor.rules.chouine.score import match_progress, score_deal
from tutor.rules.explain import Step, gettext_noop, messages, ngettext_noop, variants

from .base import QuestionType, Solution, broken_rule, card_mistakes, register, sampled_situations

PROFILES = ("chouine",)

messages(
    {
        "quiz_chouine_legal": variants(
            lambda params: "empty" if not params["stock"] else "stock",
            stock=ngettext_noop(
                "Trumps are %(trump)s and the stock holds %(stock)s card. %(the_player)s is to "
                "play. Select every card %(the_player)s may play.",
                "Trumps are %(trump)s and the stock holds %(stock)s cards. %(the_player)s is to "
                "play. Select every card %(the_player)s may play.",
                "stock",
            ),
            empty=gettext_noop(
                "Trumps are %(trump)s and the stock is gone. %(the_player)s is to play. Select "
                "every card %(the_player)s may play."
            ),
        ),
        "quiz_chouine_trick": gettext_noop(
            "Trumps are %(trump)s. %(the_player)s leads %(the_card_led)s and the opponent "
            "answers with %(the_card_reply)s. Who wins the trick?"
        ),
        "quiz_chouine_exchange": variants(
            lambda params: (
                "empty" if not params["stock"] else "stock" if params["tricks"] else "first"
            ),
            first=ngettext_noop(
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); no trick has "
                "been played yet and the stock holds %(stock)s card. %(the_player_turn)s is to "
                "play. May %(the_player)s exchange %(the_card_seven)s for the indicator now?",
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); no trick has "
                "been played yet and the stock holds %(stock)s cards. %(the_player_turn)s is to "
                "play. May %(the_player)s exchange %(the_card_seven)s for the indicator now?",
                "stock",
            ),
            # Two counts: the sentence agrees with the tricks; the stock (always two cards
            # or more here) says its own count with its noun.
            stock=ngettext_noop(
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); %(tricks)s "
                "trick has been played and %(counted_stock)s are left in the stock. "
                "%(the_player_turn)s is to play. May %(the_player)s exchange %(the_card_seven)s "
                "for the indicator now?",
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); %(tricks)s "
                "tricks have been played and %(counted_stock)s are left in the stock. "
                "%(the_player_turn)s is to play. May %(the_player)s exchange %(the_card_seven)s "
                "for the indicator now?",
                "tricks",
            ),
            empty=ngettext_noop(
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); %(tricks)s "
                "trick has been played and the stock is gone. %(the_player_turn)s is to play. "
                "May %(the_player)s exchange %(the_card_seven)s for the indicator now?",
                "Trumps are %(trump)s (the indicator is %(the_card_indicator)s); %(tricks)s "
                "tricks have been played and the stock is gone. %(the_player_turn)s is to play. "
                "May %(the_player)s exchange %(the_card_seven)s for the indicator now?",
                "tricks",
            ),
        ),
        "quiz_chouine_exchange_allowed": gettext_noop(
            "%(the_player)s holds %(the_card_seven)s and the 11th trick has not been led yet: "
            "the exchange is allowed."
        ),
        "quiz_chouine_announce": gettext_noop(
            "Trumps are %(trump)s. %(the_player)s is about to play a card. Which one of these "
            "announcements may %(the_player)s make now?"
        ),
        "quiz_chouine_announce_used": gettext_noop("Already announced this deal: %(suits)s."),
        "quiz_chouine_announce_quinte_done": gettext_noop(
            "A quinte has already been announced this deal."
        ),
        "quiz_chouine_deal": ngettext_noop(
            "Trumps are %(trump)s. %(the_player)s captured %(points)s card point, the opponent "
            "%(points_other)s; %(the_player_last)s won the last trick. Who wins the deal?",
            "Trumps are %(trump)s. %(the_player)s captured %(points)s card points, the opponent "
            "%(points_other)s; %(the_player_last)s won the last trick. Who wins the deal?",
            "points",
        ),
        "quiz_chouine_deal_announced": gettext_noop("%(the_player)s announced:"),
        "quiz_chouine_match": gettext_noop(
            "%(the_player)s dealt first. The list shows who won each deal so far, in order. "
            "Who has won the match?"
        ),
        "quiz_choice_tie": gettext_noop("Nobody: it is a tie"),
        "quiz_choice_nobody_yet": gettext_noop("Nobody yet"),
        "quiz_deal_tie": gettext_noop("Tie"),
        "quiz_announce_marriage": gettext_noop("A marriage in %(suit)s"),
        "quiz_announce_tierce": gettext_noop("A tierce in %(suit)s"),
        "quiz_announce_quateron": gettext_noop("A quateron in %(suit)s"),
        "quiz_announce_chouine": gettext_noop("A chouine in %(suit)s"),
        "quiz_announce_quinte": gettext_noop("A quinte of brisques"),
    }
)


def _announce_label(kind: str, suit: str | None) -> dict:
    params = {"suit": suit} if suit else {}
    return {"code": f"quiz_announce_{kind}", "params": params}


def _players() -> list[dict]:
    return [
        {"value": p, "label": {"code": "quiz_choice_player", "params": {"player": p}}} for p in "AB"
    ]


def _other(player: str) -> str:
    return "B" if player == "A" else "A"


@register
class ChouineLegal(QuestionType):
    name = "chouine_legal"
    game = "chouine"
    topic = "chouine_play"
    answer_kind = "cards"
    profiles = PROFILES
    situations = (
        RULE_STOCK_OPEN,
        RULE_LEAD,
        RULE_FOLLOW,
        RULE_BEAT_TRUMP,
        RULE_FOLLOW_TRUMP,
        RULE_MUST_TRUMP,
        RULE_DISCARD,
    )

    def possible(self, profile, difficulty):
        # Which rules each phase of a random deal reaches is the engine's affair
        # (explain_legal): the draws tell, once.
        return sampled_situations(self.name, profile, difficulty)

    def generate(self, rng, profile, difficulty):
        # Level 1 asks while the stock lasts, levels 2 and 3 in the last five tricks,
        # level 3 only where a card was led, so that following and trumping matter.
        phase = "stock_open" if difficulty == 1 else "stock_closed"
        while True:
            position = random_position(rng.randrange(2**32), [phase])
            if difficulty < 3 or (position["trick"] and len(position["hand"]) >= 3):
                break
        return {
            "hand": position["hand"],
            "lead": position["trick"][0]["card"] if position["trick"] else None,
            "trump": position["trump"],
            "stock": position["stock"],
            "indicator": position["indicator"],
            "player": position["player"],
        }

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_legal", {"trump": d["trump"], "stock": d["stock"], "player": d["player"]}
        )

    def table(self, question):
        d = question["data"]
        return {
            "game": "chouine",
            "hand": d["hand"],
            "trump": d["trump"],
            "stock": d["stock"],
            "indicator": d.get("indicator"),
            "leader": _other(d["player"]) if d["lead"] else d["player"],
            "trick": [d["lead"]] if d["lead"] else [],
            "bottom": d["player"],
            "you": d["player"],
        }

    def card_reasons(self, question):
        return self._illegal(self.solve(question))

    def solve(self, question):
        d = question["data"]
        lead = parse_card(d["lead"]) if d["lead"] else -1
        legal, rule, _, steps = explain_legal(
            parse_cards(d["hand"]), lead, SUITS.index(d["trump"]), d["stock"], d["player"]
        )
        return Solution([card_code(c) for c in legal], steps, rule)

    @staticmethod
    def _illegal(solution) -> dict[str, Step]:
        # After the deciding rule, each step names the illegal cards of one reason.
        illegal = {}
        for step in solution.steps[1:]:
            cards = step.params["card"]
            for card in cards if isinstance(cards, list) else [cards]:
                illegal[card] = Step(step.code, {**step.params, "card": card})
        return illegal

    def why_wrong(self, question, given, solution):
        return card_mistakes(given, solution.expected, self._illegal(solution))

    def rule_broken(self, question, given, solution):
        return broken_rule(given, self._illegal(solution), solution.rule)


@register
class ChouineTrickWinner(QuestionType):
    name = "chouine_trick_winner"
    game = "chouine"
    topic = "chouine_play"
    profiles = PROFILES
    situations = (TRICK_HIGHER, TRICK_LEADER_HIGHER, TRICK_TRUMPED, TRICK_OFF_SUIT)

    def generate(self, rng, profile, difficulty):
        lead, reply = rng.sample(DECK, 2)
        return {
            "lead": card_code(lead),
            "reply": card_code(reply),
            "trump": SUITS[rng.randrange(4)],
            "leader": rng.choice("AB"),
        }

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_trick",
            {
                "trump": d["trump"],
                "player": d["leader"],
                "card_led": d["lead"],
                "card_reply": d["reply"],
            },
        )

    shows_winner = True

    def table(self, question):
        d = question["data"]
        return {
            "game": "chouine",
            "trump": d["trump"],
            "leader": d["leader"],
            "trick": [d["lead"], d["reply"]],
        }

    def choices(self, question):
        return _players()

    def solve(self, question):
        d = question["data"]
        winner, step = explain_trick(
            parse_card(d["lead"]), parse_card(d["reply"]), SUITS.index(d["trump"]), d["leader"]
        )
        return Solution(winner, [step], step.code)


@register
class ChouineExchange(QuestionType):
    name = "chouine_exchange_seven"
    game = "chouine"
    topic = "chouine_seven"
    profiles = PROFILES
    situations = (
        "quiz_chouine_exchange_allowed",
        "chouine_exchange_done",
        "chouine_exchange_seven_turned",
        "chouine_exchange_too_late",
        "chouine_exchange_no_seven",
        "chouine_exchange_not_holder",
    )
    # From this level the player asked is sometimes not the holder of the 7.
    ASK_OTHER_FROM = 2

    def possible(self, profile, difficulty):
        if difficulty >= self.ASK_OTHER_FROM:
            return self.situations
        return tuple(code for code in self.situations if code != "chouine_exchange_not_holder")

    def generate(self, rng, profile, difficulty):
        # Half the positions allow the exchange; the others are refused for some reason.
        filters = ["exchange"] if rng.random() < 0.5 else []
        position = random_position(rng.randrange(2**32), filters)
        holder = position["exchange"]
        players = "AB"
        if holder and difficulty >= self.ASK_OTHER_FROM and rng.random() < 0.3:
            asked = players[1 - players.index(holder)]
        else:
            asked = holder or position["player"]
        return {**position["replay"], "player": asked}

    def _replay(self, d, profile="chouine"):
        deal = ChouineDeal(parse_cards(d["deck"]), d["dealer"], chouine_profile(profile))
        for move in d["moves"]:
            if "play" in move:
                deal.play(parse_card(move["play"]))
            elif "exchange" in move:
                deal.exchange(move["player"])
            else:
                suit = move.get("suit")
                deal.announce(Kind(move["announce"]), SUITS.index(suit) if suit else None)
        return deal

    def prompt(self, question):
        d = question["data"]
        deal = self._replay(d, question["profile"])
        return Step(
            "quiz_chouine_exchange",
            {
                "trump": SUITS[deal.trump],
                "card_indicator": card_code(deal.indicator),
                "tricks": deal.tricks,
                "stock": deal.stock_count,
                "player_turn": deal.to_move,
                "player": d["player"],
                "card_seven": card_code(deal.seven),
            },
        )

    def table(self, question):
        d = question["data"]
        deal = self._replay(d, question["profile"])
        lead = deal.lead_card
        return {
            "game": "chouine",
            "hand": [card_code(c) for c in deal.hand(d["player"])],
            "trump": SUITS[deal.trump],
            "stock": deal.stock_count,
            "indicator": card_code(deal.indicator) if deal.stock_count else None,
            "leader": _other(deal.to_move) if lead is not None else deal.to_move,
            "trick": [card_code(lead)] if lead is not None else [],
            "bottom": d["player"],
            "you": d["player"],
            "number": deal.tricks + 1,
        }

    def choices(self, question):
        return [
            {"value": "yes", "label": {"code": "quiz_choice_yes", "params": {}}},
            {"value": "no", "label": {"code": "quiz_choice_no", "params": {}}},
        ]

    def solve(self, question):
        d = question["data"]
        deal = self._replay(d, question["profile"])
        try:
            deal.verify_exchange(d["player"])
        except IllegalMove as refusal:
            return Solution("no", [Step(refusal.code, refusal.params)], refusal.code)
        step = Step(
            "quiz_chouine_exchange_allowed",
            {"player": d["player"], "card_seven": card_code(deal.seven)},
        )
        return Solution("yes", [step], step.code)


@register
class ChouineAnnouncement(QuestionType):
    name = "chouine_announcement"
    game = "chouine"
    topic = "chouine_announcements"
    profiles = PROFILES
    situations = tuple(
        f"chouine_announce_{kind}" for kind in ("marriage", "tierce", "quateron", "quinte")
    )

    def generate(self, rng, profile, difficulty):
        trump = rng.randrange(4)
        kind = rng.choice([Kind.MARRIAGE, Kind.TIERCE, Kind.QUATERON, Kind.QUINTE])
        suit = None if kind is Kind.QUINTE else rng.randrange(4)
        needed = combination_mask(kind, suit)
        hand = (
            set(rng.sample(cards_of(needed), 5)) if kind is Kind.QUINTE else set(cards_of(needed))
        )
        others = [c for c in DECK if c not in hand]
        hand |= set(rng.sample(others, 5 - len(hand)))
        hand_mask = sum(1 << c for c in hand)
        # Already announced suits and quinte make some tempting combinations void.
        used = 0
        for other in range(4):
            if other != suit and rng.random() < 0.25 * difficulty:
                used |= 1 << other
        quinte_done = kind is not Kind.QUINTE and rng.random() < 0.3 * difficulty
        valid = [(kind.value, SUITS[suit] if suit is not None else None)]
        distractors = []
        for k in (Kind.MARRIAGE, Kind.TIERCE, Kind.QUATERON, Kind.CHOUINE):
            for s in range(4):
                reason = check_announcement(hand_mask, k, s, used, quinte_done, "A")
                if reason is not None:
                    distractors.append((k.value, SUITS[s]))
        if check_announcement(hand_mask, Kind.QUINTE, None, used, quinte_done, "A") is not None:
            distractors.append(("quinte", None))
        rng.shuffle(distractors)
        options = valid + distractors[:3]
        rng.shuffle(options)
        return {
            "hand": [card_code(c) for c in sorted(hand)],
            "trump": SUITS[trump],
            "player": rng.choice("AB"),
            "used": [SUITS[s] for s in range(4) if used >> s & 1],
            "quinte_done": quinte_done,
            "options": [list(option) for option in options],
        }

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_chouine_announce", {"trump": d["trump"], "player": d["player"]})

    def table(self, question):
        d = question["data"]
        return {
            "game": "chouine",
            "hand": d["hand"],
            "trump": d["trump"],
            "bottom": d["player"],
            "you": d["player"],
            "leader": d["player"],
        }

    def show(self, question):
        d = question["data"]
        rows = []
        if d["used"]:
            rows.append(
                {"text": {"code": "quiz_chouine_announce_used", "params": {"suits": d["used"]}}}
            )
        if d["quinte_done"]:
            rows.append({"text": {"code": "quiz_chouine_announce_quinte_done", "params": {}}})
        return rows

    def choices(self, question):
        return [
            {"value": f"{kind}:{suit or ''}", "label": _announce_label(kind, suit)}
            for kind, suit in question["data"]["options"]
        ]

    def _reasons(self, d, profile):
        # The house rules' values (the quinte's), so that the points said are the table's.
        rules = chouine_profile(profile)
        hand = sum(1 << c for c in parse_cards(d["hand"]))
        used = sum(1 << SUITS.index(s) for s in d["used"])
        trump = SUITS.index(d["trump"])
        result = {}
        for kind, suit in d["options"]:
            k = Kind(kind)
            s = SUITS.index(suit) if suit else None
            reason = check_announcement(hand, k, s, used, d["quinte_done"], d["player"], rules)
            if reason is None:
                cards = cards_of(combination_mask(k, s) & hand)
                reason = announcement_step(
                    k, s, cards, combination_points(k, s, trump, rules), d["player"]
                )
            result[f"{kind}:{suit or ''}"] = reason
        return result

    def solve(self, question):
        reasons = self._reasons(question["data"], question["profile"])
        expected = next(v for v, step in reasons.items() if step.code in _ANNOUNCED)
        return Solution(expected, _with_captured(list(reasons.values())), reasons[expected].code)

    def why_wrong(self, question, given, solution):
        reasons = self._reasons(question["data"], question["profile"])
        return _with_captured([reasons[given]]) if given else []

    # Each wrong choice breaks a rule of its own, which names only that choice.
    hint = why_wrong

    def rule_broken(self, question, given, solution):
        if not given:
            return solution.rule
        return self._reasons(question["data"], question["profile"])[given].code


_ANNOUNCED = {f"chouine_announce_{kind.value}" for kind in Kind}


def _with_captured(steps: list[Step]) -> list[Step]:
    """The steps, and once after them the rule that captured cards never count, where a
    combination was refused for cards missing from the hand."""
    if any(step.code == "chouine_announce_missing_cards" for step in steps):
        return [*steps, Step("chouine_announce_captured")]
    return steps


@register
class ChouineDealWinner(QuestionType):
    name = "chouine_deal_winner"
    game = "chouine"
    topic = "chouine_scoring"
    profiles = PROFILES
    situations = ("chouine_deal_won", "chouine_deal_tied")

    def generate(self, rng, profile, difficulty):
        deck = list(DECK)
        rng.shuffle(deck)
        split = rng.randrange(0, 17) * 2
        points = {
            "A": hand_points(sum(1 << c for c in deck[:split])),
            "B": hand_points(sum(1 << c for c in deck[split:])),
        }
        trump = rng.randrange(4)
        announcements = {"A": [], "B": []}
        free_suits = list(range(4))
        rng.shuffle(free_suits)
        for _ in range(rng.randrange(0, difficulty + 1)):
            kind = rng.choice([Kind.MARRIAGE, Kind.MARRIAGE, Kind.TIERCE, Kind.QUATERON])
            if not free_suits:
                break
            announcements[rng.choice("AB")].append([kind.value, SUITS[free_suits.pop()]])
        if difficulty == 3 and rng.random() < 0.3:
            announcements[rng.choice("AB")].append(["quinte", None])
        return {
            "trump": SUITS[trump],
            "card_points": points,
            "last_trick": rng.choice("AB"),
            "announcements": announcements,
        }

    def prompt(self, question):
        d = question["data"]
        return Step(
            "quiz_chouine_deal",
            {
                "trump": d["trump"],
                "player": "A",
                "points": d["card_points"]["A"],
                "points_other": d["card_points"]["B"],
                "player_last": d["last_trick"],
            },
        )

    def show(self, question):
        rows = []
        for player, made in question["data"]["announcements"].items():
            if made:
                labels = [_announce_label(kind, suit) for kind, suit in made]
                rows.append(
                    {
                        "text": {
                            "code": "quiz_chouine_deal_announced",
                            "params": {"player": player},
                        },
                        "labels": labels,
                    }
                )
        return rows

    def table(self, question):
        d = question["data"]
        return {
            "game": "chouine",
            "trump": d["trump"],
            "points": d["card_points"],
            "to_play": False,
        }

    def choices(self, question):
        return _players() + [{"value": "tie", "label": {"code": "quiz_choice_tie", "params": {}}}]

    def solve(self, question):
        d = question["data"]
        announcements = {
            p: [(Kind(k), SUITS.index(s) if s else None) for k, s in made]
            for p, made in d["announcements"].items()
        }
        result = score_deal(
            d["card_points"],
            d["last_trick"],
            announcements,
            SUITS.index(d["trump"]),
            profile=chouine_profile(question["profile"]),
        )
        return Solution(result.winner or "tie", result.steps, result.steps[-1].code)


@register
class ChouineMatchWinner(QuestionType):
    name = "chouine_match_winner"
    game = "chouine"
    topic = "chouine_scoring"
    profiles = PROFILES
    situations = ("chouine_match_won", "chouine_match_deal_won")

    def generate(self, rng, profile, difficulty):
        # Around the number of deals the match needs (three, or the house rules'), so that
        # some lists end in a won match and others not yet.
        needed = chouine_profile(profile).deals_to_win_match
        results = []
        wins = {"A": 0, "B": 0}
        for _ in range(rng.randrange(2, needed + 1 + 2 * difficulty)):
            result = rng.choice(["A", "B", "A", "B", None]) if difficulty > 1 else rng.choice("AB")
            results.append(result)
            if result:
                wins[result] += 1
                if wins[result] == needed:
                    break
        return {"first_dealer": rng.choice("AB"), "results": results}

    def prompt(self, question):
        d = question["data"]
        return Step("quiz_chouine_match", {"player": d["first_dealer"]})

    def table(self, question):
        return {"game": "chouine", "dealer": question["data"]["first_dealer"], "to_play": False}

    def show(self, question):
        labels = [
            {"code": "quiz_choice_player", "params": {"player": r}}
            if r
            else {"code": "quiz_deal_tie", "params": {}}
            for r in question["data"]["results"]
        ]
        return [{"labels": labels, "ordered": True}]

    def choices(self, question):
        return _players() + [
            {"value": "none", "label": {"code": "quiz_choice_nobody_yet", "params": {}}}
        ]

    def solve(self, question):
        d = question["data"]
        state = match_progress(
            d["first_dealer"], d["results"], chouine_profile(question["profile"])
        )
        # The situation is the last deal's outcome, not the closing "the match goes on".
        decisive = [step.code for step in state.steps if step.code != "chouine_match_goes_on"]
        return Solution(state.winner or "none", state.steps, decisive[-1])
