"""Which rules a page runs under: the one helper every page asks.

A page that offers rule profiles accepts, wherever it accepts a profile name, a
house-rule code (``federation~max_bid:180``, ``chouine~quinte:100``, see each game's
``houserules`` in the engine):

- :func:`chosen` reads the ``profile`` parameter (GET or POST), else the rules the visitor
  last chose for that game (by "Use these rules", or on a lesson or in practice:
  :func:`remember`, kept in the session, one per game) when they fit the page, else the
  page's default;
- :func:`title` names any profile or code for the page ("House rules (Federation)"), or by
  the name the visitor gave the set (:func:`name_rules`, kept in the session too);
- :func:`choices` lists a page's profiles plus the visitor's house rules and saved rule
  sets, for a select;
- the template ``pages/_rules_used.html`` says which rules are used, with each changed
  rule as a sentence and a link to the builder.
"""

from django.utils.translation import gettext as _

from tutor.rules.errors import RulesError
from tutor.rules.profiles import base_name, fits, game_of, get_profile

from .houserules import described_changes
from .profiles import PROFILES

# The session keys of the rules chosen last, one per game (Coinche's kept its first name).
SESSION_KEYS = {"coinche": "rules", "chouine": "rules_chouine"}
# The names a visitor gave their house rules, by code, and how many are kept.
NAMES_KEY = "rule_names"
MAX_NAMES = 20
NAME_LENGTH = 60
TITLES = {entry["name"]: entry["title"] for entry in PROFILES}


def remembered(request, game: str = "coinche") -> str | None:
    """The rules this visitor chose last for ``game``, if they are still valid."""
    code = request.session.get(SESSION_KEYS[game], "")
    if isinstance(code, str) and code and fits(code, TITLES) and game_of(code) == game:
        return code
    return None


def in_use(request) -> list[str]:
    """The rules chosen for every page, one per game that has some."""
    return [code for game in SESSION_KEYS if (code := remembered(request, game))]


def remember(request, code: str) -> None:
    """Keeps ``code`` as the visitor's rules for its game's pages, until changed."""
    key = SESSION_KEYS.get(game_of(code))
    if key and request.session.get(key) != code:
        request.session[key] = code


def clean_name(text: object) -> str:
    """A rule set's name as typed, without control characters, at most NAME_LENGTH long."""
    if not isinstance(text, str):
        return ""
    return " ".join("".join(c for c in text if c.isprintable()).split())[:NAME_LENGTH]


def name_rules(request, code: str, name: str) -> None:
    """Remembers the name this visitor gave the house rules ``code`` (the latest names)."""
    name = clean_name(name)
    if not name or not is_house(code):
        return
    names = request.session.get(NAMES_KEY)
    names = dict(names) if isinstance(names, dict) else {}
    if names.get(code) == name:
        return
    names.pop(code, None)
    names[code] = name
    request.session[NAMES_KEY] = dict(list(names.items())[-MAX_NAMES:])


def given_name(request, code: str) -> str:
    """The name the visitor gave ``code``, or an empty string."""
    if not is_house(code):
        return ""  # only house rules are named: a profile's page never reads the session
    names = getattr(request, "session", {}).get(NAMES_KEY) if request is not None else None
    name = names.get(code) if isinstance(names, dict) else None
    return name if isinstance(name, str) else ""


def chosen(request, allowed, source=None, default=None, keep=False) -> str | None:
    """The profile or house-rule code a page runs under; ``None`` when the one asked for
    is unknown or not one of ``allowed`` (the page answers 400 then). With ``keep``,
    rules asked for are kept for the next pages (a lesson's or practice's choice)."""
    source = request.GET if source is None else source
    asked = source.get("profile")
    if asked:
        if not fits(asked, allowed):
            return None
        if keep:
            remember(request, asked)
        return asked
    for game in SESSION_KEYS:
        code = remembered(request, game)
        if code and fits(code, allowed):
            return code
    return default if default is not None else list(allowed)[0]


def is_house(name: str) -> bool:
    return isinstance(name, str) and base_name(name) != name


def title(name: str, request=None) -> str:
    """What the reader calls these rules: the name the visitor gave them, if any."""
    if request is not None and (given := given_name(request, name)):
        return given
    base = str(TITLES.get(base_name(name), base_name(name)))
    if not is_house(name):
        return base
    return _("House rules (based on %(profile)s)") % {"profile": base}


def changes(name: str) -> list[str]:
    """Every rule a house-rule code changes, as a sentence; empty for a profile."""
    if not is_house(name):
        return []
    try:
        return described_changes(get_profile(name))
    except RulesError:
        return []


def house_choices(request, current: str | None = None) -> list[tuple[str, str]]:
    """The house rules a visitor may pick: ``current`` (from the address), the ones they
    use everywhere, and their saved rule sets under their names."""
    from .models import RuleSet  # the app registry is ready only once a request comes

    found: dict[str, str] = {}
    for code in (current, *in_use(request)):
        if code and is_house(code) and fits(code, TITLES):
            found.setdefault(code, title(code, request))
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        for rule_set in RuleSet.objects.filter(owner=user).order_by("name")[:50]:
            if fits(rule_set.code, TITLES):
                found.setdefault(rule_set.code, rule_set.name)
    return list(found.items())


def choices(request, allowed, current: str | None = None) -> list[tuple[str, str]]:
    """``allowed`` profiles for a select, followed by the :func:`house_choices` that fit."""
    entries = [(name, str(TITLES.get(name, name))) for name in allowed]
    return entries + [e for e in house_choices(request, current) if fits(e[0], allowed)]
