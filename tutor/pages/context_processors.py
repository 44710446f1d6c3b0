from django.conf import settings


def visitor(request):
    """What every page needs to know of the visitor: deck colours and languages."""
    return {
        "four_colour_deck": request.COOKIES.get("deck") == "4",
        "site_languages": settings.LANGUAGES,
    }
