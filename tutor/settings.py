"""Settings for Atout.

Development needs no configuration (SQLite, DEBUG on). Production is switched
on by ``DJANGO_DEBUG=0`` and reads ``SECRET_KEY``, ``ALLOWED_HOSTS`` and
``DATABASE_URL`` from the environment (see README.md).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DJANGO_DEBUG", "1") == "1"

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY in the environment to run with DJANGO_DEBUG=0.")
    SECRET_KEY = "dev-only-key-never-used-in-production-0123456789abcdefghijklmnop"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "axes",
    "tutor.guard",
    "tutor.pages",
    "tutor.quiz",
    "tutor.lessons",
    "tutor.club",
    "tutor.play",
    "tutor.tables",
    "tutor.reports",
]

# Django's database sessions, read and written with one plain statement each (tutor/sessions.py).
SESSION_ENGINE = "tutor.sessions"

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A club phone's unchanged poll is answered here, before the rest of the chain.
    "tutor.club.live.PhonePollShortcut",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before anything reads the address or the body (CommonMiddleware, the CSRF check).
    "tutor.guard.middleware.RefuseBadInput",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "tutor.guard.middleware.PrivatePages",
    # Inside PrivatePages, so a page it serves gets the same headers as one its view renders.
    "tutor.caching.SharedPages",
    # Last, as django-axes asks: it turns a locked-out sign-in into our lockout page.
    "axes.middleware.AxesMiddleware",
    "tutor.guard.middleware.RetryLostConnection",
]

# Scripts and styles come from our own static files only: no inline script, no eval (htmx is
# configured without it in base.html), no inline style. Forms post to the site itself.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

# URL names of the pages that hold answers, teacher keys or a learner's record: they are sent
# with Cache-Control: no-store (tutor.guard.middleware.PrivatePages). Add new ones here.
PRIVATE_PAGES = frozenset(
    {
        "club_host",
        "club_host_live",
        "club_host_act",
        "club_joining",
        "club_remove",
        "club_remove_latest",
        "club_export",
        "club_handout",
        "club_results",
        "club_play",
        "club_play_live",
        "club_answer",
        "club_sets",
        "club_set",
        "club_set_add",
        "club_homework",
        "club_homework_report",
        "club_homework_export",
        "club_play_events",
        "club_host_events",
        "club_screen_events",
        "quiz_sheet",
        "quiz_sheet_deal",
        "quiz_sheet_rematch",
        "quiz_test_start",
        "quiz_test",
        "quiz_test_result",
        "quiz_progress",
        "quiz_review",
        "play_game",
        "quiz_count_run",
        "quiz_count_answer",
        "quiz_count_end",
        "quiz_sheet_export",
        "play_game_export",
        "play_deal",
        "play_replay",
        "tables_index",
        "tables_table",
        "tables_live",
        "tables_events",
        "tables_private",
        "tables_sit",
        "tables_start",
        "tables_move",
        "tables_next",
        "tables_redeal",
        "tables_bot",
        "tables_deal",
        "tables_replay",
        "tables_watch",
        "tables_watch_live",
        "tables_watch_events",
        "tables_short",
        "tables_night",
        "tables_night_screen",
        "tables_night_live",
        "tables_night_events",
        "tables_night_deal",
        "tables_night_new",
        "tables_night_host",
        "tables_night_start",
        "tables_night_host_events",
        "report",
        "login",
        "signup",
    }
)
# Pages private for a visitor who brings something of their own (signed in, or a session): the
# club page lists a signed-in teacher's past sessions with their teacher links, the play lobby a
# player's unfinished deals. For everyone else they are the same page (SHARED_PAGES below).
PRIVATE_FOR_OWNERS = frozenset({"club_index", "play_lobby"})

# URL names of the pages that are the same for every visitor who brings nothing of their own
# (no session, not signed in): tutor.caching.SharedPages serves them from one rendering per
# address, language and deck. A page that reads anything else about the visitor (the time,
# the database beyond their own rows) must not be named here.
SHARED_PAGES = frozenset(
    {
        "home",
        "glossary",
        "profiles",
        "house_rules",
        "lessons_index",
        "lesson",
        "quiz_question",
        "quiz_curated",
        "quiz_calculator",
        "referee",
        "play_lobby",
    }
)

ROOT_URLCONF = "tutor.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tutor.pages.context_processors.visitor",
            ],
            "builtins": ["tutor.pages.templatetags.atout", "tutor.reports.templatetags.reports"],
        },
    }
]

WSGI_APPLICATION = "tutor.wsgi.application"

# PostgreSQL: a pool of connections per server process (psycopg's), without a health check.
# Under ASGI each request's sync code runs in a thread of its own, so a connection kept by a
# thread (CONN_MAX_AGE) would be a new connection per request; the pool hands a request an open
# one and takes it back at the end. A connection the database dropped (a restart) fails the one
# request that finds it, and the pool then replaces it. SQLite keeps its connection per thread.
DATABASES = {"default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": 2,
            # Per process: PostgreSQL's max_connections must exceed this × processes × servers,
            # plus one listening connection per process (tutor/push.py).
            "max_size": int(os.environ.get("DB_POOL_SIZE", "8")),
            "timeout": 20,
        }
    }
# How many times a page read meets a lost connection before its 500 (tutor.guard.middleware):
# at most every connection the pool holds may be a lost one.
DB_RETRIES = DATABASES["default"].get("OPTIONS", {}).get("pool", {}).get("max_size", 0) + 1
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Club sessions poll while others write: wait for a lock instead of failing, take the
    # write lock at the start of a transaction, and let readers go on during a write (WAL).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL;",
    }
    # An in-memory test database shares one cache between threads and fails with "table is
    # locked" under the live server's concurrent requests; a file behaves like production.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# django-axes checks a sign-in before the password is hashed, so once a pair has failed too
# often, further attempts cost no hashing at all. Failures lock the pair (account name,
# address), never an account for everyone nor an address for every account: nobody can shut
# an owner out from elsewhere, nor a school's network out by failing on one account. The lock
# lifts after a quarter of an hour and a successful sign-in clears the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Failing on during a lock does not prolong it: an attacker cannot keep an owner out for good.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "tutor.guard.clients.address"
AXES_LOCKOUT_CALLABLE = "tutor.lessons.views.locked_out"
# One row per failure is enough; no log of every successful sign-in.
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
# New accounts per address in a sliding hour: a class can sign up from the school's one
# address, a script cannot fill the user table (tutor.lessons.views.signup).
SIGNUPS_PER_HOUR = 30
# Failed sign-ins per address, on any accounts, in a sliding window: past them the address
# waits (no password is checked) until the window has slid past its failures. It slows one
# client trying many accounts; a class mistyping its passwords stays well below it.
SIGN_IN_FAILURES_PER_ADDRESS = 40
SIGN_IN_WINDOW = 300
# Practice questions filtered by a situation, per address and minute (tutor.quiz.views): a
# class on one Wi-Fi asking one every ten seconds each stays below it.
FILTERED_QUESTIONS_PER_MINUTE = 240
# Club sessions created per address in ten minutes (tutor.club.views): posing thirty questions
# is among the site's costliest requests.
CLUB_SESSIONS_PER_TEN_MINUTES = 30

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "tutor.guard.passwords.NotBlankValidator"},
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# English is the language of the source strings; the four others are the
# languages the app is written for.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("pt", _("Portuguese")),
    ("es", _("Spanish")),
    ("ro", _("Romanian")),
    ("fr", _("French")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Lisbon"
LANGUAGE_COOKIE_SECURE = not DEBUG
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Serve from the source folders while developing; production serves collectstatic's copy.
WHITENOISE_AUTOREFRESH = DEBUG
if not DEBUG:
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = os.environ.get("SECURE_SSL_REDIRECT", "1") == "1"
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    CSRF_TRUSTED_ORIGINS = [
        origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin
    ]

# The request header a reverse proxy writes the client's address into, as Django
# names it (e.g. HTTP_X_FORWARDED_FOR); empty when clients connect directly.
# Sign-in, sign-up and club joins are limited per client address (tutor.guard.clients).
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")
# Problem reports each client address may send in a sliding hour (tutor/reports/views.py).
REPORTS_PER_HOUR = 20
# A count storm's length and the seconds a wrong answer costs (tutor/quiz/drills.py).
COUNT_STORM_SECONDS = 180
COUNT_STORM_PENALTY = 10
# The most players one club session takes (tutor/club/codes.py).
CLUB_MAX_PLAYERS = int(os.environ.get("CLUB_MAX_PLAYERS", "2000"))
# The most players of one session from one network address, unless its teacher says otherwise:
# a class on a club's Wi-Fi shares one address, so the number is sized for a class, far below
# the cap, and one client cannot fill a session alone.
CLUB_PLAYERS_PER_NETWORK = int(os.environ.get("CLUB_PLAYERS_PER_NETWORK", "40"))
# The addresses the proxy connects from: only their requests may name a client in that
# header, and only the last hop (the one the proxy itself appended) is believed.
TRUSTED_PROXIES = [
    address.strip()
    for address in os.environ.get("TRUSTED_PROXIES", "127.0.0.1,::1").split(",")
    if address.strip()
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {
        "console": {"class": "logging.StreamHandler"},
        # A logger with no handler at all falls back to Python's last resort (stderr).
        "nowhere": {"class": "logging.NullHandler"},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    # A foreign Host header, or an address so long that the sign-in redirect carrying it would
    # pass 16 KB (the admin's), is answered 400; its traceback would only let scanners fill the
    # log.
    "loggers": {
        name: {"handlers": ["nowhere"], "propagate": False}
        for name in ("django.security.DisallowedHost", "django.security.DisallowedRedirect")
    },
}
