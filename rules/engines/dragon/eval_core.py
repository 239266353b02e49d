"""The search behind :func:`rules.engines.dragon.evaluate`: the best hand of a set of live cards.

The live cards are split into *fixed* cards, which play as one value (their real rank and suit,
so two fixed cards never share a value), and *flexible* cards, each with a domain that is a
product of a rank set and a suit set: a wild card may be anything, a home card keeps its rank
and takes any suit, a free honor keeps its suit and takes any honor rank. Every shape of the
list is a set of *groups* (e.g. "two cards of rank 9, any suit", "one Seven of hearts"), each
needing ``size`` cards whose values lie in the group's rank and suit sets; groups of one shape
never share a value (the cross is built so that its two groups do not overlap either). The fixed
cards fill what they can, and the flexible cards cover the rest: a bipartite matching, solved
exactly by augmenting paths. Shapes are tried best first, and inside a shape the parameters are
tried in decreasing key order, so the first success is the best key of that shape.

Ranks are indices ``ri`` 0..12 (Two..Dragon) and suits ``si`` 0..3 (h d c s); masks are bit sets
of those indices. Strengths (the current card order and suit order) come from :class:`Context`.
"""

from __future__ import annotations

ALL_RANKS = 0x1FFF
HONOR_RANKS = 0b1111 << 9          # Elf, Unicorn, Giant, Dragon
ALL_SUITS = 0b1111
COLOUR_SUITS = (0b0011, 0b1100)    # red (hearts, diamonds), black (clubs, spades)
EIGHT = 6                          # rank index of the Eight, which has no opposite rank

_POP = [bin(i).count("1") for i in range(1 << 13)]


def popcount(mask: int) -> int:
    return _POP[mask]


class Flex:
    """A flexible card: its domain (rank mask, suit mask), its real value and its naturalness level."""

    __slots__ = ("rm", "sm", "ri", "si", "level", "wild")

    def __init__(self, rm: int, sm: int, ri: int, si: int, level: int) -> None:
        self.rm = rm
        self.sm = sm
        self.ri = ri
        self.si = si
        self.level = level
        self.wild = rm == ALL_RANKS and sm == ALL_SUITS

    def __repr__(self) -> str:
        return f"Flex(rm={self.rm:#x}, sm={self.sm:#x}, real=({self.ri},{self.si}))"


class State:
    """One search problem: fixed cards by suit masks, the flexible cards, and an optional card
    that must be counted in the combination (``must``; ``must_changed`` asks that it play as a
    value other than its real one)."""

    __slots__ = ("M", "R", "P", "flex", "nflex", "allwild", "nwild", "must", "must_changed", "cache",
                 "fit_cache")

    def __init__(self, masks, flex, must: int = -1, must_changed: bool = False) -> None:
        self.M = masks
        m0, m1, m2, m3 = masks
        self.R = [((m0 >> r) & 1) + ((m1 >> r) & 1) + ((m2 >> r) & 1) + ((m3 >> r) & 1) for r in range(13)]
        self.P = m0 | m1 | m2 | m3
        self.flex = flex
        self.nflex = len(flex)
        self.nwild = sum(1 for f in flex if f.wild)
        self.allwild = self.nwild == self.nflex
        self.cache: dict = {}
        self.fit_cache: dict = {}
        self.must = must
        self.must_changed = must_changed


# --- covering groups with flexible cards ----------------------------------------------------

def _fits(f: Flex, rm: int, sm: int, changed: bool) -> bool:
    r = f.rm & rm
    s = f.sm & sm
    if not r or not s:
        return False
    if changed and _POP[r] == 1 and _POP[s] == 1 and r == 1 << f.ri and s == 1 << f.si:
        return False
    return True


