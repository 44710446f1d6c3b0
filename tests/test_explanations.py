"""The explanations of several hundred engine scenarios, read in every language for the
faults the native readers found: an empty header, English left in a translated page,
a count that skipped ngettext, a zero term in a sum, one line per card, a sentence
that starts in lower case."""

import importlib
import pkgutil
import re
from functools import cache

import pytest

import tutor.rules
from tutor.exercises import pose
from tutor.exercises.base import TYPES, ExerciseError
from tutor.exercises.samples import samples
from tutor.rules.explain import MESSAGES, Plural, Variants, english_texts, render

LANGS = ["en", "pt", "es", "ro", "fr"]
TRANSLATED = LANGS[1:]
SEEDS = range(8)
# Words that only English has, among the ones every explanation uses.
ENGLISH = re.compile(
    r"\b(the|and|you|your|with|trick|tricks|wins|must|may|hold|holds|played|which|"
    r"there|only|highest|partner)\b",
    re.I,
)
# English templates: a number placeholder straight before the noun it counts.
COUNTED = re.compile(
    r"%\((\w+)\)s (more )?(card )?(points?|cards?|tricks?|brisques?|deals?|times?|players?)\b"
)


NAMED = re.compile(r"(the_|of_the_|to_the_)?(player|seat|side|card)")


@cache
def all_samples():
    return samples(SEEDS)


def test_there_are_several_hundred_scenarios_of_every_kind():
    kinds = {sample.title.split(" / ")[0] for sample in all_samples()}
    assert len(all_samples()) >= 400
    assert kinds == {*TYPES, "replay"}


def _rendered(lang):
    for sample in all_samples():
        for section, steps in sample.sections().items():
            for step in steps:
                yield sample, section, step, render(step, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_is_whole_and_starts_with_a_capital(lang):
    wrong = []
    for sample, section, step, text in _rendered(lang):
        broken = "%(" in text or text == step.code or not text.strip()
        lower = section != "choices" and not re.match(r"[\W\d]*[A-ZÀ-ÖØ-ÞĂÂÎȘȚ0-9]", text)
        if broken or lower:
            wrong.append((sample.title, step.code, text))
    assert wrong == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_english_is_left_in_a_translated_explanation(lang):
    left = []
    for sample, _, step, text in _rendered(lang):
        english = render(step, "en")
        if ENGLISH.search(text) or (text == english and len(re.findall(r"[a-z]{3,}", text)) > 2):
            left.append((sample.title, step.code, text))
    assert left == []


def test_every_counted_noun_goes_through_ngettext():
    """In the English source, a number placeholder followed by the noun it counts must be
    in a plural message counted by that very placeholder."""
    for module in pkgutil.walk_packages(tutor.rules.__path__, "tutor.rules."):
        importlib.import_module(module.name)  # every module's messages, the CLI's too

    def check(code, message):
        if isinstance(message, Variants):
            for option in message.options.values():
                yield from check(code, option)
            return
        for text in english_texts(message):
            for match in COUNTED.finditer(text):
                if NAMED.match(match.group(1)):
                    continue  # a player or seat before a verb ("player B deals")
                counted = isinstance(message, Plural) and message.count == match.group(1)
                if not counted:
                    yield code, text

    assert [fault for code, message in MESSAGES.items() for fault in check(code, message)] == []


@pytest.mark.parametrize(
    ("lang", "pattern"),
    [
        ("en", r"(?<![\d.,])1 (points|cards|tricks|deals)\b"),
        ("fr", r"(?<![\d\u202f])[01] (points|cartes|plis|donnes)\b"),
        ("es", r"(?<![\d.])1 (puntos|cartas|bazas|manos)\b"),
        ("pt", r"(?<![\d\xa0])1 (pontos|cartas|vazas)\b"),
        # Romanian: 1 / 2-19 (and 101-119...) without "de" / 20 and more with "de".
        ("ro", r"(?<![\d.])1 (puncte|cărți|levate)\b"),
    ],
)
def test_counts_agree_with_their_number(lang, pattern):
    wrong = [(s.title, t) for s, _, _, t in _rendered(lang) if re.search(pattern, t)]
    assert wrong == []


def test_romanian_says_de_from_twenty_on():
    wrong = []
    for sample, _, _, text in _rendered("ro"):
        for number, de in re.findall(r"(?<![\d.])(\d+) (de )?(?:puncte|cărți|levate)\b", text):
            needs_de = int(number) % 100 == 0 and int(number) > 0 or int(number) % 100 >= 20
            if needs_de != bool(de):
                wrong.append((sample.title, text))
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_sums_show_only_their_non_zero_terms(lang):
    zero_term = re.compile(r"\+\s*0(?![\d.,])|(?<![\d.,\u00a0\u202f])0 [^+=.;:]*\+")
    wrong = [(s.title, t) for s, _, _, t in _rendered(lang) if zero_term.search(t)]
    assert wrong == []


def test_a_reason_is_said_once_for_all_its_cards():
    repeated = []
    for sample in all_samples():
        for section in ("why_wrong", "steps"):
            seen = set()
            for step in sample.sections()[section]:
                if not re.match(r"(chouine_)?illegal_|quiz_also_legal", step.code):
                    continue
                rest = tuple(sorted((k, str(v)) for k, v in step.params.items() if k != "card"))
                key = (step.code, rest)
                if "card" in step.params and key in seen:
                    repeated.append((sample.title, step.code))
                seen.add(key)
    assert repeated == []


def test_lists_of_cards_are_grouped_by_suit_high_to_low():
    step = next(
        step
        for sample in all_samples()
        for step in sample.why_wrong
        if step.code == "quiz_also_legal" and isinstance(step.params["card"], list)
    )
    text = render(step, "en")
    cards = step.params["card"]
    for suit, name in zip("SHDC", ("spades", "hearts", "diamonds", "clubs"), strict=True):
        if sum(card[1] == suit for card in cards) > 1:
            assert text.count(f"of {name}") == 1, text


@pytest.mark.parametrize("lang", LANGS)
def test_no_header_is_left_with_nothing_after_it(lang):
    empty = []
    for name, qtype in TYPES.items():
        for profile in qtype.profiles:
            for seed in SEEDS:
                try:
                    question = pose(name, seed, profile)
                except ExerciseError:
                    continue
                for row in question["show"]:
                    text = render_row(row, lang)
                    if text.rstrip().endswith(":") and not (row.get("cards") or row.get("labels")):
                        empty.append((name, profile, seed, text))
    assert empty == []


def render_row(row, lang):
    from tutor.exercises import text

    return text(row["text"], lang) if row.get("text") else ""


@pytest.mark.parametrize("lang", ["fr"])
def test_french_punctuation_has_its_non_breaking_spaces(lang):
    wrong = []
    for sample, _, _, text in _rendered(lang):
        if re.search(r"(?<![\u00a0\u202f])[:;?!](\s|$)|« |(?<!\u00a0)»", text):
            wrong.append((sample.title, text))
    assert wrong == []
