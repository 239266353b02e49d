"""The table pages: thin views over the services and selectors. A refused move comes back as
the same page with the reason next to the field (400, or 403 / 409 as the API answers); nothing
is stored then. Who may do what is checked by :mod:`games.tables.access`, as in the API."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseStopPolling

from club.errors import ApplicationError, Forbidden, NotFound
from club.models import Member, ScheduledSession
from club.selectors import member_for_user

from . import access, presenters, selectors, services
from .engines import RulesError
from .forms import (
    DRAKER_GAME_OPEN_ROWS,
    CasinoDrawForm,
    CasinoStartForm,
    DiceMatchForm,
    DiceMoveForm,
    DrakerCardForm,
    DrakerGameForm,
    DrakerTurnForm,
    DrakerTurnPlayerForm,
)
from .models import CasinoHand, DiceMatch, DrakerGame
from .templatetags.tables_tags import table_label

DRAKER_ROWS = 6


def _member(request: HttpRequest) -> Member:
    member = member_for_user(request.user)
    if member is None:
        raise Http404(_("This account is not a club member."))
    return member


def _page_access(fetch, *args, **kwargs):
    """The access helper's 404 / 403 as the pages' own."""
    try:
        return fetch(*args, **kwargs)
    except NotFound as exc:
        raise Http404(exc.message) from exc
    except Forbidden as exc:
        raise PermissionDenied(exc.message) from exc


def _session_from(request: HttpRequest) -> ScheduledSession | None:
    """The session a page was opened for (``?session=``), when it names one."""
    value = request.GET.get("session", "")
    return ScheduledSession.objects.filter(pk=int(value)).first() if value.isdigit() else None


def index(request: HttpRequest) -> HttpResponse:
    member = member_for_user(request.user)
    invitations = list(selectors.dice_invitations_for(member=member)) if member is not None else []
    return render(request, "tables/index.html", {"invitations": invitations, "session": _session_from(request)})


# --- the casino table --------------------------------------------------------------------------

@login_required
def casino(request: HttpRequest) -> HttpResponse:
    """The casino table: the hand in play, or a new hand to start."""
    member = _member(request)
    allowed = access.casino_sessions_for(member)
    # Opened from a session's tables (``?session=``): that evening is proposed when it may be chosen.
    wanted = _session_from(request)
    initial = {"session": wanted.pk} if wanted is not None and allowed.filter(pk=wanted.pk).exists() else {}
    # A posted session is the service's to judge, so a refusal names the session beside the field.
    form = CasinoStartForm(request.POST or None, initial=initial,
                           sessions=ScheduledSession.objects.select_related("venue") if request.method == "POST"
                           else allowed)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            hand = services.casino_hand_start(actor=member, **form.cleaned_data)
            messages.success(request, _("A hand is dealt: you and the house put in %(stake)s chips each.")
                             % {"stake": hand.stake})
            return redirect(hand)
        except (ApplicationError, RulesError) as exc:
            field = exc.extra.get("field") if isinstance(getattr(exc, "extra", None), dict) else None
            form.add_error(field if field in form.fields else "stake", exc.message)
            status = exc.status_code if isinstance(exc, ApplicationError) and exc.status_code in (403, 409) else 400
    elif request.method == "POST":
        status = 400
    form.fields["session"].queryset = allowed
    open_hand = selectors.casino_open_hand(member=member)
    if open_hand is not None and request.method == "GET":
        return redirect(open_hand)
    return render(request, "tables/casino.html", {
        "form": form, "edge": selectors.casino_edge(member=member),
        "balance": selectors.table_balance(member=member)}, status=status)


def _hand_for(request: HttpRequest, pk: int, for_action: str = "view") -> tuple[Member, CasinoHand]:
    member = _member(request)
    return member, _page_access(access.access_casino_hand, member, pk, for_action=for_action)


def _hand_page(request: HttpRequest, member: Member, hand: CasinoHand, *, draw_form: CasinoDrawForm | None = None,
               error: str = "", status: int = 200) -> HttpResponse:
    view = presenters.casino_view(hand)
    return render(request, "tables/casino_hand.html", {
        "hand": hand, "view": view, "mine": hand.player_id == member.pk,
        "buttons": presenters.casino_buttons(hand),
        "draw_form": draw_form or CasinoDrawForm(cards=view["player_cards"]),
        "error": error, "odds": hand.odds if hand.phase != CasinoHand.Phase.FIRST_DECISION else None,
        "decisions": ("fold", "play", "raise"), "steps": presenters.casino_steps(view),
    }, status=status)


@login_required
def casino_hand(request: HttpRequest, pk: int) -> HttpResponse:
    member, hand = _hand_for(request, pk)
    return _hand_page(request, member, hand)


@login_required
@require_POST
def casino_act(request: HttpRequest, pk: int) -> HttpResponse:
    member, hand = _hand_for(request, pk, "play")
    try:
        hand = services.casino_hand_act(hand=hand, actor=member, action=request.POST.get("action", ""))
    except (ApplicationError, RulesError) as exc:
        return _hand_page(request, member, hand, error=exc.message, status=403 if _forbidden(exc) else 400)
    _hand_said(request, hand)
    return redirect(hand)


def _hand_said(request: HttpRequest, hand: CasinoHand) -> None:
    """What the step did, in a line: the hand's result once it is settled, else what comes next."""
    if hand.is_settled:
        messages.success(request, _("The hand is over: %(outcome)s, your net %(net)+d chips.")
                         % {"outcome": table_label(hand.outcome, "outcome"), "net": hand.net or 0})
    else:
        messages.success(request, _("Done. You have %(paid)s chips in the bank; next: %(phase)s.")
                         % {"paid": hand.player_paid, "phase": hand.get_phase_display().lower()})


