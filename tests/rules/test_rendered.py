"""``explain.rendered``: a sentence and the catalog entries it was made of, as a translator
finds them (the sentence's own first, then every word it took in), in every language."""

import pytest

from tutor.rules import explain
from tutor.rules.explain import MESSAGES, Step, render, rendered

LANGS = ["en", "pt", "es", "ro", "fr"]


@pytest.mark.parametrize("lang", LANGS)
def test_it_names_the_sentence_and_each_word_it_took_in(lang):
    step = Step("duplicate_card", {"card": "QH"})
    text, used = rendered(step, lang)
    assert text == render(step, lang)
    assert used[0] == {"msgid": "%(the_card)s appears twice; a deck has only one."}
    assert {"msgctxt": "card rank, with the", "msgid": "the queen"} in used
    assert {"msgctxt": "suit", "msgid": "hearts"} in used


@pytest.mark.parametrize("lang", LANGS)
def test_a_counted_sentence_names_both_forms(lang):
    from tutor.rules.chouine import score  # noqa: F401  (declares the Chouine scoring sentences)

    message = MESSAGES["chouine_score_last_trick"]
    _text, used = rendered(Step("chouine_score_last_trick", {"player": "A", "points": 10}), lang)
    assert used[0] == {"msgid": message.singular, "msgid_plural": message.plural}


def test_a_variant_names_the_case_the_parameters_chose():
    """Each case a simple probe can choose, rendered, names its own sentence first."""
    chosen = [code for code, message in MESSAGES.items() if isinstance(message, explain.Variants)]
    checked = 0
    for code in chosen:
        message = MESSAGES[code]
        for case in message.options:
            option = message.options[case]
            expected = option.singular if isinstance(option, explain.Plural) else option
            params = _params_for(message, case)
            if params is None:
                continue
            try:
                _text, used = rendered(Step(code, params), "en")
            except KeyError:
                continue  # this case needs parameters the probe does not give
            assert used[0]["msgid"] == expected
            checked += 1
    assert checked >= 4


def _params_for(message, case):
    """Parameters that make ``message.pick`` choose ``case``, if a simple probe finds them."""
    for params in ({"you": True}, {}, {"multiplier": 1}, {"multiplier": 2}, {"multiplier": 4}):
        try:
            if message.pick(params) == case:
                return params
        except (KeyError, TypeError):
            continue
    return None


def test_nothing_is_noted_outside_rendered():
    assert explain._USED.get() is None
    rendered(Step("duplicate_card", {"card": "QH"}), "pt")
    assert explain._USED.get() is None
    assert explain.translator("pt") is explain._catalog("pt")
