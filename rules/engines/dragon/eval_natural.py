"""The fast path of the evaluator: a hand of natural cards under the default readings.

Real cards are distinct, so a natural hand can form only the hands of the list that need no two
identical cards and at most two cards of a rank in one colour; everything it can form is read
off four suit masks (13-bit sets of rank indices) through tables built once per card order:
runs of consecutive ranks per mask, the ranks of a mask strongest first, the best opposition of
a mask. The rank part depends only on the masks of ranks held at least 2, 3 and 4 times, the
suit and colour parts on per-suit and per-colour masks. The general search
(:mod:`.eval_core`) gives the same answers; the tests hold the two against each other and
against the brute-force reference.
"""

from __future__ import annotations

from .eval_core import HONOR_RANKS

_POP = [bin(i).count("1") for i in range(1 << 13)]
EIGHT_BIT = 1 << 6


class NaturalTables:
    """Per card order: for every 13-bit rank mask, its ranks strongest first (as strengths and as
    rank indices), the best top of a run of each length 5..9, and the best opposition."""

    def __init__(self, rs: list[int]) -> None:
        natural = rs[0] == 0
        size = 1 << 13
        ranks: list[tuple[int, ...]] = [()] * size
        tops: list[tuple[int, ...]] = [()] * size
        runs: list[tuple[int, ...]] = [()] * size
        opp = [-1] * size
        for mask in range(1, size):
            # the strongest rank of the mask, then the rest (already built: a smaller mask)
            r = mask.bit_length() - 1 if natural else (mask & -mask).bit_length() - 1
            rest = mask ^ (1 << r)
            ranks[mask] = (r,) + ranks[rest]
            tops[mask] = (rs[r],) + tops[rest]
            best = [-1] * 10
            starts = mask
            for n in range(2, 10):
                starts &= mask >> (n - 1)        # bits where a run of n consecutive ranks starts
                if not starts:
                    break
                if n >= 5:
                    if natural:
                        best[n] = starts.bit_length() - 1 + n - 1
                    else:
                        best[n] = 12 - ((starts & -starts).bit_length() - 1)
            runs[mask] = tuple(best)
            for a in range(6):
                if mask >> a & 1 and mask >> (12 - a) & 1:
                    opp[mask] = 12 - 2 * a
                    break
        runs[0] = (-1,) * 10
        self.ranks = ranks              # rank indices, strongest first
        self.tops = tops                # their strengths
        self.runs = runs                # best top strength of a run of n = 5..9, or -1
        self.opp = opp                  # best opposition difference, or -1


def _suit_run(n, smax, sorder, suit_counts, suit_runs, ss):
    if smax < n:
        return None
    for s in sorder:
        if suit_counts[s] >= n:
            top = suit_runs[s][n]
            if top >= 0:
                return (ss[s], top), ("run", 1 << s, n, top)
    return None


def _colour_run(n, cmax, corder, colour_runs, cs):
    if cmax < n:
        return None
    for c in corder:
        top = colour_runs[c][n]
        if top >= 0:
            return (cs[c], top), ("run", 0b0011 if c == 0 else 0b1100, n, top)
    return None


