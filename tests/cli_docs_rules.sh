#!/usr/bin/env bash
# docs/rules/ keeps up with the program: every game `kark games` lists has its rules file
# with a parameters section and a notation (records) section, and every parameter `kark
# rules GAME` prints has a table row there ("| `name` |") that states its default (as a whole word).
source "$(dirname "${BASH_SOURCE[0]}")/clilib.sh"
docs="$TESTS/../docs/rules"

games=$("$KARK" games | awk 'NR > 1 { print $1 }')
ngames=$(printf '%s\n' "$games" | grep -c .)
[ "$ngames" -ge 17 ] && ok || bad "kark games listed only $ngames games"

checked=0
for g in $games; do
    f="$docs/$g.md"
    if [ ! -f "$f" ]; then
        bad "$g: no docs/rules/$g.md"
        continue
    fi
    grep -qiE '^#+ .*param' "$f" && ok || bad "docs/rules/$g.md: no parameters section"
    grep -qiE '^#+ .*(notation|record)' "$f" && ok || bad "docs/rules/$g.md: no notation section"
    # Parameter lines of `kark rules`: "name  default  ..." (continuation lines are indented).
    "$KARK" rules "$g" | awk 'NR > 3 && $0 !~ /^ / { print $1, $2 }' >"$tmp/params"
    while read -r name def; do
        row=$(grep -E "^\| *\`$name\` *\|" "$f" | head -n 1)
        checked=$((checked + 1))
        if [ -z "$row" ]; then
            bad "docs/rules/$g.md: parameter '$name' has no table row"
        elif ! printf '%s' "$row" | grep -qwF -- "$def"; then
            bad "docs/rules/$g.md: the row of '$name' does not state its default '$def': $row"
        else
            ok
        fi
    done <"$tmp/params"
done
# The parameter walk must have found parameters (a changed `kark rules` layout would
# otherwise pass with nothing checked).
[ "$checked" -ge 60 ] && ok || bad "checked only $checked parameters"

echo "cli_docs_rules: $pass passed, $fail failed ($checked parameters)"
[ $fail -eq 0 ]
