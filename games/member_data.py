"""What a member's own data export (:mod:`club.member_data`) holds of the games: the results of the
deals he played, his chip statement, his claims and his bets. Registered by
:meth:`games.apps.GamesConfig.ready`: the club does not import the games."""

from __future__ import annotations

from django.utils.translation import gettext as _

from club.member_data import Table, when
from club.models import Member

from .models import Bet, Claim, Result
from .selectors import plays_in, statement


def play_tables(member: Member, site: str) -> list[Table]:
    results = (Result.objects.filter(plays_in(member, "deal__game"), status=Result.Status.CONFIRMED)
               .select_related("deal__game").prefetch_related("winners").order_by("confirmed_at", "pk"))
    result_rows = [{"confirmed_at": when(r.confirmed_at), "game": str(r.deal.game), "deal": r.deal.number,
                    "version": r.version, "winners": ", ".join(w.display_name for w in r.winners.all()),
                    "my_chips": (r.chips or {}).get(str(member.pk), 0), "pot": r.pot,
                    "link": site + r.deal.get_absolute_url()} for r in results]
    chips = [{"date": when(row["entry"].created_at), "what": row["label"], "kind": row["entry"].get_kind_display(),
              "chips": row["entry"].amount, "balance": row["balance"], "link": site + row["url"]}
             for row in statement(member=member)]
    claims = [{"made_at": when(c.created_at), "game": str(c.deal.game), "deal": c.deal.number, "rule": c.rule,
               "card": c.card, "suit": c.suit} for c in
              Claim.objects.filter(member=member).select_related("deal__game").order_by("created_at", "pk")]
    bets = [{"made_at": when(b.created_at), "game": str(b.deal.game), "deal": b.deal.number,
             "kind": b.get_kind_display(), "amount": b.amount} for b in
            Bet.objects.filter(member=member).select_related("deal__game").order_by("created_at", "pk")]
    return [
        Table("results", (("confirmed_at", _("Confirmed at")), ("game", _("Game")), ("deal", _("Deal")),
                          ("version", _("Version")), ("winners", _("Winners")), ("my_chips", _("My chips")),
                          ("pot", _("Pot")), ("link", _("Link"))), result_rows),
        Table("chip-statement", (("date", _("Date")), ("what", _("What")), ("kind", _("Kind")), ("chips", _("Chips")),
                                 ("balance", _("Balance")), ("link", _("Link"))), chips),
        Table("claims", (("made_at", _("Made at")), ("game", _("Game")), ("deal", _("Deal")), ("rule", _("Rule")),
                         ("card", _("Card")), ("suit", _("Suit"))), claims),
        Table("bets", (("made_at", _("Made at")), ("game", _("Game")), ("deal", _("Deal")), ("kind", _("Kind")),
                       ("amount", _("Chips"))), bets),
    ]
