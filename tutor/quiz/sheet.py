"""The table score sheet: a deal in a few taps, every figure from the engine.

A deal is entered as players read it off the table (``dealform.py``, the form the
calculator shares): the taker, the contract and its trump, a coinche, the takers'
card points, and toggles for the last trick, the belote and a clean sweep
(``tutor.rules.summary.table_payload`` derives the rest). Before a deal is recorded the
engine checks what must hold (``tutor.rules.coinche.checks``) and names the likely slip.
The sheet stores each deal's full payload and replays them all through the engine's
:class:`Game` on every view, so an edit or a deletion of any deal re-scores everything
after it; the deals' sums are shown beside the totals, as a concours organiser checks a
table's sheet.

A deal form carries a nonce: a second submit of the same form (a double tap,
a retried request) finds the deal already recorded and records nothing. An edit
or a delete names the deal by its id (numbers shift when a deal is deleted) and
the version of it the page showed; the deal is looked up once the sheet's row is
locked, so an edit made in another tab meanwhile, or a deal deleted there, makes
the request a refusal (409) with the sheet as it is and what was typed kept.
"""

import json
import uuid

from django import forms
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor import exercises
from tutor.guard import inputs
from tutor.guard.inputs import MAX_ID
from tutor.pages import rules
from tutor.reports import spots
from tutor.rules.coinche.game import Game
from tutor.rules.coinche.profiles import coinche_profile
from tutor.rules.coinche.scoring import score_deal
from tutor.rules.coinche.summary import parse_summary
from tutor.rules.explain import Step, seat_name, suit_name
from tutor.rules.profiles import fits

from .calculator import PROFILES
from .dealform import TableDealForm, initial_of
from .models import ScoreSheet, SheetDeal

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MAX_VERSION = 2**31 - 1
GONE = gettext_lazy(
    "This deal was deleted in another tab or on another device: here is the sheet as it is now."
)
GONE_TYPED = gettext_lazy(
    "This deal was deleted in another tab or on another device. What you typed is still in "
    "the form: record it as a new deal if it belongs on the sheet."
)
CHANGED = gettext_lazy(
    "This deal was changed in another tab or on another device since this page was drawn: "
    "the table shows it as it is now. Save again to replace it with what you typed."
)
CHANGED_DELETE = gettext_lazy(
    "This deal was changed in another tab or on another device since this page was drawn: "
    "look at it as it is now before deleting it."
)


class SheetDealForm(TableDealForm):
    """A deal of a sheet: the table's form and, for an edit, the version of the deal the page
    showed (``SheetDeal.version``)."""

    version = inputs.NumberField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_VERSION
    )


def initial_of_deal(deal: SheetDeal) -> dict:
    """The form's values for an existing deal (to edit it), its version included."""
    return {**initial_of(deal.entry), "version": deal.version}


def contract_label(contract: dict, lang: str) -> str:
    trump = contract["trump"]
    text = SYMBOLS.get(trump) or suit_name(trump, lang)
    bid = contract["bid"]
    bid = {"capot": _("Capot"), "generale": _("Générale")}.get(bid, bid)
    text = f"{bid} {text}" if bid is not None else text
    return text + {2: " ×2", 4: " ×4"}.get(contract.get("double", 1), "")


