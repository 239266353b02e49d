"""The API's schema class: drf-spectacular's, with the refusals each operation can answer, in
the API's one error shape (club.errors) described once as the ``Error`` component.

Which refusals an operation documents: 400 everywhere (every input is checked, the path and the
headers included, before a view sees it); 403 but for the reads open to everybody; 404 where the
path names an object; 409 for writes (a state that does not allow it, rows still in use); 429
where a throttle counts the requests, or where the handler says so (:func:`refuses`).
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from rest_framework import permissions

ERROR_COMPONENT = "Error"
ERROR_SCHEMA = {
    "type": "object",
    "description": "Every refusal of the API: a sentence for a person, and what it concerns.",
    "properties": {
        "message": {"type": "string", "description": "What went wrong, in the member's language."},
        "extra": {
            "type": "object", "additionalProperties": {},
            "description": "What the refusal concerns: the field and the value refused (cut, and never a secret), "
                           "or under fields each field's errors and value; empty when there is nothing to add.",
        },
    },
    "required": ["message", "extra"],
}
ERROR_DESCRIPTIONS = {
    "400": "Bad input: the message names the value refused.",
    "403": "Not allowed: not signed in, or not this member's to do or see.",
    "404": "Nothing of this name, or nothing this member may see.",
    "409": "Not now: the object's state does not allow it, or other rows still use it.",
    "429": "Too many requests or attempts: try again later.",
}


def refuses(*statuses: int):
    """Mark an API handler as refusing with these statuses besides those the schema infers (a
    login that locks an account after failed attempts answers 429 without a throttle)."""
    def mark(handler):
        handler.club_refusals = tuple(str(status) for status in statuses)
        return handler
    return mark


class ClubAutoSchema(AutoSchema):
    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        registry.register_on_missing(ResolvedComponent(
            name=ERROR_COMPONENT, type=ResolvedComponent.SCHEMA, object=ERROR_COMPONENT, schema=ERROR_SCHEMA))
        body = {"content": {media_type: {"schema": {"$ref": f"#/components/schemas/{ERROR_COMPONENT}"}}
                            for media_type in self.map_renderers("media_type")}}
        responses = operation.setdefault("responses", {})
        for status in self.refusals():
            # What a view documents itself stays as it is.
            responses.setdefault(status, {"description": ERROR_DESCRIPTIONS[status], **body})
        return operation

    def refusals(self) -> list[str]:
        write = self.method not in permissions.SAFE_METHODS
        statuses = {"400"}
        if write or not all(isinstance(p, permissions.AllowAny) for p in self.view.get_permissions()):
            statuses.add("403")
        if "{" in self.path:
            statuses.add("404")
        if write:
            statuses.add("409")
        if self._throttled():
            statuses.add("429")
        handler = getattr(self.view, getattr(self.view, "action", None) or self.method.lower(), None)
        return sorted(statuses | set(getattr(handler, "club_refusals", ())))

    def _throttled(self) -> bool:
        try:
            return bool(self.view.get_throttles())
        except Exception:  # noqa: BLE001 (a throttle that cannot be built without a request still throttles)
            return True
