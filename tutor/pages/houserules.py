"""The house-rule builder's words: what each engine option is called, what it changes, what
each of its values means, and the seed line it comes from; and the builder's form read back.

The options, their phases, their values and their sources come from the engine (each
game's ``houserules`` module, whose labels also name an option in a refusal); this module
says them in the reader's language. A changed option is said as a whole sentence about the
rule the table plays ("Unable to overtrump an opponent, you must still play a lower
trump."), never as a label and a yes or a no.
"""

from django.utils.translation import (
    get_language,
    gettext,
    gettext_noop,
    ngettext,
    pgettext,
    pgettext_lazy,
)
from django.utils.translation import gettext_lazy as _

from tutor.guard import inputs
from tutor.rules.chouine import houserules as chouine_rules
from tutor.rules.coinche import houserules as coinche_rules
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, format_number, option_label, render
from tutor.rules.profiles import changes, game_of, get_profile

# Each game's options: PHASES, FIRST, SOURCES, domain, check_option, make.
ENGINES = {"coinche": coinche_rules, "chouine": chouine_rules}
MAKE = {"coinche": coinche_rules.make_profile, "chouine": chouine_rules.make_chouine_profile}

PHASE_TITLES = {
    "auction": pgettext_lazy("phase of a deal", "Auction"),
    "play": pgettext_lazy("phase of a deal", "Play"),
    "declarations": pgettext_lazy("phase of a deal", "Declarations"),
    "scoring": pgettext_lazy("phase of a deal", "Scoring"),
    "game_end": pgettext_lazy("phase of a deal", "End of the game"),
    "announcements": pgettext_lazy("phase of a deal", "Announcements"),
    "match": pgettext_lazy("phase of a deal", "The match"),
}

# The source documents, as the profiles page names them.
SEEDS = {
    "000": _("the federation guide"),
    "001": _("the Chouine rules"),
    "002": _("the encyclopedia article"),
    "003": _("the Spanish game site"),
    "004": _("the counting guide"),
}

# What each option of the builder changes (its label is the engine's: OPTION_LABELS).
HELP = {
    "trumps": _("No trump and all trumps can be bid only where they are ticked."),
    "min_bid": _("No contract can be bid below this number of points."),
    "max_bid": _("Above it only capot (and générale, where played) can be bid."),
    "bid_step": _("Bids and, usually, scores go up in fives or in tens."),
    "bid_scale": _(
        "On the same scale as the suits, or on their own scales ranked by a comparison table."
    ),
    "deal": _("All eight cards before the auction, or six cards, the auction, then two more each."),
    "capot_bid": _("A side may promise to take all eight tricks."),
    "generale": _(
        "0 means no générale; otherwise what one player taking every trick alone is worth."
    ),
    "generale_unannounced": _("If not, a player who takes every trick alone scores only a capot."),
    "belote_capot": _(
        "A capot or générale bid together with the belote ranks above the plain bid; it "
        "scores the same and fails without the belote."
    ),
    "bids_per_player": _("The most times one player may bid in an auction; 0 means no limit."),
    "raise_own_bid": _("After three passes the last bidder speaks once more."),
    "raise_own_bid_other_suit_only": _("The bidder's raise must change the trump."),
    "coinche_out_of_turn": _("An opponent may coinche without waiting for their turn."),
    "coinche_capot": _("If not, nobody may coinche a capot or générale bid."),
    "coinche_generale": _("If not, a générale cannot be coinched even where a capot can."),
    "coinche_overbid": _("After a coinche a player may still bid higher; the coinche then lapses."),
    "four_sevens_cancel": _(
        "A player holding the four sevens at the end of the auction has the cards dealt again."
    ),
    "undertrump": _(
        "Ticked: you must still play a lower trump. Not ticked: you may discard instead."
    ),
    "inverted": _(
        "Every order and every card value is turned upside down: the seven is the best card."
    ),
    "generale_leads": _("If not, the player at the dealer's right leads as usual."),
    "no_trump_lead_vs_capot": _(
        "A defender on lead against a capot or générale may not lead a trump."
    ),
    "declarations": _("If not, only the belote is announced and scored."),
    "declarations_count": _("If not, they are added to the score after the contract is checked."),
    "sequence_beats_carre": _("Decides between a quinte and a carré both worth 100."),
    "belote": _("Points for the king and queen of trump in one hand."),
    "belote_in_ta": _("In all trumps every suit's king and queen make a belote."),
    "belote_gold": _("0: off. Otherwise what all four kings and queens in all trumps are worth."),
    "contract_margin": _("0: the bid itself is enough; 1 or 2: one or two points more."),
    "tie_made": _("If not, the takers need strictly more points than the defence."),
    "round_to": _("0 keeps the exact points."),
    "sa_ta_count": _("How their card points are brought back to the usual 162."),
    "fall_points": _("What the defence scores, plus the contract, when the takers fail."),
    "capot_points": _("What taking every trick is worth, and a capot bid's value."),
    "capot_replaces_total": _(
        "The capot's value is scored instead of the card points even without a coinche."
    ),
    "failed_capot_points": _(
        "What the defence scores, plus the capot's value, when a capot bid fails."
    ),
    "failed_generale": _(
        "What the defence scores, plus the générale's value, when a générale bid fails."
    ),
    "coinche_doubles": _("The points of the whole hand, the takers' own points, or the bid alone."),
    "multiply_extras": _("If not, they are added after the multiplication."),
    "capot_takes_declarations": _(
        "The side that takes every trick also scores the other side's declarations."
    ),
    "declarations_kept": _(
        "Even when the contract fails or is coinched; if not, the side that wins the deal "
        "scores every declaration."
    ),
    "score_bid_only": _("The winner of the deal scores the contract and nothing else."),
    "target": _("The game ends when a side reaches it."),
    "belote_must_validate": _(
        "A side that reaches the target only thanks to its belote in a lost deal must "
        "win a trick in a later deal."
    ),
    "quinte": _("Five brisques (aces and tens) held together."),
    "deals_to_win_match": _("Points are not carried over: only deals won count."),
}

