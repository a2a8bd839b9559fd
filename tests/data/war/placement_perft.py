#!/usr/bin/env python3
"""War 2.0 placement perft, counted apart from the engine (not run by ctest; its numbers are
in tests/war/test_war_rules.c). Follows the rules as written: hex odd-r adjacency, seats
n-1..0 each round, rounds 1-4 on empty face-down tiles not touching the seat's own (else
any empty face-down tile, else any empty tile), rounds 5-6 on own tiles.
Usage: python3 placement_perft.py  (prints depth 1..5 for 2, 3 and 4 players)."""

MAPS = {
    2: ["D.C.", ".B.W", "C.D.", ".W.B", "B.W.", ".D.C"],
    3: ["D.H.C", ".B.W.", "C.D.H", ".W.B.", "H.C.D", ".B.W."],
    4: ["D.H.C.", ".B.W.A", "C.A.D.", ".H.B.W", "W.D.A.", ".C.H.B"],
}


def neighbours(x, y, cols):
    out = [(x - 1, y), (x + 1, y)]
    if y % 2 == 0:
        out += [(x - 1, y - 1), (x, y - 1), (x - 1, y + 1), (x, y + 1)]
    else:
        out += [(x, y - 1), (x + 1, y - 1), (x, y + 1), (x + 1, y + 1)]
    return [(a, b) for a, b in out if 0 <= a < cols and 0 <= b < 6]


def perft(rows, n, depth):
    cols = len(rows[0])
    cells = [(x, y) for y in range(6) for x in range(cols)]
    blank = {c for c in cells if rows[c[1]][c[0]] == "."}

    def count(owner, k, d):
        if d == 0:
            return 1
        seat, rnd = n - 1 - k % n, k // n
        own = [c for c, s in owner.items() if s == seat]
        if rnd >= 4:
            cand = own
        else:
            empty = [c for c in cells if c not in owner]
            brown = [c for c in empty if c in blank]
            apart = [c for c in brown if not any(o in neighbours(*c, cols) for o in own)]
            cand = apart or brown or empty
        total = 0
        for c in cand:
            nxt = dict(owner)
            nxt[c] = seat
            total += count(nxt, k + 1, d - 1)
        return total

    return [count({}, 0, d) for d in range(1, depth + 1)]


if __name__ == "__main__":
    for players, rows in MAPS.items():
        print(players, perft(rows, players, 5))
