from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.http import require_POST

from tutor import caching
from tutor.lessons.path import COURSES
from tutor.lessons.progress import Progress
from tutor.lessons.views import course_map
from tutor.memo import memo
from tutor.quiz import goal
from tutor.quiz.teach import glossary_anchor
from tutor.quiz.views import review_queue
from tutor.rules.coinche.profiles import Profile
from tutor.rules.errors import RulesError
from tutor.rules.profiles import fits, game_of, get_profile

from . import houserules, rules
from .glossary import TERMS
from .models import RuleSet
from .profiles import PROFILES, facts

DECK_COOKIE = "deck"


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "pages/home.html", {"learner": _returning(request)})


def _returning(request: HttpRequest) -> dict | None:
    """Where a returning learner stands: the lesson to continue, the rules due for review,
    today's goal, and the one action to take first (review when rules are due, else the
    lesson). ``None`` for a first visit, which gets the games."""
    if not request.user.is_authenticated and not request.session.session_key:
        return None
    progress = Progress(request)
    solved = progress.solved()
    today = goal.today_view(request)
    queue = review_queue(request, today["reviews_left"])
    if not (solved or today["worked"] or queue["waiting"] or today["set"]):
        return None
    started = {slug for slug, _index, _profile in solved}
    courses = [course_map(progress, game, solved) for game in COURSES]
    course = next(
        (
            c
            for c in courses
            if c["resume"] and any(e["lesson"].slug in started for e in c["lessons"])
        ),
        next((c for c in courses if c["resume"]), None),
    )
    lesson = course and course["resume"]
    return {
        "course": course,
        "lesson": lesson,
        "number": lesson and COURSES[course["game"]].index(lesson) + 1,
        "queue": queue,
        "today": today,
        "first": "review" if queue["due"] else "lesson",
    }


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
            rows.append(
                {
                    "words": list(words.items()),
                    "meaning": str(meaning),
                    "anchor": glossary_anchor(words["en"]),
                }
            )
        sections.append({"title": str(title), "rows": rows})
    return sections


COINCHE_PROFILES = [p["name"] for p in PROFILES if isinstance(get_profile(p["name"]), Profile)]
# Every profile the builder starts from: the Coinche ones and Chouine.
HOUSE_BASES = [p["name"] for p in PROFILES]


def profiles(request: HttpRequest) -> HttpResponse:
    content = _profiles(translation.get_language(), caching.CATALOGS)
    in_use = rules.in_use(request)
    compared = [{**entry, "in_use": entry["name"] in in_use} for entry in content["compared"]]
    return render(
        request,
        "pages/profiles.html",
        {
            **content,
            "compared": compared,
            "in_use": in_use,
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

    ``?profile=<code>`` shows a rule set (``&name=`` the name it was given); ``?base=…&
    option=…`` (the form) is checked option by option and, when the engine accepts it,
    redirects to its code, so the address in the browser is the link to share. The form's
    summary is redrawn as it is filled in (:func:`house_summary`, through htmx).
    """
    status = 200
    errors: dict = {}
    typed: dict = {}
    name = rules.clean_name(request.GET.get("name", ""))
    if "base" in request.GET:
        code, base, typed, errors = houserules.read_form(request.GET)
        if code is not None:
            query = {"profile": code, **({"name": name} if name else {})}
            rules.name_rules(request, code, name)
            return HttpResponseRedirect(f"{reverse('house_rules')}?{urlencode(query)}")
        status = 400
    else:
        code = request.GET.get("profile", "federation")
        base = rules.base_name(code)
        if not fits(code, HOUSE_BASES):
            # A mistyped or edited link: say what is wrong, start again from its profile.
            try:
                get_profile(code)
                message = houserules.message(RulesError("unknown_profile", value=code[:40]))
            except RulesError as err:
                message = houserules.message(err)
            errors = {"base": message}
            code = None
            status = 400
    if base not in HOUSE_BASES:
        base = "federation"
    start = get_profile(code if code else base)
    # A source profile is not house rules: the builder opens on it, with nothing built yet.
    if code and not rules.is_house(code):
        code = None
    summary = houserules.preview(request.GET) if typed else None
    changes = houserules.described_changes(start) if code else []
    context = {
        "code": code,
        "base": base,
        "game": game_of(base),
        "bases": [(n, rules.TITLES[n]) for n in HOUSE_BASES],
        "fields": houserules.builder_fields(start, typed, errors),
        "errors": errors,
        "base_error": errors.get("base", ""),
        "saved": [],
        "name": name or (rules.given_name(request, code) if code else ""),
        "base_title": rules.TITLES[base],
        "summary": summary or {"changes": changes, "errors": [], "count": len(changes)},
    }
    if code:
        query = urlencode({"profile": code, **({"name": name} if name else {})})
        if name:
            rules.name_rules(request, code, name)
        context.update(
            {
                "title": name or rules.title(code, request),
                "changes": changes,
                "share": request.build_absolute_uri(f"{reverse('house_rules')}?{query}"),
                "query": urlencode({"profile": code}),
                "in_use": code in rules.in_use(request),
            }
        )
    if request.user.is_authenticated:
        context["saved"] = RuleSet.objects.filter(owner=request.user).order_by("name")
    return render(request, "pages/house_rules.html", context, status=status)


def house_summary(request: HttpRequest) -> HttpResponse:
    """The builder's live summary for the values being typed: each change as a sentence and
    each refused value with its reason (htmx swaps it in; nothing is built or kept)."""
    summary = houserules.preview(request.GET)
    base = summary["base"] if summary["base"] in HOUSE_BASES else "federation"
    return render(
        request,
        "pages/_house_summary.html",
        {"summary": summary, "base_title": rules.TITLES[base], "oob": True},
    )


@require_POST
def use_rules(request: HttpRequest) -> HttpResponse:
    """Remembers a profile or house rules for every page of its game ("use these rules")."""
    code = request.POST.get("profile", "")
    if not fits(code, HOUSE_BASES):
        return render(request, "400.html", status=400)
    rules.remember(request, code)
    rules.name_rules(request, code, request.POST.get("name", ""))
    return HttpResponseRedirect(_safe_next(request))


@require_POST
def save_rules(request: HttpRequest) -> HttpResponse:
    """Saves house rules under a name for the signed-in account (a club's teacher)."""
    code = request.POST.get("profile", "")
    name = rules.clean_name(request.POST.get("name", ""))
    if not request.user.is_authenticated or not fits(code, HOUSE_BASES) or not name:
        return render(request, "400.html", status=400)
    RuleSet.objects.update_or_create(owner=request.user, name=name, defaults={"code": code})
    rules.name_rules(request, code, name)
    query = urlencode({"profile": code, "name": name})
    return HttpResponseRedirect(f"{reverse('house_rules')}?{query}")


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
