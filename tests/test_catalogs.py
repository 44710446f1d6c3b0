"""Every catalog complete and correct: the site must not fall back to English."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGS = ["pt", "es", "ro", "fr"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|\{(\w*)\}|%[sdif]")


def catalog(lang):
    with open(LOCALE / lang / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=lang)


# A card or player may take another grammatical form than in English ("%(the_card)s" →
# "%(to_the_card)s"): the parameter is the same, only its article changes.
FORM = re.compile(r"%\((?:the|of_the|to_the|neither_the|at_the|of)_(\w+)\)")


# A count of deals may be written out ("%(wins_in_words)s" for "%(wins)s").
IN_WORDS = re.compile(r"%\((\w+)_in_words\)")


def placeholders(text):
    text = IN_WORDS.sub(r"%(\1)", FORM.sub(r"%(\1)", text))
    return sorted(match.group(0) for match in PLACEHOLDER.finditer(text))


def entries(lang):
    return [message for message in catalog(lang) if message.id]


@pytest.mark.parametrize("lang", LANGS)
def test_it_translates_every_entry(lang):
    missing = []
    for message in entries(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            missing.append(message.id)
    assert missing == []


@pytest.mark.parametrize("lang", LANGS)
def test_it_has_no_fuzzy_entry(lang):
    po = catalog(lang)
    assert [m.id for m in po if m.fuzzy and m.id] == []
    assert not po.fuzzy, "the header is still marked fuzzy"


@pytest.mark.parametrize("lang", LANGS)
def test_it_keeps_every_placeholder(lang):
    wrong = []
    for message in entries(lang):
        if message.pluralizable:
            wanted = set(placeholders(message.id[1]))
            for index, text in enumerate(message.string):
                found = set(placeholders(text))
                # The singular form may spell the number out ("une levée").
                if found != wanted and not (index == 0 and found <= wanted):
                    wrong.append((message.id, text))
        elif set(placeholders(message.string)) != set(placeholders(message.id)):
            # Named placeholders may be repeated or reordered, never dropped or invented.
            wrong.append((message.id, message.string))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_it_fills_every_plural_form(lang):
    po = catalog(lang)
    for message in entries(lang):
        if message.pluralizable:
            assert len(message.string) == po.num_plurals, message.id


def test_romanian_has_three_plural_forms():
    assert catalog("ro").num_plurals == 3


@pytest.mark.skipif(not shutil.which("msgfmt"), reason="GNU gettext is not installed")
@pytest.mark.parametrize("lang", LANGS)
def test_msgfmt_accepts_it(lang):
    po = LOCALE / lang / "LC_MESSAGES" / "django.po"
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr, result.stderr


# Words the native readers ruled out (../shared/GLOSSARY.md, reviews/language-*.md).
BANNED = {
    "pt": r"intervenç|quatro passos|passos seguidos|licitações e passos|\bronda\b",
    "es": r"intervenci|\brango\b|\barrastr|\btriunfan\b",
    "ro": r"intervenți|căsători|defos",
    "fr": r"(?:cette|l')\s?enchère est (?:autorisée|permise)",
}


@pytest.mark.parametrize("lang", LANGS)
def test_it_uses_the_glossary_words(lang):
    found = []
    for message in entries(lang):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [text for text in strings if re.search(BANNED[lang], text, re.I)]
    assert found == []


def test_french_punctuation_has_its_non_breaking_spaces():
    wrong = []
    for message in entries("fr"):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            # JSON quoted as an example keeps JSON's own spacing (a no-break space is no
            # whitespace to a JSON reader).
            prose = re.sub(r"\{[^{}]*\}", "", text)
            if re.search(r"(?<![\u00a0\u202f])[:;?!](\s|$)|«(?!\u00a0)|(?<!\u00a0)»", prose):
                wrong.append(text)
    assert wrong == []


# One word for a deal (the round): pt "distribuição", es "ronda"; "mão" / "mano" is only the
# cards held, so it never translates an entry about a deal (unless that entry also speaks of
# a hand, as "Only cards in your hand count… one combination a deal").
DEAL_WORD = {"pt": r"\bm[ãa]os?\b", "es": r"\bmanos?\b"}


@pytest.mark.parametrize("lang", sorted(DEAL_WORD))
def test_a_deal_has_one_word(lang):
    wrong = []
    for message in entries(lang):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not any(re.search(r"\bdeals?\b|\bround\b", i) for i in ids):
            continue
        if any(re.search(r"\bhands?\b", i) for i in ids):
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wrong += [text for text in strings if re.search(DEAL_WORD[lang], text, re.I)]
    assert wrong == []
