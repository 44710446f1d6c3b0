"""Sign-in and sign-up under attack: failures lock an (account, address) pair and slow an
address down, so nobody can shut an owner out from elsewhere; no free password hashing once
limited; sign-ups limited per address, also under a burst; no blank passwords (security
reviews: D1 and D9, then D7 and D11)."""

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


def test_failures_lock_the_account_and_address_pair_without_hashing(settings, alice, hashes):
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        assert sign_in(Client(), "alice", "wrong").status_code == 200
    # The failure that reaches the limit is the first one refused.
    assert sign_in(Client(), "alice", "wrong").status_code == 429
    hashed = len(hashes)
    response = sign_in(Client(), "alice", PASSWORD)
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()
    assert len(hashes) == hashed
    assert "_auth_user_id" not in response.client.session
    # The owner from another address is not concerned (security review, second round, D7).
    assert sign_in(Client(), "alice", PASSWORD, address="198.51.100.2").status_code == 302


def test_others_failures_from_their_addresses_never_shut_the_owner_out(settings, alice):
    for attempt in range(3 * settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), "alice", "wrong", address=f"203.0.113.{attempt}")
    assert sign_in(Client(), "alice", PASSWORD, address="192.0.2.9").status_code == 302


def test_failures_on_other_accounts_from_a_shared_network_leave_a_colleague_in(settings, alice):
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        sign_in(Client(), f"user{attempt}", "wrong")
    assert sign_in(Client(), "alice", PASSWORD).status_code == 302


def test_an_address_failing_on_many_accounts_is_slowed_down(settings, alice, hashes):
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 12
    for attempt in range(settings.SIGN_IN_FAILURES_PER_ADDRESS):
        assert sign_in(Client(), f"user{attempt}", "wrong").status_code == 200
    hashed = len(hashes)
    response = sign_in(Client(), "someone", "wrong")
    assert response.status_code == 429
    assert "from this network" in response.content.decode()
    assert len(hashes) == hashed
    # Another address is not concerned.
    assert sign_in(Client(), "alice", PASSWORD, address="198.51.100.2").status_code == 302


def test_the_slowing_down_lifts_as_its_window_slides(settings, alice, monkeypatch):
    from tutor.guard import throttle

    settings.SIGN_IN_FAILURES_PER_ADDRESS = 12
    for attempt in range(settings.SIGN_IN_FAILURES_PER_ADDRESS):
        sign_in(Client(), f"user{attempt}", "wrong")
    assert sign_in(Client(), "alice", PASSWORD).status_code == 429
    later = throttle._slot() + settings.SIGN_IN_WINDOW // throttle.SLOT_SECONDS
    monkeypatch.setattr(throttle, "_slot", lambda: later)
    assert sign_in(Client(), "alice", PASSWORD).status_code == 302


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


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_sign_ups_never_passes_the_limit(settings):
    import threading

    from django.db import connections

    settings.SIGNUPS_PER_HOUR = 4
    barrier = threading.Barrier(12)
    statuses = []

    def sign_up(number):
        data = {"username": f"burst{number}", "password1": PASSWORD, "password2": PASSWORD}
        barrier.wait()
        try:
            statuses.append(Client().post(reverse("signup"), data).status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sign_up, args=(n,)) for n in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {302, 429}
    assert get_user_model().objects.count() == statuses.count(302) <= 4


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
