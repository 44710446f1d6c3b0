"""What every question type shares: posing from a seed, reading and checking an answer.

A type subclasses :class:`QuestionType` and fills in three hooks:
``generate`` (a random scenario, as JSON-able data), ``solve`` (the engine's
answer, steps and deciding rule) and, where a wrong answer needs more than the
engine's steps, ``why_wrong``. Everything else — seeds, filters, answer
parsing, comparison — lives here once.
"""

from __future__ import annotations

import copy
import functools
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.guard import inputs
from tutor.rules.explain import Step, gettext_noop, group_cards, messages, ngettext_noop, render
from tutor.rules.profiles import fits

MAX_SEED = 2**32 - 1
# No score or count in these games comes near a billion; a longer number is refused before
# it reaches the engine, a Babel format or the database.
MAX_ANSWER_DIGITS = 9
# How many scenarios a filtered pose draws before saying the filter matches nothing.
MAX_DRAWS = 400
# The seeds whose draws decide, once per process, which situations a type shows where
# its options cannot tell (see :func:`sampled_situations`).
SAMPLE_SEEDS = (0,)

messages(
    {
        "quiz_unknown_type": gettext_noop('"%(value)s" is not a kind of question.'),
        "quiz_unknown_profile": gettext_noop(
            'This kind of question cannot be asked with the rule profile "%(value)s".'
        ),
        "quiz_bad_seed": gettext_noop(
            '"%(value)s" is not a scenario number: use a whole number from 0 to 4294967295.'
        ),
        "quiz_bad_difficulty": gettext_noop('"%(value)s" is not a level: use 1, 2 or 3.'),
        "quiz_unknown_situation": gettext_noop(
            'This kind of question has no situation called "%(value)s".'
        ),
        "quiz_no_scenario": gettext_noop(
            "No scenario with these filters was found; try another level or situation."
        ),
        "quiz_bad_answer": gettext_noop("This answer does not belong to this question."),
        "quiz_number_too_long": gettext_noop(
            "This number is too long to be an answer: give at most %(digits)s digits."
        ),
        "quiz_unknown_curated": gettext_noop('There is no prepared scenario called "%(value)s".'),
        "quiz_also_legal": gettext_noop("Playing %(the_card)s was allowed too."),
        "quiz_choice_seat": gettext_noop("%(seat)s"),
        "quiz_choice_side": gettext_noop("%(side)s"),
        "quiz_choice_player": gettext_noop("%(player)s"),
        "quiz_choice_yes": gettext_noop("Yes"),
        "quiz_choice_no": gettext_noop("No"),
        "quiz_wrong_score": gettext_noop("%(side)s score %(points)s, not %(points_given)s."),
        # What a first miss may say: why the answer is wrong, never what the right one is.
        "quiz_left_out": ngettext_noop(
            "You left out %(count)s card that is also allowed.",
            "You left out %(count)s cards that are also allowed.",
            "count",
        ),
        "quiz_too_low": gettext_noop("%(number)s is too few: count again."),
        "quiz_too_high": gettext_noop("%(number)s is too many: count again."),
        "quiz_side_too_low": gettext_noop("%(points_given)s is too few for %(side)s."),
        "quiz_side_too_high": gettext_noop("%(points_given)s is too many for %(side)s."),
        "quiz_side_right": gettext_noop("%(side)s: %(points_given)s is right."),
        # A Chouine player, said with its article ("for player A").
        "quiz_player_too_low": gettext_noop("%(points_given)s is too few for %(the_player)s."),
        "quiz_player_too_high": gettext_noop("%(points_given)s is too many for %(the_player)s."),
    }
)


class ExerciseError(ValueError):
    """A question that cannot be asked or an answer that cannot be read, with a reason code."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(f"{code}: {params}" if params else code)
        self.code = code
        self.params = params

    @property
    def step(self) -> Step:
        return Step(self.code, self.params)


class BadAnswer(ExerciseError):
    """Submitted data that the question's form could not have produced."""


