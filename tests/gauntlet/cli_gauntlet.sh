#!/usr/bin/env bash
# gauntlet through the kark command: rules listing, one-line errors for bad variant values
# and bad records, and selfplay records (random agents, 2-4 players, several parameters)
# that replay to their recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

"$KARK" rules gauntlet >"$tmp/rules"
for p in layout_seed track sword_reach final_tie two_player_deck market_per_player max_turns; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

expect 2 "sword_reach" "$KARK" selfplay gauntlet --set sword_reach=queen
expect 2 "final_tie" "$KARK" selfplay gauntlet --set final_tie=never
expect 2 "layout_seed" "$KARK" selfplay gauntlet --set layout_seed=-2
expect 2 "max_turns" "$KARK" selfplay gauntlet --set max_turns=0
expect 2 "track" "$KARK" selfplay gauntlet --set track=abc
expect 2 "track" "$KARK" selfplay gauntlet --set track=...
expect 2 "two_player_deck" "$KARK" selfplay gauntlet --set two_player_deck=2

# A die outside 3-6 and a plan card not in hand are refused with the line number.
printf 'game gauntlet\nplayers 2\n' >"$tmp/die.rec"
for c in rA3 yH1 yW4 gD3 bH2 kD2; do echo "* $c" >>"$tmp/die.rec"; done
echo '* die 2' >>"$tmp/die.rec"
expect 1 "die.rec:9: " "$KARK" replay "$tmp/die.rec"

# Self-play records replay to the scores they record.
for p in 2 3 4; do
    for set in layout_seed=0 layout_seed=-1 sword_reach=king \
        track=n.sB..LL..s.B...L.BB.LL.ns.Bs..L.B..; do
        record_roundtrip gauntlet "rec-$p-$set" --players "$p" --agents random --games 2 \
            --seed "$p" --set "$set"
    done
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
