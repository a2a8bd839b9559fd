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
for opt in iters ms c reward rollout epsilon depth chance rave threads reuse widen widen_exp expand nodes; do
    expect_out "^  $opt +default" "$KARK" agents mcts
done
expect_out "usage: kark agents" "$KARK" agents --help
expect_out "^mcts:iters=500,ms=0,c=0.3," "$KARK" agents --check mcts:iters=500 --game son-of-kark
expect_out "^greedy:value=diff$" "$KARK" agents --check greedy:value=diff

expect_error "unknown agent 'alphazero'" "$KARK" agents alphazero
expect_error "unknown agent 'alphazero'" "$KARK" agents --check alphazero
expect_error "unknown option 'iterations' for agent mcts" "$KARK" agents --check mcts:iterations=5
expect_error "bad value 'lots' for mcts option 'iters'" "$KARK" agents --check mcts:iters=lots
expect_error "bad value 'score' for mcts option 'reward'" "$KARK" agents --check mcts:reward=score
expect_error "needs a budget" "$KARK" agents --check mcts:iters=0
expect_error "unknown game 'chess'" "$KARK" agents --check random --game chess
expect_error "unknown flag '--bogus'" "$KARK" agents --bogus

echo "cli_agents: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
