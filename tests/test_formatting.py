"""Numbers and plurals the way each language writes them."""

import pytest
from django.utils import translation

from tutor.pages.profiles import _points
from tutor.rules.explain import format_number


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 punct"),
        (2, "2 puncte"),
        (19, "19 puncte"),
        (20, "20 de puncte"),
        (101, "101 puncte"),
        (2000, "2.000 de puncte"),
    ],
)
def test_romanian_plurals_use_all_three_forms(count, expected):
    with translation.override("ro"):
        assert _points(count) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("pt", "1001 pontos"), ("es", "1001 puntos"), ("fr", "1\u202f001 points")],
)
def test_points_are_counted_in_each_language(lang, expected):
    with translation.override(lang):
        assert _points(1001) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "3,000"), ("pt", "3000"), ("es", "3000"), ("ro", "3.000"), ("fr", "3\u202f000")],
)
def test_numbers_follow_the_locale(lang, expected):
    assert format_number(3000, lang) == expected


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "10,000"), ("pt", "10\xa0000"), ("es", "10.000"), ("ro", "10.000")],
)
def test_spanish_and_portuguese_group_from_five_digits_on(lang, expected):
    # CLDR's minimumGroupingDigits is 2 for es and pt-PT: 3000, but 10 000.
    assert format_number(10000, lang) == expected


def test_the_profiles_page_writes_numbers_the_locale_way(client):
    assert "3.000 de puncte" in client.get("/ro/profiles/").content.decode()
