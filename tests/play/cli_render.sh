#!/usr/bin/env bash
# kark render: for every game with a picture, a self-played record rendered at its end and
# half-way is a well-formed SVG document (python3's XML parser) with drawn shapes; bad
# arguments and records give one line and the documented status.
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

if ! command -v python3 >/dev/null 2>&1; then
    echo "python3 not available: skipped"
    exit 77
fi

games=$("$KARK" render --help | sed -n 's/.*Games with a picture: \(.*\)\./\1/p' | tr -d ',')
check "render --help lists games with pictures" [ -n "$games" ]
for g in carcassonne carcassonne-dice othellino; do
    check "$g has a picture" grep -qw -- "$g" <<<"$games"
done

svgs=()
for g in $games; do
    "$KARK" selfplay "$g" --agents random --games 1 --seed 5 --record "$tmp/$g" >/dev/null
    rec="$tmp/$g/game-0.rec"
    events=$(grep -c '^[*0-9]' "$rec")
    for ply in "" $((events / 2)); do
        out="$tmp/$g-${ply:-end}.svg"
        "$KARK" render "$rec" ${ply:+--ply $ply} --svg "$out" 2>"$tmp/err"
        check "$g ${ply:-end}: status 0 ($(cat "$tmp/err"))" [ $? -eq 0 ]
        svgs+=("$out")
    done
done
# One python3 run parses them all (each start-up costs a tenth of a second).
python3 - "${svgs[@]}" >"$tmp/xml.out" 2>&1 <<'PY'
import sys, xml.etree.ElementTree as ET
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
        assert float(root.get("width")) > 0 and float(root.get("height")) > 0
        shapes = [e for e in root.iter()
                  if e.tag.split("}")[1] in ("rect", "circle", "path", "line", "polygon")]
        assert len(shapes) >= 5, f"{len(shapes)} shapes"
        print("ok", path)
    except Exception as e:
        print("bad", path, e)
PY
for f in "${svgs[@]}"; do
    check "$(basename "$f"): well-formed SVG with shapes ($(grep -F "$f" "$tmp/xml.out"))" \
        grep -qxF "ok $f" "$tmp/xml.out"
done

# Standard input and output.
"$KARK" render - --svg - <"$tmp/othellino/game-0.rec" >"$tmp/stdout.svg"
check "render - --svg -" grep -q '</svg>' "$tmp/stdout.svg"

# The picture of a known position: Othellino after c2 has 4 dark discs and 1 light.
printf 'game othellino\n0: c2\n' >"$tmp/c2.rec"
"$KARK" render "$tmp/c2.rec" --svg "$tmp/c2.svg"
check "othellino c2: 4 dark discs" [ "$(grep -c 'fill="#111111" stroke' "$tmp/c2.svg")" -eq 4 ]
check "othellino c2: 1 light disc" [ "$(grep -c 'fill="#f5f5f5" stroke' "$tmp/c2.svg")" -eq 1 ]

# Errors.
expect 2 "missing --svg OUT" "$KARK" render "$tmp/c2.rec"
expect 2 "missing FILE" "$KARK" render --svg "$tmp/x.svg"
expect 2 "--ply 5: the record has 1 event line" "$KARK" render "$tmp/c2.rec" --ply 5 --svg "$tmp/x.svg"
expect 2 "bad value|--ply" "$KARK" render "$tmp/c2.rec" --ply -1 --svg "$tmp/x.svg"
printf 'game gold-mine\nplayers 2\n' >"$tmp/gm.rec"
expect 2 "gold-mine has no picture yet" "$KARK" render "$tmp/gm.rec" --svg "$tmp/x.svg"
printf 'game othellino\n0: a1\n' >"$tmp/bad.rec"
expect 1 "bad.rec:2: .*illegal" "$KARK" render "$tmp/bad.rec" --svg "$tmp/x.svg"
expect 1 "cannot write" "$KARK" render "$tmp/c2.rec" --svg "$tmp/no/such/dir.svg"

# A tournament's report.html shows its closest game's final position: an SVG that is the
# game played again from its seed, with the tiles of all 72 placements.
"$KARK" tournament carcassonne --agents greedy,random --games 6 --seed 2 --out "$tmp/fig" \
    >/dev/null 2>&1 || bad "tournament for the report figure"
check "report names its closest game" grep -q "The closest game: game [0-5] (71 decisions, won by" "$tmp/fig/report.html"
python3 - "$tmp/fig/report.html" >"$tmp/fig.out" 2>&1 <<'PY'
import re, sys, xml.etree.ElementTree as ET
html = open(sys.argv[1]).read()
figs = [m for m in re.findall(r"<svg.*?</svg>", html, re.S) if "Carcassonne" in m]
root = ET.fromstring(figs[-1])
print("tiles", sum(1 for e in root.iter() if e.tag.endswith("rect")))
PY
check "report figure parses with tiles ($(cat "$tmp/fig.out"))" grep -Eq "^tiles ([7-9][0-9]|[1-9][0-9]{2,})$" "$tmp/fig.out"

echo "cli_render: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
