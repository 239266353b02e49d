"""The fast path of the evaluator for hands with changeable cards, under the default readings.

Under the default readings every shape of the list is a set of groups that all share one suit
set (one suit, one colour or any suit), except the Cross (#39) and the mirror opposition (#45),
whose groups are few and fixed. The changeable cards then reduce to counts:

* a wild card fills any slot;
* a home card of rank ``r`` fills any slot of rank ``r`` (its suit is free);
* a free card of suit ``s`` fills any slot of an honor rank whose suits include ``s``.

For a shape whose groups have distinct ranks and share the suit set ``S``, the fixed cards and
the home cards of a rank never serve another group, so a group of ``k`` cards of rank ``r`` lacks
``max(0, k - a[r])`` cards, with ``a[r]`` the fixed cards of rank ``r`` in ``S`` plus the home
cards of rank ``r``; the free cards of ``S`` can cover what the honor groups lack, the wild cards
the rest: the shape is formed exactly when ``lack_foska + max(0, lack_honor - free_S) <= wild``
(Hall's condition of the matching the general search solves). Shapes are tried best first and
their parameters in decreasing key order, as in :mod:`.eval_core`, so the first success is the
best category and its best key. Cheap upper bounds of the problem (:func:`limits`: the largest
group of one rank, the most cards and the most distinct ranks a suit, a colour or the hand can
hold) skip most shapes without a look; the straights and the oppositions depend only on a few
masks and counts, and memoize their answer by them, and so do the other groups of one suit set
when no rank has two home cards (the masks of the ranks it holds once, twice, ...; the same
masks bound the slots its cards can fill, which skips most suits without a look). The general
search gives the same answers; the tests hold the two against each other and against the
brute-force reference.
"""

from __future__ import annotations

from operator import add as _add

HON = 0b1111 << 9
FOSKA = 0b111111111
FIRST_HONOR = 9
EIGHT = 6
_POP = [bin(i).count("1") for i in range(1 << 13)]
_BITS = [tuple(m >> r & 1 for r in range(13)) for m in range(1 << 13)]
_SUITS_OF = [tuple(s for s in range(4) if sm >> s & 1) for sm in range(16)]
COLOUR_SUITS = (0b0011, 0b1100)
MEMO_LIMIT = 32_768         # entries of one memo before it starts afresh (bounds a long run)
_MISSING = object()


class Problem:
    """The live cards of one hand as counts: fixed cards by suit masks, the number of wild
    cards, home cards per rank, free cards per suit."""

    __slots__ = ("M", "w", "H", "hmask", "h2mask", "nhome", "F", "nfree", "n", "_a", "_hs", "group", "held",
                 "once", "twice", "free_of")

    def __init__(self, M, w: int, H, F, n: int, hmask: int = -1, h2mask: int = 0, nhome: int = 0) -> None:
        self.M = M
        self.w = w
        self.H = H
        if hmask < 0:
            hmask = h2mask = nhome = 0
            for r in range(13):
                if H[r]:
                    hmask |= 1 << r
                    nhome += H[r]
                    if H[r] > 1:
                        h2mask |= 1 << r
        self.hmask = hmask          # ranks with a home card
        self.h2mask = h2mask        # ranks with two or more
        self.nhome = nhome
        self.F = F
        self.nfree = F[0] + F[1] + F[2] + F[3]
        self.n = n
        self._a = {}
        self._hs = None

    def fix_wild(self, M) -> Problem:
        """The problem itself, changed into the same cards with the wild cards fixed: the suit
        masks ``M`` (the fixed cards and the wild ones at their real values), no wild card."""
        self.M = M
        self.w = 0
        self._a = {}
        return self

    def home_sorted(self):
        """The home cards per rank, the most first (four of them, enough for any shape)."""
        got = self._hs
        if got is None:
            got = self._hs = sorted(self.H, reverse=True)[:4]
        return got

    def counts(self, sm: int):
        """``(a, free)`` for the suit set ``sm``: per rank the fixed cards of those suits plus
        the home cards of that rank; the free cards of those suits."""
        got = self._a.get(sm)
        if got is None:
            M = self.M
            F = self.F
            a = self.H
            free = 0
            for s in _SUITS_OF[sm]:
                a = list(map(_add, a, _BITS[M[s]]))
                free += F[s]
            got = self._a[sm] = (a, free)
        return got


