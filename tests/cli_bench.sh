#!/usr/bin/env bash
# kark bench: runs it on a tiny budget (--quick) and checks every game's behaviour
# signature against tests/data/bench/signatures.txt (never the speed), the JSON shape,
# that the fast random path plays the same games as `kark selfplay --agents random`,
# and the usage errors. After an intended behaviour change: scripts/update-signatures GAME.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"
table="$TESTS/data/bench/signatures.txt"

expect 2 "unknown game 'chess': expected one of" "$KARK" bench chess
expect 2 "bad value '0' for --threads" "$KARK" bench --threads 0
expect 2 "bad value 'many' for --threads" "$KARK" bench --threads many
expect 2 "option '--threads' needs a value" "$KARK" bench --threads
expect 2 "bad value '0' for --repeats" "$KARK" bench --repeats 0
expect 2 "unknown option '--fast'" "$KARK" bench --fast
expect 2 "bad value '11' for --players" "$KARK" bench --players 11
expect 2 "--json and --markdown cannot be combined" "$KARK" bench --json --markdown
expect 2 "bad value '0' for --budget" "$KARK" bench --budget 0
expect 2 "option '--set' needs a value" "$KARK" bench --set

if "$KARK" bench --help >"$tmp/out" 2>&1 && grep -q "usage: kark bench" "$tmp/out"; then ok; else
    bad "kark bench --help"; fi

games=$("$KARK" games | awk 'NR > 1 { print $1 }')
[ -n "$games" ] || { echo "no games registered: nothing to check"; exit 0; }
first=$(printf '%s\n' "$games" | head -n 1)
expect 2 "game '$first' given twice" "$KARK" bench "$first" "$first"
expect 2 "$first: unknown parameter 'no_such_key'|no_such_key" \
    "$KARK" bench "$first" --set no_such_key=1

# The run itself: all games, 1, 2 and 3 threads (the signature must not depend on them).
if ! "$KARK" bench --quick --json --threads 3 >"$tmp/bench.json" 2>"$tmp/bench.err"; then
    bad "kark bench --quick --json --threads 3 failed: $(cat "$tmp/bench.err")"
fi

# signature_of GAME FILE: the signature on GAME's line of a kark bench --json output.
signature_of() {
    grep "^{\"game\":\"$1\"," "$2" | grep -o '"signature":"[0-9a-f]*"' | cut -d'"' -f4
}

for game in $games; do
    want=$(awk -v g="$game" '$1 == g && !/^#/ { print $2 }' "$table")
    got=$(signature_of "$game" "$tmp/bench.json")
    if [ -z "$want" ]; then
        bad "$game: no recorded signature in tests/data/bench/signatures.txt" \
            "(got ${got:-none}; record it with scripts/update-signatures $game)"
    elif [ "$got" != "$want" ]; then
        bad "$game: signature ${got:-missing}, recorded $want: its behaviour changed." \
            "If that is intended, run scripts/update-signatures $game and commit the line."
    else
        ok
    fi
done
for game in $(grep -v '^#' "$table" | awk 'NF == 2 { print $1 }'); do
    if printf '%s\n' "$games" | grep -qx "$game"; then ok; else
        bad "signatures.txt names '$game', which is not a registered game"; fi
done

# --signatures computes the same signatures without the timed runs.
"$KARK" bench --signatures --json >"$tmp/sig.json" 2>"$tmp/sig.err" || bad "--signatures failed"
for game in $games; do
    for key in signature playout_signature; do
        a=$(grep "^{\"game\":\"$game\"," "$tmp/bench.json" | grep -o "\"$key\":\"[0-9a-f]*\"")
        b=$(grep "^{\"game\":\"$game\"," "$tmp/sig.json" | grep -o "\"$key\":\"[0-9a-f]*\"")
        if [ -n "$a" ] && [ "$a" = "$b" ]; then ok; else
            bad "$game: --signatures gives '$b', the full run '$a'"; fi
    done
done

