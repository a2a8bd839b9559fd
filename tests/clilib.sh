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