def _two(k1: int, k2: int, a, w: int, free: int, budget: int, rest: int, rorder, rs):
    """:func:`_components` of two components."""
    same = k1 == k2
    for j in range(13):
        r1 = rorder[j]
        l1 = k1 - a[r1]
        if l1 < 0:
            l1 = 0
        if l1 + rest > budget:
            continue
        h1 = r1 >= FIRST_HONOR
        if (l1 - free if h1 and l1 > free else 0 if h1 else l1) > w:
            continue
        for i in range(j + 1 if same else 0, 13):
            r2 = rorder[i]
            if r2 == r1:
                continue
            l2 = k2 - a[r2]
            if l2 < 0:
                l2 = 0
            if h1:
                if r2 >= FIRST_HONOR:
                    f, h = 0, l1 + l2
                else:
                    f, h = l2, l1
            elif r2 >= FIRST_HONOR:
                f, h = l1, l2
            else:
                f, h = l1 + l2, 0
            if f + (h - free if h > free else 0) <= w:
                return (rs[r1], rs[r2])
    return None


def _components(sizes, a, w: int, free: int, rorder, rs):
    """The best rank strengths of components of ``sizes`` (seniority order, distinct ranks), or
    None: depth-first in decreasing key order, components of equal size in decreasing rank."""
    n = len(sizes)
    if n == 1:
        k = sizes[0]
        wf = w + free
        for r in rorder:
            lack = k - a[r]
            if lack <= w or (r >= FIRST_HONOR and lack <= wf):
                return (rs[r],)
        return None
    budget = w + free
    ordered = sorted(a, reverse=True)
    # what the components from i on lack at the least: the largest counts, the largest first
    bound = [0] * (n + 1)
    for i in range(n):
        total = 0
        for t in range(n - i):
            k = sizes[i + t] - ordered[t]
            if k > 0:
                total += k
        bound[i] = total
    if bound[0] > budget:
        return None
    if n == 2:
        return _two(sizes[0], sizes[1], a, w, free, budget, bound[1], rorder, rs)

    def dfs(i: int, used: int, start: int, foska: int, honor: int):
        k = sizes[i]
        rest = bound[i + 1]
        last = i + 1 == n
        for j in range(start if i and sizes[i - 1] == k else 0, 13):
            r = rorder[j]
            if used >> r & 1:
                continue
            lack = k - a[r]
            if lack < 0:
                lack = 0
            if r >= FIRST_HONOR:
                f, h = foska, honor + lack
            else:
                f, h = foska + lack, honor
            if f + h + rest > budget:
                continue
            if f + (h - free if h > free else 0) > w:
                continue
            if last:
                return (rs[r],)
            got = dfs(i + 1, used | (1 << r), j + 1, f, h)
            if got is not None:
                return (rs[r],) + got
        return None

    return dfs(0, 0, 0, 0, 0)


def _quals(ctx, qual: str):
    if qual == "none":
        return ((None, 0b1111),)
    if qual == "suit":
        return tuple((ctx.ss[s], 1 << s) for s in ctx.sorder)
    return tuple((ctx.cs[c], COLOUR_SUITS[c]) for c in ctx.corder)


def _index(ctx, qual: str) -> tuple:
    """The suit sets of :func:`_quals` as indices of ``Problem.group`` / ``Problem.held``."""
    if qual == "none":
        return (6,)
    if qual == "suit":
        return tuple(ctx.sorder)
    return tuple(4 + c for c in ctx.corder)


