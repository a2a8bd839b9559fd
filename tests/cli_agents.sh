#!/usr/bin/env bash
# kark agents: lists every agent kind with every option; --check prints a canonical spec
# or a one-line error naming the bad part, exit status 2.
set -u
fail=0
pass=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_error() {
    local pattern="$1"
    shift
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -ne 2 ] || ! grep -Eq -- "$pattern" "$tmp/err" || [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        echo "FAIL: $* -> status $got, stderr: $(cat "$tmp/err")"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

expect_out() {
    local pattern="$1"
    shift
    if ! "$@" >"$tmp/out" 2>"$tmp/err" || ! grep -Eq -- "$pattern" "$tmp/out"; then
        echo "FAIL: $* did not print /$pattern/: $(cat "$tmp/out" "$tmp/err")"
        fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
}

if "$KARK" agents --help 2>&1 | grep -q "unknown command 'agents'"; then
    echo "FAIL: 'kark agents' is not in the command table (experiments/main.c: add"
    echo "      {\"agents\", ..., kk_cmd_agents}; the command is experiments/cmd_agents.c)"
    exit 1
fi

# Every kind and every option of mcts is listed, with its default.
for name in random greedy flatmc mcts ismcts; do
    expect_out "^$name " "$KARK" agents
done
for opt in iters ms c reward rollout epsilon depth chance rave threads reuse widen widen_exp expand nodes view samples scale sim cut; do
    expect_out "^  $opt +default" "$KARK" agents mcts
done
expect_out "usage: kark agents" "$KARK" agents --help
expect_out "^mcts:iters=500,ms=0,c=1," "$KARK" agents --check mcts:iters=500 --game carcassonne
# peeking is named as cheating; --game shows a game's own defaults, marked, and the user's
# options still win over them.
expect_out "peek.*CHEATING" "$KARK" agents mcts
expect_out "CHEATING" "$KARK" agents --help
expect_out "^  view +default iset" "$KARK" agents mcts --game cardcassonne
expect_out "^  rollout +default greedy \(game\)" "$KARK" agents mcts --game cardcassonne
expect_out "^  depth +default 8 \(game\)" "$KARK" agents --game cardcassonne
expect_out "rollout=greedy,epsilon=0.1,depth=8," "$KARK" agents --check mcts --game cardcassonne
expect_out "rollout=random,epsilon=0.1,depth=3," "$KARK" agents --check mcts:rollout=random,depth=3 --game cardcassonne
expect_out "^greedy:value=own,view=sample,eval=game$" "$KARK" agents --check greedy --game cardcassonne
expect_out "^greedy:value=diff,view=sample,eval=game$" "$KARK" agents --check greedy:value=diff

expect_error "unknown agent 'alphazero'" "$KARK" agents alphazero
expect_error "unknown agent 'alphazero'" "$KARK" agents --check alphazero
expect_error "unknown option 'iterations' for agent mcts" "$KARK" agents --check mcts:iterations=5
expect_error "bad value 'lots' for mcts option 'iters'" "$KARK" agents --check mcts:iters=lots
expect_error "bad value 'score' for mcts option 'reward'" "$KARK" agents --check mcts:reward=score
expect_error "needs a budget" "$KARK" agents --check mcts:iters=0
expect_error "unknown game 'chess'" "$KARK" agents --check random --game chess
expect_error "unknown flag '--bogus'" "$KARK" agents --bogus
expect_error "unknown game 'chess'" "$KARK" agents mcts --game chess
expect_error "bad value 'true' for mcts option 'view'" "$KARK" agents --check mcts:view=true
expect_error "ismcts.*view=sample" "$KARK" agents --check ismcts:view=sample --game cardcassonne

# Honest agents on a hidden-information game: the same seed gives byte-identical games for
# 1 and 2 tournament threads (determinizations come only from each game's agent rng).
for t in 1 2; do
    "$KARK" tournament cardcassonne --agents mcts:iters=8,greedy,flatmc:playouts=8 --games 3 \
        --seed 3 --threads $t --out "$tmp/h$t" >/dev/null 2>&1
done
if [ -s "$tmp/h1/games.csv" ] && cmp -s "$tmp/h1/games.csv" "$tmp/h2/games.csv"; then
    pass=$((pass + 1))
else
    echo "FAIL: hidden-game tournament differs between 1 and 2 threads"
    fail=$((fail + 1))
fi

# Numbers in specs are plain decimals, as everywhere else; an option is given once.
expect_error "bad value '1e3' for mcts option 'iters'" "$KARK" agents --check mcts:iters=1e3
expect_error "bad value '0x10' for mcts option 'iters'" "$KARK" agents --check mcts:iters=0x10
expect_error "bad value '1.0' for mcts option 'iters': expected a whole number" \
    "$KARK" agents --check mcts:iters=1.0
expect_error "bad value ' 1' for mcts option 'c'" "$KARK" agents --check "mcts:c= 1"
expect_error "bad value '\+1' for mcts option 'c'" "$KARK" agents --check "mcts:c=+1"
expect_error "option 'iters' given twice" "$KARK" agents --check mcts:iters=5,iters=6
expect_error "unexpected argument 'extra'" "$KARK" agents mcts extra
# rollout=policy needs a game with a playout policy of its own (the dice game has one).
expect_error "rollout=policy: othellino has no playout policy" \
    "$KARK" selfplay othellino --agents mcts:iters=10,rollout=policy,random --games 1
expect_out "" "$KARK" selfplay carcassonne-dice --games 1 --seed 3 \
    --agents mcts:iters=10,rollout=policy,cut=turn,eval=game,cv=off,random
# eval=deep needs a game with a deep evaluation (the dice game's single-turn solver), in
# every agent that has the option.
for a in greedy:eval=deep mcts:iters=10,eval=deep ismcts:iters=10,eval=deep flatmc:playouts=10,eval=deep; do
    expect_error "eval=deep: othellino has no deep evaluation" \
        "$KARK" selfplay othellino --agents "$a,random" --games 1
done
# cv=deep needs a deep evaluation fair over chance events; the dice game's plays.
for a in mcts:iters=10,cv=deep ismcts:iters=10,cv=deep; do
    expect_error "cv=deep: carcassonne has no deep evaluation fair over chance events" \
        "$KARK" selfplay carcassonne --agents "$a,random" --games 1
done
expect_out "" "$KARK" selfplay carcassonne-dice --games 1 --seed 3 \
    --agents mcts:iters=30,cv=deep,chance=explicit,cwiden=1,grow=4,random
expect_error "cwiden=2: chance widening needs chance=explicit" "$KARK" agents --check mcts:cwiden=2
# moves=candidates needs a game that names its candidate moves; the dice game's plays, with
# expectimax backups over its throws.
expect_error "moves=candidates: othellino names no candidate moves" \
    "$KARK" selfplay othellino --agents mcts:iters=10,moves=candidates,random --games 1
expect_out "" "$KARK" selfplay carcassonne-dice --games 1 --seed 3 \
    --agents mcts:iters=30,moves=candidates,backup=max,cv=deep,chance=explicit,random
# backup=expectimax rates leaves by the evaluation alone, on one state per node.
expect_error "backup=expectimax rates each leaf by the evaluation alone: it needs rollout=none" \
    "$KARK" agents --check mcts:backup=expectimax
expect_error "backup=expectimax needs one state per tree node: cardcassonne hides information" \
    "$KARK" selfplay cardcassonne --agents mcts:iters=10,backup=expectimax,rollout=none,random \
    --games 1
expect_out "" "$KARK" selfplay carcassonne-dice --games 1 --seed 3 \
    --agents mcts:iters=30,backup=expectimax,rollout=none,eval=deep,chance=explicit,random
# backup=auto: expectimax where it applies, the mean elsewhere (a hidden game, a rollout);
# the dice game's defaults use it, so a user's rollout there still makes a search.
expect_out "eval=deep,.*backup=auto,moves=candidates" "$KARK" agents --check mcts --game carcassonne-dice
expect_out "rollout=policy,.*eval=game" "$KARK" agents --check flatmc --game carcassonne-dice
expect_out "" "$KARK" selfplay cardcassonne --agents mcts:iters=10,backup=auto,rollout=none,random \
    --games 1
expect_out "rollout=random,.*backup=auto" "$KARK" agents --check mcts:rollout=random \
    --game carcassonne-dice

# A peeking agent on a hidden-information game is marked in the tournament report.
"$KARK" tournament cardcassonne --agents "mcts:iters=4,view=peek,greedy" --games 2 --seed 1 \
    --out "$tmp/peek" >"$tmp/peek.out" 2>&1
if grep -q '(\*\*peeks\*\*)' "$tmp/peek/summary.md" && grep -q '"peeks": true' "$tmp/peek/summary.json" &&
    grep -q '"peeks": false' "$tmp/peek/summary.json"; then
    pass=$((pass + 1))
else
    echo "FAIL: the peeking agent is not marked in summary.md/summary.json"
    fail=$((fail + 1))
fi

echo "cli_agents: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
