"""The game's vocabulary: one word per idea and per language.

Each term is a catalog entry (context "glossary"), so the word a learner sees
in a lesson, a quiz and this glossary is the same translation. The glossary
page renders every term in all five languages side by side.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# (section, [(term, what it means)])
TERMS = [
    (
        _("The cards"),
        [
            (pgettext_lazy("glossary", "trump"), _("The suit that beats all the others.")),
            (pgettext_lazy("glossary", "suit"), _("Spades, hearts, diamonds or clubs.")),
            (pgettext_lazy("glossary", "hand"), _("The cards a player holds.")),
            (pgettext_lazy("glossary", "four of a kind"), _("The four cards of one rank.")),
            (
                pgettext_lazy("glossary", "sequence"),
                _("Cards of one suit that follow each other: A K Q J 10 9 8 7."),
            ),
            (
                pgettext_lazy("glossary", "tierce"),
                _(
                    "In Coinche, a sequence of three cards (20 points); in Chouine, the king, "
                    "queen and jack of one suit."
                ),
            ),
            (
                pgettext_lazy("glossary", "quarte"),
                _("In Coinche, a sequence of four cards (50 points)."),
            ),
            (
                pgettext_lazy("glossary", "quinte"),
                _("In Coinche, a sequence of five cards (100 points)."),
            ),
            (
                pgettext_lazy("glossary", "belote-rebelote"),
                _("King and queen of trump in one hand."),
            ),
            (pgettext_lazy("glossary", "brisques"), _("The aces and the tens, in Chouine.")),
        ],
    ),
    (
        _("Dealing and the auction"),
        [
            (pgettext_lazy("glossary", "deal"), _("One round, from the shuffle to the score.")),
            (pgettext_lazy("glossary", "dealer"), _("The player who deals the cards.")),
            (pgettext_lazy("glossary", "to cut"), _("To split the deck before the deal.")),
            (pgettext_lazy("glossary", "partnership"), _("Two partners sitting face to face.")),
            (pgettext_lazy("glossary", "auction"), _("The turn of calls that sets the contract.")),
            (
                pgettext_lazy("glossary", "call"),
                _("Anything said in the auction: a bid, a pass, a coinche or a surcoinche."),
            ),
            (pgettext_lazy("glossary", "bid"), _("A promise of points in a chosen trump.")),
            (pgettext_lazy("glossary", "pass"), _("The call of a player who does not bid.")),
            (pgettext_lazy("glossary", "contract"), _("The highest bid, which must be made.")),
            (
                pgettext_lazy("glossary", "declarers"),
                _("The partnership that holds the contract."),
            ),
            (pgettext_lazy("glossary", "defence"), _("The partnership playing against it.")),
            (
                pgettext_lazy("glossary", "coinche"),
                _("A double: the winning side's score is doubled."),
            ),
            (
                pgettext_lazy("glossary", "surcoinche"),
                _("A redouble: the winning side's score is multiplied by four."),
            ),
            (pgettext_lazy("glossary", "no trump"), _("A contract where no suit is trump.")),
            (pgettext_lazy("glossary", "all trumps"), _("A contract where every suit is trump.")),
        ],
    ),
    (
        _("Playing"),
        [
            (pgettext_lazy("glossary", "trick"), _("The cards played in one round, one each.")),
            (pgettext_lazy("glossary", "suit led"), _("The suit of the first card of a trick.")),
            (pgettext_lazy("glossary", "to lead"), _("To play the first card of a trick.")),
            (pgettext_lazy("glossary", "to follow suit"), _("To play a card of the suit led.")),
            (pgettext_lazy("glossary", "to trump"), _("To play a trump on a plain suit.")),
            (
                pgettext_lazy("glossary", "to overtrump"),
                _("To play a higher trump than the one on the table."),
            ),
            (
                pgettext_lazy("glossary", "to undertrump"),
                _("To play a lower trump than the one on the table."),
            ),
            (
                pgettext_lazy("glossary", "to discard"),
                _("To play a card of another suit, not a trump, when you cannot follow suit."),
            ),
            (
                pgettext_lazy("glossary", "partner is master"),
                _("Your partner's card is winning the trick so far."),
            ),
            (pgettext_lazy("glossary", "capot"), _("One partnership wins all eight tricks.")),
            (pgettext_lazy("glossary", "générale"), _("One player alone wins all eight tricks.")),
        ],
    ),
    (
        pgettext_lazy("glossary section", "Scoring"),
        [
            (
                pgettext_lazy("glossary", "declarations"),
                _("Combinations in hand that score points."),
            ),
            (
                pgettext_lazy("glossary", "last-trick bonus"),
                _("Ten points for winning the last trick."),
            ),
            (
                pgettext_lazy("glossary", "contract failed"),
                _("The declarers did not make their contract."),
            ),
            (pgettext_lazy("glossary", "tie"), _("Both sides have the same total.")),
            (
                pgettext_lazy("glossary", "deposit"),
                _("Points held back after a tie, for the winner of the next deal."),
            ),
            (pgettext_lazy("glossary", "rounding"), _("Bringing a score to the nearest ten.")),
        ],
    ),
    (
        _("Chouine"),
        [
            (pgettext_lazy("glossary", "stock"), _("The face-down cards players draw from.")),
            (
                pgettext_lazy("glossary", "trump indicator"),
                _("The card turned face up that shows the trump."),
            ),
            (pgettext_lazy("glossary", "marriage"), _("King and queen of one suit.")),
            (
                pgettext_lazy("glossary", "quinte of brisques"),
                _("Five brisques in one hand, announced for 50 points."),
            ),
        ],
    ),
]
