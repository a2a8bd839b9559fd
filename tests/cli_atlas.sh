#!/usr/bin/env bash
# scripts/atlas, a tiny smoke run: two games (one competitive, one cooperative) with minimal
# budgets give a page per game and an index, every table names the command that made it,
# and every figure carries an interval.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

atlas="$TESTS/../scripts/atlas"
KARK_ATLAS_SEAT_GAMES=12 KARK_ATLAS_LEAGUE_GAMES=4 KARK_ATLAS_LADDER=random,greedy \
    KARK_ATLAS_MAX_PLAYERS=3 KARK="$KARK" bash "$atlas" --games othellino,temple-of-doom \
    --out "$tmp/r" --work "$tmp/w" --threads 1 >"$tmp/log" 2>&1 || bad "atlas failed: $(cat "$tmp/log")"
for f in index.md index.html othellino.md temple-of-doom.md; do
    [ -s "$tmp/r/$f" ] && ok || bad "missing $f"
done
grep -q '`kark tournament othellino --agents greedy --players 2 --games 12 --seed 1`' \
    "$tmp/r/othellino.md" && ok || bad "othellino seat table lacks its command"
grep -q '`kark league othellino --agents random,greedy --players 2 --games 4 --seed 1`' \
    "$tmp/r/othellino.md" && ok || bad "othellino ladder lacks its command"
grep -Eq '^\| `random` \| 0 \[0, 0\] \|' "$tmp/r/othellino.md" && ok || bad "random is not the anchor"
grep -Eq '^\| 3 \| [-0-9.]+ \[[-0-9.]+, [-0-9.]+\] \| [0-9.]+ \[[0-9.]+, [0-9.]+\] \|' \
    "$tmp/r/temple-of-doom.md" && ok || bad "temple-of-doom lacks result and success rows"
grep -q 'Not rated' "$tmp/r/temple-of-doom.md" && ok || bad "cooperative game was rated"
grep -Eq '^\| easy=1 \| [-+0-9.]+ \[[-+0-9.]+, [-+0-9.]+\] \| [-+0-9.]+ \[[-+0-9.]+, [-+0-9.]+\] \| `kark balance temple-of-doom --agents greedy --players 1 --games 12 --seed 1 --sweep easy=0,1` \|$' \
    "$tmp/r/temple-of-doom.md" && ok || bad "temple-of-doom lacks the easy parameter row"
grep -q '^| easy=0 (default) | — | — |' "$tmp/r/temple-of-doom.md" && ok || bad "no default row"
grep -q '<svg' "$tmp/r/index.html" && grep -q 'href="othellino.md"' "$tmp/r/index.html" &&
    ok || bad "index.html lacks its chart or links"
# Every table row of a results page carries an interval.
rows=$(grep -E '^\| [0-9`]|^\| [a-z_]+=' "$tmp/r/othellino.md" "$tmp/r/temple-of-doom.md" |
    grep -v '(default)' | grep -vc '\[')
[ "$rows" -eq 0 ] && ok || bad "$rows table rows without an interval"

echo "cli_atlas: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
