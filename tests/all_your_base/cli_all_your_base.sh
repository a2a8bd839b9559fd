#!/usr/bin/env bash
# all-your-base through the kark command: rules listing, the contested-tile record, the
# --events trace showing each turn's commitments revealed together, one-line errors for bad
# records and settings, and selfplay records (random and mcts agents, every player count,
# and the variants) that replay to their recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules all-your-base >"$tmp/rules"
for p in deck hand_mode deck_prep keep_base wild_hardware turn_mode phases; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

rec="$TESTS/data/all-your-base/scenario-4-contested-tile.rec"
out=$("$KARK" replay "$rec")
check "scenario 4 replays: $out" [ "$out" = '{"game":"all-your-base","terminal":false,"scores":[0,0],"winners":[],"phase":1,"turn":2,"stations":[2,2]}' ]
"$KARK" replay --events "$rec" >"$tmp/trace"
check "turn 1 is revealed on one line" grep -qx '18-19 reveal 0: rA3 B ; yA2 B ; keep yA6 gA2 | 1: yD1 B ; gD3 S 0 ; keep bA1 bA5' "$tmp/trace"
check "turn 2 is revealed on one line" grep -qx '27-28 reveal 0: yA6 B ; gA2 S 2 ; keep yH1 gH1 | 1: bA1 B ; bA5 S 1 ; keep rD1 rH2' "$tmp/trace"
check "no commitment shown alone" test "$(grep -c '^[0-9]* [01]:' "$tmp/trace")" -eq 0
# A record that stops inside a turn keeps its commitments hidden.
head -18 "$rec" >"$tmp/open.rec"
"$KARK" replay --events "$tmp/open.rec" >"$tmp/open-trace"
check "an open turn is not revealed" test "$(grep -c 'rA3 B' "$tmp/open-trace")" -eq 0

# Errors: one line naming the line of the record or the setting.
sed 's/ bA5 S 1 ; / bA5 S 3 ; /' "$rec" >"$tmp/bad-station.rec"
expect 1 "bad-station.rec:28: .*illegal move 'bA5 S 3'" "$KARK" replay "$tmp/bad-station.rec"
sed 's/^0: rA3 B ; /1: rA3 B ; /' "$rec" >"$tmp/order.rec"
expect 1 "order.rec:18: " "$KARK" replay "$tmp/order.rec"
sed 's/ ; keep yA6 gA2$/ ; keep yA6/' "$rec" >"$tmp/keep1.rec"
expect 1 "keep1.rec:18: " "$KARK" replay "$tmp/keep1.rec"
sed 's/^\* gH1$/* zH1/' "$rec" >"$tmp/card.rec"
expect 1 "card.rec:16: .*'zH1' is not a card" "$KARK" replay "$tmp/card.rec"
sed 's/^\* gH1$/* rA3/' "$rec" >"$tmp/twice.rec"
expect 1 "twice.rec:16: .*impossible" "$KARK" replay "$tmp/twice.rec"
expect 2 "hand_mode" "$KARK" selfplay all-your-base --set hand_mode=swap
expect 2 "deck_prep" "$KARK" selfplay all-your-base --set deck_prep=fast
expect 2 "keep_base" "$KARK" selfplay all-your-base --set keep_base=2
expect 2 "wild_hardware" "$KARK" selfplay all-your-base --set wild_hardware=black_any
expect 2 "turn_mode" "$KARK" selfplay all-your-base --set turn_mode=async
expect 2 "phases" "$KARK" selfplay all-your-base --set phases=6
expect 2 "deck" "$KARK" selfplay all-your-base --set deck=gb2
expect 2 "hand_mode=draw is for 2 or 3 players" "$KARK" selfplay all-your-base --players 4 --set hand_mode=draw
expect 2 "escalate is for 2 to 4 players" "$KARK" selfplay all-your-base --players 5 --set deck_prep=escalate
expect 2 "needs hand_mode=pass" "$KARK" selfplay all-your-base --players 3 --set deck_prep=escalate --set hand_mode=draw

# Self-play records replay to the scores they record, for every player count.
roundtrip() { # roundtrip NAME PLAYERS AGENT SEED GAMES [--set X]...
    local name="$1" p="$2" agent="$3" seed="$4" games="$5"
    shift 5
    record_roundtrip all-your-base "rec-$name" --players "$p" --agents "$agent" \
        --games "$games" --seed "$seed" "$@"
}
for p in 2 3 4 5 6; do
    roundtrip "$p-random" "$p" random "$p" 2
    roundtrip "$p-mcts" "$p" mcts:iters=20 "$p" 1
done
roundtrip wild 3 random 7 2 --set wild_hardware=white_any
roundtrip seq 4 random 8 2 --set turn_mode=sequential
roundtrip esc4 4 random 9 2 --set deck_prep=escalate --set keep_base=0
roundtrip esc2 2 random 10 2 --set deck_prep=escalate --set phases=5
roundtrip esc3 3 random 11 2 --set deck_prep=escalate

# Removals under escalate are written '* -CARD' before the deal of phases 2 and 3.
check "escalate removals recorded" test "$(grep -c '^\* -' "$tmp/rec-esc4/game-0.rec")" -eq 10

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
