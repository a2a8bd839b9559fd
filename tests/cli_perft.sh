#!/usr/bin/env bash
# kark perft: Othellino's move-count table from the rules, the table from a record's end,
# a finished game (no continuations), every registered game at a small depth, and the
# usage errors (one line, exit 2).
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

"$KARK" perft othellino 8 >"$tmp/perft" 2>"$tmp/err"
check "perft othellino 8 succeeds" [ $? -eq 0 ]
got=$(grep '^depth ' "$tmp/perft" | tr '\n' ' ')
want='depth 1 4 depth 2 12 depth 3 56 depth 4 244 depth 5 1364 depth 6 7604 depth 7 47740 depth 8 308716 '
check "othellino perft table (got: $got)" [ "$got" = "$want" ]

# From the end of a record: after c2 light has 3 replies.
printf 'game othellino\n0: c2\n' >"$tmp/c2.rec"
"$KARK" perft othellino 1 --record "$tmp/c2.rec" >"$tmp/p1"
"$KARK" perft othellino 2 >"$tmp/p2"
n1=$(awk '$1 == "depth" { print $3 }' "$tmp/p1")
check "one of the 4 first moves leaves 3 replies (12 = 4 x 3)" [ "$n1" = 3 ]

# A finished game has no continuations at any depth.
# (a shortest Othellino game: 9 plies, dark wipes light out)
printf 'game othellino\n0: c2\n1: b2\n0: a2\n1: d2\n0: e2\n1: e3\n0: e4\n1: c5\n0: c6\n' >"$tmp/short.rec"
check "the 9-ply game is over" eval '"$KARK" replay "$tmp/short.rec" | grep -q "\"terminal\":true"'
"$KARK" perft othellino 3 --record "$tmp/short.rec" >"$tmp/p3"
check "finished game: all zero" [ "$(awk '$1 == "depth" { s += $3 } END { print s }' "$tmp/p3")" = 0 ]

# Every registered game counts something at depth 2.
for game in $("$KARK" games | awk 'NR > 1 { print $1 }'); do
    c=$("$KARK" perft "$game" 2 2>"$tmp/err" | awk '$1 == "depth" && $2 == 2 { print $3 }')
    check "perft $game 2 gives a count ($(cat "$tmp/err"))" [ -n "$c" ] && [ "$c" -gt 0 ]
done

expect 2 "missing GAME" "$KARK" perft
expect 2 "missing DEPTH" "$KARK" perft othellino
expect 2 "unknown game 'chess'" "$KARK" perft chess 3
expect 2 "bad value '0' for DEPTH" "$KARK" perft othellino 0
expect 2 "bad value 'x' for DEPTH" "$KARK" perft othellino x
expect 2 "bad value '-1' for DEPTH" "$KARK" perft othellino -1
expect 2 "unknown option '--depth'" "$KARK" perft othellino 3 --depth 4
expect 2 "start" "$KARK" perft othellino 3 --set start=cross
expect 2 "2 players, not 3" "$KARK" perft othellino 3 --players 3
expect 2 "--record fixes the players" "$KARK" perft othellino 3 --record "$tmp/c2.rec" --set start=parallel
printf 'game carcassonne-dice\nplayers 2\n' >"$tmp/dice.rec"
expect 2 "records a game of carcassonne-dice, not othellino" "$KARK" perft othellino 2 --record "$tmp/dice.rec"
printf 'game othellino\n0: a1\n' >"$tmp/bad.rec"
expect 1 "bad.rec:2: illegal move 'a1'" "$KARK" perft othellino 2 --record "$tmp/bad.rec"
expect 1 "no-such.rec: cannot open" "$KARK" perft othellino 2 --record "$tmp/no-such.rec"
if "$KARK" perft --help | grep -q "usage: kark perft"; then ok; else bad "perft --help"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
