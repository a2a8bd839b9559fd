#!/usr/bin/env bash
# jump-gate through the kark command: the rules listing, the worked scenarios as records
# replayed to the exact JSON, one-line errors for bad records and parameter values, and
# self-play records (random and mcts agents, every player count, a drawn layout) that
# replay to the scores they record.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules jump-gate >"$tmp/rules"
for p in layout_seed corner_card card_reuse corner_crates crates max_turns; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

D="$TESTS/data/jump-gate"
T0='"track":"KPDPCPHPBKPWPDPAPHKPHPBPDPWKPAPHPCPD"'
replays scenario-1-jump-then-card.rec \
    '{"game":"jump-gate","terminal":false,"scores":[1,1,0],"winners":[],"turns":2,"layout":0,'"$T0"',"positions":[1,25,18],"hands":[9,8,9]}'
replays scenario-2-card-onto-gate.rec \
    '{"game":"jump-gate","terminal":false,"scores":[1,0,0],"winners":[],"turns":2,"layout":0,'"$T0"',"positions":[1,35,18],"hands":[9,8,9]}'
replays scenario-3-crate-on-roll.rec \
    '{"game":"jump-gate","terminal":false,"scores":[1,0],"winners":[],"turns":2,"layout":0,'"$T0"',"positions":[3,31],"hands":[9,9]}'
replays scenario-5-four-gate-symbol.rec \
    '{"game":"jump-gate","terminal":false,"scores":[0,0],"winners":[],"turns":2,"layout":0,'"$T0"',"positions":[13,4],"hands":[9,8]}'
replays layout-draw.rec \
    '{"game":"jump-gate","terminal":false,"scores":[0,1],"winners":[],"turns":2,"layout":2,"track":"KBPHWPAPPKPHCPPBPAKPDWHPBPPKHDPPCPPB","positions":[18,5],"hands":[8,8]}'

# Bad records: one line naming the line and the problem, exit 1.
printf 'game jump-gate\nplayers 2\n* 7\n' >"$tmp/die.rec"
expect 1 "die.rec:3: .*die roll '7'" "$KARK" replay "$tmp/die.rec"
printf 'game jump-gate\nplayers 2\n* 3\n0: 2+\n' >"$tmp/nodecision.rec"
expect 1 "nodecision.rec:4: " "$KARK" replay "$tmp/nodecision.rec"
printf 'game jump-gate\nplayers 2\n* 2\n0: 7+\n' >"$tmp/card.rec"
expect 1 "card.rec:4: .*bad move '7\+'" "$KARK" replay "$tmp/card.rec"
printf 'game jump-gate\nplayers 2\nset layout_seed=-1\n* 4\n' >"$tmp/layout.rec"
expect 1 "layout.rec:4: .*layout N" "$KARK" replay "$tmp/layout.rec"
printf 'game jump-gate\nplayers 5\n' >"$tmp/five.rec"
expect 1 "five.rec" "$KARK" replay "$tmp/five.rec"

# Bad parameter values: one line naming the parameter, exit 2.
expect 2 "corner_card" "$KARK" selfplay jump-gate --set corner_card=2
expect 2 "card_reuse" "$KARK" selfplay jump-gate --set card_reuse=maybe
expect 2 "layout_seed" "$KARK" selfplay jump-gate --set layout_seed=-2
expect 2 "crates" "$KARK" selfplay jump-gate --set crates=0
expect 2 "crates" "$KARK" selfplay jump-gate --set crates=17
expect 2 "max_turns" "$KARK" selfplay jump-gate --set max_turns=0
expect 2 "corner_crates" "$KARK" selfplay jump-gate --players 4 --set corner_crates=1

# Self-play records replay to the scores they record.
for p in 2 3 4; do
    record_roundtrip jump-gate "random$p" --agents random --players "$p" --games 3 --seed "$p"
    record_roundtrip jump-gate "mcts$p" --agents mcts:iters=30 --players "$p" --games 1 --seed "$p" --set crates=6
done
record_roundtrip jump-gate drawn --agents greedy,random --games 2 --seed 9 --set layout_seed=-1 \
    --set card_reuse=refresh
check "a drawn layout is recorded" grep -q '^\* layout [0-9]' "$tmp/drawn/game-0.rec"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
