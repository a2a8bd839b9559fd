#!/usr/bin/env bash
# flower-garden through the kark command: rules listing, replay of the worked-scenario
# records, one-line errors for bad records and variant values, and selfplay records
# (random and mcts agents, every player count, both row modes) that replay to their
# recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules flower-garden >"$tmp/rules"
for p in deck hand rows discard_max deck_cycles piles_empty partial_take; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

out=$("$KARK" replay "$TESTS/data/flower-garden/scenario-1-seed-example.rec")
check "scenario 1 replays to 2,-3: $out" [ "$out" = '{"game":"flower-garden","terminal":false,"scores":[2,-3],"winners":[],"exhaustions":0,"piles":[17,18,20,20],"end":"none"}' ]

deal='game flower-garden
players 2
* wW3
* yW1
* yC2
* rD1
* rD4
* rH2
* kW1
* bA1
* bA5
* gA2
* gD3
* yB3'
printf '%s\n0: shop yW1 wW3\n' "$deal" >"$tmp/order.rec"
expect 1 "order.rec:15: .*non-increasing" "$KARK" replay "$tmp/order.rec"
printf '%s\n0: shop wW3\n' "$deal" >"$tmp/wild.rec"
expect 1 "wild.rec:15: .*wild" "$KARK" replay "$tmp/wild.rec"
printf '%s\n0: bed yC2\n' "$deal" >"$tmp/bed.rec"
expect 1 "bed.rec:15: " "$KARK" replay "$tmp/bed.rec"
printf '%s\n1: discard kW1\n' "$deal" >"$tmp/turn.rec"
expect 1 "turn.rec:15: " "$KARK" replay "$tmp/turn.rec"
printf '%s\n0: discard rD1\n* rD1\n' "$deal" >"$tmp/drawn.rec"
expect 1 "drawn.rec:16: " "$KARK" replay "$tmp/drawn.rec"
printf '%s\n0: discard rD1 rD4 yC2 rH2 yW1\n' "$deal" >"$tmp/five.rec"
expect 1 "five.rec:15: " "$KARK" replay "$tmp/five.rec"
printf 'game flower-garden\nplayers 2\n* zW1\n' >"$tmp/card.rec"
expect 1 "card.rec:3: .*'zW1' is not a card" "$KARK" replay "$tmp/card.rec"
printf 'game flower-garden\nplayers 6\n' >"$tmp/six.rec"
expect 1 "six.rec" "$KARK" replay "$tmp/six.rec"
expect 2 "hand" "$KARK" selfplay flower-garden --set hand=11
expect 2 "rows" "$KARK" selfplay flower-garden --set rows=many
expect 2 "discard_max" "$KARK" selfplay flower-garden --set discard_max=0
expect 2 "deck_cycles" "$KARK" selfplay flower-garden --set deck_cycles=5
expect 2 "piles_empty" "$KARK" selfplay flower-garden --set piles_empty=0
expect 2 "partial_take" "$KARK" selfplay flower-garden --set partial_take=2
expect 2 "deck" "$KARK" selfplay flower-garden --set deck=gb2

# Self-play records replay to the scores they record, for every player count.
for p in 2 3 4 5; do
    for agent in random mcts:iters=30; do
        for rows in per_symbol free; do
            record_roundtrip flower-garden "rec-$p-${agent%%:*}-$rows" --players "$p" \
                --agents "$agent" --games 2 --seed "$p" --set rows=$rows
        done
    done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