def make_components(ctx, sizes, qual, memo=None, tag: int = 0):
    """Components of ``sizes`` (distinct ranks) in one suit set. :func:`_components` reads the
    counts ``a`` only through ``min(a[r], sizes[0])``, which the masks of the ranks held at
    least once, twice, ... ``sizes[0]`` times give; with no rank of two home cards those masks
    come from the suit set's masks and the home ranks alone, so the answer is memoized by them,
    the free cards of the suit set and the wild cards. ``memo`` may be shared by the shapes of
    one context (``tag``, below 128, tells them apart), so that their memos together stay
    within :data:`MEMO_LIMIT` entries."""
    quals = _quals(ctx, qual)
    sizes = tuple(sizes)
    total = sum(sizes)
    rorder = ctx.rorder
    rs = ctx.rs

    bonus = {"suit": 1, "colour": 2}.get(qual, 0)
    index = _index(ctx, qual)
    first = sizes[0]
    if memo is None:
        memo = {}

    def search(p: Problem, sm: int, w: int):
        a, free = p.counts(sm)
        return _components(sizes, a, w, free, rorder, rs)

    # the components of size t or more: the ranks held t times or more fill at most that many
    # of their slots, so the cards of the suit set fill at most ``sum_t min(#ranks, c[t])``
    # slots, and :func:`_components` finds nothing when the wild and free cards cannot fill
    # the rest (its first bound, read off the masks)
    c = [sum(1 for k in sizes if k >= t) for t in range(6)]
    c1, c2, c3, c4, c5 = c[1:]
    # the lack above with no rank of two home cards: the first ``nhome`` groups have one each
    plain_lack = [sum(max(0, k - bonus - (1 if i < nhome else 0)) for i, k in enumerate(sizes))
                  for nhome in range(5)]

    def masked(p: Problem, x: int, sm: int, w: int):
        """The answer for the suit set ``x`` by its masks (no rank of two home cards)."""
        h = p.hmask
        one = p.once[x]
        free = p.free_of[x]
        if x < 4:
            t1 = one | h
            t2 = one & h
            k = _POP[t1]
            fill = k if k < c1 else c1
            k = _POP[t2]
            fill += k if k < c2 else c2
            if fill + free + w < total:
                return None
            key = t1 | t2 << 13 | free << 26 | w << 31
        elif x < 6:
            two = p.twice[x]
            t1 = one | h
            t2 = two | (one & h)
            t3 = two & h
            k = _POP[t1]
            fill = k if k < c1 else c1
            k = _POP[t2]
            fill += k if k < c2 else c2
            k = _POP[t3]
            fill += k if k < c3 else c3
            if fill + free + w < total:
                return None
            key = t1 | t2 << 13 | t3 << 26 | free << 39 | w << 44
        else:
            two = p.twice[6]
            red, black = p.once[4], p.once[5]
            red2, black2 = p.twice[4], p.twice[5]
            three = (red2 & black) | (black2 & red)
            four = red2 & black2
            ts = (one | h, two | (one & h), three | (two & h), four | (three & h), four & h)
            fill = 0
            for k, ct in zip(ts, (c1, c2, c3, c4, c5), strict=True):
                k = _POP[k]
                fill += k if k < ct else ct
            if fill + free + w < total:
                return None
            key = free | w << 5
            for t in ts[:first]:
                key = key << 13 | t
        key = key << 7 | tag
        got = memo.get(key, _MISSING)
        if got is _MISSING:
            if len(memo) > MEMO_LIMIT:
                memo.clear()
            got = memo[key] = search(p, sm, w)
        return got

    def shape(p: Problem):
        if p.n < total:
            return None
        w = p.w
        plain = not p.h2mask
        if bonus:
            # one suit holds at most one fixed card of a rank, one colour two: what the groups
            # lack at the least, before counting the suits' ranks
            if plain:
                nhome = p.nhome
                lack = plain_lack[nhome if nhome < 4 else 4]
            else:
                hs = p.home_sorted()
                lack = 0
                for i, k in enumerate(sizes):
                    k -= bonus + hs[i]
                    if k > 0:
                        lack += k
            if lack > w + p.nfree:
                return None
        if plain and bonus:
            # the first bound of :func:`masked` for the best suit / colour at once: a suit holds
            # twice only a home rank, a colour three times only a home rank it holds twice
            h = p.hmask
            if bonus == 1:
                k = _POP[p.once[6] & h]
                fill = c1 + (k if k < c2 else c2)
            else:
                two = p.twice[4] | p.twice[5]
                k = _POP[two | (p.once[6] & h)]
                fill = c1 + (k if k < c2 else c2)
                k = _POP[two & h]
                fill += k if k < c3 else c3
            if fill + p.nfree + w < total:
                return None
        group = p.group
        held = p.held
        for (strength, sm), x in zip(quals, index, strict=True):
            if group[x] + w < first or held[x] + w < total:
                continue
            got = masked(p, x, sm, w) if plain else search(p, sm, w)
            if got is not None:
                return got if strength is None else (strength,) + got
        return None

    return shape


