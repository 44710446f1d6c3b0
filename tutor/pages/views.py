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


@require_POST
def toggle_deck(request: HttpRequest) -> HttpResponse:
    """Switches between the two-colour and the four-colour deck, per visitor."""
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
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