# The fast random path plays the very games `kark selfplay --agents random --seed 1`
# plays: same mean length over the signature games.
for game in $games; do
    want=$(grep "^{\"game\":\"$game\"," "$tmp/sig.json" | grep -o '"mean_length":[0-9.]*' |
        cut -d: -f2)
    got=$("$KARK" selfplay "$game" --agents random --games 200 --seed 1 2>/dev/null |
        sed -n 's/^mean length: \([0-9.]*\).*/\1/p')
    # selfplay prints two decimals: equal within its rounding.
    if [ -n "$want" ] && [ -n "$got" ] &&
        awk -v a="$want" -v b="$got" 'BEGIN { exit !(a - b <= 0.0051 && b - a <= 0.0051) }'
    then ok; else
        bad "$game: bench signature games have mean length '$want', selfplay random '$got'"
    fi
done

# The JSON is one well-formed object with every figure the issue asks for.
if command -v python3 >/dev/null 2>&1; then
    if python3 - "$tmp/bench.json" "$games" >"$tmp/py.out" 2>&1 <<'EOF'; then ok; else
import json, sys
d = json.load(open(sys.argv[1]))
games = sys.argv[2].split()
c = d["conditions"]
for k in ("cpu", "cores", "compiler", "flags", "build_type", "commit", "date", "command"):
    assert k in c, "conditions." + k
assert c["cores"] >= 1
assert [g["game"] for g in d["games"]] == games, "games in kark games order"
assert d["failed"] == [], "failed: %s" % d["failed"]
for g in d["games"]:
    name = g["game"]
    for k in ("players", "random_games_per_s", "moves_per_s", "legal_gen_per_s",
              "state_bytes", "mcts_iters_per_s", "signature", "scaling",
              "random_turns_per_s"):
        assert k in g, name + ": " + k
    for k in ("random_games_per_s", "moves_per_s", "legal_gen_per_s"):
        assert g[k] > 0 and g[k + "_min"] <= g[k] <= g[k + "_max"], name + ": " + k
    assert g["state_bytes"] > 0 and 1 <= g["players"] <= 5
    assert 0 < g["cpu_share"] <= 1.5, name + ": cpu_share"
    assert g["random_games_per_cpu_s"] > 0, name + ": random_games_per_cpu_s"
    assert (g["random_turns_per_s"] is None) == (g["random_turns_per_cpu_s"] is None)
    assert len(g["signature"]) == 16
    # Without a random_move hook kk_random_move draws exactly as the signature games do.
    assert g["random_move_hook"] or g["signature"] == g["playout_signature"], name
    assert g["mcts_iters_per_s"] is None or g["mcts_iters_per_s"] > 0, name + ": mcts"
    assert [s["threads"] for s in g["scaling"]] == [1, 2, 3], name + ": scaling threads"
    assert abs(g["scaling"][0]["efficiency"] - 1) < 1e-9
    for s in g["scaling"]:
        assert s["games_per_s"] > 0 and s["efficiency"] > 0, name + ": scaling"
        assert s["games_per_cpu_s"] > 0 and s["cpu_efficiency"] > 0, name + ": CPU scaling"
        assert 0 < s["cpu_per_thread"] <= 1.5, name + ": cpu_per_thread"
    for k in ("mcts_iters_per_cpu_s", "mcts_opening_iters_per_s", "mcts_opening_iters_per_cpu_s"):
        assert k in g and (g[k] is None or g[k] > 0), name + ": " + k
    for f in g["floors"]:
        v = f["verdict"]
        assert v in ("met", "MISSED", "not measured", "n/a: other player count") or \
            v.startswith("inconclusive: "), name + ": verdict " + v
        # Never MISSED when the rate per CPU second clears the floor (issue 22, finding 8).
        if g.get(f["cpu_metric"]) is not None and g[f["cpu_metric"]] >= f["min"]:
            assert v != "MISSED", name + ": MISSED although per CPU s clears the floor"
assert "load_avg_1m_end" in c
EOF
        bad "bench --json shape: $(tail -n 3 "$tmp/py.out")"
    fi
fi