def _match(slots, flex, skip: int):
    """Assign a distinct flexible card to every slot ``(rm, sm)``; ``None`` if impossible."""
    owner: dict[int, int] = {}

    def augment(j: int, seen: set[int]) -> bool:
        rm, sm = slots[j]
        for i, f in enumerate(flex):
            if i == skip or i in seen or not (f.rm & rm) or not (f.sm & sm):
                continue
            seen.add(i)
            if i not in owner or augment(owner[i], seen):
                owner[i] = j
                return True
        return False

    for j in range(len(slots)):
        if not augment(j, set()):
            return None
    return {i: j for i, j in owner.items()}


def cover(st: State, groups):
    """Can the flexible cards complete ``groups`` (``(rm, sm, size, fixed)`` each)?

    Returns ``None`` or ``(groups, assignment)`` where assignment maps a flexible card index to
    the group index it fills."""
    must = st.must
    if must < 0:
        demand = 0
        for g in groups:
            d = g[2] - g[3]
            if d > 0:
                demand += d
        if demand == 0:
            return tuple(groups), {}
        if demand > st.nflex:
            return None
        if demand <= st.nwild:
            # wild cards fill any slot
            out = {}
            wilds = [i for i, f in enumerate(st.flex) if f.wild]
            k = 0
            for gi, g in enumerate(groups):
                for _ in range(g[2] - g[3]):
                    out[wilds[k]] = gi
                    k += 1
            return tuple(groups), out
        slots = []
        owners = []
        reach = 0
        flex = st.flex
        for gi, g in enumerate(groups):
            d = g[2] - g[3]
            if d <= 0:
                continue
            rm, sm = g[0], g[1]
            fits = 0
            for k, f in enumerate(flex):
                if not f.wild and f.rm & rm and f.sm & sm:
                    fits |= 1 << k
            if _POP[fits] + st.nwild < d:
                return None
            reach |= fits
            for _ in range(d):
                slots.append((rm, sm))
                owners.append(gi)
        if _POP[reach] + st.nwild < demand:
            return None
        got = _match(slots, flex, -1)
        if got is None:
            return None
        return tuple(groups), {i: owners[j] for i, j in got.items()}
    fm = st.flex[must]
    for mi, g in enumerate(groups):
        if not _fits(fm, g[0], g[1], st.must_changed):
            continue
        slots = []
        owners = []
        for gi, h in enumerate(groups):
            for _ in range(h[2] - h[3] - (gi == mi)):
                slots.append((h[0], h[1]))
                owners.append(gi)
        if len(slots) > st.nflex - 1:
            continue
        got = _match(slots, st.flex, must)
        if got is None:
            continue
        out = {i: owners[j] for i, j in got.items()}
        out[must] = mi
        return tuple(groups), out
    return None


# --- shapes --------------------------------------------------------------------------------

class Context:
    """Card order, suit order and readings: everything a shape's key depends on."""

    def __init__(self, card_order: str, suit_order: str, readings) -> None:
        natural_cards = card_order == "natural"
        natural_suits = suit_order == "natural"
        self.rs = list(range(13)) if natural_cards else [12 - r for r in range(13)]
        self.rorder = sorted(range(13), key=lambda r: -self.rs[r])
        self.ss = [3, 2, 1, 0] if natural_suits else [0, 1, 2, 3]
        self.sorder = sorted(range(4), key=lambda s: -self.ss[s])
        self.cs = [1, 0] if natural_suits else [0, 1]
        self.corder = sorted(range(2), key=lambda c: -self.cs[c])
        self.readings = readings
        self.tables = None          # the natural path's tables, set on first use
        # windows of consecutive ranks by length, best top card first
        self.windows = {}
        for n in range(5, 10):
            wins = []
            for lo in range(0, 14 - n):
                mask = ((1 << n) - 1) << lo
                top = max(self.rs[r] for r in range(lo, lo + n))
                wins.append((top, mask))
            wins.sort(reverse=True)
            self.windows[n] = wins
        self.rank_atoms = [(self.rs[r], r) for r in self.rorder]
        self.shapes = build_shapes(self)
        self.shape_items = sorted(self.shapes.items())
        self.min_cards = MIN_CARDS
        pairs = [(self.ss[x], self.ss[y], x, y) for x in range(4) for y in range(4) if self.ss[x] > self.ss[y]]
        self.natural_suit_pairs = sorted(pairs, reverse=True)