def natural_best(ctx, tables: NaturalTables, m0: int, m1: int, m2: int, m3: int):
    """``(category, key, combination)`` of a natural hand (combination as ``(ri, si)`` pairs), or
    None when it forms no hand."""
    runs = tables.runs
    tops = tables.tops
    ranks = tables.ranks
    M = (m0, m1, m2, m3)
    sorder = ctx.sorder
    ss = ctx.ss
    P = m0 | m1 | m2 | m3
    red = m0 | m1
    black = m2 | m3
    red2 = m0 & m1
    black2 = m2 & m3
    c2 = red2 | black2 | (red & black)
    c3 = (red2 & black) | (black2 & red)
    c4 = red2 & black2
    n1 = _POP[P]
    k0 = _POP[m0]
    k1 = _POP[m1]
    k2 = _POP[m2]
    k3 = _POP[m3]
    ncards = k0 + k1 + k2 + k3
    corder = ctx.corder
    cs = ctx.cs
    colour_pairs = (red2, black2)
    suit_counts = (k0, k1, k2, k3)
    smax = max(suit_counts)
    cr = _POP[red]
    cb = _POP[black]
    cmax = cr if cr > cb else cb
    suit_runs = (runs[m0], runs[m1], runs[m2], runs[m3]) if smax >= 5 else None
    colour_runs = (runs[red], runs[black]) if cmax >= 5 else None

    if ncards >= 8:
        if ncards >= 9:
            got = smax >= 9 and _suit_run(9, smax, sorder, suit_counts, suit_runs, ss)
            if got:
                return 3, got[0], got[1]
        got = smax >= 8 and _suit_run(8, smax, sorder, suit_counts, suit_runs, ss)
        if got:
            return 7, got[0], got[1]
        if ncards >= 9:
            got = cmax >= 9 and _colour_run(9, cmax, corder, colour_runs, cs)
            if got:
                return 14, got[0], got[1]
    if ncards >= 6:
        for c in corder:
            m = colour_pairs[c]
            if m & EIGHT_BIT and tables.opp[m] >= 0:
                sm = 0b0011 if c == 0 else 0b1100
                return 16, (cs[c], tables.opp[m]), ("opp", sm, tables.opp[m], True)
    if ncards >= 7:
        got = smax >= 7 and _suit_run(7, smax, sorder, suit_counts, suit_runs, ss)
        if got:
            return 17, got[0], got[1]
    if ncards >= 6:
        got = smax >= 6 and _suit_run(6, smax, sorder, suit_counts, suit_runs, ss)
        if got:
            return 19, got[0], got[1]
    if ncards >= 8:
        got = cmax >= 8 and _colour_run(8, cmax, corder, colour_runs, cs)
        if got:
            return 22, got[0], got[1]
    if c2 & EIGHT_BIT and tables.opp[c2] >= 0:
        return 23, (tables.opp[c2],), ("opp", 0b1111, tables.opp[c2], True)
    got = smax >= 5 and _suit_run(5, smax, sorder, suit_counts, suit_runs, ss)
    if got:
        return 24, got[0], got[1]
    if n1 >= 9:
        top = runs[P][9]
        if top >= 0:
            return 27, (top,), ("run", 0b1111, 9, top)
    n4 = _POP[c4]
    n3 = _POP[c3]
    n2 = _POP[c2]
    if n4 >= 2:
        q = ranks[c4]
        return 29, (tops[c4][0], tops[c4][1]), ("ranks", ((q[0], 4), (q[1], 4)))
    if n4 and n2 >= 2:
        q = ranks[c4][0]
        rest = c2 & ~(1 << q)
        return 30, (tops[c4][0], tops[rest][0]), ("ranks", ((q, 4), (ranks[rest][0], 2)))
    if n1 >= 8:
        top = runs[P][8]
        if top >= 0:
            return 34, (top,), ("run", 0b1111, 8, top)
    if n3 >= 3:
        t = ranks[c3]
        return 36, tops[c3][:3], ("ranks", ((t[0], 3), (t[1], 3), (t[2], 3)))
    if ncards >= 7:
        got = cmax >= 7 and _colour_run(7, cmax, corder, colour_runs, cs)
        if got:
            return 37, got[0], got[1]
    if n3 >= 2 and n2 >= 3:
        t = ranks[c3]
        rest = c2 & ~(1 << t[0]) & ~(1 << t[1])
        return 38, (tops[c3][0], tops[c3][1], tops[rest][0]), (
            "ranks", ((t[0], 3), (t[1], 3), (ranks[rest][0], 2)))
    if n4:
        q = ranks[c4][0]
        qbit = 1 << q
        for s in sorder:
            if _POP[M[s] & ~qbit] >= 2:
                return 39, (tops[c4][0], ss[s]), ("cross", q, s)
    for c in corder:
        m = colour_pairs[c]
        if _POP[m] >= 4:
            return 40, (cs[c],) + tops[m][:4], ("cpairs", c, ranks[m][:4])
    if n3 >= 2:
        t = ranks[c3]
        return 41, tops[c3][:2], ("ranks", ((t[0], 3), (t[1], 3)))
    if n1 >= 7:
        top = runs[P][7]
        if top >= 0:
            return 44, (top,), ("run", 0b1111, 7, top)
    opp = tables.opp
    if n2 >= 2 and opp[c2] >= 0:
        # both pairs of an opposition in the same two suits: the pairs are an opposition first
        for hi, lo, x, y in ctx.natural_suit_pairs:
            m = M[x] & M[y]
            d = tables.opp[m]
            if d >= 0:
                return 45, (hi, lo, d), ("mirror", x, y, d)
    for c in corder:
        m = colour_pairs[c]
        if n2 >= 3 and _POP[m] >= 3:
            return 46, (cs[c],) + tops[m][:3], ("cpairs", c, ranks[m][:3])
    if n2 >= 4:
        p = ranks[c2]
        return 47, tops[c2][:4], ("ranks", tuple((r, 2) for r in p[:4]))
    if n3 and n2 >= 3:
        t = ranks[c3][0]
        rest = c2 & ~(1 << t)
        p = ranks[rest]
        return 48, (tops[c3][0],) + tops[rest][:2], ("ranks", ((t, 3), (p[0], 2), (p[1], 2)))
    if n4:
        q = ranks[c4][0]
        return 49, (tops[c4][0],), ("ranks", ((q, 4),))
    if ncards >= 6:
        got = cmax >= 6 and _colour_run(6, cmax, corder, colour_runs, cs)
        if got:
            return 50, got[0], got[1]
    if opp[c2] >= 0:
        return 51, (opp[c2],), ("opp", 0b1111, opp[c2], False)
    if ncards >= 5:
        got = cmax >= 5 and _colour_run(5, cmax, corder, colour_runs, cs)
        if got:
            return 52, got[0], got[1]
    if n2 >= 3:
        p = ranks[c2]
        return 54, tops[c2][:3], ("ranks", tuple((r, 2) for r in p[:3]))
    if n1 >= 6:
        top = runs[P][6]
        if top >= 0:
            return 55, (top,), ("run", 0b1111, 6, top)
    if n1 >= 5:
        top = runs[P][5]
        if top >= 0:
            return 56, (top,), ("run", 0b1111, 5, top)
    if smax >= 5:
        for n, cat in ((6, 57), (5, 58)):
            for s in sorder:
                if suit_counts[s] >= n:
                    return cat, (ss[s],) + tops[M[s]][:n], ("flush", s, n)
    if n3 and n2 >= 2:
        t = ranks[c3][0]
        rest = c2 & ~(1 << t)
        return 59, (tops[c3][0], tops[rest][0]), ("ranks", ((t, 3), (ranks[rest][0], 2)))
    if n3:
        return 60, (tops[c3][0],), ("ranks", ((ranks[c3][0], 3),))
    if n2 >= 2:
        p = ranks[c2]
        return 61, tops[c2][:2], ("ranks", ((p[0], 2), (p[1], 2)))
    for c in corder:
        a, b = (m0, m1) if c == 0 else (m2, m3)
        if ncards >= 6 and _POP[a] + _POP[b] >= 6:
            merged = sorted(tops[a] + tops[b], reverse=True)[:6]
            return 62, (cs[c],) + tuple(merged), ("colour", c)
    if n2:
        return 63, (tops[c2][0],), ("ranks", ((ranks[c2][0], 2),))
    honors = P & HONOR_RANKS
    if honors:
        return 64, (tops[honors][0],), ("ranks", ((ranks[honors][0], 1),))
    return None