# --compare sets a run against an earlier JSON output: same code, same signature.
"$KARK" bench "$first" --quick --threads 1 --compare "$tmp/bench.json" >"$tmp/cmp" 2>&1 ||
    bad "--compare run failed: $(cat "$tmp/cmp")"
if grep -q "^  vs .*bench.json: random games/s x[0-9.]*,.* signature unchanged$" "$tmp/cmp"
then ok; else bad "--compare text: $(grep 'vs ' "$tmp/cmp")"; fi
"$KARK" bench "$first" --signatures --json --compare "$tmp/bench.json" >"$tmp/cmp.json" 2>&1
if grep -q '"baseline":{"signature":"[0-9a-f]*","signature_changed":false' "$tmp/cmp.json"
then ok; else bad "--compare json: $(cat "$tmp/cmp.json")"; fi
sed "s/\"signature\":\"[0-9a-f]*\"/\"signature\":\"0000000000000000\"/" "$tmp/bench.json" \
    >"$tmp/moved.json"
"$KARK" bench "$first" --signatures --compare "$tmp/moved.json" >"$tmp/cmp" 2>&1
if grep -q "signature CHANGED (was 0000000000000000)" "$tmp/cmp"; then ok; else
    bad "--compare did not see a moved signature: $(cat "$tmp/cmp")"; fi
# A pretty-printed copy of the same JSON is the same baseline (issue 22, finding 8).
if command -v python3 >/dev/null 2>&1; then
    python3 -m json.tool "$tmp/bench.json" >"$tmp/pretty.json"
    "$KARK" bench "$first" --signatures --compare "$tmp/pretty.json" >"$tmp/cmp" 2>&1
    if grep -q "signature unchanged" "$tmp/cmp" && [ "$(wc -l <"$tmp/pretty.json")" -gt 50 ]
    then ok; else bad "--compare of a pretty-printed baseline: $(cat "$tmp/cmp")"; fi
fi
printf '{"games": [\n' >"$tmp/broken.json"
expect 2 "--compare .*broken.json: not valid JSON \(line" \
    "$KARK" bench --compare "$tmp/broken.json"
expect 2 "--compare .*nonexistent.json: cannot open" \
    "$KARK" bench --compare "$tmp/nonexistent.json"

# Without --quick the MCTS searches from the opening are measured too.
if "$KARK" bench "$first" --repeats 1 --budget 10 --threads 1 --json >"$tmp/open.json" 2>&1 &&
    grep -q '"mcts_opening_iters_per_cpu_s":[0-9]' "$tmp/open.json"; then ok; else
    bad "no MCTS opening figure: $(head -c 300 "$tmp/open.json")"; fi

# --mcts-memory: one search with its time and peak memory (tiny here; docs/performance.md
# has the 10-million-iteration figure).
expect 2 "bad value '0' for --mcts-memory" "$KARK" bench --mcts-memory 0
if "$KARK" bench "$first" --mcts-memory 200 >"$tmp/mem" 2>&1 &&
    grep -q "^$first: one search of 200 iterations from the opening .*peak RSS [0-9.]* MiB" \
        "$tmp/mem"; then ok; else bad "--mcts-memory: $(cat "$tmp/mem")"; fi

# The ledger entry has the command and one table row per game.
"$KARK" bench "$first" --quick --threads 1 --markdown >"$tmp/md" 2>&1 || bad "markdown run failed"
if grep -q "^- command: \`kark bench $first --quick --threads 1 --markdown\`" "$tmp/md" &&
    grep -q "^| $first | " "$tmp/md"; then ok; else bad "markdown output: $(cat "$tmp/md")"; fi

# The text table names each game with its signature.
"$KARK" bench "$first" --quick --threads 1 >"$tmp/text" 2>&1 || bad "text run failed"
if grep -q "^$first: .*signature $(signature_of "$first" "$tmp/sig.json")" "$tmp/text" &&
    grep -q "random games/s" "$tmp/text" && grep -q "efficiency" "$tmp/text"; then ok; else
    bad "text output: $(head -n 5 "$tmp/text")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
