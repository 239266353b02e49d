"""QR codes the club shows: a member's check-in code, drawn as inline SVG (no script, no style)."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


def checkin_qr_svg(code: str) -> SafeString:
    """The QR code a croupier scans at the door: it holds the member's check-in code and nothing
    else, so typing the code under it does the same."""
    qr = segno.make(code, error="m", micro=False)
    # segno escapes the title itself.
    svg = qr.svg_inline(scale=6, border=4, dark="#000", light="#fff", svgclass="qr", lineclass=None,
                        omitsize=True, title=_("Check-in code %(code)s") % {"code": code})
    return mark_safe(svg)
