"""Counting drills: scoring trained at speed, on items the engine poses and checks.

A drill is a kind of count (a trick, a running count, a deal's totals, a score line,
Chouine's trick, announcements and deal), each an exercise type of :mod:`tutor.exercises`,
so an item is ``pose(type, seed, profile, level)`` and its answer, its sum term by term and
the rule a mistake is filed under (for the same FSRS review as every other question) are
the engine's. A level sets what the items include (the type's difficulty) and how long the
cards stay in view.

A run is played through the server: it holds the item being asked (number and seed), and
the page sends back a signed token naming them, so an answer counts once, for that item,
in that run. A storm's clock and a streak's end are the server's, and a record is written
only when the server ends a run; nothing a page sends can set one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tutor import exercises, plain
from tutor.exercises.base import MAX_SEED

from .models import CountRecord, CountRun

MODES = {
    "practice": pgettext_lazy("counting drill mode", "Practice"),
    "storm": pgettext_lazy("counting drill mode", "Count storm"),
    "streak": pgettext_lazy("counting drill mode", "Count streak"),
}
# Modes that keep records: a storm's right answers, a streak's length.
RECORDED = ("storm", "streak")
# An answer that arrives this long after a storm's end (the network's time) still counts.
GRACE_SECONDS = 2
# Mistakes kept to show again at a run's end.
SHOWN_MISTAKES = 30
SALT = "tutor.quiz.count"


@dataclass(frozen=True)
class Drill:
    """A kind of count. ``display``: ``still`` (the item stays in view), ``flash`` (the cards
    show for a level's seconds, then hide) or ``replay`` (the item's ``tricks``, each a
    leader, its cards and its winner, come one at a time on the table, a level's seconds
    each). ``levels``: what each level includes, in the learner's words."""

    slug: str
    type: str
    game: str
    title: Promise
    line: Promise
    display: str
    levels: dict[int, Promise]
    seconds: dict[int, float | None] = field(default_factory=dict)

    @property
    def qtype(self):
        return exercises.get_type(self.type)

    @property
    def profiles(self) -> tuple[str, ...]:
        return self.qtype.profiles

    def shown_for(self, level: int) -> float | None:
        return self.seconds.get(level)


DRILLS = {
    drill.slug: drill
    for drill in (
        Drill(
            "trick",
            "trick_points",
            "coinche",
            _("Count a trick"),
            _("Four cards on the table: their points, at a glance."),
            "flash",
            {
                1: _("Suit contracts; the cards stay in view."),
                2: _("Every contract these rules have; the cards show for 5 seconds."),
                3: _("Every contract these rules have; the cards show for 2.5 seconds."),
            },
            {2: 5, 3: 2.5},
        ),
        Drill(
            "running",
            "running_count",
            "coinche",
            _("Running count"),
            _("A deal replayed trick by trick: keep one side's count in your head."),
            "replay",
            {
                1: _("North-South's card points, suit contracts; 4 seconds a trick."),
                2: _("Either side, the last trick's 10 included; 2.5 seconds a trick."),
                3: _("Either side, the last trick's 10 included; 1.5 seconds a trick."),
            },
            {1: 4, 2: 2.5, 3: 1.5},
        ),
        Drill(
            "total",
            "deal_total",
            "coinche",
            _("A deal's totals"),
            _("Each side's total: card points, last trick or capot, declarations, belote."),
            "still",
            {
                1: _("Card points, the last trick and the belote, suit contracts."),
                2: _("Declarations too: only the side with the best one scores them."),
                3: _("Capots and every contract these rules have, too."),
            },
        ),
        Drill(
            "score",
            "deal_score",
            "coinche",
            _("The score line"),
            _("Made or down, coinched, rounded: what each side writes down."),
            "still",
            {
                1: _("Made or down, suit contracts."),
                2: _("Coinche and surcoinche, and every contract these rules have."),
                3: _("Capot bids, and a litige's deposit where these rules have one."),
            },
        ),
        Drill(
            "chouine-trick",
            "chouine_trick_points",
            "chouine",
            _("Chouine: count a trick"),
            _("Two cards on the table: their points, at a glance."),
            "flash",
            {
                1: _("The cards stay in view."),
                2: _("The cards show for 4 seconds."),
                3: _("The cards show for 2 seconds; the last trick brings its 10."),
            },
            {2: 4, 3: 2},
        ),
        Drill(
            "chouine-announcements",
            "chouine_announcement_points",
            "chouine",
            _("Chouine: the announcements"),
            _("A player's announcements: what they bring in all."),
            "still",
            {
                1: _("One or two announcements, none in trumps."),
                2: _("Up to three, trumps (worth double) included."),
                3: _("Two to four, a quinte of brisques included."),
            },
        ),
        Drill(
            "chouine-deal",
            "chouine_deal_points",
            "chouine",
            _("Chouine: the deal"),
            _("Cards, last trick and announcements: each player's total."),
            "still",
            {
                1: _("At most one announcement."),
                2: _("Up to two announcements."),
                3: _("Up to three announcements, a quinte included."),
            },
        ),
    )
}


