"""The API's one root (``/api/``): every endpoint that answers a GET without naming an object,
from every app's router and plain view, grouped as the OpenAPI document (``/api/schema/``) tags
them.

The endpoints come from the URL patterns as the schema generator walks them (drf-spectacular's
``EndpointEnumerator``), so an endpoint added to any app appears here with no list to keep in
step. The group is the schema's default tag: the first part of the path below the root
(``/api/members/me/`` is in ``members``); the name is the URL pattern's name, what ``reverse``
takes (``member-me``).
"""

from __future__ import annotations

import functools

from django.urls import get_script_prefix, resolve
from drf_spectacular.generators import EndpointEnumerator
from rest_framework import routers
from rest_framework.response import Response
from rest_framework.reverse import reverse

ROOT_NAME = "api-root"


@functools.cache
def api_index(root: str) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """``(group, ((URL name, path), ...))`` for the endpoints below ``root`` (a path such as
    ``/api/``), groups in alphabetical order and each group's endpoints in the order of their
    paths. The URL patterns do not change while a process lives, so the walk is made once."""
    groups: dict[str, dict[str, str]] = {}
    for path, _regex, method, _callback in EndpointEnumerator().get_api_endpoints():
        if method != "GET" or "{" in path or not path.startswith(root) or path == root:
            continue
        group = path[len(root):].split("/", 1)[0]
        name = resolve(path).url_name
        if name:
            groups.setdefault(group, {}).setdefault(name, path)
    return tuple((group, tuple(sorted(names.items(), key=lambda item: item[1])))
                 for group, names in sorted(groups.items()))


class APIRootView(routers.APIRootView):
    """Every list and page of the club's API, grouped as the API's documentation (/api/docs/)
    and its OpenAPI schema (/api/schema/) group them. What only takes writes (a new token, a bet)
    is in the documentation.
    """

    def get(self, request, *args, **kwargs):
        # The patterns' paths, as the enumerator gives them, start below the script prefix.
        prefix = get_script_prefix()
        root = "/" + reverse(ROOT_NAME)[len(prefix):]
        return Response({group: {name: request.build_absolute_uri(prefix + path[1:]) for name, path in endpoints}
                         for group, endpoints in api_index(root)})