def _best_rank(ctx: Context, mask: int) -> int:
    for r in ctx.rorder:
        if mask >> r & 1:
            return r
    return -1


def _min_deficit(sizes, counts) -> int:
    total = 0
    for i, size in enumerate(sizes):
        c = counts[i] if i < len(counts) else 0
        if size > c:
            total += size - c
    return total


def _components(ctx: Context, st: State, comps):
    """Depth-first search of component hands.

    ``comps`` lists ``(size, atoms, same)`` in seniority order; an atom is ``(label, ri, rm, sm,
    fixed)``, atoms sorted best label first; ``same`` marks a component of the size of the one
    before drawing on the same atoms, which takes a later atom (so each set is tried once, in
    decreasing label order). All components have distinct ranks. The first complete choice whose
    groups the flexible cards can cover is the best."""
    nflex = st.nflex
    n = len(comps)
    labels: list = [None] * n
    groups: list = []
    flex = st.flex
    restricted = not st.allwild or st.must >= 0
    # a lower bound of the flexible cards the components from i on need
    counts = sorted((a[4] for a in comps[0][1]), reverse=True)
    sizes = [c[0] for c in comps]
    bound = [_min_deficit(sizes[i:], counts) for i in range(n)] + [0]
    fit_cache = st.fit_cache
    nwild = st.nwild

    def fitting(rm: int, sm: int) -> int:
        """A bit set of the non-wild flexible cards that can fill a group of these masks."""
        got = fit_cache.get((rm, sm))
        if got is None:
            got = 0
            for k, f in enumerate(flex):
                if not f.wild and f.rm & rm and f.sm & sm:
                    got |= 1 << k
            fit_cache[(rm, sm)] = got
        return got

    def dfs(i: int, used: int, deficit: int, start: int, last, reach: int):
        if i == n:
            if st.must >= 0:
                return cover(st, groups)
            if last is None:
                return cover(st, groups)
            return tuple(groups), last[1]
        size, atoms, same = comps[i]
        rest = bound[i + 1]
        for j in range(start if same else 0, len(atoms)):
            label, ri, rm, sm, fixed = atoms[j]
            if used >> ri & 1:
                continue
            d = size - fixed
            if d < 0:
                d = 0
            if deficit + d + rest > nflex:
                continue
            groups.append((rm, sm, size, fixed))
            now = last
            now_reach = reach
            if d:
                now = None              # the leaf assigns the flexible cards unless covered here
                if restricted:
                    # Hall's condition, loosely: enough cards that fit the groups at all
                    fits = fitting(rm, sm)
                    now_reach = reach | fits
                    if deficit + d > nwild:
                        if _POP[fits] + nwild < d or _POP[now_reach] + nwild < deficit + d:
                            groups.pop()
                            continue
                        if st.must < 0:
                            now = cover(st, groups)
                            if now is None:
                                groups.pop()
                                continue
            labels[i] = label
            got = dfs(i + 1, used | (1 << ri), deficit + d, j + 1, now, now_reach)
            groups.pop()
            if got is not None:
                return got
        return None

    got = dfs(0, 0, 0, 0, None, 0)
    if got is None:
        return None
    key = []
    for label in labels:
        key.extend(label)
    return tuple(key), got


def _relaxed_counts(st: State, sm: int) -> list[int]:
    """Per rank, the fixed cards within the suits ``sm`` plus the non-wild flexible cards that
    could play as that rank there (each counted for every rank it could take), strongest first:
    what is left to the wild cards is at least ``_min_deficit`` of these."""
    key = ("relaxed", sm)
    found = st.cache.get(key)
    if found is None:
        M = st.M
        counts = []
        for r in range(13):
            c = 0
            for s in range(4):
                if sm >> s & 1 and M[s] >> r & 1:
                    c += 1
            for f in st.flex:
                if not f.wild and f.rm >> r & 1 and f.sm & sm:
                    c += 1
            counts.append(c)
        counts.sort(reverse=True)
        found = st.cache[key] = counts
    return found