def replay(sheet: ScoreSheet) -> dict:
    """The game so far, replayed deal by deal through the engine's :class:`Game`.

    Replaying (rather than adding stored scores) lets the engine apply its end
    rules: the target, the belote validation of a pending side, a tie at the top,
    and the deposit a litige carries to the next deal, after any edit.
    """
    profile = coinche_profile(sheet.profile)
    game = Game(profile)
    rows, steps, deposit = [], [], 0
    lang = get_language()
    stale, asked = [], []
    for deal in sheet.deals.all():
        asked.append({**deal.entry, "deposit": deposit})
        summary = parse_summary(asked[-1], profile)
        result = score_deal(profile, summary)
        steps = game.add_deal(summary, result)
        deposit = result.deposit
        stored = (deal.score_ns, deal.score_ew, deal.made, deal.deposit)
        if stored != (*result.scores, result.made, result.deposit):
            deal.score_ns, deal.score_ew = result.scores
            deal.made, deal.deposit = result.made, result.deposit
            stale.append(deal)
        contract = deal.entry["contract"]
        rows.append(
            {
                "id": deal.pk,
                "number": deal.number,
                "taker": seat_name(contract["seat"], lang),
                "contract": contract_label(contract, lang),
                "made": result.made,
                "scores": result.scores,
                "totals": tuple(game.totals),
            }
        )
    if stale:
        SheetDeal.objects.bulk_update(stale, ["score_ns", "score_ew", "made", "deposit"])
    said = [step for step in steps if step.code != "game_totals"]
    sums = [sum(row["scores"][side] for row in rows) for side in (0, 1)]
    return {
        # A concours organiser's check of a table's sheet: each column adds up to its total.
        "check": {"ns": sums[0], "ew": sums[1], "given": sum(sums), "round_to": profile.round_to},
        "rows": rows,
        "totals": tuple(game.totals),
        "target": profile.target,
        "game_steps": [exercises.text(step, lang) for step in said],
        # The deals as the engine scored them, never the sheet's address.
        "report": spots.sheet(sheet.profile, asked, said) if asked else None,
        "over": game.winner is not None,
        "winner": game.winner,
        "deposit": deposit,
    }


def fresh_form(sheet: ScoreSheet) -> SheetDealForm:
    return SheetDealForm(profile=sheet.profile, initial={"nonce": uuid.uuid4().hex})


def render_sheet(request, sheet, form=None, editing=None, status=200, recorded=None, conflict=""):
    state = replay(sheet)
    context = {
        "sheet": sheet,
        "form": form or fresh_form(sheet),
        "editing": editing,
        "recorded": recorded,
        "conflict": conflict,
        "share_url": request.build_absolute_uri(reverse("quiz_sheet", args=[sheet.token])),
        "next_number": len(state["rows"]) + 1,
        **state,
    }
    template = "quiz/sheet.html#sheet" if request.htmx else "quiz/sheet.html"
    return render(request, template, context, status=status)


def bad_form_status(request) -> int:
    # htmx swaps only successful responses: the fragment with the messages is one.
    return 200 if request.htmx else 400


def record(sheet: ScoreSheet, form: SheetDealForm) -> SheetDeal | None:
    """Adds the deal, once: ``None`` when the game is over.

    The sheet's row is locked while the next number is chosen (PostgreSQL; SQLite
    takes its write lock at the start of the transaction), so two submits at once
    cannot both take the same number; the same nonce twice finds the first deal.
    """
    nonce = form.cleaned_data["nonce"] or uuid.uuid4().hex
    try:
        with transaction.atomic():
            ScoreSheet.objects.select_for_update().filter(pk=sheet.pk).first()
            existing = sheet.deals.filter(nonce=nonce).first()
            if existing is not None:
                return existing
            if replay(sheet)["over"]:
                return None
            last = sheet.deals.order_by("-number").first()
            return SheetDeal.objects.create(
                sheet=sheet,
                number=last.number + 1 if last else 1,
                nonce=nonce,
                entry=form.payload,
                score_ns=0,
                score_ew=0,
            )
    except IntegrityError:
        # A concurrent submit of the same form won the race.
        return sheet.deals.filter(nonce=nonce).first()


@never_cache
@require_http_methods(["GET", "POST"])
def new_sheet(request):
    if request.method == "GET":
        choices = rules.choices(request, PROFILES, request.GET.get("profile"))
        chosen = rules.chosen(request, PROFILES)
        return render(request, "quiz/sheet_new.html", {"profiles": choices, "chosen": chosen})
    profile = request.POST.get("profile", "")
    if not fits(profile, PROFILES):
        message = exercises.text(
            Step("quiz_unknown_profile", {"value": profile[:40]}), get_language()
        )
        return render(request, "quiz/bad_request.html", {"message": message}, status=400)
    sheet = ScoreSheet.objects.create(profile=profile)
    return redirect("quiz_sheet", sheet.token)


