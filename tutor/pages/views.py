from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from .glossary import TERMS
from .profiles import PROFILES, facts

DECK_COOKIE = "deck"


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html")


def glossary(request: HttpRequest) -> HttpResponse:
    languages = [code for code, _name in settings.LANGUAGES]
    sections = []
    for title, terms in TERMS:
        rows = []
        for term, meaning in terms:
            words = {}
            for code in languages:
                with translation.override(code):
                    words[code] = str(term)
            rows.append({"words": list(words.items()), "meaning": meaning})
        sections.append({"title": title, "rows": rows})
    return render(request, "pages/glossary.html", {"sections": sections, "languages": languages})


def profiles(request: HttpRequest) -> HttpResponse:
    described = [{**profile, "facts": facts(profile["name"])} for profile in PROFILES]
    return render(request, "pages/profiles.html", {"profiles": described})


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