CHOICES = {
    ("bid_scale", "same"): _("the same scale as the suits"),
    ("bid_scale", "table"): _("their own scales and the comparison table"),
    ("deal", "3-2-3"): _("3, 2 and 3 cards, then the auction"),
    ("deal", "3-3-2"): _("twice 3 cards, the auction, then 2"),
    ("deal", "6-2"): _("6 cards, the auction, then 2"),
    ("coinche_doubles", "fall"): _("the whole hand (160) and the contract"),
    ("coinche_doubles", "own"): _("the takers' points and the contract"),
    ("coinche_doubles", "bid"): _("the contract alone"),
    ("failed_generale", "fall"): _("the points of a failed contract (160)"),
    ("failed_generale", "award"): _("the générale's own value"),
    ("sa_ta_count", "points"): _("with this profile's own card values"),
    ("sa_ta_count", "coefficient"): _("usual values, then multiplied by 152/120 or 152/248"),
    ("sa_ta_count", "table"): _("usual values, then the conversion table"),
    ("sa_ta_count", "two_thirds"): _("all trumps: usual values × 2/3, no last-trick 10"),
    ("round_to", 0): _("never"),
}

TRUMP_NAMES = {"SA": _("no trump"), "TA": _("all trumps")}


def _lang() -> str:
    return get_language() or "en"


def _n(value: int) -> str:
    return format_number(value, _lang())


def _trumps(value) -> str:
    extra = {t for t in value if t in TRUMP_NAMES}
    if extra == {"SA", "TA"}:
        return gettext("Besides the four suits, no trump and all trumps can be bid.")
    if extra == {"SA"}:
        return gettext("Besides the four suits, no trump can be bid, but not all trumps.")
    if extra == {"TA"}:
        return gettext("Besides the four suits, all trumps can be bid, but not no trump.")
    return gettext("Only the four suits can be bid: neither no trump nor all trumps.")


def _generale(value: int) -> str:
    if not value:
        return gettext("There is no générale: one player taking every trick makes a capot.")
    return gettext("A générale, one player taking every trick alone, is worth %(points)s.") % {
        "points": _n(value)
    }


def _bids_per_player(value: int) -> str:
    if not value:
        return gettext("A player may bid as often as they like.")
    return ngettext(
        "A player may bid only once in an auction.",
        "A player may bid at most %(count)s times in an auction.",
        value,
    ) % {"count": _n(value)}


def _contract_margin(value: int) -> str:
    if not value:
        return gettext("The takers need the points of their bid, no more.")
    return ngettext(
        "The takers need %(count)s point more than their bid.",
        "The takers need %(count)s points more than their bid.",
        value,
    ) % {"count": _n(value)}