@login_required
@require_POST
def casino_draw(request: HttpRequest, pk: int) -> HttpResponse:
    member, hand = _hand_for(request, pk, "play")
    form = CasinoDrawForm(request.POST, cards=presenters.casino_view(hand)["player_cards"])
    if not form.is_valid():
        return _hand_page(request, member, hand, draw_form=form, status=400)
    try:
        hand = services.casino_hand_draw(hand=hand, actor=member, discard=form.cleaned_data["discard"])
        _hand_said(request, hand)
    except (ApplicationError, RulesError) as exc:
        status = 403 if _forbidden(exc) else 400
        if hand.phase != CasinoHand.Phase.DRAW:
            # No card picker on the page now: the reason goes at the top.
            return _hand_page(request, member, hand, error=exc.message, status=status)
        form.add_error("discard", exc.message)
        return _hand_page(request, member, hand, draw_form=form, status=status)
    return redirect(hand)


@login_required
@require_POST
def casino_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    member, hand = _hand_for(request, pk, "play")
    try:
        hand = services.casino_hand_reveal(hand=hand, actor=member)
    except (ApplicationError, RulesError) as exc:
        return _hand_page(request, member, hand, error=exc.message, status=403 if _forbidden(exc) else 400)
    _hand_said(request, hand)
    return redirect(hand)


@login_required
def casino_history(request: HttpRequest) -> HttpResponse:
    """The member's hands at the casino table and the house edge measured on them so far."""
    member = _member(request)
    hands = list(selectors.casino_hands_of(member=member).order_by("-started_at", "-pk")[:200])
    running = selectors.casino_running_net(hands)
    return render(request, "tables/casino_history.html", {
        "hands": hands, "edge": selectors.casino_edge(member=member),
        "chart": selectors.chart_points([p["total"] for p in running]),
        "balance": selectors.table_balance(member=member),
    })


def _forbidden(exc: Exception) -> bool:
    return isinstance(exc, ApplicationError) and exc.status_code == 403


# --- dice poker --------------------------------------------------------------------------------

@login_required
def dice_list(request: HttpRequest) -> HttpResponse:
    member = _member(request)
    session = _session_from(request)
    form = DiceMatchForm(request.POST or None, initial={
        "first": member.pk, **({"session": session.pk, "stake": session.min_stake} if session else {})})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                match = services.dice_match_create(actor=member, **form.cleaned_data)
                if match.is_invited:
                    messages.success(request, _("%(name)s is invited to the match; your stake of %(stake)s chips is in the pool.")
                                     % {"name": match.invitee.display_name, "stake": match.stake})
                else:
                    messages.success(request, _("The match %(first)s – %(second)s has started; the pool is %(pool)s chips.")
                                     % {"first": match.first.display_name, "second": match.second.display_name,
                                        "pool": match.pool})
                return redirect(match)
            except (ApplicationError, RulesError) as exc:
                field = (exc.extra.get("field") if isinstance(exc, ApplicationError) else None) or None
                form.add_error(field if field in form.fields else None, exc.message)
        status = 400
    matches = list(selectors.dice_match_lines().order_by("-created_at", "-pk")[:50])
    return render(request, "tables/dice_list.html", {"form": form, "matches": matches}, status=status)


