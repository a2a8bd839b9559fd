#!/usr/bin/env bash
# carcassonne-dice through the kark command: rules listing, replay of the worked example
# of docs/rules/carcassonne-dice.md, one-line errors for bad records and variant values,
# and selfplay records that replay to their recorded scores.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"

"$KARK" rules carcassonne-dice >"$tmp/rules"
for p in faces knight_need goal max_turns set_aside; do
    check "rules lists $p" grep -q "^$p " "$tmp/rules"
done

out=$("$KARK" replay "$TESTS/data/carcassonne-dice/scenario-knight-double.rec")
check "worked example replays to 6,3" [ "$out" = '{"game":"carcassonne-dice","terminal":false,"scores":[6,3],"winners":[],"turns":3,"held_knights":[0,0]}' ]

printf 'game carcassonne-dice\nplayers 2\n* CCSKKXXXX\n0: bank\n' >"$tmp/bank.rec"
expect 1 "bank.rec:4: illegal move 'bank'" "$KARK" replay "$tmp/bank.rec"
printf 'game carcassonne-dice\nplayers 2\n* CCSKKXXX\n' >"$tmp/short.rec"
expect 1 "short.rec:3: .*throws 9 dice" "$KARK" replay "$tmp/short.rec"
printf 'game carcassonne-dice\nplayers 2\n* CCSKKXXXQ\n' >"$tmp/letter.rec"
expect 1 "letter.rec:3: .*'Q' is not a face" "$KARK" replay "$tmp/letter.rec"
printf 'game carcassonne-dice\nplayers 2\n* CCSLLTTKX\n0: T9@0,0\n' >"$tmp/rot.rec"
expect 1 "rot.rec:4: .*rotation" "$KARK" replay "$tmp/rot.rec"
printf 'game carcassonne-dice\nplayers 2\n* CCSLLTTKX\n0: C0@0,0\n0: C0@9,0\n' >"$tmp/far.rec"
expect 1 "far.rec:5: .*outside the window" "$KARK" replay "$tmp/far.rec"
printf 'game carcassonne-dice\nplayers 6\n' >"$tmp/six.rec"
expect 1 "six.rec" "$KARK" replay "$tmp/six.rec"
expect 2 "faces" "$KARK" selfplay carcassonne-dice --set faces=cap,blob,tee,tee
expect 2 "faces" "$KARK" selfplay carcassonne-dice --set faces=cap,tee
expect 2 "knight_need" "$KARK" selfplay carcassonne-dice --set knight_need=0

# Self-play records (3 players, a variant) replay to the scores they record.
"$KARK" selfplay carcassonne-dice --agents greedy,random,greedy --games 3 --seed 4 \
    --set faces=cap,cap,tee,cross --record "$tmp/rec" >/dev/null
for f in "$tmp"/rec/game-*.rec; do
    want=$(tail -1 "$f" | sed -n 's/^# result {"scores":\(\[[^]]*\]\).*/\1/p')
    got=$("$KARK" replay "$f" | sed -n 's/.*"scores":\(\[[^]]*\]\).*/\1/p')
    check "$(basename "$f") replays to $want" test -n "$want" -a "$want" = "$got"
done

# kark solve: the exact one-throw optimum on the unbounded grid is 48,849,417 / 6^9 (the old
# 8 x 8 window's 48,849,165 / 6^9 missed the nine-die line).
out=$("$KARK" solve carcassonne-dice)
check "solve prints the one-throw optimum: $out" eval 'echo "$out" | grep -q "^{\"grid\":\"unbounded\",\"throws\":1,\"placement\":\"exact\",\"value\":\"48849417/10077696\",\"points\":4.847280}$"'
check "solve prints the three-throw relaxed value" eval 'echo "$out" | grep -q "\"grid\":\"unbounded\",\"throws\":3,.*\"points\":11.898082}$"'
check "solve has no window lines" eval '! echo "$out" | grep -q window'
# --turn: the whole-turn lower bound; with one throw it is the exact one-throw optimum.
out=$("$KARK" solve carcassonne-dice --turn 1)
check "solve --turn 1 gives the one-throw optimum as its lower bound: $out" eval 'echo "$out" | grep -q "^{\"grid\":\"unbounded\",\"throws\":1,\"placement\":\"placed\",\"bound\":\"lower\",\"policies\":\"holes\",\"value\":\"48849417/10077696\",\"points\":4.847280,"'
expect 2 "turn" "$KARK" solve carcassonne-dice --turn 4
printf 'game carcassonne-dice\nplayers 2\nset placement=touching\n' >"$tmp/touch.rec"
expect 2 "placement=anywhere" "$KARK" solve carcassonne-dice --turn 1 --record "$tmp/touch.rec"