def make_straight(ctx, n: int, qual: str):
    """``n`` consecutive ranks of one suit set: a rank is there when a fixed card of those suits
    or a home card holds it; the free cards of those suits fill missing honors, the wild cards
    the rest. The best top depends only on (ranks there, free cards, wild cards): memoized."""
    quals = _quals(ctx, qual)
    index = _index(ctx, qual)
    windows = ctx.windows[n]
    memo: dict = {}
    # with no wild and no free card, the best top is the natural path's: its tables when the
    # context has them (the best top of each run length per rank mask)
    natural = getattr(ctx, "tables", None)
    runs = natural.runs if natural is not None else None

    def best_top(present: int, free: int, w: int) -> int:
        for top, window in windows:
            missing = window & ~present
            if not missing:
                return top
            honor = _POP[missing & HON]
            if _POP[missing] - honor + (honor - free if honor > free else 0) <= w:
                return top
        return -1

    def shape(p: Problem):
        if p.n < n:
            return None
        w = p.w
        once = p.once
        free_of = p.free_of
        hmask = p.hmask
        for (strength, _sm), x in zip(quals, index, strict=True):
            present = once[x] | hmask
            free = free_of[x]
            if _POP[present] + w + free < n:
                continue
            if runs is not None and not w and not free:
                top = runs[present][n]
                if top >= 0:
                    return (top,) if strength is None else (strength, top)
                continue
            key = present | free << 13 | w << 18
            top = memo.get(key)
            if top is None:
                if len(memo) > MEMO_LIMIT:
                    memo.clear()
                top = memo[key] = best_top(present, free, w)
            if top >= 0:
                return (top,) if strength is None else (strength, top)
        return None

    return shape


def make_opposition(ctx, qual: str, eights: bool):
    """#12, #16, #23 (with a pair of Eights), #51: a pair against the pair of the opposite rank.
    A pair of rank ``r`` lacks ``2 - [a >= 1] - [a >= 2]`` cards (``a`` as in
    :meth:`Problem.counts`), read off two masks of the suit set: the ranks it holds at least
    once and at least twice; the best difference depends only on those masks, the free cards
    of the suit set and the wild cards: memoized."""
    quals = _quals(ctx, qual)
    index = _index(ctx, qual)
    need = 6 if eights else 4
    pairs = need // 2
    eight = 1 << EIGHT

    memo: dict = {}

    def best_diff(a1: int, a2: int, free: int, w: int) -> int:
        base = 0
        if eights:
            base = 2 - (1 if a1 & eight else 0) - (1 if a2 & eight else 0)
            if base > w:
                return -1
        for lo in range(6):
            foska = base + 2 - (a1 >> lo & 1) - (a2 >> lo & 1)
            if foska > w:
                continue
            hi = 12 - lo
            lack = 2 - (a1 >> hi & 1) - (a2 >> hi & 1)
            if hi >= FIRST_HONOR:
                lack = lack - free if lack > free else 0
            if foska + lack <= w:
                return 12 - 2 * lo
        return -1

    def shape(p: Problem):
        if p.n < need:
            return None
        w = p.w
        h1 = p.hmask
        h2 = p.h2mask
        once = p.once
        twice = p.twice
        held = p.held
        free_of = p.free_of
        for (strength, _sm), x in zip(quals, index, strict=True):
            if held[x] + w < need:
                continue
            u = once[x]
            a1 = u | h1
            a2 = twice[x] | (u & h1) | h2
            # the pairs' ranks fill at most this many of their slots (no difference otherwise)
            k1 = _POP[a1]
            k2 = _POP[a2]
            if (k1 if k1 < pairs else pairs) + (k2 if k2 < pairs else pairs) + free_of[x] + w < need:
                continue
            key = a1 | a2 << 13 | free_of[x] << 26 | w << 31
            diff = memo.get(key)
            if diff is None:
                if len(memo) > MEMO_LIMIT:
                    memo.clear()
                diff = memo[key] = best_diff(a1, a2, free_of[x], w)
            if diff >= 0:
                return (diff,) if strength is None else (strength, diff)
        return None

    return shape