@never_cache
@require_http_methods(["GET", "POST"])
def sheet(request, token):
    sheet = get_object_or_404(ScoreSheet, token=token)
    if request.method == "GET":
        if "edit" not in request.GET:
            return render_sheet(request, sheet)
        deal = sheet.deals.filter(pk=inputs.number(request.GET["edit"], 1, MAX_ID)).first()
        if deal is None:
            # A link from a page drawn before another tab deleted the deal.
            return render_sheet(request, sheet, status=409, conflict=GONE)
        form = SheetDealForm(profile=sheet.profile, initial=initial_of_deal(deal))
        return render_sheet(request, sheet, form, editing=deal)
    form = SheetDealForm(request.POST, profile=sheet.profile)
    if not form.is_valid():
        return render_sheet(request, sheet, form, status=bad_form_status(request))
    deal = record(sheet, form)
    if deal is None:
        return render_sheet(request, sheet, status=409)
    if not request.htmx:
        return redirect("quiz_sheet", sheet.token)
    return render_sheet(request, sheet, recorded=deal.number)


@never_cache
@require_POST
def edit(request, token, deal):
    """Saves (or, with ``delete``, removes) the deal whose id is ``deal``, if it is still the
    version the page showed; the game is replayed after it."""
    sheet = get_object_or_404(ScoreSheet, token=token)
    deleting = "delete" in request.POST
    form = None if deleting else SheetDealForm(request.POST, profile=sheet.profile)
    if form is not None and not form.is_valid():
        editing = sheet.deals.filter(pk=deal).first()
        return render_sheet(request, sheet, form, editing=editing, status=bad_form_status(request))
    seen = inputs.parse(request.POST.get("version"), 1, MAX_VERSION)
    with transaction.atomic():
        ScoreSheet.objects.select_for_update().filter(pk=sheet.pk).first()
        # Looked up under the lock: a delete or an edit that won the race is seen here.
        current = sheet.deals.filter(pk=deal).first()
        stale = current is None or current.version != seen
        if not stale and deleting:
            _delete(sheet, current)
        elif not stale:
            current.entry = form.payload
            current.version += 1
            current.save(update_fields=["entry", "version"])
    if stale:
        return _conflict(request, sheet, current, form)
    if not request.htmx:
        return redirect("quiz_sheet", sheet.token)
    return render_sheet(request, sheet)


def _delete(sheet: ScoreSheet, deal: SheetDeal) -> None:
    deal.delete()
    # Later deals move up one, lowest first, so numbers stay unique throughout.
    for later in sheet.deals.filter(number__gt=deal.number).order_by("number"):
        later.number -= 1
        later.save(update_fields=["number"])


def _conflict(request, sheet, current: SheetDeal | None, form: SheetDealForm | None):
    """The sheet as it is, after an edit or a delete from a page drawn before another tab
    changed or deleted the deal; what was typed stays in the form."""
    if form is not None:
        data = form.data.copy()
        if current is None:
            # Offered as a new deal, with a nonce of its own.
            data["nonce"], data["version"] = uuid.uuid4().hex, ""
        else:
            # The version now shown: saving again replaces what the other tab saved.
            data["version"] = str(current.version)
        form = SheetDealForm(data, profile=sheet.profile)
        form.is_valid()
        message = GONE_TYPED if current is None else CHANGED
    else:
        message = GONE if current is None else CHANGED_DELETE
        if current is not None:
            form = SheetDealForm(profile=sheet.profile, initial=initial_of_deal(current))
    return render_sheet(request, sheet, form, editing=current, status=409, conflict=message)


@require_POST
def rematch(request, token):
    """A new sheet under the same rules, for the same table."""
    sheet = get_object_or_404(ScoreSheet, token=token)
    return redirect("quiz_sheet", ScoreSheet.objects.create(profile=sheet.profile).token)


@require_GET
def manifest(request):
    """The web app manifest, so the sheet can sit on a phone's home screen."""
    data = {
        "name": _("Atout score sheet"),
        "short_name": _("Score sheet"),
        "description": _("Keep the score of a Coinche or Belote game at the table."),
        "lang": get_language(),
        "start_url": reverse("quiz_sheet_new"),
        "scope": reverse("quiz_sheet_new"),
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#1d4f91",
        "icons": [
            {"src": static(f"icons/atout-{n}.png"), "sizes": f"{n}x{n}", "type": "image/png"}
            for n in (192, 512)
        ],
    }
    return HttpResponse(
        json.dumps(data, ensure_ascii=False), content_type="application/manifest+json"
    )
