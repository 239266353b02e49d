"""What the club's history (:mod:`club.audit`) shows of the games: sittings, their players, deals,
cards, bets, claims, results and the chip ledger, and the seasons. Registered by
:meth:`games.apps.GamesConfig.ready`: the club does not import the games."""

from __future__ import annotations

from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from club import audit
from club.audit import ManyField, Names

from .models import Bet, Claim, Deal, DealtCard, Game, GamePlayer, LedgerEntry, Result
from .seasons.models import Season


def game_name(game: Game) -> str:
    return _("game %(number)s of %(session)s") % {"number": game.number, "session": audit.session_name(game.session)}


def deal_name(deal: Deal) -> str:
    return _("deal %(number)s of %(game)s") % {"number": deal.number, "game": game_name(deal.game)}


def _deal_of(record, names: Names) -> str:
    return names.name(Deal, getattr(record, "deal_id", None))


def _game_label(record, names: Names) -> tuple[str, str | None]:
    return capfirst(names.name(Game, record.id)), names.url(Game, record.id)


def _player_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s in %(game)s") % {"member": names.member(record), "game": names.name(Game, record.game_id)},
            names.url(Game, record.game_id))


def _deal_label(record, names: Names) -> tuple[str, str | None]:
    return capfirst(names.name(Deal, record.id)), names.url(Deal, record.id)


def _card_label(record, names: Names) -> tuple[str, str | None]:
    return (_("Card %(number)s of %(deal)s") % {"number": record.seq + 1, "deal": _deal_of(record, names)},
            names.url(Deal, record.deal_id))


def _bet_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s's bet in %(deal)s") % {"member": names.member(record), "deal": _deal_of(record, names)},
            names.url(Deal, record.deal_id))


def _claim_label(record, names: Names) -> tuple[str, str | None]:
    return (_("%(member)s's claim in %(deal)s") % {"member": names.member(record), "deal": _deal_of(record, names)},
            names.url(Deal, record.deal_id))


def _result_label(record, names: Names) -> tuple[str, str | None]:
    return (_("Result of %(deal)s, version %(version)s") % {"deal": _deal_of(record, names),
                                                          "version": record.version},
            names.url(Deal, record.deal_id))


def _ledger_label(record, names: Names) -> tuple[str, str | None]:
    """Whose account, and the deal it came from when it came from one."""
    account = names.member(record) if record.member_id else LedgerEntry.Account(record.account).label
    if record.deal_id:
        return (_("Ledger entry of %(account)s for %(deal)s") % {"account": account, "deal": _deal_of(record, names)},
                names.url(Deal, record.deal_id))
    return _("Ledger entry of %(account)s") % {"account": account}, reverse("games:ledger")


def _season_label(record, names: Names) -> tuple[str, str | None]:
    return record.name, names.url(Season, record.id)


def register() -> None:
    """Add the games' kinds, their names and their fields' names to the club's history."""
    audit.register_name(Game, game_name, queryset=lambda: Game.objects.select_related("session__venue"))
    audit.register_name(Deal, deal_name, queryset=lambda: Deal.all_objects.select_related("game__session__venue"))
    audit.register_name(Result, lambda result: _("version %(n)s") % {"n": result.version})
    audit.register_kind("game", Game, label=_game_label, named=True,
                        scope=(("game", "id"), ("player", "game_id")))
    audit.register_kind("player", GamePlayer, label=_player_label)
    audit.register_kind("deal", Deal, label=_deal_label, named=True,
                        scope=(("deal", "id"), ("card", "deal_id"), ("bet", "deal_id"), ("claim", "deal_id"),
                               ("result", "deal_id")))
    audit.register_kind("card", DealtCard, label=_card_label)
    audit.register_kind("bet", Bet, label=_bet_label)
    audit.register_kind("claim", Claim, label=_claim_label)
    audit.register_kind("result", Result, label=_result_label,
                        many=[ManyField("winners", history="games.HistoricalResult_winners", column="member_id")])
    audit.register_kind("ledger", LedgerEntry, label=_ledger_label)
    audit.register_kind("season", Season, label=_season_label)
    audit.name_fields(
        casino_hand=pgettext_lazy("changed field", "casino hand"), deal=pgettext_lazy("changed field", "deal"),
        dice_match=pgettext_lazy("changed field", "dice match"), game=pgettext_lazy("changed field", "game"),
        result=pgettext_lazy("changed field", "result"), supersedes=pgettext_lazy("changed field", "corrects version"))
