"""Sign-in and sign-up under attack: limited per address and per account name, no free
password hashing once limited, no blank passwords (security review, D1 and D9)."""

import html

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "a long pass phrase 42"


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch):
    """The same hasher with fewer rounds: these tests sign in dozens of times."""
    monkeypatch.setattr(PBKDF2PasswordHasher, "iterations", 1000)


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password=PASSWORD)


def sign_in(client, username, password, address="198.51.100.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


@pytest.fixture
def hashes(monkeypatch):
    """Counts the password hashes computed (the CPU a guess costs the server)."""
    calls = []
    original = PBKDF2PasswordHasher.encode

    def counting(self, password, salt, iterations=None):
        calls.append(1)
        return original(self, password, salt, iterations)

    monkeypatch.setattr(PBKDF2PasswordHasher, "encode", counting)
    return calls


def test_failures_from_one_address_lock_it_out_without_hashing(settings, alice, hashes):
    for attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(Client(), f"user{attempt}", "wrong").status_code == 200
    # The failure that reaches the limit is the first one refused.
    assert sign_in(Client(), "user", "wrong").status_code == 429
    hashed = len(hashes)
    assert hashed >= settings.AXES_FAILURE_LIMIT - 1
    response = sign_in(Client(), "alice", PASSWORD)
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert len(hashes) == hashed
    assert "_auth_user_id" not in response.client.session
    # Another address is not concerned.
    assert sign_in(Client(), "alice", PASSWORD, address="198.51.100.2").status_code == 302


def test_failures_on_one_account_name_lock_it_from_every_address(settings, alice):
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), "alice", "wrong", address=f"203.0.113.{attempt}")
    assert sign_in(Client(), "alice", PASSWORD, address="192.0.2.9").status_code == 429


def test_the_lock_lifts_after_the_cool_off(settings, alice):
    from datetime import timedelta

    from axes.models import AccessAttempt

    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), "alice", "wrong")
    assert sign_in(Client(), "alice", PASSWORD).status_code == 429
    earlier = settings.AXES_COOLOFF_TIME + timedelta(seconds=1)
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= earlier
        attempt.save()
    assert sign_in(Client(), "alice", PASSWORD).status_code == 302


def test_the_lockout_page_is_translated(settings, alice):
    for _attempt in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), "alice", "wrong")
    response = Client().post(
        "/fr/learn/account/login/",
        {"username": "alice", "password": PASSWORD},
        REMOTE_ADDR="198.51.100.1",
    )
    assert response.status_code == 429
    assert '<html lang="fr">' in response.content.decode()
    assert "Too many" not in response.content.decode()


def test_sign_ups_are_limited_per_address(settings):
    settings.SIGNUPS_PER_HOUR = 3

    def sign_up(name, address="198.51.100.7"):
        data = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
        return Client().post(reverse("signup"), data, REMOTE_ADDR=address)

    for number in range(3):
        assert sign_up(f"pupil{number}").status_code == 302
    refused = sign_up("pupil9")
    assert refused.status_code == 429
    assert not get_user_model().objects.filter(username="pupil9").exists()
    assert sign_up("pupil9", address="198.51.100.8").status_code == 302


@pytest.mark.parametrize("password", [" " * 12, "\t" * 10 + "  ", "\u3000" * 12])
def test_a_password_of_spaces_is_refused(password):
    data = {"username": "bob", "password1": password, "password2": password}
    response = Client().post(reverse("signup"), data)
    assert "cannot be made of spaces only" in response.content.decode()
    assert not get_user_model().objects.filter(username="bob").exists()


@pytest.mark.parametrize(
    ("lang", "said", "never"),
    [
        (
            "ro",
            ["Numele de utilizator", "Verifică-le pe amândouă"],
            ["Introduceți", "Nume utilizator"],
        ),
        ("fr", ["Nom d'utilisateur", "Vérifiez les deux"], ["’"]),
        ("es", ["Nombre de usuario", "Revisa los dos"], ["Introduzca", "Por favor"]),
    ],
)
def test_a_failed_sign_in_speaks_in_the_sites_register(alice, lang, said, never):
    """The sign-in form's label and error are the site's own sentences, in the register and
    typography of every other page (Django's say "Introduceți", "Nom d’utilisateur")."""
    response = Client().post(
        f"/{lang}/learn/account/login/",
        {"username": "alice", "password": "wrong"},
        REMOTE_ADDR="198.51.100.9",
    )
    form = html.unescape(response.content.decode().split("<main", 1)[1].split("</main>", 1)[0])
    assert all(text in form for text in said), form
    assert not any(text in form for text in never), form
    signup = html.unescape(Client().get(f"/{lang}/learn/account/signup/").content.decode())
    assert said[0] in signup
