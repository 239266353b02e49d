"""The Atom feeds of the precedent archive: new rulings, and each followed search."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.http import Http404
from django.urls import reverse_lazy
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext_lazy as _

from club.errors import NotFound

from . import access, selectors
from .following import search_label


class _PrecedentFeed(Feed):
    """An Atom feed whose items are precedents: their id, title and status, question and ruling."""

    feed_type = Atom1Feed

    def item_title(self, item):
        return f"{item.permanent_id}: {item.title} ({item.get_status_display()})"

    def item_description(self, item):
        return f"{item.question}\n\n{item.ruling}"

    def item_pubdate(self, item):
        return item.published_at


class RulingsFeed(_PrecedentFeed):
    title = _("New rulings of the Dragon Poker club")
    subtitle = _("Precedents published in the club's archive (base rule 12).")
    link = reverse_lazy("rules:precedent_list")

    def items(self):
        # The founding readings are the club's starting point, not news.
        return (selectors.published_precedents().filter(published_at__isnull=False, founding=False)
                .select_related("ruled_by").order_by("-published_at", "-permanent_id")[:30])

    def item_updateddate(self, item):
        return item.published_at

    def item_author_name(self, item):
        return item.ruled_by.display_name if item.ruled_by else str(_("The club"))


class FollowedSearchFeed(_PrecedentFeed):
    """The precedents a followed search matches, newest change first: its secret address is the
    key, so it lists published precedents only."""

    def get_object(self, request, token):
        try:
            return access.access_saved_search(None, token, for_write=False)
        except NotFound:
            raise Http404

    def title(self, obj):
        return _("Followed precedents: %(search)s") % {"search": search_label(obj)}

    def subtitle(self, obj):
        return _("New and changed precedents of a followed search of the club's archive.")

    def link(self, obj):
        return obj.get_absolute_url()

    def items(self, obj):
        return selectors.saved_search_news(obj)

    def item_updateddate(self, item):
        return item.updated_at