@dataclass(frozen=True)
class Solution:
    """The engine's answer to a question: the expected answer, its steps, the deciding rule."""

    expected: Any
    steps: list[Step]
    rule: str


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`check`.

    ``given`` and ``expected`` have the shape of the type's answers: a list of
    card codes (``cards``), a choice value (``choice``) or ``{side: points}``
    (``scores``). ``rule`` is the reason code the mistake is filed under.
    """

    correct: bool
    given: Any
    expected: Any
    steps: list[Step]
    why_wrong: list[Step] = field(default_factory=list)
    rule: str = ""
    # Why a wrong answer breaks a rule, without the right answer: what a first miss shows.
    hint: list[Step] = field(default_factory=list)

    def as_json(self, lang: str = "en") -> dict:
        return {
            "correct": self.correct,
            "given": self.given,
            "expected": self.expected,
            "rule": self.rule,
            "steps": [{"code": s.code, "text": render(s, lang)} for s in self.steps],
            "why_wrong": [{"code": s.code, "text": render(s, lang)} for s in self.why_wrong],
            "hint": [{"code": s.code, "text": render(s, lang)} for s in self.hint],
        }


class QuestionType(ABC):
    """One kind of question. Subclasses set the class attributes and the hooks."""

    name: str = ""
    game: str = "coinche"
    topic: str = ""
    answer_kind: str = "choice"
    # For ``tap`` questions, the form field a tap sends: ``card`` or ``call``.
    tap_field: str = ""
    # What a right tap is (tutor.table.ASKS): the words its verdict says on the table.
    tap_asks: str = "allowed"
    profiles: tuple[str, ...] = ()
    # Rule codes the scenario filter accepts, each the ``rule`` of a solution.
    situations: tuple[str, ...] = ()

    @abstractmethod
    def generate(self, rng: random.Random, profile: str, difficulty: int) -> dict:
        """A random scenario as JSON-able data."""

    def possible(self, profile: str, difficulty: int) -> tuple[str, ...]:
        """The situations a scenario of this profile and level can show, read from the
        profile's options and the type's own level parameters; by default all of them."""
        return self.situations

    def generate_situation(
        self, rng: random.Random, profile: str, difficulty: int, situation: str
    ) -> dict | None:
        """A scenario showing ``situation`` from the engine's own generator, where it has
        one; ``None`` makes :func:`pose` draw random scenarios until one shows it."""
        return None

    @abstractmethod
    def prompt(self, question: dict) -> Step:
        """The question itself, as a step (rendered like any explanation)."""

    def choices(self, question: dict) -> list[dict]:
        """For ``choice`` questions, the options: ``{"value", "label": step dict}``."""
        return []

    def show(self, question: dict) -> list[dict]:
        """What the page shows besides the prompt, one row each: ``{"text": step dict}``
        with ``"cards"`` (card codes) or ``"labels"`` (step dicts, ``"ordered"`` when a
        sequence) where the row has them."""
        return []

    def table(self, question: dict) -> dict | None:
        """The position drawn on the card table, or ``None`` for a question without one:
        ``{"game": "coinche" | "chouine", "hand": [codes] (optional), **arguments}`` where
        the arguments are those of :func:`tutor.table.coinche_table` or ``chouine_table``.
        ``show`` then gives only the facts the table does not draw."""
        return None

    # Questions whose answer is a seat or player winning the trick: once checked, the
    # table marks the winner.
    shows_winner: bool = False

    def card_reasons(self, question: dict) -> dict[str, Step]:
        """For ``cards`` and ``tap`` questions, the engine's reason each refused card (or
        call) is refused."""
        return {}

    def taps(self, question: dict) -> list[str]:
        """For ``tap`` questions, what may be tapped: card codes or calls, in the order drawn."""
        return []

    def tap_seats(self, question: dict) -> dict[str, str]:
        """For a tap among the cards of a trick, the seat (or Chouine player) that played
        each; empty for a tap in a hand."""
        return {}

    def is_right(self, question: dict, given: Any, solution: Solution) -> bool:
        """Whether ``given`` is right; a ``tap`` question accepts any of the taps its
        solution lists (any legal card, say)."""
        if self.answer_kind == "tap":
            return given in solution.expected
        return given == solution.expected

    @abstractmethod
    def solve(self, question: dict) -> Solution:
        """The engine's answer, its steps and the rule it turns on."""

    def why_wrong(self, question: dict, given: Any, solution: Solution) -> list[Step]:
        """Steps saying why ``given`` is wrong; by default the engine's steps say it all."""
        return []

    def rule_broken(self, question: dict, given: Any, solution: Solution) -> str:
        return solution.rule

    def hint(self, question: dict, given: Any, solution: Solution) -> list[Step]:
        """Why ``given`` is wrong without saying the right answer, for a first miss: the
        engine's reason for each refused card chosen and how many allowed cards were left
        out; whether a count is too low or too high; for a tap, why the card or call tapped
        breaks a rule (its ``why_wrong``, which never names the right taps). A choice says
        nothing more by default (a type whose wrong choices each break a rule of their own
        overrides this)."""
        if given is None:
            return []
        if self.answer_kind == "tap":
            return self.why_wrong(question, given, solution)
        if self.answer_kind == "cards":
            refused = self.card_reasons(question)
            steps = group_cards([refused[code] for code in given if code in refused])
            left = [code for code in solution.expected if code not in given]
            if left:
                steps.append(Step("quiz_left_out", {"count": len(left)}))
            return steps
        if self.answer_kind == "number":
            code = "quiz_too_low" if given < solution.expected else "quiz_too_high"
            return [Step(code, {"number": given})]
        if self.answer_kind == "scores":
            steps = []
            for side, points in solution.expected.items():
                if given[side] == points:
                    code, params = "quiz_side_right", {"side": side}
                elif side in ("A", "B"):
                    code = "quiz_player_too_low" if given[side] < points else "quiz_player_too_high"
                    params = {"player": side}
                else:
                    code = "quiz_side_too_low" if given[side] < points else "quiz_side_too_high"
                    params = {"side": side}
                steps.append(Step(code, {**params, "points_given": given[side]}))
            return steps
        return []

    def can_retry(self, question: dict) -> bool:
        """Whether a miss leaves something to find: a choice between two options does not
        (the other one is the answer), nor does a tap between two cards, so their first miss
        shows the solution."""
        if self.answer_kind == "tap":
            return len(self.taps(question)) > 2
        return self.answer_kind != "choice" or len(question["choices"]) > 2


