"""Properties over random deals and positions, checked against a plain reading of RULES.md."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.rules.cards import SEATS, card_code
from tutor.rules.coinche.deal import cut_and_deal, play_random, random_deal, summarize
from tutor.rules.coinche.play import legal_mask, legal_plays
from tutor.rules.coinche.replay import replay
from tutor.rules.coinche.scoring import Contract, round_half_up
from tutor.rules.coinche.tricks import parse_trump
from tutor.rules.profiles import get_profile

PROFILES = ["federation", "maison", "official", "online-es", "encyclopedia"]
ORDER_TRUMP = "J9ATKQ87"  # high to low, RULES.md section 1
ORDER_PLAIN = "ATKQJ987"

cases = st.tuples(st.integers(0, 10**9), st.sampled_from(PROFILES), st.integers(0, 31))


def strength(code: str, trump: str, lead: str) -> int:
    """How strongly a card (code) competes for a trick, from the written orders."""
    rank, suit = code[0], code[1]
    if trump not in ("SA", "TA") and suit == trump:
        return 100 - ORDER_TRUMP.index(rank)
    if suit == lead:
        order = ORDER_TRUMP if trump == "TA" else ORDER_PLAIN
        return 50 - order.index(rank)
    return 0


def reference_legal(hand, trick, seat, trump, undertrump):
    """RULES.md section 2, written card by card, slowly and plainly."""
    if not trick:
        return set(hand)
    lead = trick[0][1][1]
    best_seat, best = max(trick, key=lambda sc: strength(sc[1], trump, lead))
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[seat]
    follow = [c for c in hand if c[1] == lead]
    if trump in ("SA", "TA"):
        if not follow:
            return set(hand)
        if trump == "SA":
            return set(follow)
        higher = [c for c in follow if strength(c, trump, lead) > strength(best, trump, lead)]
        return set(higher or follow)
    trumps = [c for c in hand if c[1] == trump]
    beat = [c for c in trumps if strength(c, trump, lead) > strength(best, trump, lead)]
    if lead == trump:
        return set(beat or trumps or hand)
    if follow:
        return set(follow)
    if best_seat == partner or not trumps:
        return set(hand)
    if best[1] != trump:
        return set(trumps)
    if beat:
        return set(beat)
    return set(trumps) if undertrump else set(hand)


def position(seed, profile_name, stop):
    """A random deal of ``profile_name`` played up to card ``stop``."""
    profile = get_profile(profile_name)
    rng = random.Random(seed)
    trump_text = rng.choice(profile.trumps)
    trump = parse_trump(trump_text)
    deal = cut_and_deal(rng, rng.choice(SEATS))
    leader = SEATS.index(SEATS[(SEATS.index(deal.dealer) + 1) % 4])
    played = play_random(deal.masks(), leader, trump, profile.undertrump, rng)
    return profile, trump_text, trump, deal, leader, played


@settings(max_examples=200, deadline=None)
@given(cases)
def test_legal_set_is_never_empty_a_subset_and_matches_the_written_rules(case):
    seed, profile_name, stop = case
    profile, trump_text, trump, deal, leader, played = position(seed, profile_name, stop)
    hands = {seat: set(deal.hands[seat]) for seat in SEATS}
    first = stop - stop % 4
    trick_leader = leader
    for t in range(first // 4):
        for i in range(4):
            hands[SEATS[(trick_leader + i) % 4]].discard(played.plays[4 * t + i])
        trick_leader = played.winners[t]
    cards_before = played.plays[first:stop]
    trick = [(SEATS[(trick_leader + i) % 4], c) for i, c in enumerate(cards_before)]
    for s, c in trick:
        hands[s].discard(c)
    seat = SEATS[(trick_leader + len(trick)) % 4]
    hand = sorted(hands[seat])
    mask = legal_mask(sum(1 << c for c in hand), cards_before, trump, profile.undertrump)
    answer = legal_plays(hand, trick, seat, trump, profile)
    legal = set(answer.legal)
    assert legal and legal <= set(hand)
    assert legal == {c for c in hand if mask >> c & 1}
    expected = reference_legal(
        [card_code(c) for c in hand],
        [(s, card_code(c)) for s, c in trick],
        seat,
        trump_text,
        profile.undertrump,
    )
    assert {card_code(c) for c in legal} == expected
    assert set(answer.illegal) == set(hand) - legal
    assert played.plays[stop] in legal


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(PROFILES))
def test_replayed_random_deal_adds_up_and_every_trick_winner_beats_the_rest(seed, profile_name):
    profile, trump_text, trump, deal, leader, played = position(seed, profile_name, 0)
    contract = Contract(SEATS[leader], profile.min_bid, trump)
    result = replay(profile, deal.dealer, deal.hands, played.plays, contract=contract)
    assert result.valid
    summary = result.summary
    whole = 120 if profile_name == "maison" and trump_text == "SA" else 152
    assert sum(summary.card_points) == whole
    capot = 8 in (summary.tricks[0] + summary.tricks[2], summary.tricks[1] + summary.tricks[3])
    totals = [s.params for s in result.steps if s.code.startswith("side_total")]
    counted = sum(
        t["points_cards"] + t.get("points_last", 0) + t.get("points_capot", 0) for t in totals
    )
    assert counted == whole + (100 if capot else 10)
    assert sum(t["points"] for t in result.tricks) == whole
    for trick in result.tricks:
        lead = trick["cards"][0][1]
        win = trick["cards"][SEATS.index(trick["winner"]) - SEATS.index(trick["leader"])]
        for other in trick["cards"]:
            if other != win:
                assert strength(win, trump_text, lead) > strength(other, trump_text, lead)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(PROFILES))
def test_scores_round_and_a_failed_contract_leaves_declarers_only_their_belote(seed, name):
    """A failed contract leaves the declarers their belote, and under 002 (line 128, each
    side's declarations "added to each team") their own declarations too, rounded."""
    profile = get_profile(name)
    deal, contract, played, result = random_deal(random.Random(seed), profile)
    if profile.round_to:
        assert all(score % profile.round_to == 0 for score in result.scores)
    if result.made is False:
        summary = summarize(profile, contract, deal.masks(), played)
        kept = summary.belote[contract.side]
        if profile.declarations_kept:
            kept += summary.declarations[contract.side]
        assert result.scores[contract.side] == round_half_up(kept, profile.round_to)
