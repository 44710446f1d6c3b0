"""What each rule profile is, in words, for the profiles page.

The facts a profile decides (target score, undertrumping, rounding…) are
read from the engine's profile data; these texts only say where a profile
comes from and who plays it that way.
"""

from django.utils.translation import get_language, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tutor.rules.chouine.rules import ChouineProfile
from tutor.rules.coinche.profiles import Profile
from tutor.rules.explain import format_number
from tutor.rules.profiles import get_profile

PROFILES = [
    {
        "name": "federation",
        "game": _("Coinche"),
        "title": _("Federation"),
        "summary": _(
            "The default Coinche rules of this site, from a federation guide: bids from 80 to "
            "160 or capot, coinche and surcoinche in turn, a game to 2000 points. When you cannot "
            "overtrump an opponent you may discard instead of playing a lower trump."
        ),
    },
    {
        "name": "maison",
        "game": _("Belote and Coinche"),
        "title": _("Maison counting"),
        "summary": _(
            "The counting many families use: a taker behind the defence is 'dedans' and the "
            "defence takes the whole hand; a tie puts the taker's points in deposit. Scores are "
            "not rounded, and in no trump the ace is worth 11."
        ),
    },
    {
        "name": "official",
        "game": _("Belote and Coinche"),
        "title": _("Official counting"),
        "summary": _(
            "The same counting as Maison, with Coinche scores rounded to the nearest ten and a "
            "no-trump ace worth 19, so that every hand is worth 162."
        ),
    },
    {
        "name": "online-es",
        "game": _("Coinche"),
        "title": _("Spanish online play"),
        "summary": _(
            "Coinche as played on a Spanish game site: no trump and all trumps allowed, capot and "
            "générale bids, contra and recontra, a game to 1001 and no rounding."
        ),
    },
    {
        "name": "encyclopedia",
        "game": _("Coinche"),
        "title": _("Encyclopedia rules"),
        "summary": _(
            "The base rules of the encyclopedia article, with no trump and all trumps, coinche "
            "at any moment of the auction and a game to 3000. Declarations do not help to make "
            "the contract. Its long list of regional variants can be switched on as house rules."
        ),
    },
    {
        "name": "chouine",
        "game": _("Chouine"),
        "title": _("Chouine"),
        "summary": _(
            "The two-player game of the Loir valley: draw from the stock while it lasts, then "
            "follow suit for the last five tricks; marriages, tierces, quaterons and the quinte "
            "score, and a chouine wins the deal at once. The match goes to three deals won."
        ),
    },
]


# One line each, for the pages that show a profile beside its answer (the referee): what
# the rules are, since some are named for their counting yet decide the play as well.
SHORT = {
    "federation": _("This site's default Coinche rules, taken from a federation guide."),
    "maison": _(
        "Belote and Coinche as many families play them: a whole set of rules, named after "
        "its way of counting."
    ),
    "official": _(
        "Belote and Coinche with the official counting: a whole set of rules, named after "
        "its way of counting."
    ),
    "online-es": _("Coinche as it is played on a Spanish game site."),
    "encyclopedia": _("The basic Coinche rules of the encyclopedia article."),
    "chouine": _("The two-player game of the Loir valley."),
}


def _number(value: int) -> str:
    return format_number(value, get_language() or "en")


def _points(count: int) -> str:
    if not count:
        return pgettext("points of a rule", "none")
    return ngettext("%(count)s point", "%(count)s points", count) % {"count": _number(count)}


def _yes_no(value: bool) -> str:
    return str(_("yes") if value else _("no"))


def undertrump_fact(profile: Profile) -> tuple[str, str]:
    """The rule of play in which the profiles differ: a trump too low to overtrump."""
    return (
        _("Unable to overtrump an opponent"),
        _("you must still play a lower trump")
        if profile.undertrump
        else _("you may discard instead"),
    )


def coinche_facts(profile) -> list[tuple[str, str]]:
    """What a Coinche/Belote profile decides, read from the engine's options."""
    contracts = [str(_("a trump suit"))]
    if "SA" in profile.trumps:
        contracts.append(str(_("no trump")))
    if "TA" in profile.trumps:
        contracts.append(str(_("all trumps")))
    facts = [
        (_("Contracts"), ", ".join(contracts)),
        (
            _("Bids"),
            _("from %(low)s to %(high)s, in steps of %(step)s")
            % {
                "low": _number(profile.min_bid),
                "high": _number(profile.max_bid),
                "step": profile.bid_step,
            },
        ),
        undertrump_fact(profile),
        (
            pgettext_lazy("the double", "Coinche"),
            _("at any moment of the auction")
            if profile.coinche_out_of_turn
            else _("only in your turn"),
        ),
        (_("Declarations help to make the contract"), _yes_no(profile.declarations_count)),
        (_("Scores rounded"), _rounding(profile)),
        (_("Target score"), _points(profile.target)),
        (
            _("A game reached through a belote alone needs one more trick"),
            _yes_no(profile.belote_must_validate),
        ),
    ]
    if profile.generale:
        facts.insert(2, (_("Générale bonus"), _points(profile.generale)))
    return facts


def _rounding(profile: Profile) -> str:
    if not profile.round_to:
        return str(_("never"))
    if profile.classic:
        # Seed 004 rounds its Coinche rows only; its classic Belote rows keep exact points.
        if profile.round_to == 10:
            return str(_("Coinche scores to the nearest ten; classic Belote scores never"))
        step = {"step": _number(profile.round_to)}
        return _("Coinche scores to the nearest %(step)s; classic Belote scores never") % step
    if profile.round_to == 10:
        return str(_("to the nearest ten"))
    return _("to the nearest %(step)s") % {"step": _number(profile.round_to)}


def chouine_facts(profile: ChouineProfile) -> list[tuple[str, str]]:
    """What the Chouine profile decides, read from the engine's options."""
    plain_trump = _("%(plain)s, or %(trump)s in trump")
    return [
        (
            pgettext_lazy("chouine announcement", "marriage"),
            plain_trump
            % {"plain": _points(profile.marriage[0]), "trump": _points(profile.marriage[1])},
        ),
        (
            pgettext_lazy("chouine announcement", "tierce"),
            plain_trump
            % {"plain": _points(profile.tierce[0]), "trump": _points(profile.tierce[1])},
        ),
        (
            pgettext_lazy("chouine announcement", "quateron"),
            plain_trump
            % {"plain": _points(profile.quateron[0]), "trump": _points(profile.quateron[1])},
        ),
        (pgettext_lazy("chouine announcement", "quinte"), _points(profile.quinte)),
        (_("Last trick"), _points(profile.last_trick_bonus)),
        (_("Deals won to win the match"), _number(profile.deals_to_win_match)),
    ]


def facts(name: str) -> list[tuple[str, str]]:
    profile = get_profile(name)
    if isinstance(profile, Profile):
        return coinche_facts(profile)
    return chouine_facts(profile)
