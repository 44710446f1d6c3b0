"""What a session adds up to: the answer distribution, the standings, the rules most often
broken, and the spreadsheet export."""

import csv
import io
from collections import Counter

from babel.numbers import get_decimal_symbol
from django.db.models import Count
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from tutor.exercises.present import tap_view
from tutor.rules.explain import babel_locale, format_number, list_text

from . import questions, scoring
from .models import Answer, ClubQuestion, Player

# A spreadsheet runs a cell starting with these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The distribution on the projector: the most frequent answers, then the rest together.
DISTRIBUTION_ROWS = 5


def distribution(question: ClubQuestion, lang: str) -> dict:
    """Answers given, as rows ``{answer, count, percent, correct}``. A choice question gets one
    row per choice, in the choices' order (the projector's tiles); any other gets its most
    frequent answers first and the rest summed in ``others``."""
    counts: Counter = Counter()
    given_by_key = {}
    correct_keys = set()
    for given, correct in question.answers.values_list("given", "correct"):
        key = questions.answer_key(given)
        counts[key] += 1
        given_by_key[key] = given
        if correct:
            correct_keys.add(key)
    total = sum(counts.values())

    def percent(count):
        return round(100 * count / total) if total else 0

    choices = question.data.get("choices")
    if choices:
        expected = questions.answer_key(questions.expected(question.data))
        rows = []
        for index, choice in enumerate(choices):
            key = questions.answer_key(choice["value"])
            rows.append(
                {
                    "tile": index % questions.TILES,
                    "answer": questions.describe(question.data, choice["value"], lang),
                    "count": counts[key],
                    "percent": percent(counts[key]),
                    "correct": key == expected,
                }
            )
        return {"rows": rows, "others": 0, "total": total, "tiles": True}
    common = counts.most_common()
    rows = [
        {
            "answer": questions.describe(question.data, given_by_key[key], lang),
            "count": count,
            "percent": percent(count),
            "correct": key in correct_keys,
        }
        for key, count in common[:DISTRIBUTION_ROWS]
    ]
    others = sum(count for _key, count in common[DISTRIBUTION_ROWS:])
    return {"rows": rows, "others": others, "total": total, "tiles": False}


def split(question: ClubQuestion, lang: str) -> dict:
    """A tap question's answers card by card (or call by call), on the table component: each
    card's count, whether the rules make it right, and the engine's reason for each refused
    card someone chose (``exercises.present.tap_view``); ``total``: the answers."""
    counts = Counter(question.answers.values_list("given", flat=True))
    return {**tap_view(question.data, lang, counts=dict(counts)), "total": sum(counts.values())}


def standings(session) -> list[scoring.Standing]:
    """Every player ranked over the revealed questions, by the session's way of scoring."""
    players = list(
        Player.objects.filter(session=session)
        .order_by("joined_at", "pk")
        .values_list("pk", "nickname", "lang")
    )
    answers = list(
        Answer.objects.filter(
            question__session=session, question__revealed_at__isnull=False
        ).values_list(
            "player_id", "question__position", "correct", "elapsed_ms", "question__seconds"
        )
    )
    revealed = ClubQuestion.objects.filter(session=session, revealed_at__isnull=False)
    last = max(revealed.values_list("position", flat=True), default=-1)
    return scoring.standings(players, answers, session.scoring, last)


def asked(session) -> int:
    return ClubQuestion.objects.filter(session=session, revealed_at__isnull=False).count()


def rules_broken(session, limit: int | None = None) -> list[dict]:
    """The rules behind wrong answers, most often broken first, each named in the page's
    language, with the questions that turned on it."""
    wrong = (
        Answer.objects.filter(question__session=session, correct=False)
        .values("rule", "question__position", "question__data__type")
        .annotate(count=Count("id"))
    )
    by_rule: dict[str, dict] = {}
    for row in wrong:
        entry = by_rule.setdefault(
            row["rule"],
            {
                "rule": row["rule"],
                "name": questions.rule_name(row["rule"], row["question__data__type"]),
                "count": 0,
                "positions": [],
            },
        )
        entry["count"] += row["count"]
        entry["positions"].append(row["question__position"] + 1)
    for entry in by_rule.values():
        entry["positions"].sort()
        entry["tally"] = _tally(entry["count"], entry["positions"])
    ranked = sorted(by_rule.values(), key=lambda entry: (-entry["count"], entry["rule"]))
    return ranked[:limit] if limit else ranked


def _tally(count: int, positions: list[int]) -> str:
    """The wrong answers and the questions they came from, each noun agreeing with its number."""
    lang = get_language()
    wrong = ngettext("%(count)s wrong answer", "%(count)s wrong answers", count) % {
        "count": format_number(count, lang)
    }
    return ngettext(
        "%(wrong_answers)s (question %(numbers)s)",
        "%(wrong_answers)s (questions %(numbers)s)",
        len(positions),
    ) % {
        "wrong_answers": wrong,
        "numbers": list_text([format_number(p, lang) for p in positions], lang),
    }


def _cell(value) -> str:
    value = str(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def spreadsheet(session, lang: str) -> str:
    """The results as a CSV a spreadsheet in ``lang`` opens in columns: with a byte-order mark
    (so Excel reads UTF-8), ``;`` between cells where the locale writes decimals with a comma
    (Excel and LibreOffice then expect it), and decimals written the locale's way. One row
    per player: rank, nickname, language, right answers, points (speed scoring), answered,
    seconds, then each
    question (1 right, 0 wrong, empty when not answered)."""
    decimal = get_decimal_symbol(babel_locale(lang))
    delimiter = ";" if decimal == "," else ","
    positions = list(
        ClubQuestion.objects.filter(session=session).values_list("position", flat=True)
    )
    marks = {
        (player_id, position): int(correct)
        for player_id, position, correct in Answer.objects.filter(
            question__session=session
        ).values_list("player_id", "question__position", "correct")
    }
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    speed = session.scoring == "speed"
    writer.writerow(
        [_("Rank"), _("Nickname"), _("Language"), _("Right answers")]
        + ([_("Points")] if speed else [])
        + [_("Answered"), _("Seconds")]
        + [_("Question %(number)s") % {"number": position + 1} for position in positions]
    )
    for row in standings(session):
        writer.writerow(
            [row.rank, _cell(row.nickname), row.lang, row.right]
            + ([row.points] if speed else [])
            + [row.answered, f"{row.seconds:.1f}".replace(".", decimal)]
            + [marks.get((row.player_id, position), "") for position in positions]
        )
    return out.getvalue()