def _round_to(value: int) -> str:
    if not value:
        return gettext("Scores are never rounded: the exact points are kept.")
    if value == 10:
        return gettext("Scores are rounded to the nearest ten.")
    return gettext("Scores are rounded to the nearest multiple of %(step)s.") % {"step": _n(value)}


def _belote_gold(value: int) -> str:
    if not value:
        return gettext("No golden belote: in all trumps each belote counts on its own.")
    return gettext(
        "In all trumps, all four kings and queens in one hand (the golden belote) are worth "
        "%(points)s."
    ) % {"points": _n(value)}


def _deals(value: int) -> str:
    return ngettext(
        "The first player to win %(count)s deal wins the match.",
        "The first player to win %(count)s deals wins the match.",
        value,
    ) % {"count": _n(value)}


def _target(value: int) -> str:
    return ngettext(
        "The game is played to %(count)s point.", "The game is played to %(count)s points.", value
    ) % {"count": _n(value)}


def _points_sentence(text: str):
    """A sentence about a number of points (``text`` marked with gettext_noop)."""
    return lambda value: gettext(text) % {"points": _n(value)}


def _either(on: str, off: str):
    """The sentence of a rule that is on or off (both marked with gettext_noop)."""
    return lambda value: gettext(on if value else off)


# Each option's value as the sentence a table would say; booleans by a pair (on, off),
# choices by their value. Sentences, not fragments, so that each translation is whole.
SENTENCES = {
    "trumps": _trumps,
    "min_bid": _points_sentence(gettext_noop("No bid can be lower than %(points)s.")),
    "max_bid": _points_sentence(
        gettext_noop(
            "Numbered bids go up to %(points)s; above that, only a capot (or a générale, where "
            "it is played) can be bid."
        )
    ),
    "bid_step": lambda value: (
        gettext("Bids go up in fives.") if value == 5 else gettext("Bids go up in tens.")
    ),
    "bid_scale": lambda value: (
        gettext(
            "No trump and all-trump bids use their own scales, ranked beside the suits by the "
            "comparison table."
        )
        if value == "table"
        else gettext("No trump and all-trump bids use the same numbers as the suits.")
    ),
    "deal": lambda value: {
        "3-2-3": gettext("Everyone receives their eight cards (3, 2 and 3) before the auction."),
        "3-3-2": gettext(
            "The auction is made on six cards (twice 3); the last two are dealt after it."
        ),
        "6-2": gettext(
            "The auction is made on six cards dealt at once; the last two come after it."
        ),
    }[value],
    "capot_bid": _either(
        gettext_noop("A side may bid a capot, promising every trick."),
        gettext_noop("Nobody may bid a capot."),
    ),
    "generale": _generale,
    "generale_unannounced": _either(
        gettext_noop("A générale counts even when it was not bid."),
        gettext_noop("A générale counts only when it was bid; otherwise it scores as a capot."),
    ),
    "belote_capot": _either(
        gettext_noop("A capot or a générale can be bid with the belote, above the plain bid."),
        gettext_noop("Nobody may bid a belote capot or a générale belotée."),
    ),
    "bids_per_player": _bids_per_player,
    "raise_own_bid": _either(
        gettext_noop("After three passes the last bidder may still raise their own bid."),
        gettext_noop("Three passes end the auction: nobody may raise their own bid."),
    ),
    "raise_own_bid_other_suit_only": _either(
        gettext_noop("A bidder who raises their own bid must name another contract."),
        gettext_noop("A bidder who raises their own bid may keep the same trump."),
    ),
    "coinche_out_of_turn": _either(
        gettext_noop("A coinche may be said at any moment of the auction, even out of turn."),
        gettext_noop("A coinche may be said only in turn."),
    ),
    "coinche_capot": _either(
        gettext_noop("A capot or générale bid may be coinched."),
        gettext_noop("A capot or générale bid cannot be coinched."),
    ),
    "coinche_generale": _either(
        gettext_noop("A générale may be coinched."),
        gettext_noop("A générale cannot be coinched, though a capot still can."),
    ),
    "coinche_overbid": _either(
        gettext_noop(
            "After a coinche a player may still bid higher, which takes the coinche back."
        ),
        gettext_noop("After a coinche nobody may bid any more."),
    ),
    "four_sevens_cancel": _either(
        gettext_noop(
            "A player holding the four sevens at the end of the auction has the cards dealt again."
        ),
        gettext_noop("Four sevens in one hand change nothing."),
    ),
    "undertrump": _either(
        gettext_noop("Unable to overtrump an opponent, you must still play a lower trump."),
        gettext_noop(
            "Unable to overtrump an opponent, you may discard instead of playing a lower trump."
        ),
    ),
    "inverted": _either(
        gettext_noop("Every order and value is upside down: the seven is the best card."),
        gettext_noop("The cards keep their usual order and values."),
    ),
    "generale_leads": _either(
        gettext_noop("The player who bids a générale leads the first trick."),
        gettext_noop(
            "Even under a générale, the player at the dealer's right leads the first trick."
        ),
    ),
    "no_trump_lead_vs_capot": _either(
        gettext_noop("Against a capot or a générale, a defender on lead may not lead a trump."),
        gettext_noop("Against a capot or a générale, a defender may lead any card."),
    ),
    "declarations": _either(
        gettext_noop("Sequences and four of a kind are declared and scored."),
        gettext_noop("No declarations: only the belote is announced and scored."),
    ),
    "declarations_count": _either(
        gettext_noop("Declarations count towards making the contract."),
        gettext_noop(
            "Declarations do not count towards the contract: they are added to the score after it "
            "is checked."
        ),
    ),
    "sequence_beats_carre": _either(
        gettext_noop("A sequence beats a four of a kind worth as much."),
        gettext_noop("A four of a kind beats a sequence worth as much."),
    ),
    "belote": _points_sentence(
        gettext_noop("The belote (king and queen of trump) is worth %(points)s.")
    ),
    "belote_in_ta": _either(
        gettext_noop("In all trumps each suit's king and queen make a belote."),
        gettext_noop("In all trumps there is no belote."),
    ),
    "belote_gold": _belote_gold,
    "contract_margin": _contract_margin,
    "tie_made": _either(
        gettext_noop("A tie with the defence is enough to make the contract."),
        gettext_noop("A tie with the defence fails the contract: the takers need more points."),
    ),
    "round_to": _round_to,
    "sa_ta_count": lambda value: {
        "points": gettext("No trump and all trumps are counted with their own card values."),
        "coefficient": gettext(
            "No trump and all trumps are counted with the usual values, then multiplied by "
            "152/120 or 152/248."
        ),
        "table": gettext(
            "No trump and all trumps are counted with the usual values, then converted by the "
            "table."
        ),
        "two_thirds": gettext(
            "All trumps are counted with the usual values times two thirds, without the "
            "last-trick 10."
        ),
    }[value],
    "fall_points": _points_sentence(
        gettext_noop("When the takers fail, the defence scores %(points)s plus the contract.")
    ),
    "capot_points": _points_sentence(gettext_noop("A capot is worth %(points)s.")),
    "capot_replaces_total": _either(
        gettext_noop("Taking every trick scores the capot's value in place of the card points."),
        gettext_noop("Taking every trick adds 100 to the card points, without a coinche."),
    ),
    "failed_capot_points": _points_sentence(
        gettext_noop(
            "When a capot bid fails, the defence scores %(points)s plus the capot's value."
        )
    ),
    "failed_generale": lambda value: (
        gettext("When a générale bid fails, the defence scores the générale's value twice.")
        if value == "award"
        else gettext(
            "When a générale bid fails, the defence scores the points of a failed contract plus "
            "the générale's value."
        )
    ),
    "coinche_doubles": lambda value: {
        "fall": gettext(
            "A coinched contract that is made doubles the whole hand (160) and the bid."
        ),
        "own": gettext("A coinched contract that is made doubles the takers' points and the bid."),
        "bid": gettext("A coinched contract that is made doubles the bid alone."),
    }[value],
    "multiply_extras": _either(
        gettext_noop("A coinche multiplies the declarations and the belote too."),
        gettext_noop("A coinche leaves the declarations and the belote unmultiplied."),
    ),
    "capot_takes_declarations": _either(
        gettext_noop("Taking every trick also wins the other side's declarations."),
        gettext_noop("Taking every trick leaves the other side its declarations."),
    ),
    "declarations_kept": _either(
        gettext_noop("Each side keeps its own declarations, even when the contract fails."),
        gettext_noop("The side that wins the deal scores every declaration."),
    ),
    "score_bid_only": _either(
        gettext_noop(
            "Only the bid is scored: the winner of the deal scores the contract and nothing else."
        ),
        gettext_noop("Card points, declarations and belote are scored as well as the contract."),
    ),
    "target": _target,
    "belote_must_validate": _either(
        gettext_noop(
            "Reaching the target only thanks to the belote in a lost deal needs one more trick in "
            "a later deal."
        ),
        gettext_noop("Reaching the target with the belote is enough, even in a lost deal."),
    ),
    "quinte": _points_sentence(gettext_noop("A quinte of brisques is worth %(points)s.")),
    "deals_to_win_match": _deals,
}


