from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_POST

from tutor import caching
from tutor.memo import memo
from tutor.rules.coinche.profiles import Profile
from tutor.rules.errors import RulesError
from tutor.rules.profiles import fits, get_profile

from . import houserules, rules
from .glossary import TERMS
from .models import RuleSet
from .profiles import PROFILES, facts

DECK_COOKIE = "deck"


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html")


def glossary(request: HttpRequest) -> HttpResponse:
    languages = [code for code, _name in settings.LANGUAGES]
    sections = _glossary(translation.get_language(), caching.CATALOGS)
    return render(request, "pages/glossary.html", {"sections": sections, "languages": languages})


@memo(items=20)
def _glossary(lang: str, catalogs: tuple) -> list[dict]:
    """The glossary's sections in ``lang``, each term in every language (made once)."""
    languages = [code for code, _name in settings.LANGUAGES]
    sections = []
    for title, terms in TERMS:
        rows = []
        for term, meaning in terms:
            words = {}
            for code in languages:
                with translation.override(code):
                    words[code] = str(term)
            rows.append({"words": list(words.items()), "meaning": str(meaning)})
        sections.append({"title": str(title), "rows": rows})
    return sections


COINCHE_PROFILES = [p["name"] for p in PROFILES if isinstance(get_profile(p["name"]), Profile)]


def profiles(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "pages/profiles.html",
        {
            **_profiles(translation.get_language(), caching.CATALOGS),
            "in_use": rules.remembered(request),
        },
    )


@memo(items=20)
def _profiles(lang: str, catalogs: tuple) -> dict:
    """What the profiles page says of every profile, and their comparison, in ``lang``."""
    return {
        "profiles": [{**profile, "facts": facts(profile["name"])} for profile in PROFILES],
        "compared": [{"name": n, "title": rules.TITLES[n]} for n in COINCHE_PROFILES],
        "comparison": houserules.comparison(COINCHE_PROFILES),
    }


def house_rules(request: HttpRequest) -> HttpResponse:
    """The builder: start from a profile or a code, change options, get a shareable code.

    ``?profile=<code>`` shows a rule set; ``?base=…&option=…`` (the form) is checked
    option by option and, when the engine accepts it, redirects to its code, so the
    address in the browser is the link to share.
    """
    status = 200
    errors: dict = {}
    typed: dict = {}
    if "base" in request.GET:
        code, base, typed, errors = houserules.read_form(request.GET)
        if code is not None:
            return HttpResponseRedirect(f"{reverse('house_rules')}?{urlencode({'profile': code})}")
        status = 400
        code = None
    else:
        code = request.GET.get("profile", "federation")
        base = rules.base_name(code)
        if not fits(code, COINCHE_PROFILES):
            # A mistyped or edited link: say what is wrong, start again from its profile.
            try:
                get_profile(code)
                message = houserules.render_code(code)
            except RulesError as err:
                message = houserules.message(err)
            errors = {"base": message}
            code = None
            status = 400
    start = get_profile(code if code else (base if base in COINCHE_PROFILES else "federation"))
    context = {
        "code": code,
        "base": base if base in COINCHE_PROFILES else "federation",
        "bases": [(n, rules.TITLES[n]) for n in COINCHE_PROFILES],
        "phases": houserules.builder_fields(start, typed, errors),
        "errors": errors,
        "base_error": errors.get("base", ""),
        "saved": [],
    }
    if code:
        query = urlencode({"profile": code})
        context.update(
            {
                "title": rules.title(code),
                "changes": rules.changes(code),
                "share": request.build_absolute_uri(f"{reverse('house_rules')}?{query}"),
                "query": query,
                "in_use": rules.remembered(request) == code,
            }
        )
    if request.user.is_authenticated:
        context["saved"] = RuleSet.objects.filter(owner=request.user).order_by("name")
    return render(request, "pages/house_rules.html", context, status=status)


@require_POST
def use_rules(request: HttpRequest) -> HttpResponse:
    """Remembers a profile or house rules for every page ("use these rules")."""
    code = request.POST.get("profile", "")
    if not fits(code, COINCHE_PROFILES):
        return render(request, "400.html", status=400)
    rules.remember(request, code)
    return HttpResponseRedirect(_safe_next(request))


@require_POST
def save_rules(request: HttpRequest) -> HttpResponse:
    """Saves house rules under a name for the signed-in account (a club's teacher)."""
    code = request.POST.get("profile", "")
    name = request.POST.get("name", "").strip()[:80]
    if not request.user.is_authenticated or not fits(code, COINCHE_PROFILES) or not name:
        return render(request, "400.html", status=400)
    RuleSet.objects.update_or_create(owner=request.user, name=name, defaults={"code": code})
    return HttpResponseRedirect(f"{reverse('house_rules')}?{urlencode({'profile': code})}")


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return "/"
    return target


@require_POST
def switch_language(request: HttpRequest) -> HttpResponse:
    """Shows the same page in another language and remembers the choice.

    Every page lives under a language prefix with the same path after it, so
    switching is swapping the prefix; this works whatever language the
    visitor's browser or cookie asked for before.
    """
    languages = dict(settings.LANGUAGES)
    lang = request.POST.get("language", "")
    if lang not in languages:
        return render(request, "400.html", status=400)
    target = urlsplit(_safe_next(request))
    first, _slash, rest = target.path.lstrip("/").partition("/")
    if first not in languages:
        rest = target.path.lstrip("/")
    path = f"/{lang}/{rest}".replace("//", "/")
    response = HttpResponseRedirect(urlunsplit(("", "", path, target.query, "")))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        lang,
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


@require_POST
def toggle_deck(request: HttpRequest) -> HttpResponse:
    """Switches between the two-colour and the four-colour deck, per visitor."""
    target = _safe_next(request)
    four = request.POST.get("deck") == "4"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        DECK_COOKIE,
        "4" if four else "2",
        max_age=365 * 24 * 3600,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response