def make_mirror(ctx):
    """#45 (IP-COLOR-OPPOSITION ``suits_mirror``, IP-OPPOSITION ``pair_against_pair``): the two
    pairs hold the same two suits ``x``, ``y`` (identical cards when ``x == y``)."""
    pairs = []
    for x in range(4):
        for y in range(4):
            if ctx.ss[x] >= ctx.ss[y]:
                pairs.append((ctx.ss[x], ctx.ss[y], x, y))
    pairs.sort(reverse=True)

    def shape(p: Problem):
        if p.n < 4:
            return None
        M = p.M
        H = p.H
        F = p.F
        w = p.w
        # the opposition of any suits (#51) holds wherever this one does
        a, free = p.counts(0b1111)
        los = []
        for lo in range(6):
            hi = 12 - lo
            lack = 2 - a[hi] if a[hi] < 2 else 0
            if hi >= FIRST_HONOR:
                lack = lack - free if lack > free else 0
            if (2 - a[lo] if a[lo] < 2 else 0) + lack <= w:
                los.append(lo)
        if not los:
            return None
        for hi_s, lo_s, x, y in pairs:
            mx = M[x]
            my = M[y]
            for lo in los:
                hi = 12 - lo
                if x == y:
                    lack_lo = 2 - (mx >> lo & 1) - H[lo]
                    if lack_lo < 0:
                        lack_lo = 0
                    if lack_lo > w:
                        continue
                    lack = 2 - (mx >> hi & 1)
                    if hi >= FIRST_HONOR:
                        lack -= F[x]
                        if lack < 0:
                            lack = 0
                else:
                    lack_lo = 2 - (mx >> lo & 1) - (my >> lo & 1) - H[lo]
                    if lack_lo < 0:
                        lack_lo = 0
                    if lack_lo > w:
                        continue
                    ex = 1 - (mx >> hi & 1)
                    ey = 1 - (my >> hi & 1)
                    if hi >= FIRST_HONOR:
                        ex = ex - F[x] if ex > F[x] else 0
                        ey = ey - F[y] if ey > F[y] else 0
                    lack = ex + ey
                lack -= H[hi]
                if lack < 0:
                    lack = 0
                if lack_lo + lack <= w:
                    return (hi_s, lo_s, 12 - 2 * lo)
        return None

    return shape


def make_cross(ctx):
    """#39: a quad and two cards of one suit of other ranks; the quad, then that suit."""
    rorder = ctx.rorder
    sorder = ctx.sorder
    rs = ctx.rs
    ss = ctx.ss

    def shape(p: Problem):
        if p.n < 6:
            return None
        a, free_all = p.counts(0b1111)
        M = p.M
        F = p.F
        H = p.H
        w = p.w
        for q in rorder:
            lack1 = 4 - a[q]
            if lack1 < 0:
                lack1 = 0
            honor = q >= FIRST_HONOR
            if lack1 > (w + free_all if honor else w):
                continue
            qbit = 1 << q
            others = p.nhome - H[q]
            for s in sorder:
                lack2 = 2 - _POP[M[s] & ~qbit] - others
                if lack2 < 0:
                    lack2 = 0
                if honor:
                    rest = free_all - F[s]
                    rem1 = lack1 - rest if lack1 > rest else 0
                    need = rem1 + lack2 - F[s]
                else:
                    need = lack1 + (lack2 - F[s] if lack2 > F[s] else 0)
                if need <= w:
                    return (rs[q], ss[s])
        return None

    return shape


def make_flush(ctx, n: int, qual: str):
    """#57, #58, #62: ``n`` cards of one suit / colour, by the suit / colour, then their ranks
    from the highest; a changeable card plays its best rank there."""
    quals = _quals(ctx, qual)
    rs = ctx.rs
    best_any = rs[ctx.rorder[0]]
    best_honor = max(rs[r] for r in range(FIRST_HONOR, 13))

    def shape(p: Problem):
        if p.n < n:
            return None
        M = p.M
        for strength, sm in quals:
            cands = [best_any] * p.w
            for r in range(13):
                for _ in range(p.H[r]):
                    cands.append(rs[r])
            for s in _SUITS_OF[sm]:
                cands.extend([best_honor] * p.F[s])
                m = M[s]
                while m:
                    low = m & -m
                    cands.append(rs[low.bit_length() - 1])
                    m ^= low
            if len(cands) < n:
                continue
            cands.sort(reverse=True)
            return (strength,) + tuple(cands[:n])
        return None

    return shape


def make_honor(ctx):
    rs = ctx.rs
    rorder = ctx.rorder
    best_honor = max(rs[r] for r in range(FIRST_HONOR, 13))

    def shape(p: Problem):
        if p.w or any(p.F):
            return (best_honor,)
        held = (p.M[0] | p.M[1] | p.M[2] | p.M[3] | p.hmask) & HON
        for r in rorder:
            if held >> r & 1:
                return (rs[r],)
        return None

    return shape