def _rank_atoms(ctx: Context, st: State, sm: int):
    found = st.cache.get(sm)
    if found is not None:
        return found
    M = st.M
    out = st.cache[sm] = []
    for strength, r in ctx.rank_atoms:
        fixed = 0
        for s in range(4):
            if sm >> s & 1 and M[s] >> r & 1:
                fixed += 1
        out.append(((strength,), r, 1 << r, sm, fixed))
    return out


def _pair_atoms(ctx: Context, st: State, quals, strengths):
    """Atoms (qualifier, rank) for the each-component reading and identical pairs, best first
    by (qualifier strength, rank strength)."""
    M = st.M
    out = []
    for q, sm in quals:
        for strength, r in ctx.rank_atoms:
            fixed = 0
            for s in range(4):
                if sm >> s & 1 and M[s] >> r & 1:
                    fixed += 1
            out.append(((strengths[q], strength), r, 1 << r, sm, fixed))
    out.sort(key=lambda a: a[0], reverse=True)
    return out


def make_components(sizes, qual: str, scope: str = "whole", extra=None):
    """A component shape. ``qual``: "none", "suit" or "colour"; ``scope``: "whole" (every card of
    the combination shares the suit / colour) or "each" (each component on its own).
    ``extra`` is a fixed last component ``(size, ri)`` such as the Two of IP-HORSESHOE."""
    sizes = tuple(sizes)
    total = sum(sizes) + (extra[0] if extra else 0)

    def shape(ctx: Context, st: State):
        if total > sum(st.R) + st.nflex:
            return None
        if qual == "none":
            if _min_deficit(sizes, sorted(st.R, reverse=True)) > st.nflex:
                return None
            if not st.allwild and _min_deficit(sizes, _relaxed_counts(st, ALL_SUITS)) > st.nwild:
                return None
            atoms = _rank_atoms(ctx, st, ALL_SUITS)
            comps = _stack(sizes, atoms)
            if extra:
                comps.append((extra[0], [a for a in atoms if a[1] == extra[1]], False))
            return _components(ctx, st, comps)
        if qual == "suit":
            quals = [(s, 1 << s) for s in ctx.sorder]
            strengths = ctx.ss
        else:
            quals = [(c, COLOUR_SUITS[c]) for c in ctx.corder]
            strengths = ctx.cs
        if scope == "each":
            atoms = _pair_atoms(ctx, st, quals, strengths)
            comps = _stack(sizes, atoms)
            return _components(ctx, st, comps)
        for q, sm in quals:
            if qual == "suit":
                counts = [1] * popcount(st.M[q])
            else:
                a, b = (st.M[0], st.M[1]) if q == 0 else (st.M[2], st.M[3])
                counts = [2] * popcount(a & b) + [1] * popcount(a ^ b)
            if _min_deficit(sizes, counts) > st.nflex:
                continue
            if not st.allwild and _min_deficit(sizes, _relaxed_counts(st, sm)) > st.nwild:
                continue
            atoms = _rank_atoms(ctx, st, sm)
            comps = _stack(sizes, atoms)
            if extra:
                comps.append((extra[0], [a for a in atoms if a[1] == extra[1]], False))
            got = _components(ctx, st, comps)
            if got is not None:
                return (strengths[q],) + got[0], got[1]
        return None

    return shape


def _stack(sizes, atoms):
    comps = []
    prev = None
    for size in sizes:
        comps.append((size, atoms, size == prev))
        prev = size
    return comps


def make_dragon_identical():
    """#30 under IP-DRAGON-PAIR ``identical``: a quad of any suits and a pair of identical cards."""

    def shape(ctx: Context, st: State):
        if _min_deficit((4, 2), sorted(st.R, reverse=True)) > st.nflex:
            return None
        quad = _rank_atoms(ctx, st, ALL_SUITS)
        pairs = _pair_atoms(ctx, st, [(s, 1 << s) for s in ctx.sorder], ctx.ss)
        # the pair's key is (rank, suit): the rank is the senior part of a component
        pairs = [((a[0][1], a[0][0]), *a[1:]) for a in pairs]
        pairs.sort(key=lambda a: a[0], reverse=True)
        return _components(ctx, st, [(4, quad, False), (2, pairs, False)])

    return shape


