#!/usr/bin/env bash
# war through the kark command: rules listing, one-line errors for bad variant values and
# bad records (with the line), a hand-written record in the rules' notation, and selfplay
# records (random, greedy and MCTS, 2-4 players, several parameters) that replay to their
# scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules war >"$tmp/rules"
for p in layout_seed grid card_colours start_tiles must_use_all chain_moves defender_bonus \
    advance_leave_one attack_ends_turn units; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

expect 2 "grid" "$KARK" selfplay war --set grid=tri
expect 2 "units" "$KARK" selfplay war --set units=9
expect 2 "layout_seed" "$KARK" selfplay war --set layout_seed=-2
expect 2 "start_tiles" "$KARK" selfplay war --set start_tiles=green
expect 2 "must_use_all" "$KARK" selfplay war --set must_use_all=2
expect 2 "card_colours" "$KARK" selfplay war --set card_colours=purple
expect 2 "card_colours" "$KARK" selfplay war --players 2 --set card_colours=r,r
expect 2 "card_colours" "$KARK" selfplay war --players 3 --set card_colours=r,y

# A hand-written 2-player opening in the rules' notation: placements, a turn card, a
# reinforce and a move on one line each, an attack, the defence, the advance.
cat >"$tmp/open.rec" <<'REC'
game war
players 2
1: 1,0
0: 3,0
1: 1,2
0: 2,3
1: 3,4
0: 0,3
1: 0,5
0: 2,5
1: 1,2
0: 2,3
1: 1,2
0: 2,3
0: turn bC3
0: R bH2 2,3 0,3
0: M bD1 2,3>2,2x2 2,3>1,3x1
0: A bA1 2,2>1,2
1: D yH1
1: turn yB3
REC
"$KARK" replay --events "$tmp/open.rec" >"$tmp/open.out" 2>&1
check "hand-written record replays" grep -q '"terminal":false' "$tmp/open.out"
check "the battle is revealed together" grep -q "reveal 0: A bA1 2,2>1,2 | 1: D yH1" "$tmp/open.out"
check "an action's parts are traced as its line" grep -q "^17 0: M bD1 2,3>2,2x2 2,3>1,3x1$" "$tmp/open.out"
# 3 units + 1 against 3 units + 1: the defender wins the tie; the attacker's turn card 3
# was used up (reinforce, move, attack), so seat 1 plays next.

# An illegal step, a part after the end of an action, and a card not in hand are refused
# with their line number.
sed 's/^0: M bD1 .*/0: M bD1 2,3>0,0x1/' "$tmp/open.rec" >"$tmp/bad1.rec"
expect 1 "bad1.rec:17: " "$KARK" replay "$tmp/bad1.rec"
sed 's/^0: R bH2 .*/0: R bH2 2,3 0,3 end/' "$tmp/open.rec" >"$tmp/bad2.rec"
expect 1 "bad2.rec:16: " "$KARK" replay "$tmp/bad2.rec"
sed 's/^1: D yH1/1: D yA6/' "$tmp/open.rec" >"$tmp/bad3.rec"
expect 1 "bad3.rec:19: " "$KARK" replay "$tmp/bad3.rec"

# Self-play records replay to the scores they record.
for p in 2 3 4; do
    for set in layout_seed=0 layout_seed=-1 grid=square must_use_all=1 attack_ends_turn=1; do
        for agents in random greedy mcts:iters=10; do
            record_roundtrip war "rec-$p-$set-$agents" --players "$p" --agents "$agents" \
                --games 2 --seed "$p" --set "$set"
        done
    done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