def value_text(option: str, value: object) -> str:
    """An option's value as the reader says it, short (the profiles' comparison table)."""
    if option == "trumps":
        extras = [str(TRUMP_NAMES[t]) for t in value if t in TRUMP_NAMES]
        return ", ".join(extras) if extras else str(_("none"))
    if (option, value) in CHOICES:
        return str(CHOICES[(option, value)])
    if option == "bids_per_player" and not value:
        return str(_("no limit"))
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, int):
        return format_number(value, _lang())
    return str(value)


def sentence(option: str, value: object) -> str:
    """The rule ``option`` set to ``value``, as one sentence."""
    return SENTENCES[option](value)


def label(option: str) -> str:
    """What the builder (and every refusal) calls ``option``, in the page's language."""
    return option_label(option, _lang())


def source_text(option: str) -> str:
    """Where ``option`` comes from: "From seed 002 (the encyclopedia article), line 148."."""
    game = "chouine" if option in chouine_rules.SOURCES else "coinche"
    by_seed: dict[str, list[str]] = {}
    for seed, line in ENGINES[game].SOURCES[option]:
        by_seed.setdefault(seed, []).append(line)
    parts = []
    for seed, lines in by_seed.items():
        params = {"seed": seed, "source": SEEDS[seed], "line": ", ".join(lines)}
        if len(lines) > 1 or "-" in lines[0]:
            parts.append(gettext("seed %(seed)s (%(source)s), lines %(line)s") % params)
        else:
            parts.append(gettext("seed %(seed)s (%(source)s), line %(line)s") % params)
    # Each source's part already holds commas: the parts are set apart the language's way.
    between = pgettext("between two sources of a rule", "; ")
    return gettext("From %(sources)s.") % {"sources": between.join(parts)}