def make_straight(n: int, qual: str):
    def shape(ctx: Context, st: State):
        M = st.M
        if qual == "none":
            quals = [(0, ALL_SUITS, st.P)]
        elif qual == "suit":
            quals = [(ctx.ss[s], 1 << s, M[s]) for s in ctx.sorder]
        else:
            quals = [(ctx.cs[c], COLOUR_SUITS[c], (M[0] | M[1]) if c == 0 else (M[2] | M[3]))
                     for c in ctx.corder]
        nflex = st.nflex
        nwild = st.nwild
        for strength, sm, present in quals:
            if popcount(present) + nflex < n:
                continue
            # the ranks the non-wild flexible cards can bring into these suits, and how many
            reach = 0
            others = 0
            for f in st.flex:
                if not f.wild and f.sm & sm:
                    reach |= f.rm
                    others += 1
            for top, window in ctx.windows[n]:
                missing = window & ~present
                nm = popcount(missing)
                if nm > nwild + others or popcount(missing & ~reach) > nwild:
                    continue
                if nm == 0 and st.must < 0:
                    groups = [(1 << r, sm, 1, 1) for r in range(13) if window >> r & 1]
                    return _key(qual, strength, (top,)), (tuple(groups), {})
                groups = [(1 << r, sm, 1, 0 if missing >> r & 1 else 1)
                          for r in range(13) if window >> r & 1]
                got = cover(st, groups)
                if got is not None:
                    return _key(qual, strength, (top,)), got
        return None

    return shape


def _key(qual: str, strength: int, rest: tuple) -> tuple:
    return rest if qual == "none" else (strength,) + rest


def make_cross():
    """#39: a quad and two other cards of one suit; equal quads compare the suit of the two."""

    def shape(ctx: Context, st: State):
        R = st.R
        M = st.M
        nflex = st.nflex
        for q in ctx.rorder:
            fixed = R[q]
            d1 = 4 - fixed if fixed < 4 else 0
            if d1 > nflex:
                continue
            others = ALL_RANKS & ~(1 << q)
            for s in ctx.sorder:
                other = popcount(M[s] & others)
                d2 = 2 - other if other < 2 else 0
                if d1 + d2 > nflex:
                    continue
                groups = [(1 << q, ALL_SUITS, 4, fixed), (others, 1 << s, 2, other)]
                got = cover(st, groups)
                if got is not None:
                    return (ctx.rs[q], ctx.ss[s]), got
        return None

    return shape


def _oppositions(reading: str):
    """The oppositions, best difference first: ``(differences, units)``; a unit is the two ranks
    its two cards hold (a pair: the same rank twice; a couple: a rank and its opposite)."""
    pairs = [(r, 12 - r, 12 - 2 * r) for r in range(6)]      # Two-Dragon (12) .. Seven-Nine (2)
    out = []
    if reading == "pair_against_pair":
        for a, b, diff in pairs:
            out.append(((diff,), ((a, a), (b, b))))
    else:
        for i in range(6):
            for j in range(i + 1, 6):
                a, b, d1 = pairs[i]
                c, e, d2 = pairs[j]
                out.append(((d1, d2), ((a, b), (c, e))))
    return out


def _unit_need(units) -> tuple:
    """``(rank, cards)`` the units need, each rank once."""
    need: dict[int, int] = {}
    for unit in units:
        for r in unit:
            need[r] = need.get(r, 0) + 1
    return tuple(need.items())


