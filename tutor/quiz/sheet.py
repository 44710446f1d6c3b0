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
a retried request) finds the deal already recorded and records nothing.
"""

import json
import uuid

from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from tutor import exercises
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


def fresh_form(sheet: ScoreSheet) -> TableDealForm:
    return TableDealForm(profile=sheet.profile, initial={"nonce": uuid.uuid4().hex})


def render_sheet(request, sheet, form=None, editing=None, status=200, recorded=None):
    state = replay(sheet)
    context = {
        "sheet": sheet,
        "form": form or fresh_form(sheet),
        "editing": editing,
        "recorded": recorded,
        "share_url": request.build_absolute_uri(reverse("quiz_sheet", args=[sheet.token])),
        "next_number": len(state["rows"]) + 1,
        **state,
    }
    template = "quiz/sheet.html#sheet" if request.htmx else "quiz/sheet.html"
    return render(request, template, context, status=status)


def bad_form_status(request) -> int:
    # htmx swaps only successful responses: the fragment with the messages is one.
    return 200 if request.htmx else 400


def record(sheet: ScoreSheet, form: TableDealForm) -> SheetDeal | None:
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
        number = request.GET.get("edit", "")
        deal = sheet.deals.filter(number=int(number)).first() if number.isdigit() else None
        if deal is None:
            return render_sheet(request, sheet)
        form = TableDealForm(profile=sheet.profile, initial=initial_of(deal.entry))
        return render_sheet(request, sheet, form, editing=deal)
    form = TableDealForm(request.POST, profile=sheet.profile)
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
def edit(request, token, number):
    """Saves (or, with ``delete``, removes) deal ``number``; the game is replayed after it."""
    sheet = get_object_or_404(ScoreSheet, token=token)
    deal = get_object_or_404(sheet.deals, number=number)
    if "delete" in request.POST:
        with transaction.atomic():
            ScoreSheet.objects.select_for_update().filter(pk=sheet.pk).first()
            deal.delete()
            # Later deals move up one, lowest first, so numbers stay unique throughout.
            for later in sheet.deals.filter(number__gt=number).order_by("number"):
                later.number -= 1
                later.save(update_fields=["number"])
    else:
        form = TableDealForm(request.POST, profile=sheet.profile)
        if not form.is_valid():
            return render_sheet(request, sheet, form, editing=deal, status=bad_form_status(request))
        deal.entry = form.payload
        deal.save(update_fields=["entry"])
    if not request.htmx:
        return redirect("quiz_sheet", sheet.token)
    return render_sheet(request, sheet)


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
