#!/usr/bin/env bash
# The README's examples stay true: every "$ build/kark ..." line in a fenced block of
# README.md is run from the repository's root and its output (stdout and stderr) compared
# with the lines printed under it in the README. A line "..." there stands for any number of
# lines; without one the output must match line for line and end where the README's does.
# A command followed directly by another (no output shown) is only run. Paths under /tmp/
# are moved into this test's scratch folder.
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"
root="$TESTS/.."
readme="$root/README.md"

# match EXPECTED ACTUAL: 0 when the actual output fits the expected lines and their "...".
match() {
    local -a want got
    mapfile -t want <"$1"
    mapfile -t got <"$2"
    local i=0 j=0 skip=0
    while [ $i -lt ${#want[@]} ]; do
        if [ "${want[$i]}" = "..." ]; then
            skip=1
            i=$((i + 1))
            continue
        fi
        while [ $j -lt ${#got[@]} ] && [ "${got[$j]}" != "${want[$i]}" ] && [ $skip -eq 1 ]; do
            j=$((j + 1))
        done
        if [ $j -ge ${#got[@]} ] || [ "${got[$j]}" != "${want[$i]}" ]; then
            echo "expected line $((i + 1)): '${want[$i]}'; got line $((j + 1)): '${got[$j]:-<end of output>}'"
            return 1
        fi
        i=$((i + 1))
        j=$((j + 1))
        skip=0
    done
    if [ $skip -eq 0 ] && [ $j -lt ${#got[@]} ]; then
        echo "output goes on after the README's last line: '${got[$j]}'"
        return 1
    fi
    return 0
}

# run_example N COMMAND EXPECTED_FILE: runs one example (expected file may be empty).
ran=0
run_example() {
    local n="$1" cmd="$2" want="$3"
    local line="${cmd//build\/kark/\"\$KARK\"}"
    line="${line//\/tmp\//$tmp/}"
    sed -i "s#/tmp/#$tmp/#g" "$want"
    (cd "$root" && KARK="$KARK" bash -c "$line") >"$tmp/got" 2>&1
    ran=$((ran + 1))
    if [ ! -s "$want" ]; then
        ok
        return
    fi
    local why
    if why=$(match "$want" "$tmp/got"); then
        ok
    else
        bad "README.md:$n: \$ $cmd: $why"
    fi
}

# Walk the README: fenced blocks, "$ " lines in them, the lines under each.
in_block=0 cmd="" cmd_line=0 n=0
: >"$tmp/want"
while IFS= read -r text || [ -n "$text" ]; do
    n=$((n + 1))
    if [[ "$text" == '```'* ]]; then
        if [ $in_block -eq 1 ] && [ -n "$cmd" ]; then
            run_example "$cmd_line" "$cmd" "$tmp/want"
            cmd=""
        fi
        in_block=$((1 - in_block))
        continue
    fi
    [ $in_block -eq 1 ] || continue
    if [[ "$text" == '$ '* ]]; then
        [ -z "$cmd" ] || run_example "$cmd_line" "$cmd" "$tmp/want"
        cmd="${text#\$ }"
        cmd_line=$n
        : >"$tmp/want"
    elif [ -n "$cmd" ]; then
        printf '%s\n' "$text" >>"$tmp/want"
    fi
done <"$readme"

# The walk itself must have found the examples (a README without them, or a parser that
# misses them, would otherwise pass).
[ $ran -ge 8 ] && ok || bad "found only $ran '\$ build/kark' examples in README.md"

echo "cli_readme: $pass passed, $fail failed ($ran examples)"
[ $fail -eq 0 ]