def make_opposition(ctx: Context, qual: str, eights: bool):
    """#51 (qual none), #23 (+ a pair of Eights), #16 (one colour + Eights), #12 (one suit +
    Eights), and IP-COLOR-OPPOSITION ``one_colour`` for #45."""
    opps = []
    for diffs, units in _oppositions(ctx.readings["IP-OPPOSITION"]):
        if eights:
            units = units + ((EIGHT, EIGHT),)
        opps.append((diffs, _unit_need(units)))
    if qual == "none":
        quals = [(0, ALL_SUITS)]
    elif qual == "suit":
        quals = [(ctx.ss[s], 1 << s) for s in ctx.sorder]
    else:
        quals = [(ctx.cs[c], COLOUR_SUITS[c]) for c in ctx.corder]

    def shape(ctx: Context, st: State):
        nflex = st.nflex
        M = st.M
        for strength, sm in quals:
            suits = [s for s in range(4) if sm >> s & 1]
            # the flexible cards that can play in these suits at all, and per rank the non-wild
            # ones that can play as it there (what they cannot fill is left to the wild cards)
            usable = sum(1 for f in st.flex if f.sm & sm)
            nonwild = [0] * 13
            for f in st.flex:
                if not f.wild and f.sm & sm:
                    for r in range(13):
                        if f.rm >> r & 1:
                            nonwild[r] += 1
            for diffs, need in opps:
                demand = 0
                for_wild = 0
                groups = []
                for r, size in need:
                    fixed = 0
                    for s in suits:
                        fixed += M[s] >> r & 1
                    if size > fixed:
                        demand += size - fixed
                        if size > fixed + nonwild[r]:
                            for_wild += size - fixed - nonwild[r]
                    groups.append((1 << r, sm, size, fixed))
                if demand > nflex or demand > usable or for_wild > st.nwild:
                    continue
                got = cover(st, groups)
                if got is not None:
                    return _key(qual, strength, diffs), got
        return None

    return shape


def make_mirror_opposition(ctx: Context):
    """#45 under IP-COLOR-OPPOSITION ``suits_mirror``: both units hold the same two suits (a
    couple may hold them either way round), compared by those suits, then the difference."""
    suit_pairs = []
    for x in range(4):
        for y in range(4):
            if ctx.ss[x] >= ctx.ss[y]:
                suit_pairs.append(((ctx.ss[x], ctx.ss[y]), x, y))
    suit_pairs.sort(reverse=True)
    specs = []
    for strengths, x, y in suit_pairs:
        for diffs, units in _oppositions(ctx.readings["IP-OPPOSITION"]):
            options = [[]]
            for r1, r2 in units:
                ways = {((r1, x), (r2, y)), ((r1, y), (r2, x))}
                options = [o + [w] for o in options for w in sorted(ways)]
            shaped = set()
            for option in options:
                need: dict[tuple[int, int], int] = {}
                for way in option:
                    for value in way:
                        need[value] = need.get(value, 0) + 1
                shaped.add(tuple(sorted(need.items())))
            for need in sorted(shaped):
                specs.append((strengths + diffs, need))

    def shape(ctx: Context, st: State):
        M = st.M
        nflex = st.nflex
        for key, need in specs:
            demand = 0
            for (r, s), size in need:
                if size > (M[s] >> r & 1):
                    demand += size - (M[s] >> r & 1)
            if demand > nflex:
                continue
            groups = [(1 << r, 1 << s, size, M[s] >> r & 1) for (r, s), size in need]
            got = cover(st, groups)
            if got is not None:
                return key, got
        return None

    return shape


