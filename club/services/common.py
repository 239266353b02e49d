"""What the club's writes share: the permission checks under the services' names, the model
validation every write runs before it saves, and the session row a write locks. The other service
modules import this one; it imports none of them."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from .. import access
from ..errors import InvalidInput
from ..models import ScheduledSession

User = get_user_model()


# --- permissions -------------------------------------------------------------------------------

# The club's access rules live in club.access; the services keep these names.
require_croupier = access.check_croupier
require_admin = access.check_admin


def require_valid(instance, exclude: list[str] | None = None) -> None:
    """The model's own validation, its first complaint refused as bad input naming the field."""
    try:
        instance.full_clean(exclude=exclude)
    except ValidationError as exc:
        field, messages = next(iter(exc.message_dict.items()))
        value = getattr(instance, field, None) if field != "__all__" else None
        raise InvalidInput(f"{field}: {messages[0]}" if field != "__all__" else messages[0],
                           extra={"field": field, "value": None if value is None else str(value),
                                  "errors": exc.message_dict})


# --- the rows a write locks ----------------------------------------------------------------------

def locked_session(session: ScheduledSession) -> ScheduledSession:
    """``session``, locked, as it stands now (a caller's copy may predate a move of its status)."""
    return ScheduledSession.objects.select_for_update().get(pk=session.pk)