def _move_field(move: dict, exc: Exception) -> str | None:
    """The field of the move form a refusal concerns, so the reason stands next to it."""
    if isinstance(exc, ApplicationError):
        field = exc.extra.get("field")
        if field == "dice":
            return "die0"
        if field == "amount" and move["action"] != "raise":
            return "action"  # only a raise shows the amount's input; the refusal goes by the buttons
        return field if field in ("player", "amount") else "action"
    message = str(exc)
    if move["action"] == "raise" and "raise" in message and "amount" in move and str(move["amount"]) in message:
        return "amount"
    if move["action"] == "reroll" and "index" in message:
        return "reroll"
    if move["action"] in ("roll", "reroll") and ("die" in message or "dice" in message):
        return "die0" if move["action"] == "roll" else "reroll"
    return "action"


def _dice_page(request: HttpRequest, member: Member, match: DiceMatch, *, form: DiceMoveForm | None = None,
               error: str = "", status: int = 200) -> HttpResponse:
    return render(request, "tables/dice_match.html", _dice_context(member, match, form=form, error=error),
                  status=status)


def _dice_context(member: Member, match: DiceMatch, *, form: DiceMoveForm | None = None, error: str = "") -> dict:
    to_act = presenters.dice_to_act(match)
    state = match.document["state"]
    names = presenters.dice_names(match)
    under_way = match.is_under_way
    can_act = under_way and to_act is not None and (to_act == member or access.is_match_croupier(member, match))
    return {
        "match": match, "state": state, "form": form or DiceMoveForm(), "to_act": to_act, "error": error,
        "move": presenters.dice_move_offer(match), "names": names,
        "action_names": presenters.DICE_ACTION_NAMES,
        "to_act_dice": state["dice"].get(state["to_act"]) if under_way and state["to_act"] else None,
        "players": [(name, m, state["dice"][name], state["wins"][name], state["contributions"][name])
                    for name, m in names.items()],
        # A player moves only for himself; a croupier who does not play enters either side's move.
        "can_act": can_act,
        # Whoever waits (for the other's move, or for an invitation to be answered) sees the match
        # move on by itself; the one whose turn it is is left alone with his form.
        "live_polling": not match.is_closed and not can_act and not error, "live_stamp": selectors.dice_stamp(match),
        "is_invitee": match.invitee_id == member.pk,
        "is_creator": match.created_by_id == member.pk,
        "entries": selectors.dice_entries(match),
        "odds": selectors.dice_odds(match) if under_way else [],
        "trace": presenters.dice_steps(match), "rounds": state["rounds"],
    }