def make_flush(n: int, qual: str):
    """#57, #58 (suit) and #62 (colour): ``n`` cards of one suit / colour, compared by the suit /
    colour, then by their ranks from the highest. A flexible card plays its best rank there."""

    def shape(ctx: Context, st: State):
        M = st.M
        rs = ctx.rs
        if qual == "suit":
            quals = [(ctx.ss[s], 1 << s) for s in ctx.sorder]
        else:
            quals = [(ctx.cs[c], COLOUR_SUITS[c]) for c in ctx.corder]
        for strength, sm in quals:
            fixed_count = sum(popcount(M[s]) for s in range(4) if sm >> s & 1)
            if fixed_count + st.nflex < n:
                continue
            cands = []          # (strength, is_fixed, ri, si) or (strength, 0, ri, flex index)
            for s in range(4):
                if sm >> s & 1:
                    m = M[s]
                    for r in range(13):
                        if m >> r & 1:
                            cands.append((rs[r], 1, r, s))
            forced = None
            for i, f in enumerate(st.flex):
                if not f.sm & sm:
                    continue
                if i == st.must:
                    value = _best_flex_value(ctx, f, f.rm, sm, st.must_changed)
                    if value is not None:
                        forced = (rs[value[0]], 0, value[0], i)
                    continue
                r = _best_rank(ctx, f.rm)
                cands.append((rs[r], 0, r, i))
            cands.sort(reverse=True)
            if st.must >= 0:
                if forced is None:
                    continue
                chosen = cands[: n - 1] + [forced]
                chosen.sort(reverse=True)
            else:
                chosen = cands[:n]
            if len(chosen) < n:
                continue
            return (strength,) + tuple(c[0] for c in chosen), ("flush", sm, tuple(chosen))
        return None

    return shape


def _best_flex_value(ctx: Context, f: Flex, rm: int, sm: int, changed: bool):
    """The best value (ri, si) of a flexible card within the masks (by rank, then suit); with
    ``changed`` a value other than its real one."""
    rmask = f.rm & rm
    smask = f.sm & sm
    for r in ctx.rorder:
        if not rmask >> r & 1:
            continue
        for s in ctx.sorder:
            if smask >> s & 1 and not (changed and r == f.ri and s == f.si):
                return r, s
    return None


def make_honor():
    def shape(ctx: Context, st: State):
        rs = ctx.rs
        best = None
        if st.must >= 0:
            f = st.flex[st.must]
            v = _best_flex_value(ctx, f, HONOR_RANKS, ALL_SUITS, st.must_changed)
            if v is None:
                return None
            return (rs[v[0]],), ("honor", None, st.must, v)
        for r in ctx.rorder:
            if r >= 9 and st.P >> r & 1:
                best = (rs[r], 1, r)
                break
        for i, f in enumerate(st.flex):
            if f.rm & HONOR_RANKS:
                r = _best_rank(ctx, f.rm & HONOR_RANKS)
                if best is None or rs[r] > best[0]:
                    best = (rs[r], 0, r, i)
        if best is None:
            return None
        if best[1]:
            r = best[2]
            s = next(s for s in ctx.sorder if st.M[s] >> r & 1)
            return (best[0],), ("honor", (r, s), None, None)
        f = st.flex[best[3]]
        return (best[0],), ("honor", None, best[3], _best_flex_value(ctx, f, 1 << best[2], ALL_SUITS, False))

    return shape


# the fewest cards each hand needs (the smallest over the readings), to skip hopeless shapes
MIN_CARDS = {
    1: 9, 2: 8, 3: 9, 4: 7, 5: 6, 6: 6, 7: 8, 8: 5, 9: 6, 10: 8, 11: 5, 12: 6, 13: 6, 14: 9, 15: 5,
    16: 6, 17: 7, 18: 9, 19: 6, 20: 8, 21: 6, 22: 8, 23: 6, 24: 5, 25: 7, 26: 9, 27: 9, 28: 6,
    29: 8, 30: 6, 31: 7, 32: 8, 33: 7, 34: 8, 35: 6, 36: 9, 37: 7, 38: 7, 39: 6, 40: 8, 41: 6,
    42: 7, 43: 6, 44: 7, 45: 4, 46: 6, 47: 8, 48: 7, 49: 4, 50: 6, 51: 4, 52: 5, 54: 6, 55: 6,
    56: 5, 57: 6, 58: 5, 59: 5, 60: 3, 61: 4, 62: 6, 63: 2, 64: 1,
}


# --- the list ---------------------------------------------------------------------------------