def described_changes(profile) -> list[str]:
    """Each rule ``profile`` changes from its source profile, as a sentence."""
    return [sentence(option, value) for option, value in changes(profile).items()]


def message(err: RulesError) -> str:
    """The engine's sentence for ``err`` in the page's language."""
    return render(Step(err.code, err.params), _lang())


def _typed(option: str, kind: str, query) -> object:
    """The value the form sent for ``option``, as typed (checkboxes: present or not)."""
    if kind == "bool":
        return query.get(option) == "1"
    if kind == "trumps":
        return ["S", "H", "D", "C", *[t for t in ("SA", "TA") if t in query.getlist(option)]]
    # A field left out of the address keeps the profile's value (a hand-written link).
    return query[option].strip()[:20] if option in query else None


def _engine_value(domain: tuple, typed: object) -> object:
    kind, *args = domain
    if kind == "int" or (kind == "choice" and all(isinstance(v, int) for v in args[0])):
        # Any whole number reads as one, so that one out of range gets the range's message.
        number = inputs.digits(str(typed), inputs.MAX_DIGITS, signed=True)
        if number is not None:
            return number
    return typed


def base_of(query) -> tuple[str, object | None, dict]:
    """The profile the form starts from: (name, profile or None, errors)."""
    base = query.get("base", "federation")
    try:
        profile = get_profile(base)
    except RulesError as err:
        return base, None, {"base": message(err)}
    if game_of(base) is None or base != profile.name or "~" in base:
        return base, None, {"base": message(RulesError("unknown_profile", value=base[:40]))}
    return base, profile, {}


