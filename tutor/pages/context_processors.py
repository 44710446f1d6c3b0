from django.conf import settings


def visitor(request):
    """What every page needs to know of the visitor: deck colours, languages, and the page's
    own address (where the language and deck switches come back to)."""
    return {
        "four_colour_deck": request.COOKIES.get("deck") == "4",
        "site_languages": settings.LANGUAGES,
        "here": request.get_full_path(),
    }