def build_shapes(ctx: Context):
    """The shapes of hands 1..64 except #53 (decided over all choices, outside this search), in
    the order of the list, under the context's readings."""
    rd = ctx.readings
    scope = "each" if rd["IP-QUALIFIER-SCOPE"] == "each_component" else "whole"
    C = make_components
    horseshoe_two = rd["IP-HORSESHOE"] == "the_card_two"

    def horseshoe(qual):
        if horseshoe_two:
            return C((3, 3), qual, "whole", extra=(1, 0))
        return C((3, 3, 2), qual, "whole")

    big_giant = C((3, 3, 3), "suit", "each" if rd["IP-BIG-GIANT"] == "identical_within_triples" else "whole")
    dragon = make_dragon_identical() if rd["IP-DRAGON-PAIR"] == "identical" else C((4, 2), "none")
    if rd["IP-COLOR-OPPOSITION"] == "one_colour":
        color_opposition = make_opposition(ctx, "colour", eights=False)
    else:
        color_opposition = make_mirror_opposition(ctx)
    little_color_straight = make_straight(5, "none" if rd["IP-LITTLE-COLOR-STRAIGHT"] == "any" else "colour")
    return {
        1: C((9,), "suit"),
        2: C((8,), "suit"),
        3: make_straight(9, "suit"),
        4: C((7,), "suit"),
        5: C((6,), "suit"),
        6: C((6,), "colour"),
        7: make_straight(8, "suit"),
        8: C((5,), "suit"),
        9: C((6,), "none"),
        10: C((4, 4), "suit", scope),
        11: C((5,), "colour"),
        12: make_opposition(ctx, "suit", eights=True),
        13: C((4, 2), "suit", scope),
        14: make_straight(9, "colour"),
        15: C((5,), "none"),
        16: make_opposition(ctx, "colour", eights=True),
        17: make_straight(7, "suit"),
        18: big_giant,
        19: make_straight(6, "suit"),
        20: C((4, 4), "colour", scope),
        21: C((4, 2), "colour", scope),
        22: make_straight(8, "colour"),
        23: make_opposition(ctx, "none", eights=True),
        24: make_straight(5, "suit"),
        25: horseshoe("suit"),
        26: C((3, 3, 3), "colour", scope),
        27: make_straight(9, "none"),
        28: C((3, 3), "suit", scope),
        29: C((4, 4), "none"),
        30: dragon,
        31: horseshoe("colour"),
        32: C((2, 2, 2, 2), "suit", scope),
        33: C((3, 2, 2), "suit", scope),
        34: make_straight(8, "none"),
        35: C((3, 3), "colour", scope),
        36: C((3, 3, 3), "none"),
        37: make_straight(7, "colour"),
        38: horseshoe("none"),
        39: make_cross(),
        40: C((2, 2, 2, 2), "colour", scope),
        41: C((3, 3), "none"),
        42: C((3, 2, 2), "colour", scope),
        43: C((2, 2, 2), "suit", scope),
        44: make_straight(7, "none"),
        45: color_opposition,
        46: C((2, 2, 2), "colour", scope),
        47: C((2, 2, 2, 2), "none"),
        48: C((3, 2, 2), "none"),
        49: C((4,), "none"),
        50: make_straight(6, "colour"),
        51: make_opposition(ctx, "none", eights=False),
        52: little_color_straight,
        54: C((2, 2, 2), "none"),
        55: make_straight(6, "none"),
        56: make_straight(5, "none"),
        57: make_flush(6, "suit"),
        58: make_flush(5, "suit"),
        59: C((3, 2), "none"),
        60: C((3,), "none"),
        61: C((2, 2), "none"),
        62: make_flush(6, "colour"),
        63: C((2,), "none"),
        64: make_honor(),
    }


def best(ctx: Context, st: State, below: int = 65):
    """The first (best) hand of the list the state can form, as ``(category, key, detail)``, or
    ``None``; only categories better than ``below`` are tried."""
    ncards = sum(st.R) + st.nflex
    for cat, shape in ctx.shape_items:
        if cat >= below:
            break
        if ncards < ctx.min_cards[cat]:
            continue
        got = shape(ctx, st)
        if got is not None:
            return cat, got[0], got[1]
    return None
