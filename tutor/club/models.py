"""Everything a club session is, kept in the database so a restart loses nothing.

The session row changes only on teacher actions (``phase_version`` counts
them); joining and answering write their own rows, so 300 phones answering at
once never queue on one hot row.

A teacher's own questions are a :class:`QuestionSet`; a session run from it, and
homework assigned from it, copy its questions when they start, so editing the set
afterwards changes neither.
"""

import secrets

from django.conf import settings
from django.db import models


def per_network_default() -> int:
    return settings.CLUB_PLAYERS_PER_NETWORK


def link_token() -> str:
    """The unguessable part of a set's or a homework's address (96 bits)."""
    return secrets.token_urlsafe(12)


class QuestionSet(models.Model):
    """A teacher's questions under one name and one rule profile, in order. Its address
    (the token) is the link to share: anyone may open it and copy it, only its owner edits."""

    token = models.CharField(max_length=24, unique=True, default=link_token)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="question_sets"
    )
    name = models.CharField(max_length=80)
    game = models.CharField(max_length=20)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    copied_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="copies"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]

    def __str__(self):
        return self.name


class SetQuestion(models.Model):
    """One question of a set: posed under the set's rules when it was added."""

    class Source(models.TextChoices):
        REFEREE = "referee"
        DEAL = "deal"
        LESSON = "lesson"
        PRACTICE = "practice"
        DRAWN = "drawn"

    question_set = models.ForeignKey(
        QuestionSet, on_delete=models.CASCADE, related_name="questions"
    )
    order = models.PositiveSmallIntegerField()
    # The posed question as tutor.exercises returns it.
    question = models.JSONField()
    source = models.CharField(max_length=20, choices=Source.choices)
    # The time to answer it in a live session; None: untimed.
    seconds = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["order", "pk"]

    def __str__(self):
        return f"{self.question_set} #{self.order + 1}"


class ClubSession(models.Model):
    class Phase(models.TextChoices):
        LOBBY = "lobby"
        QUESTION = "question"
        REVEAL = "reveal"
        SCOREBOARD = "scoreboard"
        FINISHED = "finished"

    class Scoring(models.TextChoices):
        ACCURACY = "accuracy"
        SPEED = "speed"

    code = models.CharField(max_length=8, unique=True)
    # The teacher key is an HMAC of this nonce (see codes.teacher_key): the
    # database alone never holds a working teacher link.
    nonce = models.CharField(max_length=32)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.CharField(max_length=20)
    # A profile name or a house-rule code (tutor.rules.coinche.houserules).
    profile = models.CharField(max_length=600)
    topics = models.JSONField(default=list)
    difficulty = models.PositiveSmallIntegerField(default=1)
    # The open question's time to answer (each question has its own: ClubQuestion.seconds).
    seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    # A timed question reveals itself when its time is up (and the grace has passed).
    auto_reveal = models.BooleanField(default=False)
    scoring = models.CharField(max_length=10, choices=Scoring.choices, default=Scoring.ACCURACY)
    max_players = models.PositiveIntegerField(null=True, blank=True)
    # The most players from one network address (codes.network); joins past it are refused.
    per_network = models.PositiveIntegerField(default=per_network_default)
    # The teacher can close the session to new players (those already in come back).
    joining_open = models.BooleanField(default=True)
    # Token digests of the phones the teacher removed: that browser cannot join again.
    removed = models.JSONField(default=list, blank=True)
    lang = models.CharField(max_length=8)
    # The set the questions were copied from, and its name then (empty: drawn by topics).
    question_set = models.ForeignKey(
        QuestionSet, null=True, blank=True, on_delete=models.SET_NULL, related_name="sessions"
    )
    title = models.CharField(max_length=80, blank=True)
    phase = models.CharField(max_length=10, choices=Phase.choices, default=Phase.LOBBY)
    position = models.IntegerField(default=-1)
    phase_version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.code


class ClubQuestion(models.Model):
    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="questions")
    position = models.PositiveSmallIntegerField()
    # The posed question as tutor.exercises returns it (no answer inside).
    data = models.JSONField()
    # Its time to answer; None: untimed. Opening it copies this to the session's ``seconds``,
    # which the clock and the automatic reveal read.
    seconds = models.PositiveSmallIntegerField(null=True, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="club_question_once")
        ]

    def __str__(self):
        return f"{self.session.code}#{self.position + 1}"


class Player(models.Model):
    session = models.ForeignKey(ClubSession, on_delete=models.CASCADE, related_name="players")
    nickname = models.CharField(max_length=24)
    nickname_key = models.CharField(max_length=24)
    # SHA-256 of the rejoin token held in the phone's cookie.
    token_digest = models.CharField(max_length=64, unique=True)
    lang = models.CharField(max_length=8)
    # Position of the last question this player answered: the player's poll
    # ETag reads it from the row it loads anyway.
    answered_position = models.IntegerField(default=-1)
    joined_at = models.DateTimeField(auto_now_add=True)
    # Which network address the phone joined from, as a digest keyed by the session
    # (codes.network): the joins of one address are counted, the address is never stored.
    network = models.CharField(max_length=64, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["session", "nickname_key"], name="club_nickname_once")
        ]
        indexes = [models.Index(fields=["session", "network"], name="club_player_network")]

    def __str__(self):
        return self.nickname


class Answer(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="answers")
    question = models.ForeignKey(ClubQuestion, on_delete=models.CASCADE, related_name="answers")
    given = models.JSONField()
    correct = models.BooleanField()
    rule = models.CharField(max_length=60, blank=True)
    elapsed_ms = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "question"], name="club_answer_once")
        ]

    def __str__(self):
        return f"{self.player} → {self.question}"


class Homework(models.Model):
    """A set assigned to be answered at each learner's own pace before ``deadline``: its
    questions copied when it was assigned, its address (the token) given to the learners."""

    token = models.CharField(max_length=24, unique=True, default=link_token)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="homework"
    )
    question_set = models.ForeignKey(
        QuestionSet, null=True, blank=True, on_delete=models.SET_NULL, related_name="homework"
    )
    name = models.CharField(max_length=80)
    game = models.CharField(max_length=20)
    profile = models.CharField(max_length=600)
    questions = models.JSONField(default=list)
    deadline = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return self.name


class Learner(models.Model):
    """Someone answering a homework, known by a nickname and their browser's token."""

    homework = models.ForeignKey(Homework, on_delete=models.CASCADE, related_name="learners")
    nickname = models.CharField(max_length=24)
    nickname_key = models.CharField(max_length=24)
    # SHA-256 of the token held in the browser's cookie.
    token_digest = models.CharField(max_length=64, unique=True)
    lang = models.CharField(max_length=8)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["homework", "nickname_key"], name="homework_nickname_once"
            )
        ]

    def __str__(self):
        return self.nickname


class HomeworkAnswer(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="answers")
    # The question's place in the homework (0 first).
    number = models.PositiveSmallIntegerField()
    given = models.JSONField()
    correct = models.BooleanField()
    rule = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["learner", "number"], name="homework_answer_once")
        ]

    def __str__(self):
        return f"{self.learner} → {self.number + 1}"
