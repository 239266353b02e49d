"""Charts drawn on the server as inline SVG: readable with no script, each shown beside a table."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

WIDTH, HEIGHT, PAD = 320, 160, 28
# What fits on one line of a bar chart at its font size (about 5.5 units a character).
BAR_LABEL_CHARS = 56


def line_chart(points: Sequence[tuple[float, float]], *, title: str = "", decimals: int | None = None) -> SafeString:
    """A polyline of (x, y) points with a zero line and the extremes labelled (rounded to
    ``decimals`` places when given). The coordinates are written with a dot, never through the
    locale; the two labels are text, written as the page's language writes numbers."""
    if not points:
        return mark_safe("")
    xs = [p[0] for p in points]
    ys = [p[1] for p in points] + [0]
    x0, x1 = min(xs), max(xs)
    y0, y1 = min(ys), max(ys)
    xspan = (x1 - x0) or 1
    yspan = (y1 - y0) or 1

    def sx(x: float) -> float:
        return round(PAD + (x - x0) * (WIDTH - 2 * PAD) / xspan, 1)

    def sy(y: float) -> float:
        return round(HEIGHT - PAD - (y - y0) * (HEIGHT - 2 * PAD) / yspan, 1)

    def label(y: float) -> str:
        # Words on the picture, not coordinates: written as the page's language writes numbers.
        return number_format(y, decimal_pos=decimals)

    path = " ".join(f"{sx(x)},{sy(y)}" for x, y in points)
    dots = "".join(f'<circle cx="{sx(x)}" cy="{sy(y)}" r="2.5"/>' for x, y in points)
    return mark_safe(
        f'<svg viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>"
        f'<line x1="{PAD}" x2="{WIDTH - PAD}" y1="{sy(0)}" y2="{sy(0)}" stroke="#bbb" stroke-dasharray="4 3"/>'
        f'<polyline points="{path}" fill="none" stroke="#7a5c00" stroke-width="2"/>'
        f'<g fill="#7a5c00">{dots}</g>'
        f'<text x="4" y="{sy(y1) + 4}" font-size="10">{label(y1)}</text>'
        f'<text x="4" y="{sy(y0) + 4}" font-size="10">{label(y0)}</text>'
        f"</svg>")


def bar_chart(rows: Sequence[tuple[str, int]], *, title: str = "") -> SafeString:
    """Horizontal bars, one per (label, count), each label on its own line above its bar: a rule's
    title is longer than any margin a phone's width leaves beside the bars. A label longer than the
    chart is cut with an ellipsis (the table beside the chart gives it whole)."""
    rows = list(rows)
    if not rows:
        return mark_safe("")
    top = max(count for _, count in rows) or 1
    label_h, bar_h, gap = 12, 12, 7
    row_h = label_h + bar_h + gap
    height = len(rows) * row_h + gap
    bars = []
    for i, (label, count) in enumerate(rows):
        y = gap + i * row_h
        w = round((WIDTH - 30) * count / top, 1)
        shown = label if len(label) <= BAR_LABEL_CHARS else label[:BAR_LABEL_CHARS - 1].rstrip() + "…"
        bars.append(f'<text x="0" y="{y + 9}" font-size="10">{escape(shown)}</text>'
                    f'<rect x="0" y="{y + label_h}" width="{w}" height="{bar_h}" fill="#4a90d9"/>'
                    f'<text x="{round(w + 4, 1)}" y="{y + label_h + 10}" font-size="10">{count}</text>')
    return mark_safe(
        f'<svg viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">'
        f"<title>{escape(title)}</title>{''.join(bars)}</svg>")
