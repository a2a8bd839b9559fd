#!/usr/bin/env bash
# tunnel-run through the kark command: the rules listing, the worked scenarios as records
# replayed to the exact JSON, one-line errors for bad records and parameter values, and
# self-play records (random and mcts agents, every player count, basic and advanced) that
# replay to the scores they record.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules tunnel-run >"$tmp/rules"
for p in advanced pirates hand actions reshuffle open_hands max_turns; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

D="$TESTS/data/tunnel-run"
T='"track":"DHCBWAHDBCAWCAWHDBBWADCHWBDAHCACHWBD"'
replays scenario-1-seed-example.rec \
    '{"game":"tunnel-run","terminal":false,"scores":[0,0],"winners":[],"turns":2,'"$T"',"pirates":[[0,0,2],[0,0,7]]}'
replays scenario-2-own-pirates-block.rec \
    '{"game":"tunnel-run","terminal":false,"scores":[0,0],"winners":[],"turns":4,'"$T"',"pirates":[[0,1,2],[0,7,16]]}'

# Bad records: one line naming the line and the problem, exit 1.
printf 'game tunnel-run\nplayers 2\n* seg DHCBWW\n' >"$tmp/seg.rec"
expect 1 "seg.rec:3: .*exactly once" "$KARK" replay "$tmp/seg.rec"
head -17 "$D/scenario-1-seed-example.rec" >"$tmp/notinhand.rec"
echo '0: A@0' >>"$tmp/notinhand.rec"
expect 1 "notinhand.rec:18: illegal move 'A@0'" "$KARK" replay "$tmp/notinhand.rec"
head -17 "$D/scenario-1-seed-example.rec" >"$tmp/back.rec"
echo '0: b@0' >>"$tmp/back.rec"
expect 1 "back.rec:18: illegal move 'b@0'" "$KARK" replay "$tmp/back.rec"
head -17 "$D/scenario-1-seed-example.rec" >"$tmp/bad.rec"
echo '0: H@40' >>"$tmp/bad.rec"
expect 1 "bad.rec:18: .*bad move 'H@40'" "$KARK" replay "$tmp/bad.rec"
printf 'game tunnel-run\nplayers 2\n* seg DHCBWA\n* seg HDBCAW\n* seg CAWHDB\n* seg BWADCH\n* seg WBDAHC\n* seg ACHWBD\n* H\n' >"$tmp/deal.rec"
expect 1 "deal.rec:9: .*deal S" "$KARK" replay "$tmp/deal.rec"

# Bad parameter values: one line naming the parameter, exit 2.
expect 2 "advanced" "$KARK" selfplay tunnel-run --set advanced=2
expect 2 "pirates" "$KARK" selfplay tunnel-run --set pirates=7
expect 2 "hand" "$KARK" selfplay tunnel-run --set hand=0
expect 2 "actions" "$KARK" selfplay tunnel-run --set actions=4
expect 2 "max_turns" "$KARK" selfplay tunnel-run --set max_turns=9
expect 2 "open_hands" "$KARK" selfplay tunnel-run --set open_hands=yes

# Self-play records replay to the scores they record.
for p in 2 3 4; do
    record_roundtrip tunnel-run "random$p" --agents random --players "$p" --games 3 --seed "$p"
    record_roundtrip tunnel-run "adv$p" --agents random --players "$p" --games 2 --seed "$p" --set advanced=1
    record_roundtrip tunnel-run "mcts$p" --agents mcts:iters=30 --players "$p" --games 1 --seed "$p"
done
record_roundtrip tunnel-run ismcts --agents ismcts:iters=30,greedy --games 1 --seed 5 --set advanced=1 --set pirates=2

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
