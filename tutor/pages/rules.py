"""Which rules a page runs under: the one helper every page asks.

A page that offers rule profiles accepts, wherever it accepts a profile name, a
house-rule code (``federation~max_bid:180``, see ``tutor.rules.coinche.houserules``):

- :func:`chosen` reads the ``profile`` parameter (GET or POST), else the rules the visitor
  last chose (by "Use these rules", or on a lesson or in practice: :func:`remember`, kept
  in the session) when they fit the page, else the page's default;
- :func:`title` names any profile or code for the page ("House rules (Federation)");
- :func:`choices` lists a page's profiles plus the visitor's house rules and saved rule
  sets, for a select;
- the template ``pages/_rules_used.html`` says which rules are used, with the changed
  options and a link to the builder.
"""

from django.utils.translation import gettext as _

from tutor.rules.errors import RulesError
from tutor.rules.profiles import base_name, fits, get_profile

from .houserules import described_changes
from .profiles import PROFILES

SESSION_KEY = "rules"
TITLES = {entry["name"]: entry["title"] for entry in PROFILES}


def remembered(request) -> str | None:
    """The rules this visitor chose last, if they are still valid."""
    code = request.session.get(SESSION_KEY, "")
    return code if isinstance(code, str) and code and fits(code, TITLES) else None


def remember(request, code: str) -> None:
    """Keeps ``code`` as the visitor's rules for the pages that offer them, until changed."""
    if request.session.get(SESSION_KEY) != code:
        request.session[SESSION_KEY] = code


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
    code = remembered(request)
    if code and fits(code, allowed):
        return code
    return default if default is not None else list(allowed)[0]


def is_house(name: str) -> bool:
    return isinstance(name, str) and base_name(name) != name


def title(name: str) -> str:
    """What the reader calls these rules."""
    base = str(TITLES.get(base_name(name), base_name(name)))
    if not is_house(name):
        return base
    return _("House rules (based on %(profile)s)") % {"profile": base}


def changes(name: str) -> list[tuple[str, str]]:
    """(label, value) of every option a house-rule code changes; empty for a profile."""
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
    for code in (current, remembered(request)):
        if code and is_house(code) and fits(code, TITLES):
            found.setdefault(code, title(code))
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