SPECS = (
    (1, ("components", (9,), "suit")), (2, ("components", (8,), "suit")), (3, ("straight", 9, "suit")),
    (4, ("components", (7,), "suit")), (5, ("components", (6,), "suit")),
    (6, ("components", (6,), "colour")), (7, ("straight", 8, "suit")),
    (8, ("components", (5,), "suit")), (9, ("components", (6,), "none")),
    (10, ("components", (4, 4), "suit")), (11, ("components", (5,), "colour")),
    (12, ("opposition", "suit", True)), (13, ("components", (4, 2), "suit")),
    (14, ("straight", 9, "colour")), (15, ("components", (5,), "none")),
    (16, ("opposition", "colour", True)), (17, ("straight", 7, "suit")),
    (18, ("components", (3, 3, 3), "suit")), (19, ("straight", 6, "suit")),
    (20, ("components", (4, 4), "colour")), (21, ("components", (4, 2), "colour")),
    (22, ("straight", 8, "colour")), (23, ("opposition", "none", True)), (24, ("straight", 5, "suit")),
    (25, ("components", (3, 3, 2), "suit")), (26, ("components", (3, 3, 3), "colour")),
    (27, ("straight", 9, "none")), (28, ("components", (3, 3), "suit")),
    (29, ("components", (4, 4), "none")), (30, ("components", (4, 2), "none")),
    (31, ("components", (3, 3, 2), "colour")), (32, ("components", (2, 2, 2, 2), "suit")),
    (33, ("components", (3, 2, 2), "suit")), (34, ("straight", 8, "none")),
    (35, ("components", (3, 3), "colour")), (36, ("components", (3, 3, 3), "none")),
    (37, ("straight", 7, "colour")), (38, ("components", (3, 3, 2), "none")), (39, ("cross",)),
    (40, ("components", (2, 2, 2, 2), "colour")), (41, ("components", (3, 3), "none")),
    (42, ("components", (3, 2, 2), "colour")), (43, ("components", (2, 2, 2), "suit")),
    (44, ("straight", 7, "none")), (45, ("mirror",)), (46, ("components", (2, 2, 2), "colour")),
    (47, ("components", (2, 2, 2, 2), "none")), (48, ("components", (3, 2, 2), "none")),
    (49, ("components", (4,), "none")), (50, ("straight", 6, "colour")),
    (51, ("opposition", "none", False)), (52, ("straight", 5, "colour")),
    (54, ("components", (2, 2, 2), "none")), (55, ("straight", 6, "none")),
    (56, ("straight", 5, "none")), (57, ("flush", 6, "suit")), (58, ("flush", 5, "suit")),
    (59, ("components", (3, 2), "none")), (60, ("components", (3,), "none")),
    (61, ("components", (2, 2), "none")), (62, ("flush", 6, "colour")),
    (63, ("components", (2,), "none")), (64, ("honor",)),
)
"""Hands 1..64 except #53 under the default readings, best first: the shape of each (the same
list as :func:`.eval_core.build_shapes`)."""


def _once_per_problem(shape, cat: int):
    """``shape`` answering once per problem (a looser shape is asked by the stricter ones)."""
    key = -cat          # beside the suit masks that key :meth:`Problem.counts`

    def run(p: Problem):
        got = p._a.get(key, _MISSING)
        if got is _MISSING:
            got = p._a[key] = shape(p)
        return got

    run.once = (shape, key)
    return run


def _after(loose, shape):
    """``shape`` asked only when ``loose`` (made by :func:`_once_per_problem`), which it implies,
    is formed."""
    loose_shape, key = loose.once

    def run(p: Problem):
        got = p._a.get(key, _MISSING)
        if got is _MISSING:
            got = p._a[key] = loose_shape(p)
        if got is None:
            return None
        return shape(p)

    return run


# the kinds of shape whose one-suit / one-colour forms are tried only when the any-suit form is
# formed (for the others the bounds and the per-suit checks are cheaper than that test)
RELAXED = ("opposition",)


