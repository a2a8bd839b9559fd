#!/usr/bin/env bash
# halma through the kark command: the rules listing, one-line errors (exit 2) for bad
# variant values and player counts, replay errors naming the line, the kept greedy records
# replaying to their recorded results, and self-play records for 2, 3 and 4 players (random
# and greedy, two variants) replaying to the scores they record.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules halma >"$tmp/rules"
for p in size camp spoiling camp_lock max_turns; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

expect 2 "bad value '13' for 'size'" "$KARK" selfplay halma --set size=13
expect 2 "bad value '6' for 'camp'" "$KARK" selfplay halma --set camp=6
expect 2 "bad value 'always' for 'spoiling'.*parlett, none" "$KARK" selfplay halma --set spoiling=always
expect 2 "bad value '2' for 'camp_lock'" "$KARK" selfplay halma --set camp_lock=2
expect 2 "bad value '19' for 'max_turns'" "$KARK" selfplay halma --set max_turns=19
expect 2 "camp=5 needs size >= 10" "$KARK" selfplay halma --set size=8 --set camp=5
expect 2 "2 to 4 players, not 5" "$KARK" selfplay halma --players 5

printf 'game halma\nplayers 2\n0: c1-e1\n1: j10-h8\n0: a1-a3\n' >"$tmp/illegal.rec"
expect 1 "illegal.rec:5: illegal move 'a1-a3' for seat 0" "$KARK" replay "$tmp/illegal.rec"
printf 'game halma\nplayers 2\n0: pass\n' >"$tmp/pass.rec"
expect 1 "pass.rec:3: illegal move 'pass'" "$KARK" replay "$tmp/pass.rec"
printf 'game halma\nplayers 2\n0: k1-a2\n' >"$tmp/col.rec"
expect 1 "col.rec:3: .*column letter a..j" "$KARK" replay "$tmp/col.rec"
printf 'game halma\nplayers 2\n0: c01-e1\n' >"$tmp/zero.rec"
expect 1 "zero.rec:3: .*no leading zero" "$KARK" replay "$tmp/zero.rec"
printf 'game halma\nplayers 2\n0: c1e1\n' >"$tmp/dash.rec"
expect 1 "dash.rec:3: .*from-to" "$KARK" replay "$tmp/dash.rec"

# A short opening: a step (d1-e2), single jumps (j10 over i9, b1 over c2, i10 over h9) and
# a two-jump chain written by its ends only (a3 over b3 to c3, then over d3 to e3).
printf 'game halma\nplayers 2\n0: d1-e2\n1: j10-h8\n0: b1-d3\n1: i10-g8\n0: a3-e3\n' \
    >"$tmp/opening.rec"
out=$("$KARK" replay "$tmp/opening.rec")
check "opening replays, not over" [ "$out" = \
    '{"game":"halma","terminal":false,"scores":[0,0],"winners":[],"turns":5,"capped":false,"in_target":[0,0]}' ]

for f in "$TESTS"/data/halma/*.rec; do
    replays_to_result "$f"
    want=$(tail -1 "$f" | sed 's/^# result //')
    got=$("$KARK" replay "$f" | sed 's/"game":"halma","terminal":true,//; s/,"winners":\[[^]]*\]//')
    check "$(basename "$f") replays to its full result" [ "$want" = "$got" ]
done

for players in 2 3 4; do
    record_roundtrip halma "r$players" --agents random --players "$players" --games 2 --seed 3 \
        --set max_turns=30
    record_roundtrip halma "g$players" --agents greedy --players "$players" --games 2 --seed 4 \
        --set camp_lock=1 --set spoiling=none
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
