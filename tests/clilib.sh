# Shared by the tests/cli_*.sh command-line tests (sourced, not run): pass/fail counters,
# a scratch folder removed on exit, and expect(), the one-line-error contract check.
set -u
fail=0
pass=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() {
    echo "FAIL: $*"
    fail=$((fail + 1))
}

# expect STATUS PATTERN CMD...: CMD exits with STATUS and prints exactly one stderr line,
# matching PATTERN (grep -E).
expect() {
    local want="$1" pattern="$2"
    shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -ne "$want" ] || ! grep -Eq -- "$pattern" "$tmp/err" ||
        [ "$(wc -l <"$tmp/err")" -ne 1 ]; then
        bad "$* -> status $got (want $want), stderr: $(cat "$tmp/err")"
    else
        ok
    fi
}

# same DIR1 DIR2 FILE...: each FILE is in both folders, not empty, and byte-identical but for
# the reports' "Made with kark ..." line, which names the date and the exact command.
same() {
    local a="$1" b="$2"
    shift 2
    for f in "$@"; do
        if [ -s "$a/$f" ] && cmp -s <(grep -v '^\(<p>\)\?Made with kark' "$a/$f") \
            <(grep -v '^\(<p>\)\?Made with kark' "$b/$f"); then
            ok
        else
            bad "$a/$f differs from $b/$f"
        fi
    done
}

# check DESCRIPTION CMD...: CMD succeeds.
check() {
    local what="$1"
    shift
    if "$@"; then ok; else bad "$what"; fi
}

# replays FILE JSON: `kark replay` of FILE (under $D when set) prints exactly JSON.
replays() {
    local out
    out=$("$KARK" replay "${D:+$D/}$1")
    check "$1 replays to $2 (got $out)" [ "$out" = "$2" ]
}

# replays_to_result FILE: the record replays (exit 0: `kark replay` checks its `# result`
# line) to the scores that line holds.
replays_to_result() {
    local f="$1" want got
    want=$(tail -1 "$f" | sed -n 's/^# result {"scores":\(\[[^]]*\]\).*/\1/p')
    if ! got=$("$KARK" replay "$f" 2>"$tmp/replay-err"); then
        bad "$f does not replay: $(cat "$tmp/replay-err")"
        return
    fi
    got=$(echo "$got" | sed -n 's/.*"scores":\(\[[^]]*\]\).*/\1/p')
    check "$(basename "$(dirname "$f")")/$(basename "$f") replays to $want (got $got)" \
        test -n "$want" -a "$want" = "$got"
}

# record_roundtrip GAME NAME ARGS...: `kark selfplay GAME ARGS... --record $tmp/NAME` writes
# records, and each replays to the result it records.
record_roundtrip() {
    local game="$1" name="$2" n=0 f
    shift 2
    if ! "$KARK" selfplay "$game" "$@" --record "$tmp/$name" >/dev/null 2>"$tmp/selfplay-err"; then
        bad "selfplay $game $name: $(cat "$tmp/selfplay-err")"
        return
    fi
    for f in "$tmp/$name"/game-*.rec; do
        [ -e "$f" ] || continue
        replays_to_result "$f"
        n=$((n + 1))
    done
    check "$name wrote records" [ "$n" -gt 0 ]
}