# The question types by name, filled in by the modules that define them.
TYPES: dict[str, QuestionType] = {}


def register(cls: type[QuestionType]) -> type[QuestionType]:
    """Class decorator: one instance of each type, under its ``name``."""
    if cls.name in TYPES:
        raise ValueError(f"question type {cls.name!r} registered twice")
    TYPES[cls.name] = cls()
    return cls


def get_type(name: object) -> QuestionType:
    if not isinstance(name, str) or name not in TYPES:
        raise ExerciseError("quiz_unknown_type", value=str(name))
    return TYPES[name]


def types_for(game: str) -> list[QuestionType]:
    return [qtype for qtype in TYPES.values() if qtype.game == game]


def _seed(value: object) -> int:
    """A seed given as a number or as its digits (from an address)."""
    if isinstance(value, int) and not isinstance(value, bool):
        seed = value if 0 <= value <= MAX_SEED else None
    else:
        seed = inputs.parse(value, 0, MAX_SEED)
    if seed is None:
        raise ExerciseError("quiz_bad_seed", value=str(value)[:40])
    return seed


def clean_params(qtype: QuestionType, params: Mapping | None) -> dict:
    """The filters of a question, checked: ``difficulty`` 1-3 and an optional ``situation``."""
    params = params or {}
    raw = params.get("difficulty") or 1
    difficulty = raw if type(raw) is int and raw in (1, 2, 3) else inputs.parse(raw, 1, 3)
    if difficulty is None:
        raise ExerciseError("quiz_bad_difficulty", value=str(raw)[:20])
    cleaned: dict = {"difficulty": difficulty}
    situation = params.get("situation") or ""
    if situation:
        if situation not in qtype.situations:
            raise ExerciseError("quiz_unknown_situation", value=str(situation)[:40])
        cleaned["situation"] = situation
    return cleaned