def natural_cards(ctx, tables: NaturalTables, M, detail) -> list:
    """The combination of a natural hand as ``(ri, si)`` pairs."""
    kind = detail[0]
    sorder = ctx.sorder
    out = []

    def take(r, sm, k):
        for s in sorder:
            if sm >> s & 1 and M[s] >> r & 1:
                out.append((r, s))
                k -= 1
                if k == 0:
                    return

    if kind == "run":
        _, sm, n, top = detail
        lo = top - n + 1 if ctx.rs[0] == 0 else 12 - top
        for r in range(lo, lo + n):
            take(r, sm, 1)
    elif kind == "opp":
        _, sm, diff, eights = detail
        a = (12 - diff) // 2
        take(a, sm, 2)
        take(12 - a, sm, 2)
        if eights:
            take(6, sm, 2)
    elif kind == "ranks":
        for r, k in detail[1]:
            take(r, 0b1111, k)
    elif kind == "cross":
        _, q, s = detail
        take(q, 0b1111, 4)
        weakest = [r for r in reversed(tables.ranks[M[s] & ~(1 << q)])][:2]
        out.extend((r, s) for r in weakest)
    elif kind == "cpairs":
        _, c, held = detail
        sm = 0b0011 if c == 0 else 0b1100
        for r in held:
            take(r, sm, 2)
    elif kind == "mirror":
        _, x, y, diff = detail
        a = (12 - diff) // 2
        out.extend(((a, x), (a, y), (12 - a, x), (12 - a, y)))
    elif kind == "flush":
        _, s, n = detail
        out.extend((r, s) for r in tables.ranks[M[s]][:n])
    else:
        _, c = detail
        a, b = (0, 1) if c == 0 else (2, 3)
        both = [(ctx.rs[r], ctx.ss[s], r, s) for s in (a, b) for r in range(13) if M[s] >> r & 1]
        both.sort(reverse=True)
        out.extend((r, s) for _x, _y, r, s in both[:6])
    return out
