"""The house-rule builder's words: what each engine option is called and what it changes.

The options, their phases, labels and what values they take come from the engine
(``tutor.rules.coinche.houserules``, whose labels also name an option in a refusal);
this module says what each one changes, in the reader's language, and reads the
builder's form back into engine options.
"""

from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tutor.guard import inputs
from tutor.rules.coinche.houserules import PHASES, changes, domain
from tutor.rules.coinche.profiles import Profile, check_option, make_profile
from tutor.rules.errors import RulesError
from tutor.rules.explain import Step, format_number, option_label, render
from tutor.rules.profiles import get_profile

PHASE_TITLES = {
    "auction": pgettext_lazy("phase of a deal", "Auction"),
    "play": pgettext_lazy("phase of a deal", "Play"),
    "declarations": pgettext_lazy("phase of a deal", "Declarations"),
    "scoring": pgettext_lazy("phase of a deal", "Scoring"),
    "game_end": pgettext_lazy("phase of a deal", "End of the game"),
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
    "coinche_doubles": _("The points of the whole hand, the takers' own points, or the bid alone."),
    "multiply_extras": _("If not, they are added after the multiplication."),
    "capot_takes_declarations": _(
        "The side that takes every trick also scores the other side's declarations."
    ),
    "score_bid_only": _("The winner of the deal scores the contract and nothing else."),
    "target": _("The game ends when a side reaches it."),
    "belote_must_validate": _(
        "A side that reaches the target only thanks to its belote in a lost deal must "
        "win a trick in a later deal."
    ),
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
    ("sa_ta_count", "points"): _("with this profile's own card values"),
    ("sa_ta_count", "coefficient"): _("usual values, then multiplied by 152/120 or 152/248"),
    ("sa_ta_count", "table"): _("usual values, then the conversion table"),
    ("sa_ta_count", "two_thirds"): _("all trumps: usual values × 2/3, no last-trick 10"),
    ("round_to", 0): _("never"),
}

TRUMP_NAMES = {"SA": _("no trump"), "TA": _("all trumps")}


def value_text(option: str, value: object) -> str:
    """An option's value as the reader says it."""
    if option == "trumps":
        extras = [str(TRUMP_NAMES[t]) for t in value if t in TRUMP_NAMES]
        return ", ".join(extras) if extras else str(_("none"))
    if (option, value) in CHOICES:
        return str(CHOICES[(option, value)])
    if isinstance(value, bool):
        return str(_("yes") if value else _("no"))
    if isinstance(value, int):
        return format_number(value, get_language() or "en")
    return str(value)


def label(option: str) -> str:
    """What the builder (and every refusal) calls ``option``, in the page's language."""
    return option_label(option, get_language() or "en")


def described_changes(profile: Profile) -> list[tuple[str, str]]:
    """(label, value) of each option ``profile`` changes from its source profile."""
    return [
        (label(option), value_text(option, value)) for option, value in changes(profile).items()
    ]


def message(err: RulesError) -> str:
    """The engine's sentence for ``err`` in the page's language."""
    return render(Step(err.code, err.params), get_language() or "en")


def render_code(code: str) -> str:
    """Why ``code`` is not Coinche rules (another game's profile)."""
    return render(Step("profile_not_coinche", {"value": code[:40]}), get_language() or "en")


def _typed(option: str, query) -> object:
    """The value the form sent for ``option``, as typed (checkboxes: present or not)."""
    kind = domain(option)[0]
    if kind == "bool":
        return query.get(option) == "1"
    if kind == "trumps":
        return ["S", "H", "D", "C", *[t for t in ("SA", "TA") if t in query.getlist(option)]]
    # A field left out of the address keeps the profile's value (a hand-written link).
    return query[option].strip()[:20] if option in query else None


def _engine_value(option: str, typed: object) -> object:
    kind, *args = domain(option)
    if kind == "int" or (kind == "choice" and all(isinstance(v, int) for v in args[0])):
        # Any whole number reads as one, so that one out of range gets the range's message.
        number = inputs.digits(str(typed), inputs.MAX_DIGITS, signed=True)
        if number is not None:
            return number
    return typed


def read_form(query) -> tuple[str | None, str, dict, dict]:
    """The builder's form read back: (house-rule code or None, base, typed values, errors).

    Each value is checked alone first (type and range) so that the message stands beside
    its own field; then the whole set, whose contradictions name two fields.
    """
    lang = get_language() or "en"
    base = query.get("base", "federation")
    try:
        profile = get_profile(base)
    except RulesError as err:
        return None, base, {}, {"base": render(Step(err.code, err.params), lang)}
    if not isinstance(profile, Profile):
        return None, base, {}, {"base": render(Step("profile_not_coinche", {"value": base}), lang)}
    typed = {option: _typed(option, query) for options in PHASES.values() for option in options}
    typed = {option: value for option, value in typed.items() if value is not None}
    errors: dict[str, str] = {}
    overrides = {}
    for option, value in typed.items():
        try:
            checked = check_option(option, _engine_value(option, value))
        except RulesError as err:
            errors[option] = render(Step(err.code, err.params), lang)
            continue
        if checked != getattr(profile, option):
            overrides[option] = checked
    if errors:
        return None, base, typed, errors
    try:
        return make_profile(base, **overrides).name, base, typed, {}
    except RulesError as err:
        message = render(Step(err.code, err.params), lang)
        for option in (err.params.get("option"), err.params.get("other")):
            if option in typed:
                errors[option] = message
        return None, base, typed, errors or {"base": message}


def builder_fields(profile: Profile, typed: dict | None = None, errors: dict | None = None):
    """The builder's fields by phase: each option's label, help, kind, values and error."""
    typed = typed or {}
    errors = errors or {}
    phases = []
    for phase, options in PHASES.items():
        rows = []
        for option in options:
            kind, *args = domain(option)
            value = typed.get(option, getattr(profile, option))
            row = {
                "name": option,
                "label": label(option),
                "help": HELP[option],
                "kind": kind,
                "value": value,
                "error": errors.get(option, ""),
            }
            if kind == "choice":
                row["choices"] = [
                    (str(v), str(CHOICES.get((option, v), v)), str(v) == str(value))
                    for v in args[0]
                ]
            elif kind == "trumps":
                row["choices"] = [(t, str(TRUMP_NAMES[t]), t in value) for t in args[0]]
            elif kind == "int":
                row["min"], row["max"], row["step"] = args
            rows.append(row)
        phases.append({"name": phase, "title": PHASE_TITLES[phase], "options": rows})
    return phases


def comparison(names: list[str]) -> list[dict]:
    """Every builder option under each profile of ``names``, rows that differ marked."""
    profiles = [get_profile(name) for name in names]
    phases = []
    for phase, options in PHASES.items():
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
