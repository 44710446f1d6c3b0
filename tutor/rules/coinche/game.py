"""A game: deal scores added up to the profile's target, and who wins (D4).

Under profiles with ``belote_must_validate`` (the federation's), a side that
reaches the target only through its belote, in a deal where it failed its
contract or took no trick, is *pending*: it must still win a trick in a later
deal. At each deal's end the eligible sides are those at or over
the target and not pending; one eligible side wins, two eligible sides are
split by the higher total, and equal totals mean another deal.

>>> from tutor.rules.coinche.profiles import FEDERATION
>>> from tutor.rules.coinche.scoring import Contract, DealSummary, score_deal
>>> game = Game(FEDERATION, totals=[1990, 1500])
>>> failed = DealSummary(Contract("S", 80, 1), (40, 112), (2, 5, 1, 0), 1, belote=(20, 0))
>>> [step.code for step in game.add_deal(failed, score_deal(FEDERATION, failed))]
['game_pending', 'game_totals']
>>> game.totals, game.winner
([2010, 1740], None)
>>> defended = DealSummary(Contract("E", 80, 1), (30, 122), (1, 4, 0, 3), 1)
>>> [step.code for step in game.add_deal(defended, score_deal(FEDERATION, defended))]
['game_validated', 'game_totals', 'game_won']
>>> game.totals, game.winner
([2040, 1950], 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..explain import Step, gettext_noop, messages, ngettext_noop, variants
from .profiles import Profile
from .scoring import SIDES, DealScore, DealSummary

messages(
    {
        "game_totals": gettext_noop(
            "Game totals: North-South %(points_ns)s, East-West %(points_ew)s; the game is "
            "played to %(points_target)s."
        ),
        "game_pending": variants(
            lambda params: params.get("case", "no_trick"),
            failed=gettext_noop(
                "%(side)s reach the target only through their belote, in a deal where their "
                "contract failed: they must still win a trick in a later deal."
            ),
            no_trick=gettext_noop(
                "%(side)s reach the target only through their belote, in a deal where they took "
                "no trick: they must still win a trick in a later deal."
            ),
        ),
        "game_validated": gettext_noop(
            "%(side)s have now won a trick: their total counts from now on."
        ),
        "game_won": ngettext_noop(
            "%(side)s win the game with %(points)s point.",
            "%(side)s win the game with %(points)s points.",
            "points",
        ),
        "game_goes_on": gettext_noop(
            "Neither side has reached %(points_target)s yet: the game goes on."
        ),
        "game_tie": gettext_noop(
            "Both partnerships are over the target with the same total: another deal is played."
        ),
    }
)


@dataclass
class Game:
    """Running totals, pending sides and the winner once there is one."""

    profile: Profile
    totals: list[int] = field(default_factory=lambda: [0, 0])
    pending: list[bool] = field(default_factory=lambda: [False, False])
    winner: int | None = None

    def __post_init__(self) -> None:
        # Only profiles with the validation rule know of a side waiting for a trick.
        if not self.profile.belote_must_validate:
            self.pending = [False, False]

    def add_deal(self, summary: DealSummary, result: DealScore) -> list[Step]:
        """Adds a scored deal; returns the steps that decide the game's state."""
        steps = []
        target = self.profile.target
        t = summary.tricks
        side_tricks = (t[0] + t[2], t[1] + t[3])
        declarers = summary.contract.side
        for s in (0, 1):
            self.totals[s] += result.scores[s]
            if self.pending[s] and side_tricks[s]:
                self.pending[s] = False
                steps.append(Step("game_validated", {"side": SIDES[s]}))
            failed = s == declarers and result.made is False
            lost = failed or not side_tricks[s]
            if (
                self.profile.belote_must_validate
                and lost
                and self.totals[s] >= target
                and self.totals[s] - summary.belote[s] < target
                and summary.belote[s]
            ):
                self.pending[s] = True
                case = "failed" if failed else "no_trick"
                steps.append(Step("game_pending", {"side": SIDES[s], "case": case}))
        steps.append(
            Step(
                "game_totals",
                {
                    "points_ns": self.totals[0],
                    "points_ew": self.totals[1],
                    "points_target": target,
                },
            )
        )
        eligible = [s for s in (0, 1) if self.totals[s] >= target and not self.pending[s]]
        if max(self.totals) < target:
            # Said, so that the answer "nobody yet" has its reason (a side over the target
            # but waiting for a trick has its own step above).
            steps.append(Step("game_goes_on", {"points_target": target}))
        elif len(eligible) == 2 and self.totals[0] == self.totals[1]:
            steps.append(Step("game_tie"))
        elif eligible:
            self.winner = max(eligible, key=lambda s: self.totals[s])
            steps.append(
                Step("game_won", {"side": SIDES[self.winner], "points": self.totals[self.winner]})
            )
        return steps
