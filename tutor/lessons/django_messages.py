"""Django's own messages that a learner meets when signing up or in, listed so that
``makemessages`` keeps them in our catalogs: our translations, which take precedence over
Django's, say them in the site's register ("tu" / "tú" / "tu" / "vous") and with its words
("palavra-passe", "contraseña"), where Django's say "usted" or mix registers.

Each msgid must stay exactly Django's (its typographic apostrophes included).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

MESSAGES = (
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ "
        "characters."
    ),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop("A user with that username already exists."),
    gettext_noop("The two password fields didn’t match."),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
    gettext_noop("This password is too common."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("This field is required."),
)
