"""The member's statistics charts fit a phone: a bar's label stands on its own line above the bar,
inside the picture, never in a margin that a long rule title overflows."""

from __future__ import annotations

import re

from games import charts

LONG = "M41 · Three open cards of one rank: the fourth is dead in every circle of the deal that follows"


def _texts(svg: str) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), text) for x, y, text in
            re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg)]


def test_every_label_starts_inside_the_picture_above_its_bar():
    svg = charts.bar_chart([(LONG, 2), ("M74 · More than two players of one dimension", 2), ("M47", 1)])
    width = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    bars = [(float(y), float(w)) for y, w in re.findall(r'<rect x="0" y="([\d.]+)" width="([\d.]+)"', svg)]
    labels = [t for t in _texts(svg) if not t[2].isdigit()]
    assert len(bars) == len(labels) == 3
    for (x, y, text), (bar_y, bar_w) in zip(labels, bars, strict=True):
        assert x == 0 and y < bar_y
        assert len(text) <= charts.BAR_LABEL_CHARS
        assert 0 < bar_w <= width
    assert labels[0][2].endswith("…") and labels[0][2][:-1].strip() in LONG
    assert labels[2][2] == "M47"


def test_the_longest_bar_is_the_largest_count_and_its_number_follows_it():
    svg = charts.bar_chart([("a", 4), ("b", 1)])
    (_, wa), (_, wb) = re.findall(r'<rect x="0" y="([\d.]+)" width="([\d.]+)"', svg)
    assert float(wa) == 4 * float(wb)
    counts = [t for t in _texts(svg) if t[2].isdigit()]
    assert [c[2] for c in counts] == ["4", "1"] and counts[0][0] > float(wa)


def test_no_rows_draw_nothing():
    assert charts.bar_chart([]) == ""


def test_a_line_charts_labels_read_as_the_pages_language_its_coordinates_never():
    from django.utils import translation

    with translation.override("ru"):
        svg = charts.line_chart([(0, 0.0), (1, -1.4)], decimals=1)
    assert ">-1,4</text>" in svg and ">0,0</text>" in svg
    assert not re.search(r'(cx|cy|y|y1|y2|points)="[^"]*\d,\d', svg.replace('points="', 'p="'))
    with translation.override("en"):
        assert ">-1.4</text>" in charts.line_chart([(0, 0.0), (1, -1.4)], decimals=1)
