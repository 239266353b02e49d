"""One way to move a row along its declared life.

Every model with a life (a session, a result, a tournament, a precedent, a dispute) declares its
statuses as ``TextChoices`` and its allowed moves as ``TRANSITIONS`` (status -> statuses it may
become). :func:`transition` is the only place a status changes: an unknown status is bad input
(400), a move the table does not allow is a conflict (409), and both errors have one shape,
``extra = {"field", "value", "from", "to", "allowed"}``, with the statuses named in words.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _

from .errors import Conflict, InvalidInput


def _label(choices: type[models.TextChoices], value: str) -> str:
    try:
        label = str(choices(value).label)
    except ValueError:
        return str(value)[:40]
    return label[:1].lower() + label[1:]  # inside a sentence: "Open for RSVPs" -> "open for RSVPs"


def transition(obj: models.Model, to: str, *, what: str, field: str = "status") -> str:
    """Set ``obj.<field>`` to ``to`` if ``type(obj).TRANSITIONS`` allows it (the caller saves).

    ``what`` names the thing in the message ("session", "result"...). Returns the former status.
    """
    model = type(obj)
    choices = model.Status
    current = getattr(obj, field)
    to = "" if to is None else str(to)
    if to not in choices.values:
        raise InvalidInput(_("%(value)s is not a status a %(what)s can have.") % {"value": repr(to[:40]), "what": what},
                           extra={"field": field, "value": to[:40]})
    allowed = tuple(model.TRANSITIONS.get(current, ()))
    if to not in allowed:
        if allowed:
            message = _("The %(what)s is %(from)s and cannot become %(to)s (it can become %(allowed)s).") % {
                "what": what, "from": _label(choices, current), "to": _label(choices, to),
                "allowed": ", ".join(_label(choices, a) for a in allowed)}
        else:
            message = _("The %(what)s is %(from)s and cannot change any more.") % {
                "what": what, "from": _label(choices, current)}
        raise Conflict(message, extra={"field": field, "value": to, "from": current, "to": to,
                                       "allowed": list(allowed)})
    setattr(obj, field, to)
    return current
