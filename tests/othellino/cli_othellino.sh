#!/usr/bin/env bash
# othellino through the kark command: rules listing, the worked scenarios as records,
# one-line errors for bad records and variant values, and self-play records (both
# variants) that replay to their recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules othellino >"$tmp/rules"
for p in start empties; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

out=$("$KARK" replay "$TESTS/data/othellino/scenario-pv12.rec")
check "published line replays to 9-7" [ "$out" = '{"game":"othellino","terminal":false,"scores":[9,7],"winners":[]}' ]

printf 'game othellino\n0: pass\n' >"$tmp/pass.rec"
expect 1 "pass.rec:2: illegal move 'pass' for seat 0" "$KARK" replay "$tmp/pass.rec"
printf 'game othellino\n0: a1\n' >"$tmp/a1.rec"
expect 1 "a1.rec:2: illegal move 'a1'" "$KARK" replay "$tmp/a1.rec"
printf 'game othellino\n0: g7\n' >"$tmp/g7.rec"
expect 1 "g7.rec:2: bad move 'g7': expected a cell a1..f6" "$KARK" replay "$tmp/g7.rec"
printf 'game othellino\n0: c2\n0: b4\n' >"$tmp/seat.rec"
expect 1 "seat.rec:3: seat 1 is to move, not seat 0" "$KARK" replay "$tmp/seat.rec"
printf 'game othellino\nplayers 3\n' >"$tmp/three.rec"
expect 1 "three.rec:.*2 players, not 3" "$KARK" replay "$tmp/three.rec"
printf 'game othellino\n* 4\n' >"$tmp/chance.rec"
expect 1 "chance.rec:2: seat 0 is to move, not chance" "$KARK" replay "$tmp/chance.rec"
expect 2 "start" "$KARK" selfplay othellino --set start=cross
expect 2 "empties" "$KARK" selfplay othellino --set empties=loser
expect 2 "size" "$KARK" selfplay othellino --set size=8
expect 2 "2 players, not 3" "$KARK" selfplay othellino --players 3

record_roundtrip othellino diagonal --agents greedy,random --games 4 --seed 3 \
    --set start=diagonal
record_roundtrip othellino parallel --agents greedy,random --games 4 --seed 3 \
    --set start=parallel --set empties=winner

# kark solve: the published line after 12 moves is lost by 4 for dark, to move; a finished
# game has its final margin and no move; other games and bad options are refused.
out=$("$KARK" solve othellino --record "$TESTS/data/othellino/scenario-pv12.rec" --tt-mb 16)
check "solve after 12 moves of the published line: $out" eval 'echo "$out" | grep -Eq "^\{\"value\":-4,\"best\":\"[a-f][1-6]\",\"nodes\":[0-9]+,\"seconds\":[0-9.]+,\"cpu_seconds\":[0-9.]+\}$"'
printf 'game othellino\n0: c2\n1: b2\n0: a2\n1: d2\n0: e2\n1: e3\n0: e4\n1: c5\n0: c6\n' >"$tmp/short.rec"
# --pv: a perfect-play line from there to the end (some 20 moves and passes;
# the command itself checks that every position on it keeps the value).
out=$("$KARK" solve othellino --record "$TESTS/data/othellino/scenario-pv12.rec" --tt-mb 16 --pv)
check "solve --pv after 12 moves: $out" eval 'echo "$out" | grep -Eq "^\{\"value\":-4,.*,\"pv\":\[(\"([a-f][1-6]|pass)\",?)+\],\"pv_cpu_seconds\":[0-9.]+\}$"'
out=$("$KARK" solve othellino --record "$tmp/short.rec" --tt-mb 0 --pv)
check "solve --pv of a finished game: $out" eval 'echo "$out" | grep -q "\"pv\":\[\],"'
out=$("$KARK" solve othellino --record "$tmp/short.rec" --tt-mb 0)
check "solve a finished game: $out" eval 'echo "$out" | grep -q "^{\"value\":-13,\"best\":null,"'
expect 2 "no exact solver for son-of-kark" "$KARK" solve son-of-kark
expect 2 "missing GAME" "$KARK" solve
expect 2 "bad value '-1' for --tt-mb" "$KARK" solve othellino --tt-mb -1
expect 2 "unknown option '--depth'" "$KARK" solve othellino --depth 3
expect 2 "unknown game 'chess'" "$KARK" solve chess
if "$KARK" solve --help | grep -q "usage: kark solve"; then ok; else bad "solve --help"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
