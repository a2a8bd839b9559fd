#!/usr/bin/env bash
# temple-of-doom through the kark command: the rules listing, the worked scenarios as records
# replayed to the exact JSON, one-line errors for bad records and parameter values, and
# self-play records (random and mcts agents, every player count 1-6, a drawn layout) that
# replay to the scores and result they record.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules temple-of-doom >"$tmp/rules"
for p in layout_seed easy first_seat forced_points open_hands relic_penalty keep_unmatched \
    hand_solo max_rounds; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

D="$TESTS/data/temple-of-doom"
T0='"temple":"DHCBWA / BWADH / CADH / WBCAD / HWBC / ADH / BCWA / DHW / BC"'
G='{"game":"temple-of-doom","terminal":false'
replays scenario-1-colour-and-symbol.rec \
    "$G"',"scores":[-18],"winners":[],"result":-18,"escaped":0,"relics":0,"round":1,"layout":0,'"$T0"',"tiles_up":36,"flipped":[],"relics_up":["rD4","yD5","gH4"],"archaeologists":["in@y","in@y","in@g","in@g","in@b","in@b","1,0@r","1,8@r"]}'
replays scenario-2-two-points.rec \
    "$G"',"scores":[-18],"winners":[],"result":-18,"escaped":0,"relics":0,"round":1,"layout":0,'"$T0"',"tiles_up":36,"flipped":[],"relics_up":["rD4","yD5","gH4"],"archaeologists":["in@r","in@r","in@y","in@g","in@b","in@b","2,1@y","2,5@g"]}'
replays scenario-3-relics.rec \
    "$G"',"scores":[-16],"winners":[],"result":-16,"escaped":0,"relics":2,"round":2,"layout":0,'"$T0"',"tiles_up":31,"flipped":["1,2","1,6","1,8","1,10","2,1"],"relics_up":["bW6"],"archaeologists":["in@r","in@y","in@g","in@g","in@b","in@b","2,7@r","3,2@y"]}'
replays scenario-4-collapse.rec \
    "$G"',"scores":[-18],"winners":[],"result":-18,"escaped":0,"relics":0,"round":2,"layout":0,'"$T0"',"tiles_up":31,"flipped":["1,0","1,2","1,4","1,6","1,8"],"relics_up":["rD4","yD5","gH4"],"archaeologists":["in@r","in@r","in@y","in@y","in@g","in@b","in@b","1,0@g"]}'
replays collapse-choice.rec \
    "$G"',"scores":[-18],"winners":[],"result":-18,"escaped":0,"relics":0,"round":2,"layout":7,"temple":"ABHWDC / HHDBA / CCCA / WHDHA / CADW / AHB / CWBB / DWD / WB","tiles_up":30,"flipped":["1,4","1,8","1,10","2,5","3,4","3,6"],"relics_up":["rD4","yD5","gH4"],"archaeologists":["in@r","in@r","in@y","in@y","in@g","in@g","in@b","in@b"]}'

# Bad records: one line naming the line and the problem, exit 1.
printf 'game temple-of-doom\nplayers 1\n* rD1\n' >"$tmp/deck.rec"
expect 1 "deck.rec:3: .*relic deck" "$KARK" replay "$tmp/deck.rec"
{
    printf 'game temple-of-doom\nplayers 1\n'
    for c in rD4 yD5 gH4 rB1 rW2 rA3 yH1 yC2 yB3 rD1 kW1 kC1 bB1 bW2 bA1 wD2 wH1 wA1; do
        echo "* $c"
    done
} >"$tmp/base.rec"
{ cat "$tmp/base.rec"; printf '0: rH2\n'; } >"$tmp/card.rec"
expect 1 "card.rec:21: " "$KARK" replay "$tmp/card.rec"
{ cat "$tmp/base.rec"; printf '0: kW1\n0: sin>1,8\n'; } >"$tmp/colour.rec"
expect 1 "colour.rec:22: .*@c" "$KARK" replay "$tmp/colour.rec"
{ cat "$tmp/base.rec"; printf '0: kW1\n0: cin@r>1,8\n'; } >"$tmp/black.rec"
expect 1 "black.rec:22: " "$KARK" replay "$tmp/black.rec"
{ cat "$tmp/base.rec"; printf '0: rD1\n0: cin>0,0\n'; } >"$tmp/place.rec"
expect 1 "place.rec:22: .*target place" "$KARK" replay "$tmp/place.rec"
printf 'game temple-of-doom\nplayers 1\nset layout_seed=-1\n* rD4\n' >"$tmp/layout.rec"
expect 1 "layout.rec:4: .*layout N" "$KARK" replay "$tmp/layout.rec"
printf 'game temple-of-doom\nplayers 7\n' >"$tmp/seven.rec"
expect 1 "seven.rec" "$KARK" replay "$tmp/seven.rec"

# Bad parameter values: one line naming the parameter, exit 2.
expect 2 "layout_seed" "$KARK" selfplay temple-of-doom --set layout_seed=-2
expect 2 "easy" "$KARK" selfplay temple-of-doom --set easy=2
expect 2 "first_seat" "$KARK" selfplay temple-of-doom --set first_seat=left
expect 2 "forced_points" "$KARK" selfplay temple-of-doom --set forced_points=yes
expect 2 "open_hands" "$KARK" selfplay temple-of-doom --set open_hands=2
expect 2 "relic_penalty" "$KARK" selfplay temple-of-doom --set relic_penalty=none
expect 2 "keep_unmatched" "$KARK" selfplay temple-of-doom --set keep_unmatched=-1
expect 2 "hand_solo" "$KARK" selfplay temple-of-doom --set hand_solo=19
expect 2 "max_rounds" "$KARK" selfplay temple-of-doom --set max_rounds=0

# Self-play records replay to the scores and result they record.
for p in 1 2 3 4 5 6; do
    record_roundtrip temple-of-doom "random$p" --agents random --players "$p" --games 2 --seed "$p"
    record_roundtrip temple-of-doom "mcts$p" --agents mcts:iters=20 --players "$p" --games 1 --seed "$p"
done
record_roundtrip temple-of-doom drawn --agents greedy --players 2 --games 2 --seed 9 --set layout_seed=-1 \
    --set easy=1 --set first_seat=rotate --set open_hands=0 --set keep_unmatched=1
check "a drawn layout is recorded" grep -q '^\* layout [0-9]' "$tmp/drawn/game-0.rec"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