class DrillError(Exception):
    """Something a page sent that no drill page produces; ``code`` names the message."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def get_drill(slug: object) -> Drill:
    if not isinstance(slug, str) or slug not in DRILLS:
        raise DrillError("count_unknown_drill")
    return DRILLS[slug]


def new_seed() -> int:
    return random.randrange(MAX_SEED)


def question(run: CountRun, seed: int | None = None) -> dict:
    """The item ``seed`` (by default the one being asked) of ``run``, posed by the engine."""
    drill = DRILLS[run.drill]
    params = {"difficulty": run.level}
    return exercises.pose(drill.type, run.seed if seed is None else seed, run.profile, params)


def token(run: CountRun) -> str:
    """The signed name of the item being asked: the run, the item's number and seed."""
    return signing.dumps([run.id.hex, run.number, run.seed], salt=SALT, compress=True)


def read_token(run: CountRun, value: str) -> int:
    """The item number a token names, once its signature and run are checked."""
    try:
        run_id, number, seed = signing.loads(value, salt=SALT)
    except (signing.BadSignature, ValueError, TypeError):
        raise DrillError("count_bad_token") from None
    if run_id != run.id.hex or not isinstance(number, int) or number > run.number:
        raise DrillError("count_bad_token")
    if number == run.number and seed != run.seed:
        raise DrillError("count_bad_token")
    return number


def start(owner: dict, drill: Drill, profile: str, level: int, mode: str) -> CountRun:
    seconds = settings.COUNT_STORM_SECONDS if mode == "storm" else 0
    return CountRun.objects.create(
        **owner,
        drill=drill.slug,
        profile=profile,
        level=level,
        mode=mode,
        seconds=seconds,
        seed=new_seed(),
    )


def time_up(run: CountRun, grace: int = 0) -> bool:
    deadline = run.deadline
    return deadline is not None and (timezone.now() - deadline).total_seconds() > grace


def answer(run: CountRun, verdict) -> None:
    """Files an answer to the item being asked and moves the run on (the caller holds the
    run's row locked). A storm mistake costs seconds; a streak ends at its first mistake."""
    entry = {
        "number": run.number,
        "seed": run.seed,
        "given": verdict.given,
        "correct": verdict.correct,
    }
    run.answers = [*run.answers, entry]
    if verdict.correct:
        run.right += 1
    else:
        run.wrong += 1
        if run.mode == "storm":
            run.penalty = min(run.seconds, run.penalty + settings.COUNT_STORM_PENALTY)
    run.number += 1
    run.seed = new_seed()
    if (run.mode == "streak" and not verdict.correct) or (run.mode == "storm" and time_up(run)):
        finish(run)
    else:
        # What an answer changes, and only that: the rest of the row is never rewritten.
        plain.update(run, ["answers", "right", "wrong", "penalty", "number", "seed"])


def score(run: CountRun) -> int:
    """What a run scores: right answers (a storm), answers in a row (a streak)."""
    return run.right


def finish(run: CountRun) -> None:
    """Ends ``run`` and, for a storm or a streak, keeps its score as the owner's record for
    these settings when it beats the one before (the caller holds the run's row locked)."""
    if run.finished is not None:
        return
    run.finished = timezone.now()
    if run.mode in RECORDED:
        owner = {"user_id": run.user_id, "session_key": run.session_key}
        if run.user_id is not None:
            owner = {"user_id": run.user_id}
        settings_of = {
            "drill": run.drill,
            "profile": run.profile,
            "level": run.level,
            "mode": run.mode,
        }
        record = CountRecord.objects.filter(**owner, **settings_of).first()
        run.record_before = record.best if record else None
        if record is None and score(run) > 0:
            try:
                with transaction.atomic():
                    CountRecord.objects.create(
                        **owner, **settings_of, best=score(run), run=run, achieved=run.finished
                    )
            except IntegrityError:
                # Another run of the same owner ended at the same moment; keep the higher.
                record = CountRecord.objects.filter(**owner, **settings_of).first()
        if record is not None and score(run) > record.best:
            record.best, record.run, record.achieved = score(run), run, run.finished
            record.save(update_fields=["best", "run", "achieved"])
    run.save()


def records(owned_filter, profile: str | None = None) -> dict[tuple[str, str], CountRecord]:
    """The owner's best record per (drill, mode), over every level, for ``profile``."""
    rows = CountRecord.objects.filter(owned_filter)
    if profile is not None:
        rows = rows.filter(profile=profile)
    best: dict[tuple[str, str], CountRecord] = {}
    for row in rows.order_by("-best", "-level"):
        best.setdefault((row.drill, row.mode), row)
    return best


def record_for(owned_filter, run: CountRun) -> int | None:
    row = (
        CountRecord.objects.filter(owned_filter)
        .filter(drill=run.drill, profile=run.profile, level=run.level, mode=run.mode)
        .first()
    )
    return row.best if row else None