def read_form(query) -> tuple[str | None, str, dict, dict]:
    """The builder's form read back: (house-rule code or None, base, typed values, errors).

    Each value is checked alone first (type and range) so that the message stands beside
    its own field; then the whole set, whose contradictions name two fields.
    """
    base, profile, errors = base_of(query)
    if profile is None:
        return None, base, {}, errors
    engine = ENGINES[game_of(base)]
    typed = {}
    for options in engine.PHASES.values():
        for option in options:
            value = _typed(option, engine.domain(option)[0], query)
            if value is not None:
                typed[option] = value
    overrides = {}
    for option, value in typed.items():
        try:
            checked = engine.check_option(option, _engine_value(engine.domain(option), value))
        except RulesError as err:
            errors[option] = message(err)
            continue
        if checked != getattr(profile, option):
            overrides[option] = checked
    if errors:
        return None, base, typed, errors
    try:
        return MAKE[game_of(base)](base, **overrides).name, base, typed, {}
    except RulesError as err:
        text = message(err)
        for option in (err.params.get("option"), err.params.get("other")):
            if option in typed:
                errors[option] = text
        return None, base, typed, errors or {"base": text}


def preview(query) -> dict:
    """The live summary of a form being filled in: each change as a sentence, each refused
    value with the engine's reason, and how many options each folded phase changes."""
    base, profile, errors = base_of(query)
    if profile is None:
        refused = [{"option": "base", "label": "", "text": text} for text in errors.values()]
        return {"base": base, "changes": [], "errors": refused, "count": 0, "phases": {}}
    engine = ENGINES[game_of(base)]
    _code, base, typed, errors = read_form(query)
    changed = []
    for option, value in typed.items():
        if option not in errors:
            checked = _normal(engine, option, value)
            if checked != getattr(profile, option):
                changed.append(option)
    lines = [sentence(option, _normal(engine, option, typed[option])) for option in changed]
    phases = {
        phase: sum(1 for option in changed if option in options and option not in engine.FIRST)
        for phase, options in engine.PHASES.items()
    }
    refused = [
        {"option": option, "label": label(option) if option != "base" else "", "text": text}
        for option, text in errors.items()
    ]
    return {
        "base": base,
        "changes": lines,
        "errors": refused,
        "count": len(lines),
        "phases": phases,
    }


def _row(engine, option: str, value: object, error: str) -> dict:
    kind, *args = engine.domain(option)
    row = {
        "name": option,
        "label": label(option),
        "help": HELP[option],
        "source": source_text(option),
        "kind": kind,
        "value": value,
        "error": error,
    }
    if kind == "choice":
        row["choices"] = [
            (str(v), str(CHOICES.get((option, v), v)), str(v) == str(value)) for v in args[0]
        ]
    elif kind == "trumps":
        row["choices"] = [(t, str(TRUMP_NAMES[t]), t in value) for t in args[0]]
    elif kind == "int":
        row["min"], row["max"], row["step"] = args
    return row


def builder_fields(profile, typed: dict | None = None, errors: dict | None = None) -> dict:
    """The builder's fields: ``first`` (the options tables change most) and ``phases`` (the
    others by phase, each with how many of its options differ from ``profile``'s source)."""
    typed = typed or {}
    errors = errors or {}
    engine = ENGINES[game_of(profile.name)]
    source = get_profile(profile.name.split("~", 1)[0])

    def row(option):
        value = typed.get(option, getattr(profile, option))
        return _row(engine, option, value, errors.get(option, ""))

    first = [row(option) for option in engine.FIRST]
    phases = []
    for phase, options in engine.PHASES.items():
        rows = [row(option) for option in options if option not in engine.FIRST]
        if not rows:
            continue
        changed = sum(
            1
            for r in rows
            if not r["error"]
            and _normal(engine, r["name"], r["value"]) != getattr(source, r["name"])
        )
        phases.append(
            {
                "name": phase,
                "title": PHASE_TITLES[phase],
                "options": rows,
                "changed": changed,
                "open": any(r["error"] for r in rows),
            }
        )
    return {"first": first, "phases": phases}


def _normal(engine, option: str, value: object) -> object:
    """A typed value as the engine holds it, for comparing with the profile's (or itself)."""
    try:
        return engine.check_option(option, _engine_value(engine.domain(option), value))
    except RulesError:
        return value


def comparison(names: list[str]) -> list[dict]:
    """Every builder option under each profile of ``names``, rows that differ marked."""
    profiles = [get_profile(name) for name in names]
    phases = []
    for phase, options in coinche_rules.PHASES.items():
        rows = []
        for option in options:
            values = [getattr(p, option) for p in profiles]
            rows.append(
                {
                    "label": label(option),
                    "help": HELP[option],
                    "values": [value_text(option, v) for v in values],
                    "differs": len(set(map(str, values))) > 1,
                }
            )
        phases.append({"title": PHASE_TITLES[phase], "rows": rows})
    return phases