def build_shapes(ctx):
    """The shapes of :data:`SPECS`. A shape of one suit or one colour implies the same shape of
    any suits (its slots only widen): for the kinds in :data:`RELAXED` it is tried only when
    that one is formed."""
    makers = {
        "components": make_components, "straight": make_straight, "opposition": make_opposition,
        "flush": make_flush, "cross": make_cross, "mirror": make_mirror, "honor": make_honor,
    }
    loose = {}
    for cat, spec in SPECS:
        if spec[0] in RELAXED and "none" in spec:
            loose[(spec[0],) + tuple(x for x in spec[1:] if x != "none")] = cat
    shared: dict = {}       # the memo of all the shapes of groups
    built = {cat: make_components(ctx, *spec[1:], shared, cat) if spec[0] == "components"
             else makers[spec[0]](ctx, *spec[1:]) for cat, spec in SPECS}
    for cat in loose.values():
        built[cat] = _once_per_problem(built[cat], cat)
    out = []
    for cat, spec in SPECS:
        shape = built[cat]
        if spec[0] in RELAXED and "none" not in spec:
            relaxed = loose.get((spec[0],) + tuple(x for x in spec[1:] if x not in ("suit", "colour")))
            if relaxed is not None:
                shape = _after(built[relaxed], shape)
        out.append((cat, shape))
    return tuple(out)


# upper bounds of a problem (:func:`limits`) that let a hopeless shape be skipped without a look
NO_LIMIT, GROUP_SUIT, GROUP_COLOUR, GROUP_ANY, CARDS_SUIT, CARDS_COLOUR, CARDS_ANY, RUN_COLOUR, RUN_ANY = range(9)
_KIND = {"suit": 0, "colour": 1, "none": 2}


def limits(p: Problem) -> tuple:
    """Upper bounds of the largest group of one rank, of the cards and of the distinct ranks one
    suit / one colour / the whole hand can hold, the wild cards included. The first two are also
    kept per suit set on the problem without the wild cards (``group``, ``held``: suits 0-3,
    colours 4-5, any 6)."""
    M = p.M
    H = p.H
    m0, m1, m2, m3 = M
    F = p.F
    free = p.nfree
    nhome = p.nhome
    # the largest group of one rank a suit set fills: the ranks with the most home cards
    # (``hf`` foska, ``hh`` honor ones, at ranks ``mf`` / ``mh``) plus their fixed cards there
    # (an honor rank also the free cards there); a rank with fewer home cards is bounded by one
    # home card less and the most fixed cards any rank has there
    if not p.h2mask:
        mf = p.hmask & FOSKA
        hf = 1 if mf else 0
        if not mf:
            mf = FOSKA
        mh = p.hmask & HON
        hh = 1 if mh else 0
        if not mh:
            mh = HON
    else:
        hf = max(H[:9])
        hh = max(H[9:])
        mf = mh = 0
        for r in range(9):
            if H[r] == hf:
                mf |= 1 << r
        for r in range(9, 13):
            if H[r] == hh:
                mh |= 1 << r
    red = m0 | m1
    black = m2 | m3
    red2 = m0 & m1
    black2 = m2 & m3
    c2 = red2 | black2 | (red & black)
    c3 = (red2 & black) | (black2 & red)
    c4 = red2 & black2
    P = red | black
    free_red = F[0] + F[1]
    free_black = F[2] + F[3]
    f0, f1, f2, f3 = F
    g = hf + 1 if m0 & mf else hf
    h = (hh + 1 if m0 & mh else hh) + f0
    g0 = h if h > g else g
    g = hf + 1 if m1 & mf else hf
    h = (hh + 1 if m1 & mh else hh) + f1
    g1 = h if h > g else g
    g = hf + 1 if m2 & mf else hf
    h = (hh + 1 if m2 & mh else hh) + f2
    g2 = h if h > g else g
    g = hf + 1 if m3 & mf else hf
    h = (hh + 1 if m3 & mh else hh) + f3
    g3 = h if h > g else g
    g = hf + (2 if red2 & mf else 1 if red & mf else 0)
    if red2 & FOSKA and hf + 1 > g:
        g = hf + 1
    h = hh + (2 if red2 & mh else 1 if red & mh else 0)
    if red2 & HON and hh + 1 > h:
        h = hh + 1
    h += free_red
    g4 = h if h > g else g
    g = hf + (2 if black2 & mf else 1 if black & mf else 0)
    if black2 & FOSKA and hf + 1 > g:
        g = hf + 1
    h = hh + (2 if black2 & mh else 1 if black & mh else 0)
    if black2 & HON and hh + 1 > h:
        h = hh + 1
    h += free_black
    g5 = h if h > g else g
    g = hf + (4 if c4 & mf else 3 if c3 & mf else 2 if c2 & mf else 1 if P & mf else 0)
    top = hf - 1 + (4 if c4 & FOSKA else 3 if c3 & FOSKA else 2 if c2 & FOSKA else 1)
    if top > g:
        g = top
    h = hh + (4 if c4 & mh else 3 if c3 & mh else 2 if c2 & mh else 1 if P & mh else 0)
    top = hh - 1 + (4 if c4 & HON else 3 if c3 & HON else 2 if c2 & HON else 1)
    if top > h:
        h = top
    h += free
    g6 = h if h > g else g
    k0 = _POP[m0] + nhome
    k1 = _POP[m1] + nhome
    k2 = _POP[m2] + nhome
    k3 = _POP[m3] + nhome
    e0 = k0 + f0
    e1 = k1 + f1
    e2 = k2 + f2
    e3 = k3 + f3
    e4 = k0 + k1 - nhome + free_red
    e5 = k2 + k3 - nhome + free_black
    p.group = (g0, g1, g2, g3, g4, g5, g6)
    p.held = (e0, e1, e2, e3, e4, e5, p.n - p.w)
    p.once = (m0, m1, m2, m3, red, black, P)
    p.twice = (0, 0, 0, 0, red2, black2, c2)
    p.free_of = (f0, f1, f2, f3, free_red, free_black, free)
    if g1 > g0:
        g0 = g1
    if g3 > g2:
        g2 = g3
    if e1 > e0:
        e0 = e1
    if e3 > e2:
        e2 = e3
    run_red = _POP[red] + free_red
    run_black = _POP[black] + free_black
    # the bounds returned count the wild cards too (they fill any slot)
    w = p.w
    return (99, (g0 if g0 > g2 else g2) + w, (g4 if g4 > g5 else g5) + w, g6 + w, (e0 if e0 > e2 else e2) + w,
            (e4 if e4 > e5 else e5) + w, p.n, (run_red if run_red > run_black else run_black) + nhome + w,
            _POP[P] + nhome + free + w)