# --agent: single turns measured against the solver. greedy:eval=deep plays the class's
# best policy, so its control-variate estimate stays near the class optimum 8.551523 (on
# these six turns, whose points have an sd of 7.8, it is that value to four decimals); the
# output is the same for any --threads; bad uses are one-line errors.
a=$("$KARK" solve carcassonne-dice --agent greedy:eval=deep --turns 6 --seed 2 --threads 1)
b=$("$KARK" solve carcassonne-dice --agent greedy:eval=deep --turns 6 --seed 2 --threads 2)
strip() { sed 's/"seconds".*//'; }
check "solve --agent is the same for 1 and 2 threads: $a / $b" test "$(echo "$a" | strip)" = "$(echo "$b" | strip)"
est=$(echo "$a" | sed -n 's/.*"estimate":\([0-9.]*\),.*/\1/p')
check "greedy:eval=deep's estimate $est is the class optimum 8.5515 within 0.1" \
    awk -v e="$est" 'BEGIN { exit !(e > 8.45 && e < 8.65) }'
mc=$(echo "$a" | sed -n 's/.*"moves_change":\(-*[0-9.]*\),.*/\1/p')
tc=$(echo "$a" | sed -n 's/.*"throws_change":\(-*[0-9.]*\),.*/\1/p')
check "its moves keep the class's value ($mc) and its throws are fair ($tc)" \
    awk -v m="$mc" -v t="$tc" 'BEGIN { exit !(m != "" && t != "" && m > -1e-3 && m < 1e-3 && t > -1e-3 && t < 1e-3) }'
check "solve --agent reports the class optimum" eval 'echo "$a" | grep -q "\"class_optimum\":8.551523,"'
# Exact expectimax backups over the deep values never leave the class's best move for a
# sampled throw's luck (backup=max, which weighs outcomes by their visits, loses 0.5 points
# a turn in the class's eyes on these turns).
x=$("$KARK" solve carcassonne-dice --turns 4 --seed 2 --threads 2 --agent \
    mcts:iters=30,chance=explicit,cv=deep,eval=deep,rollout=none,backup=expectimax,moves=candidates,widen=0)
xm=$(echo "$x" | sed -n 's/.*"moves_change":\(-*[0-9.]*\),.*/\1/p')
check "backup=expectimax keeps the class's value over its moves ($xm)" \
    awk -v m="$xm" 'BEGIN { exit !(m != "" && m > -1e-3) }'
# scripts/dice-race: a race to the goal on two agents' single turns (docs/agents.md).
"$KARK" tournament carcassonne-dice --agents greedy,random --players 2 --games 20 --seed 1 \
    --threads 1 --set knight_need=9 --set max_turns=2 --out "$tmp/race" --summary-only >/dev/null 2>&1
r=$(python3 "$TESTS/../scripts/dice-race" "$tmp/race/games.csv" --races 2000 2>&1)
check "dice-race: greedy's turns win the race against random's: $r" \
    eval 'echo "$r" | grep -Eq "^greedy wins (0\.9[0-9]*|1\.0000) of 2000 races to 42 against random$"'
expect 1 "expected AGENT=X" python3 "$TESTS/../scripts/dice-race" "$tmp/race/games.csv" --mean nobody=3
expect 2 "unknown agent 'nobody'" "$KARK" solve carcassonne-dice --agent nobody --turns 2
expect 2 "only carcassonne-dice" "$KARK" solve othellino --agent greedy
expect 2 "do not combine" "$KARK" solve carcassonne-dice --agent greedy --turn 2
expect 2 "turns" "$KARK" solve carcassonne-dice --agent greedy --turns 1

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
