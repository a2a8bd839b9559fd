#!/usr/bin/env bash
# kark cfr: usage errors are one line on stderr with exit status 2; a game without
# information-set keys is refused by name; the agent cfr is listed and checked. (The
# training path runs on the unregistered toy Kuhn poker in tests/cfr/test_cfr_kuhn.c.)
. "$TESTS/clilib.sh"

if "$KARK" cfr --help 2>&1 | grep -q "unknown command 'cfr'"; then
    echo "FAIL: 'kark cfr' is not in the command table (experiments/main.c)"
    exit 1
fi
"$KARK" cfr --help | grep -q "usage: kark cfr GAME --iters N" && ok || bad "cfr --help"
"$KARK" --help | grep -q "^  cfr " && ok || bad "kark --help lists cfr"

expect 2 "^kark cfr: missing GAME" "$KARK" cfr
expect 2 "^kark cfr: unknown game 'chess'" "$KARK" cfr chess --iters 5
expect 2 "^kark cfr: son-of-kark has no information-set keys \(info_key\)" \
    "$KARK" cfr son-of-kark --iters 5
expect 2 "^kark cfr: carcassonne has no information-set keys" "$KARK" cfr carcassonne --iters 5
expect 2 "^kark cfr: bad value 'abc' for --iters" "$KARK" cfr son-of-kark --iters abc
expect 2 "^kark cfr: bad value '0' for --iters" "$KARK" cfr son-of-kark --iters 0
expect 2 "^kark cfr: bad value '-3' for --every" "$KARK" cfr son-of-kark --every -3
expect 2 "^kark cfr: bad value 'minus' for --rm: expected plus or plain" \
    "$KARK" cfr son-of-kark --rm minus
expect 2 "^kark cfr: bad value 'best' for --method: expected es, os, full or chance" \
    "$KARK" cfr son-of-kark --method best
expect 2 "^kark cfr: unknown option '--bogus'" "$KARK" cfr son-of-kark --bogus
expect 2 "^kark cfr: option '--seed' needs a value" "$KARK" cfr son-of-kark --seed
expect 2 "^kark cfr: unexpected argument 'x'" "$KARK" cfr son-of-kark x

"$KARK" agents cfr | grep -Eq "^  policy +default -" && ok || bad "kark agents cfr lists policy"
expect 2 "agent cfr: son-of-kark has no information-set keys \(info_key\)" \
    "$KARK" agents --check cfr:policy=no/such.txt --game son-of-kark
"$KARK" agents --check cfr --game son-of-kark | grep -q "^cfr:policy=-$" && ok ||
    bad "cfr without a policy is uniform on any game"

echo "cli_cfr: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