def _plan(ctx):
    """The shapes with the bounds that must hold for each to be formed at all."""
    shapes = dict(build_shapes(ctx))
    out = []
    for cat, spec in SPECS:
        kind = spec[0]
        if kind == "components":
            _, sizes, qual = spec
            q = _KIND[qual]
            checks = (GROUP_SUIT + q, sizes[0], CARDS_SUIT + q, sum(sizes))
        elif kind == "straight":
            _, n, qual = spec
            checks = (NO_LIMIT, 0, (CARDS_SUIT, RUN_COLOUR, RUN_ANY)[_KIND[qual]], n)
        elif kind == "opposition":
            _, qual, eights = spec
            q = _KIND[qual]
            checks = (GROUP_SUIT + q, 2, CARDS_SUIT + q, 6 if eights else 4)
        elif kind == "flush":
            _, n, qual = spec
            checks = (NO_LIMIT, 0, CARDS_SUIT + _KIND[qual], n)
        elif kind == "cross":
            checks = (GROUP_ANY, 4, CARDS_ANY, 6)
        elif kind == "mirror":
            checks = (NO_LIMIT, 0, CARDS_ANY, 4)
        else:
            checks = (NO_LIMIT, 0, NO_LIMIT, 0)
        out.append((cat, shapes[cat], *checks))
    return tuple(out)


class FlexTables:
    """The shapes of one context (card order and suit order, default readings)."""

    def __init__(self, ctx) -> None:
        self.plan = _plan(ctx)
        self.by_cat = {item[0]: item[1] for item in self.plan}


_NO_BOUND = (99,) * 7


def flex_shape(tables: FlexTables, cat: int, p: Problem):
    """The best key of category ``cat`` alone, or None (one shape: no bounds to skip it by,
    only the masks the shapes read)."""
    m0, m1, m2, m3 = p.M
    F = p.F
    red = m0 | m1
    black = m2 | m3
    p.group = p.held = _NO_BOUND
    p.once = (m0, m1, m2, m3, red, black, red | black)
    p.twice = (0, 0, 0, 0, m0 & m1, m2 & m3, (m0 & m1) | (m2 & m3) | (red & black))
    p.free_of = (F[0], F[1], F[2], F[3], F[0] + F[1], F[2] + F[3], p.nfree)
    return tables.by_cat[cat](p)


def flex_best(tables: FlexTables, p: Problem):
    """``(category, key)`` of the best hand the problem forms, or None."""
    lim = limits(p)
    for cat, shape, group, first, held, total in tables.plan:
        if lim[group] < first or lim[held] < total:
            continue
        got = shape(p)
        if got is not None:
            return cat, got
    return None