@login_required
def dice_match(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    if request.method != "POST":
        return _dice_page(request, member, _page_access(access.access_dice_match, member, pk, for_action="view"))
    match = _page_access(access.access_dice_match, member, pk, for_action="move")
    form = DiceMoveForm(request.POST)
    if not form.is_valid():
        return _dice_page(request, member, match, form=form, status=400)
    move = form.move()
    player_id = form.cleaned_data.get("player")
    player = ({match.first_id: match.first, match.second_id: match.second}.get(player_id) if player_id
              else presenters.default_mover(match, member))
    try:
        if player is None:
            raise services.InvalidInput(_("Member %(id)s does not play in this match.") % {"id": player_id},
                                        extra={"field": "player", "value": player_id})
        match = services.dice_match_move(match=match, actor=member, player=player, **{
            k: v for k, v in move.items() if k != "action"}, action=move["action"])
        if match.is_over:
            messages.success(request, _("%(winner)s wins the match and takes the pool of %(pool)s chips.")
                             % {"winner": match.winner.display_name, "pool": match.pool})
        else:
            messages.success(request, _("%(name)s: %(move)s. The pool is %(pool)s chips.")
                             % {"name": player.display_name, "move": presenters.DICE_ACTION_NAMES[move["action"]],
                                "pool": match.pool})
        return redirect(match)
    except (ApplicationError, RulesError) as exc:
        form.add_error(_move_field(move, exc), exc.message)
        return _dice_page(request, member, match, form=form, status=_status(exc))


@login_required
@require_GET
def dice_match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The moving part of a match's page, polled by whoever waits: nothing (204) while the match
    stands where the page last saw it (``since``), else the part drawn afresh; once the match is
    over, declined or withdrawn the answer is 286, which stops the polling."""
    member = _member(request)
    match = _page_access(access.access_dice_match, member, pk, for_action="view")
    if request.GET.get("since") == selectors.dice_stamp(match):
        return HttpResponse(status=204)
    response = render(request, "tables/_dice_live.html", _dice_context(member, match))
    if match.is_closed:
        response.status_code = HttpResponseStopPolling.status_code
    return response


def _status(exc: Exception) -> int:
    return exc.status_code if isinstance(exc, ApplicationError) else 400


_ANSWERED = {
    "accept": lambda: _("You accepted: your stake of %(stake)s chips is in the pool and the match starts."),
    "decline": lambda: _("You declined the match; no chips of yours moved."),
    "withdraw": lambda: _("The invitation is withdrawn; your stake of %(stake)s chips came back."),
}


def _answer_invitation(request: HttpRequest, pk: int, *, for_action: str, service) -> HttpResponse:
    member = _member(request)
    match = _page_access(access.access_dice_match, member, pk, for_action=for_action)
    try:
        service(match=match, actor=member)
    except ApplicationError as exc:
        return _dice_page(request, member, match, error=exc.message, status=exc.status_code)
    messages.success(request, _ANSWERED[for_action]() % {"stake": match.stake})
    return redirect(match)


@login_required
@require_POST
def dice_accept(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer_invitation(request, pk, for_action="accept", service=services.dice_match_accept)


@login_required
@require_POST
def dice_decline(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer_invitation(request, pk, for_action="decline", service=services.dice_match_decline)


@login_required
@require_POST
def dice_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    return _answer_invitation(request, pk, for_action="withdraw", service=services.dice_match_withdraw)


# --- the Draker calculator ---------------------------------------------------------------------

def draker(request: HttpRequest) -> HttpResponse:
    """Score a combination and the balance of a turn; no login needed, nothing stored. The form
    is sent by GET so a result can be shared as a link."""
    submitted = "c0-rank" in request.GET
    rows = [DrakerCardForm(request.GET if submitted else None, prefix=f"c{i}") for i in range(DRAKER_ROWS)]
    turn = DrakerTurnForm(request.GET if submitted else None)
    result, error, status = None, "", 200
    if submitted:
        if all(row.is_valid() for row in rows) and turn.is_valid():
            cards = [card for card in (row.card() for row in rows) if card is not None]
            try:
                result = services.draker_calculate(cards=cards, **turn.numbers())
            except RulesError as exc:
                error, status = exc.message, 400
        else:
            status = 400
    kinds = ([str(presenters.KIND_NAMES[k]) for k in sorted(result["score"].kinds)] if result else [])
    steps = {"score": presenters.draker_score_steps(result["score"], turn.numbers().get("effects", 0)),
             "balance": presenters.draker_balance_steps(result["balance"])} if result else {}
    role = presenters.draker_role_name(result["score"].role) if result else ""
    return render(request, "tables/draker.html", {
        "rows": rows, "turn": turn, "result": result, "error": error, "kinds": kinds, "steps": steps,
        "role": role}, status=status)


# --- Draker games ------------------------------------------------------------------------------

DRAKER_RECENT = 30


@login_required
def draker_games(request: HttpRequest) -> HttpResponse:
    """The club's Draker games, the latest first, the drafts waiting for the member's
    confirmation, and the form to record a game he played (a croupier: any game)."""
    member = _member(request)
    session = _session_from(request)
    form = DrakerGameForm(request.POST or None, initial={"session": session.pk} if session else None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                game = services.draker_game_record(actor=member, players=form.players(),
                                                   session=form.cleaned_data["session"],
                                                   note=form.cleaned_data["note"])
                messages.success(request, _("The game is recorded as a draft. Another player of the game or a "
                                            "croupier confirms it; then it counts in the Draker rating."))
                return redirect(game)
            except ApplicationError as exc:
                form.add_error(form.field_for(exc.extra), exc.message)
                status = exc.status_code
        else:
            status = 400
    return render(request, "tables/draker_games.html", {
        "form": form, "games": list(selectors.draker_games()[:DRAKER_RECENT]),
        "waiting": list(selectors.draker_waiting_for(member=member)), "open_rows": DRAKER_GAME_OPEN_ROWS},
        status=status)


def _draker_turn_forms(game: DrakerGame, data=None) -> dict:
    return {"player_form": DrakerTurnPlayerForm(data, players=[p.member for p in game.players.all()]),
            "rows": [DrakerCardForm(data, prefix=f"c{i}") for i in range(DRAKER_ROWS)],
            "turn": DrakerTurnForm(data)}


def _draker_page(request: HttpRequest, member: Member, game: DrakerGame, *, forms: dict | None = None,
                 error: str = "", turn_error: str = "", status: int = 200) -> HttpResponse:
    turns = selectors.draker_turns(game)
    lost = selectors.draker_life_lost(turns)
    return render(request, "tables/draker_game.html", {
        "game": game, "players": [(p, lost.get(p.member_id, 0)) for p in game.players.all()],
        "turns": [(t, presenters.draker_turn_line(t)) for t in turns],
        "can_confirm": game.is_draft and access.can_draker(member, game, "confirm"),
        "can_discard": game.is_draft and access.can_draker(member, game, "discard"),
        "can_turn": game.is_draft and access.can_draker(member, game, "turn"),
        "mine": game.entered_by_id == member.pk, "error": error, "turn_error": turn_error,
        **(forms or _draker_turn_forms(game))}, status=status)


@login_required
@require_GET
def draker_game(request: HttpRequest, pk: int) -> HttpResponse:
    member = _member(request)
    return _draker_page(request, member, _page_access(access.access_draker_game, member, pk, for_action="view"))


_DRAKER_DONE = {
    "confirm": lambda: _("The game is confirmed and counts in the Draker rating."),
    "discard": lambda: _("The draft is discarded; it is kept but never rated."),
}


def _draker_move(request: HttpRequest, pk: int, *, for_action: str, service) -> HttpResponse:
    member = _member(request)
    game = _page_access(access.access_draker_game, member, pk, for_action=for_action)
    try:
        game = service(game=game, actor=member)
    except ApplicationError as exc:
        return _draker_page(request, member, game, error=exc.message, status=exc.status_code)
    messages.success(request, _DRAKER_DONE[for_action]())
    return redirect(game)


@login_required
@require_POST
def draker_game_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    return _draker_move(request, pk, for_action="confirm", service=services.draker_game_confirm)


@login_required
@require_POST
def draker_game_discard(request: HttpRequest, pk: int) -> HttpResponse:
    return _draker_move(request, pk, for_action="discard", service=services.draker_game_discard)


@login_required
@require_POST
def draker_game_turn(request: HttpRequest, pk: int) -> HttpResponse:
    """A combination declared in a turn, valued by the engine as the calculator values it."""
    member = _member(request)
    game = _page_access(access.access_draker_game, member, pk, for_action="turn")
    forms = _draker_turn_forms(game, request.POST)
    valid = [f.is_valid() for f in (forms["player_form"], forms["turn"], *forms["rows"])]
    if not all(valid):
        return _draker_page(request, member, game, forms=forms, status=400)
    players = {p.member_id: p.member for p in game.players.all()}
    cards = [card for card in (row.card() for row in forms["rows"]) if card is not None]
    try:
        turn = services.draker_turn_record(game=game, actor=member, player=players[forms["player_form"].cleaned_data[
            "player"]], cards=cards, **forms["turn"].numbers())
    except (ApplicationError, RulesError) as exc:
        return _draker_page(request, member, game, forms=forms, turn_error=exc.message, status=_status(exc))
    messages.success(request, presenters.draker_turn_line(turn))
    return redirect(game)
