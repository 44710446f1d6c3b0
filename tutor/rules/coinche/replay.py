"""A whole deal checked move by move: hands, auction, the 32 cards, declarations, score.

>>> import random
>>> from tutor.rules.coinche.deal import cut_and_deal, play_random
>>> from tutor.rules.cards import SEATS, card_code
>>> from tutor.rules.profiles import get_profile
>>> deal = cut_and_deal(random.Random(3), "N")
>>> played = play_random(deal.masks(), SEATS.index("W"), 0, False, random.Random(3))
>>> result = replay(get_profile("federation"), "N", deal.hands, played.plays,
...                 contract=Contract("W", 80, 0))
>>> result.valid, len(result.tricks), sum(result.summary.card_points)
(True, 8, 152)
>>> bad = replay(get_profile("federation"), "N", deal.hands, played.plays[:1] * 2,
...              contract=Contract("W", 80, 0))
>>> bad.valid, bad.index
(False, 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import KING, QUEEN, SEATS, card_code, card_of, next_seat, parse_cards, parse_seat
from ..errors import RulesError
from ..explain import Step, gettext_noop, messages, ngettext_noop
from ..payload import field as get_field
from ..payload import integer, mapping
from .auction import four_sevens_seat, run_auction
from .declarations import (
    KINDS,
    Combination,
    belote_points,
    belote_suits,
    best_declarations,
    compare,
    declaration_steps,
)
from .play import decide, first_leader, lead_mask, legal_plays
from .profiles import AUCTION_CARDS, Profile
from .scoring import CAPOTS, GENERALES, SIDES, Contract, DealScore, DealSummary, score_deal
from .summary import parse_contract, parse_game
from .tricks import POWER, explain_trick, map_mask, order_map, points_table, trump_code

CAPOT_BIDS = CAPOTS + GENERALES

messages(
    {
        "hand_size": gettext_noop("%(seat)s must hold 8 cards, not %(count)s."),
        "not_in_hand": gettext_noop("%(seat)s is to play but does not hold %(the_card)s."),
        "illegal_play": gettext_noop("%(seat)s may not play %(the_card)s here."),
        "announce_not_held": gettext_noop(
            "%(seat)s announces a declaration (%(kind)s) that their hand does not hold outside "
            "their other declarations."
        ),
        "bad_announce": gettext_noop(
            '"%(value)s" is not a declaration: use tierce, quarte, quinte or carre.'
        ),
        "contract_or_calls": gettext_noop("Give either the calls or the contract, not both."),
        "redeal_no_play": gettext_noop("The auction ended in a redeal: there is no play to check."),
        "four_sevens_no_play": gettext_noop(
            "%(seat)s holds the four sevens: under this profile the deal is cancelled at the end "
            "of the auction, so there is no play to check."
        ),
        "trick_led": gettext_noop("Trick %(number)s: %(seat)s leads."),
        "belote_played": ngettext_noop(
            "%(seat)s played the king and queen of trump: belote-rebelote, %(points)s point.",
            "%(seat)s played the king and queen of trump: belote-rebelote, %(points)s points.",
            "points",
        ),
    }
)


@dataclass
class ReplayResult:
    valid: bool
    contract: Contract | None
    tricks: list[dict] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    index: int | None = None
    declared: dict[str, list[Combination]] = field(default_factory=dict)
    summary: DealSummary | None = None
    score: DealScore | None = None
    stage: str = "play"

    def as_dict(self) -> dict:
        answer: dict = {"valid": self.valid}
        if self.index is not None:
            answer["index"] = self.index
            answer["stage"] = self.stage
        answer["contract"] = self.contract.as_dict() if self.contract else None
        answer["tricks"] = self.tricks
        if self.declared:
            answer["declared"] = {
                seat: [c.as_dict() for c in combos] for seat, combos in self.declared.items()
            }
        if self.summary is not None:
            s = self.summary
            answer["card_points"] = dict(zip(SIDES, s.card_points, strict=True))
            answer["declarations"] = dict(zip(SIDES, s.declarations, strict=True))
            answer["belote"] = dict(zip(SIDES, s.belote, strict=True))
        if self.score is not None:
            answer["scores"] = dict(zip(SIDES, self.score.scores, strict=True))
            answer["made"] = self.score.made
            answer["deposit"] = self.score.deposit
        return answer


def check_hands(hands: object) -> dict[str, list[int]]:
    hands = mapping(hands, "hands")
    parsed: dict[str, list[int]] = {}
    seen = 0
    for seat in SEATS:
        if seat not in hands:
            raise RulesError("missing_field", name=f"hands.{seat}")
    for key, codes in hands.items():
        seat = parse_seat(key)
        cards = parse_cards(codes)
        if len(cards) != 8:
            raise RulesError("hand_size", seat=seat, count=len(cards))
        for card in cards:
            if seen >> card & 1:
                raise RulesError("duplicate_card", card=card_code(card))
            seen |= 1 << card
        parsed[seat] = cards
    return parsed


def _announced(
    hands: dict[str, list[int]], trump: int, profile: Profile, announce: dict | None
) -> dict[str, list[Combination]]:
    declared = {}
    for seat in SEATS:
        best = best_declarations(sum(1 << c for c in hands[seat]), trump, profile)
        if announce is None:
            declared[seat] = best
            continue
        declared[seat] = choose_declarations(seat, best, announce.get(seat, []))
    return declared


def choose_declarations(seat: str, best: list[Combination], kinds: object) -> list[Combination]:
    """The combinations of ``best`` that ``seat`` announces by ``kinds`` (each must be held)."""
    if not isinstance(kinds, list):
        raise RulesError("bad_field", name="announce", value=repr(kinds))
    chosen: list[Combination] = []
    for kind in kinds:
        if kind not in KINDS:
            raise RulesError("bad_announce", value=str(kind))
        match = next((c for c in best if c.kind == kind and c not in chosen), None)
        if match is None:
            raise RulesError("announce_not_held", seat=seat, kind=kind)
        chosen.append(match)
    return chosen


def replay(
    profile: Profile,
    dealer: str,
    hands: dict[str, list[int]],
    plays: list[int],
    *,
    calls: list | None = None,
    contract: Contract | None = None,
    announce: dict | None = None,
    classic: bool = False,
    deposit: int = 0,
) -> ReplayResult:
    """Checks every call and card of a deal; scores it when all 32 cards are played.

    The first illegal call or card stops the replay: ``valid`` is false,
    ``index`` is the move and the last steps say why.
    """
    dealer = parse_seat(dealer)
    steps: list[Step] = []
    if calls is not None:
        auction = run_auction(profile, dealer, calls)
        steps += auction.steps
        if not auction.valid:
            return ReplayResult(False, None, [], steps, auction.index, stage="auction")
        if auction.contract is None:
            if plays:
                raise RulesError("redeal_no_play")
            return ReplayResult(True, None, [], steps)
        contract = auction.contract
    # A given contract is an auction's end too, where the four 7s cancel the deal; they are
    # looked for among the cards held then (each hand's first six under a six-card deal).
    held = AUCTION_CARDS[profile.deal]
    sevens = four_sevens_seat(profile, [sum(1 << c for c in hands[s][:held]) for s in SEATS])
    if sevens is not None:
        if plays:
            raise RulesError("four_sevens_no_play", seat=sevens)
        return ReplayResult(True, None, [], [*steps, Step("four_sevens_redeal", {"seat": sevens})])
    trump = contract.trump
    declared = _announced(hands, trump, profile, announce)
    winner = compare(declared["N"] + declared["S"], declared["E"] + declared["W"])[0]
    by_seat = {seat: combos for seat, combos in declared.items() if combos}
    if profile.declarations:
        steps += declaration_steps(by_seat, winner)
    remaining = {seat: sum(1 << c for c in hands[seat]) for seat in SEATS}
    table = points_table(profile, trump)
    mapping = order_map(profile, trump)
    capot_side = contract.side if contract.bid in CAPOT_BIDS else None
    tricks: list[dict] = []
    trick_counts = [0, 0, 0, 0]
    card_points = [0, 0]
    played_by = {seat: 0 for seat in SEATS}
    leader = first_leader(profile, dealer, contract)
    trick: list[int] = []
    seat = leader
    for index, card in enumerate(plays):
        if not remaining[seat] >> card & 1:
            steps.append(Step("not_in_hand", {"seat": seat, "card": card_code(card)}))
            return ReplayResult(False, contract, tricks, steps, index)
        against = capot_side is not None and SEATS.index(seat) & 1 != capot_side
        if trick:
            lead = trick[0] >> 3
            power = POWER[trump][lead]
            best = max(range(len(trick)), key=lambda i: power[mapping[trick[i]]])
            partner_master = best == len(trick) - 2
            legal = decide(
                map_mask(remaining[seat], mapping),
                lead,
                mapping[trick[best]],
                partner_master,
                trump,
                profile.undertrump,
            )[0]
            legal = map_mask(legal, mapping)
        else:
            legal = lead_mask(remaining[seat], trump, profile, against)
        if not legal >> card & 1:
            seats = [SEATS[(SEATS.index(leader) + i) & 3] for i in range(len(trick))]
            hand = [c for c in range(32) if remaining[seat] >> c & 1]
            answer = legal_plays(
                hand, list(zip(seats, trick, strict=True)), seat, trump, profile, against
            )
            steps.append(Step("illegal_play", {"seat": seat, "card": card_code(card)}))
            steps += [answer.steps[0], answer.illegal[card]]
            return ReplayResult(False, contract, tricks, steps, index)
        remaining[seat] ^= 1 << card
        played_by[seat] |= 1 << card
        trick.append(card)
        seat = next_seat(seat)
        if len(trick) == 4:
            power = POWER[trump][trick[0] >> 3]
            best = max(range(4), key=lambda i: power[mapping[trick[i]]])
            win = SEATS[(SEATS.index(leader) + best) & 3]
            points = sum(table[c] for c in trick)
            steps.append(Step("trick_led", {"number": len(tricks) + 1, "seat": leader}))
            steps += explain_trick(trick, trump, profile, win)
            tricks.append(
                {
                    "leader": leader,
                    "cards": [card_code(c) for c in trick],
                    "winner": win,
                    "points": points,
                }
            )
            trick_counts[SEATS.index(win)] += 1
            card_points[SEATS.index(win) & 1] += points
            leader = seat = win
            trick = []
    result = ReplayResult(True, contract, tricks, steps, declared=by_seat)
    if len(plays) < 32:
        return result
    belote = [0, 0]
    for s in SEATS:
        count = sum(
            1
            for suit in belote_suits(trump, profile)
            if played_by[s] >> card_of(suit, KING) & 1 and played_by[s] >> card_of(suit, QUEEN) & 1
        )
        if count:
            points = belote_points(count, profile)
            belote[SEATS.index(s) & 1] += points
            steps.append(
                Step("belote_played", {"seat": s, "trump": trump_code(trump), "points": points})
            )
    declarations = [0, 0]
    if winner is not None:
        declarations[winner] = sum(
            c.points
            for s, combos in declared.items()
            if SEATS.index(s) & 1 == winner
            for c in combos
        )
    result.summary = DealSummary(
        contract,
        (card_points[0], card_points[1]),
        tuple(trick_counts),
        SEATS.index(tricks[-1]["winner"]) & 1,
        (declarations[0], declarations[1]),
        (belote[0], belote[1]),
        deposit,
        classic,
    )
    result.score = score_deal(profile, result.summary, explain=True)
    steps += result.score.steps
    return result


def replay_payload(payload: dict, profile: Profile) -> ReplayResult:
    """:func:`replay` for the JSON question (see CLI.md)."""
    classic = parse_game(payload, profile)
    dealer = parse_seat(get_field(payload, "dealer"))
    hands = check_hands(get_field(payload, "hands"))
    plays = parse_cards(get_field(payload, "plays"))
    calls = get_field(payload, "calls", None)
    contract = None
    if "contract" in payload:
        if calls is not None:
            raise RulesError("contract_or_calls")
        contract = parse_contract(payload["contract"], profile, classic)
    elif calls is None:
        raise RulesError("missing_field", name="calls")
    elif classic:
        raise RulesError("classic_no_bid")
    announce = get_field(payload, "announce", None)
    if announce is not None and not isinstance(announce, dict):
        raise RulesError("bad_field", name="announce", value=repr(announce))
    if announce is not None:
        announce = {parse_seat(k): v for k, v in announce.items()}
    deposit = integer(get_field(payload, "deposit", 0), "deposit")
    return replay(
        profile,
        dealer,
        hands,
        plays,
        calls=calls,
        contract=contract,
        announce=announce,
        classic=classic,
        deposit=deposit,
    )
