"""Templates show labels and never branch on codes: no ``{% if %}`` or ``{% elif %}`` compares a
value with a string literal (``==``, ``!=``, ``in``, ``not in``). A state, a phase or an action
offered reaches a page as a flag (``tournament.is_running``, ``hand.awaits_draw``) or as a label
the model or the presenter gives, so a renamed code can never leave a page silently on its other
branch. The value a form button posts may still be the code: only the branching is refused.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.utils.text import smart_split

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"

CONDITION = re.compile(r"{%-?\s*(?:el)?if\s+(.*?)\s*-?%}")
OPERATORS = {"==", "!=", "in"}


def _literal(operand: str) -> bool:
    """A string literal, with or without filters: ``"draw"``, ``'x'|upper``, ``_("Fold")``."""
    return operand.startswith(("'", '"', "_(\"", "_('"))


def code_comparisons(condition: str) -> list[str]:
    """The comparisons in an ``if`` condition that have a string literal on either side."""
    bits = list(smart_split(condition))
    found = []
    for i, bit in enumerate(bits):
        if bit not in OPERATORS:
            continue
        left = i - 2 if bit == "in" and i >= 1 and bits[i - 1] == "not" else i - 1
        operands = [bits[j] for j in (left, i + 1) if 0 <= j < len(bits)]
        if any(_literal(o) for o in operands):
            found.append(" ".join(bits[max(left, 0):i + 2]))
    return found


def scan(root: Path) -> list[str]:
    """``path:line: comparison`` for every comparison with a string literal in the templates under
    ``root``, the path taken from ``root``."""
    found = []
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            for match in CONDITION.finditer(line):
                found += [f"{path.relative_to(root).as_posix()}:{number}: {c}" for c in code_comparisons(match[1])]
    return found


def test_no_template_branches_on_a_code():
    found = scan(TEMPLATES)
    assert not found, "templates compare with a code; give them a flag or a label:\n" + "\n".join(found)


def test_the_scan_catches_a_code_and_passes_a_clean_template(tmp_path):
    """The scan reads what the test above relies on: a comparison with a literal in an ``if`` or an
    ``elif`` is caught wherever the literal stands; flags, comparisons of two variables and
    literals outside a condition (a ``for`` over a string, a filter's argument) pass."""
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "coded.html").write_text(
        '<p>{% if hand.phase == "draw" %}draw{% endif %}</p>\n'
        "{% for a in actions %}\n"
        "{% if mine %}{% elif 'fold' != a %}x{% endif %}\n"
        '{% if "roll" in actions or mode not in "ab" %}{% endif %}{% endfor %}\n',
        encoding="utf-8")
    (tmp_path / "clean.html").write_text(
        '{% if hand.awaits_draw and p == period %}{{ action.label }}{% endif %}{% for i in "123456" %}'
        "{{ n.x|add:'-80' }}{% endfor %}\n{% if f.name|default:\"x\" %}{% endif %}\n",
        encoding="utf-8")
    assert scan(tmp_path) == [
        'games/coded.html:1: hand.phase == "draw"',
        "games/coded.html:3: 'fold' != a",
        'games/coded.html:4: "roll" in actions',
        'games/coded.html:4: mode not in "ab"',
    ]
