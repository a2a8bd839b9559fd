#!/usr/bin/env bash
# gold-mine through the kark command: rules listing, replay of hand-written records with
# simultaneous commitments, one-line errors for bad records and variant values, and
# selfplay records (random and mcts agents, every player count) that replay to their
# recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules gold-mine >"$tmp/rules"
for p in rounds collapse_count deck remove_collapse_card; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

# The rulebook's example (scenario 1): two seats flee together and split the pool, the
# third stays alone for one more card.
out=$("$KARK" replay "$TESTS/data/gold-mine/scenario-1-seed-example.rec")
check "scenario 1 replays to 6,9,6: $out" [ "$out" = '{"game":"gold-mine","terminal":false,"scores":[6,9,6],"winners":[],"round":2,"pool":0,"carried":[0,0,0]}' ]

# A whole one-round game written by hand: seat 1 flees first (hidden until seat 2 commits),
# seat 2 stays and is caught by the third Drop.
cat >"$tmp/hand.rec" <<'REC'
game gold-mine
players 3
set rounds=1
* 6D      # 2 each
0: s
1: f
2: s      # seat 1 banks 2
* 4D      # 2 each for seats 0 and 2 (carry 4)
0: f      # seat 0 banks 4
2: s
* 1D      # third Drop: seat 2 loses 4
REC
out=$("$KARK" replay "$tmp/hand.rec")
check "hand-written game replays to 4,2,0: $out" [ "$out" = '{"game":"gold-mine","terminal":true,"scores":[4,2,0],"winners":[0],"round":1,"pool":0,"carried":[0,0,0]}' ]

printf 'game gold-mine\nplayers 2\n* 6D\n1: s\n' >"$tmp/order.rec"
expect 1 "order.rec:4: " "$KARK" replay "$tmp/order.rec"
printf 'game gold-mine\nplayers 2\n* 6D\n0: f\n1: s\n* 5D\n0: s\n' >"$tmp/fled.rec"
expect 1 "fled.rec:7: " "$KARK" replay "$tmp/fled.rec"
printf 'game gold-mine\nplayers 2\n* 6D\n0: stay\n' >"$tmp/word.rec"
expect 1 "word.rec:4: .*'stay' is not a choice" "$KARK" replay "$tmp/word.rec"
printf 'game gold-mine\nplayers 2\n* 7D\n' >"$tmp/card.rec"
expect 1 "card.rec:3: .*'7D' is not a card" "$KARK" replay "$tmp/card.rec"
printf 'game gold-mine\nplayers 2\n* 6D\n0: s\n1: s\n* 6D\n' >"$tmp/twice.rec"
expect 1 "twice.rec:6: " "$KARK" replay "$tmp/twice.rec"
printf 'game gold-mine\nplayers 9\n' >"$tmp/nine.rec"
expect 1 "nine.rec" "$KARK" replay "$tmp/nine.rec"
expect 2 "deck" "$KARK" selfplay gold-mine --set deck=shuffle
expect 2 "collapse_count" "$KARK" selfplay gold-mine --set collapse_count=5
expect 2 "rounds" "$KARK" selfplay gold-mine --set rounds=0
expect 2 "remove_collapse_card" "$KARK" selfplay gold-mine --set remove_collapse_card=2

# Self-play records replay to the scores they record, for every player count.
for p in 2 3 4 5 6 7 8; do
    for agent in random mcts:iters=50; do
        record_roundtrip gold-mine "rec-$p-${agent%%:*}" --players "$p" --agents "$agent" \
            --games 2 --seed "$p" --set deck=continue
    done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