def pose(type_name: object, seed: object, profile: object, params: Mapping | None = None) -> dict:
    """The question of ``type_name`` for this seed, profile and filters (see the package doc)."""
    qtype = get_type(type_name)
    seed = _seed(seed)
    if not fits(profile, qtype.profiles):
        raise ExerciseError("quiz_unknown_profile", value=str(profile)[:40])
    cleaned = clean_params(qtype, params)
    situation = cleaned.get("situation")
    # No draw can show a situation the profile or the level rules out: say so at once.
    if situation and situation not in qtype.possible(profile, cleaned["difficulty"]):
        raise ExerciseError("quiz_no_scenario")
    rng = _rng(qtype, seed, profile, cleaned["difficulty"])
    if situation:
        data = qtype.generate_situation(rng, profile, cleaned["difficulty"], situation)
        if data is not None:
            question = {"type": qtype.name, "seed": seed, "profile": profile}
            return finish(qtype, {**question, "params": cleaned, "data": data})
    for question in _draws(qtype, rng, seed, profile, cleaned):
        if situation and qtype.solve(question).rule != situation:
            continue
        return finish(qtype, question)
    raise ExerciseError("quiz_no_scenario")


def _rng(qtype: QuestionType, seed: int, profile: str, difficulty: int) -> random.Random:
    return random.Random(f"{qtype.name}/{profile}/{seed}/{difficulty}")


def _draws(qtype: QuestionType, rng: random.Random, seed: int, profile: str, cleaned: dict):
    """The random scenarios a filtered pose looks through, as unfinished questions."""
    for _ in range(MAX_DRAWS):
        yield {
            "type": qtype.name,
            "seed": seed,
            "profile": profile,
            "params": cleaned,
            "data": qtype.generate(rng, profile, cleaned["difficulty"]),
        }


@functools.cache
def sampled_situations(type_name: str, profile: str, difficulty: int) -> tuple[str, ...]:
    """The situations that :func:`pose`'s own draws show for :data:`SAMPLE_SEEDS`.

    For a type whose options cannot say what its generator produces at a level; computed
    once per process, and the same every time since the seeds are fixed.
    """
    qtype = TYPES[type_name]
    params = {"difficulty": difficulty}
    seen = {
        qtype.solve(question).rule
        for seed in SAMPLE_SEEDS
        for question in _draws(qtype, _rng(qtype, seed, profile, difficulty), seed, profile, params)
    }
    return tuple(code for code in qtype.situations if code in seen)


def possible_situations(type_name: object, profile: object, difficulty: object) -> tuple[str, ...]:
    """The situations :func:`pose` can find for this type, profile and level (1-3)."""
    qtype = get_type(type_name)
    if not fits(profile, qtype.profiles):
        raise ExerciseError("quiz_unknown_profile", value=str(profile)[:40])
    cleaned = clean_params(qtype, {"difficulty": difficulty})
    return qtype.possible(profile, cleaned["difficulty"])


def fixed(type_name: object, profile: object, data: dict) -> dict:
    """A question on a given position instead of a generated one (lessons, curated examples)."""
    qtype = get_type(type_name)
    if not fits(profile, qtype.profiles):
        raise ExerciseError("quiz_unknown_profile", value=str(profile)[:40])
    question = {
        "type": qtype.name,
        "seed": 0,
        "profile": profile,
        "params": {"difficulty": 1},
        "data": copy.deepcopy(data),
    }
    return finish(qtype, question)


