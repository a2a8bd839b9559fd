#!/usr/bin/env bash
# backgammon through the kark command: rules listing, replay of a hand-written record,
# one-line errors for bad plays and rolls and for bad variant values (exit 2), and
# self-play records (both scoring rules) that replay to their recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules backgammon >"$tmp/rules"
for p in opening higher_die gammons; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

out=$("$KARK" replay "$TESTS/data/backgammon/opening-hit.rec")
check "opening-hit.rec replays (pips 164, 149)" [ "$out" = '{"game":"backgammon","terminal":false,"scores":[0,0],"winners":[],"turns":4,"pips":[164,149],"off":[0,0]}' ]

head='game backgammon\nplayers 2\n* open 6-3\n'
printf "$head"'0: 24/13\n' >"$tmp/span.rec"
expect 1 "span.rec:4: .*one step per die" "$KARK" replay "$tmp/span.rec"
printf "$head"'0: 24/18\n' >"$tmp/short.rec"
expect 1 "short.rec:4: .*as many dice as possible" "$KARK" replay "$tmp/short.rec"
printf "$head"'0: 13/7* 13/10\n' >"$tmp/mark.rec"
expect 1 "mark.rec:4: .*hits nothing" "$KARK" replay "$tmp/mark.rec"
printf "$head"'0: 24/18 6/3\n* 3-6\n' >"$tmp/low.rec"
expect 1 "low.rec:5: .*higher die first" "$KARK" replay "$tmp/low.rec"
printf "$head"'0: 24/18 13/7\n' >"$tmp/twice.rec"
expect 1 "twice.rec:4: .*already used" "$KARK" replay "$tmp/twice.rec"
printf "$head"'0: 24/18 1/off\n' >"$tmp/off.rec"
expect 1 "off.rec:4: .*cannot be played" "$KARK" replay "$tmp/off.rec"
printf "$head"'0: pass\n' >"$tmp/pass.rec"
expect 1 "pass.rec:4: illegal move 'pass'" "$KARK" replay "$tmp/pass.rec"
printf 'game backgammon\nplayers 2\n* open 4-4\n' >"$tmp/tie.rec"
expect 1 "tie.rec:3: .*rolled again" "$KARK" replay "$tmp/tie.rec"
printf 'game backgammon\nplayers 3\n' >"$tmp/three.rec"
expect 1 "three.rec" "$KARK" replay "$tmp/three.rec"
expect 2 "gammons" "$KARK" selfplay backgammon --set gammons=2
expect 2 "opening" "$KARK" selfplay backgammon --set opening=seat1
expect 2 "higher_die" "$KARK" selfplay backgammon --set higher_die=yes

# Self-play records replay to the scores they record (gammons scoring too).
record_roundtrip backgammon rec --agents greedy,random --games 3 --seed 4
record_roundtrip backgammon rec2 --agents random,greedy --games 3 --seed 5 --set gammons=1 \
    --set opening=seat0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
