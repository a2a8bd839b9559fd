#!/usr/bin/env bash
# liars-cards through the kark command: the rules listing, the scenario records replayed to
# their exact JSON, one-line errors (exit 2) for bad variant values and for a max_cards
# that does not fit the table, one-line errors (exit 1) for bad records, and self-play
# records for every player count 2-10 (random and mcts:iters=30) that replay to the scores
# they record.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

run_quiet() { "$@" >/dev/null 2>&1; }

data="$TESTS/data/liars-cards"
"$KARK" rules liars-cards >"$tmp/rules"
for p in cubes max_cards sum_below track track_order wild_choice wild_needs_natural \
    late_wild_bid; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done
check "rules: 2-10 players" grep -q "2-10 players" "$tmp/rules"

want() { # want FILE JSON
    local got
    got=$("$KARK" replay "$data/$1")
    check "$1 replays to $2 (got $got)" [ "$got" = "$2" ]
}
want scenario-1-no-natural.rec \
    '{"game":"liars-cards","terminal":false,"scores":[0,0,0],"winners":[],"rounds":1,"lives":[4,5,5],"track":"DHCBWA"}'
want scenario-1-one-arrow.rec \
    '{"game":"liars-cards","terminal":false,"scores":[0,0,0],"winners":[],"rounds":1,"lives":[5,4,5],"track":"DHCBWA"}'
want scenario-3-opening-wild-raise.rec \
    '{"game":"liars-cards","terminal":false,"scores":[0,0,0],"winners":[],"rounds":1,"lives":[5,4,5],"track":"DHCBWA"}'
want scenario-4-sum-round.rec \
    '{"game":"liars-cards","terminal":true,"scores":[1,0],"winners":[0],"rounds":1,"lives":[1,0],"track":"DHCBWA"}'
want starter-wild-shuffled.rec \
    '{"game":"liars-cards","terminal":false,"scores":[0,0,0],"winners":[],"rounds":2,"lives":[5,4,5],"track":"HACDWB"}'

# Bad variant values: one line naming the parameter, exit 2.
expect 2 "'track'.*permutation of DHCBWA" "$KARK" selfplay liars-cards --set track=DHCBWX
expect 2 "'track'" "$KARK" selfplay liars-cards --set track=DHCBW
expect 2 "'track'" "$KARK" selfplay liars-cards --set track=DDCBWA
expect 2 "max_cards=9 is too large for 7 players" "$KARK" selfplay liars-cards --players 7 \
    --set max_cards=9
expect 2 "max_cards=6 is too large for 10 players" "$KARK" tournament liars-cards \
    --players 10 --agents random --games 2 --set max_cards=6 --out "$tmp/t"
expect 2 "'max_cards'.*1..9" "$KARK" selfplay liars-cards --set max_cards=10
expect 2 "'cubes'" "$KARK" selfplay liars-cards --set cubes=0
expect 2 "'sum_below'" "$KARK" selfplay liars-cards --set sum_below=11
expect 2 "'wild_choice'.*fixed, starter" "$KARK" selfplay liars-cards --set wild_choice=first
expect 2 "'late_wild_bid'" "$KARK" selfplay liars-cards --set late_wild_bid=maybe
expect 2 "'track_order'" "$KARK" selfplay liars-cards --set track_order=random
expect 2 "players.*1..10" "$KARK" selfplay liars-cards --players 11
# The limit itself is accepted: 6 x 9 = 54 cards.
check "6 players x max_cards=9 runs" run_quiet "$KARK" selfplay liars-cards --players 6 --set max_cards=9 \
    --agents random --games 1 --seed 1

# Bad records: exit 1, one line with the line number.
head3='game liars-cards\nplayers 3\n'
printf "${head3}* 7D\n" >"$tmp/card.rec"
expect 1 "card.rec:3: .*bad card '7D'" "$KARK" replay "$tmp/card.rec"
printf "${head3}* 1X\n" >"$tmp/sym.rec"
expect 1 "sym.rec:3: .*bad card '1X'" "$KARK" replay "$tmp/sym.rec"
deal=$(sed -n '/^\* /p' "$data/scenario-1-no-natural.rec" | head -15 | tr '\n' '#' | sed 's/#/\\n/g')
printf "${head3}${deal}0: call\n" >"$tmp/call.rec"
expect 1 "call.rec:18: illegal move 'call'" "$KARK" replay "$tmp/call.rec"
printf "${head3}${deal}0: 4C\n1: 4H\n" >"$tmp/low.rec"
expect 1 "low.rec:19: illegal move '4H'" "$KARK" replay "$tmp/low.rec"
printf "${head3}${deal}0: 4C\n1: 5D\n" >"$tmp/wild.rec"
expect 1 "wild.rec:19: illegal move '5D'" "$KARK" replay "$tmp/wild.rec"
printf "${head3}${deal}0: 4Q\n" >"$tmp/bid.rec"
expect 1 "bid.rec:18: .*bad move '4Q'" "$KARK" replay "$tmp/bid.rec"
printf "${head3}${deal}0: s20\n" >"$tmp/sum.rec"
expect 1 "sum.rec:18: illegal move 's20'" "$KARK" replay "$tmp/sum.rec"
printf "game liars-cards\nplayers 3\nset track_order=shuffled\n* track DHCBWW\n" >"$tmp/track.rec"
expect 1 "track.rec:4: .*bad track 'DHCBWW'" "$KARK" replay "$tmp/track.rec"

# A comment longer than the parser's line buffer (selfplay's header with ten long agent
# specs) is skipped; a long event line is still an error.
{ printf '# %02000d\n' 0; cat "$data/scenario-4-sum-round.rec"; } >"$tmp/longcomment.rec"
check "a long comment line is skipped" run_quiet "$KARK" replay "$tmp/longcomment.rec"
{ cat "$data/scenario-4-sum-round.rec"; printf '0: s%02000d\n' 1; } >"$tmp/longmove.rec"
expect 1 "longmove.rec:[0-9]+: line too long" "$KARK" replay "$tmp/longmove.rec"

# Self-play records replay to the scores they record, for every player count: random
# agents on the default rules, mcts:iters=30 on two cubes (keeps the test fast).
for p in 2 3 4 5 6 7 8 9 10; do
    record_roundtrip liars-cards "random-p$p" --players "$p" --agents random --games 2 --seed "$p"
    record_roundtrip liars-cards "mcts-p$p" --players "$p" --agents mcts:iters=30 --games 1 --seed "$p" \
        --set cubes=2
done
record_roundtrip liars-cards variants --players 4 --agents random --games 3 --seed 5 --set track_order=shuffled \
    --set wild_choice=starter --set late_wild_bid=allow --set wild_needs_natural=0
record_roundtrip liars-cards track --players 3 --agents greedy,random,random --games 2 --seed 6 --set track=AWBCHD \
    --set max_cards=2 --set cubes=3
check "a set track is written to the record" grep -q '^set track=AWBCHD$' "$tmp/track/game-0.rec"
check "the shuffled track is a record line" grep -q '^\* track [DHCBWA]\{6\}$' "$tmp/variants/game-0.rec"
check "wild choices are record lines" grep -q '^[0-9]: wild:[DHCBWA]$' "$tmp/variants/game-0.rec"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