def finish(qtype: QuestionType, question: dict) -> dict:
    """Adds what a page shows: the prompt and, for ``choice`` questions, the options."""
    prompt = qtype.prompt(question)
    question["prompt"] = {"code": prompt.code, "params": prompt.params}
    question["choices"] = qtype.choices(question)
    question["show"] = qtype.show(question)
    return question


def solve(question: dict) -> Solution:
    return get_type(question["type"]).solve(question)


def read_answer(question: dict, form: Mapping) -> Any:
    """The answer in submitted form data; ``None`` when it was left empty.

    Field names: ``card`` (repeated) for ``cards``, ``choice`` for ``choice``,
    ``number`` for ``number``, ``score_<side>`` for ``scores``, the type's ``tap_field``
    (``card`` or ``call``, once) for ``tap``.
    """
    qtype = get_type(question["type"])

    def values(key: str) -> list[str]:
        found = form.getlist(key) if hasattr(form, "getlist") else form.get(key, [])
        return [found] if isinstance(found, str) else list(found)

    if qtype.answer_kind == "cards":
        hand = question["data"]["hand"]
        given = values("card")
        if any(code not in hand for code in given) or len(set(given)) != len(given):
            raise BadAnswer("quiz_bad_answer")
        return [code for code in hand if code in given] or None
    if qtype.answer_kind == "tap":
        given = values(qtype.tap_field)
        if not given:
            return None
        if len(given) != 1 or given[0] not in qtype.taps(question):
            raise BadAnswer("quiz_bad_answer")
        return given[0]
    if qtype.answer_kind == "choice":
        given = values("choice")
        if not given:
            return None
        if len(given) != 1 or given[0] not in {c["value"] for c in question["choices"]}:
            raise BadAnswer("quiz_bad_answer")
        return given[0]
    if qtype.answer_kind == "number":
        return _integer(values("number"))
    scores = {}
    for side in question["data"]["sides"]:
        scores[side] = _integer(values(f"score_{side}"))
        if scores[side] is None:
            return None
    return scores


def _integer(given: list[str]) -> int | None:
    if not given or not given[0].strip():
        return None
    text = given[0].strip()
    if len(text.lstrip("+-")) > MAX_ANSWER_DIGITS:
        raise BadAnswer("quiz_number_too_long", digits=MAX_ANSWER_DIGITS)
    number = inputs.digits(text, MAX_ANSWER_DIGITS, signed=True)
    if number is None:
        raise BadAnswer("quiz_bad_answer")
    return number


def check(question: dict, answer: Any) -> Verdict:
    """Checks ``answer`` (as :func:`read_answer` returns it) against the engine."""
    qtype = get_type(question["type"])
    solution = qtype.solve(question)
    if qtype.is_right(question, answer, solution):
        return Verdict(True, answer, solution.expected, solution.steps, [], solution.rule)
    return Verdict(
        False,
        answer,
        solution.expected,
        solution.steps,
        qtype.why_wrong(question, answer, solution),
        qtype.rule_broken(question, answer, solution),
        qtype.hint(question, answer, solution),
    )


def text(step: Step | Mapping, lang: str = "en") -> str:
    """One step as a sentence in ``lang``."""
    if not isinstance(step, Step):
        step = Step(step["code"], dict(step.get("params") or {}))
    return render(step, lang)


def card_mistakes(given: list[str] | None, expected: list[str], illegal: dict[str, Step]):
    """Why a choice of cards is wrong: the engine's reason for each illegal card chosen,
    then each legal card left out."""
    given = given or []
    steps = group_cards([illegal[code] for code in given if code in illegal])
    missed = [code for code in expected if code not in given]
    if missed:
        steps.append(Step("quiz_also_legal", {"card": missed if len(missed) > 1 else missed[0]}))
    return steps


def broken_rule(given: list[str] | None, illegal: dict[str, Step], default: str) -> str:
    """The rule a choice of cards broke: the first illegal card's, else the deciding rule."""
    for code in given or []:
        if code in illegal:
            return illegal[code].code
    return default
