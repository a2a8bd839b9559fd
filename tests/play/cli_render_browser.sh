#!/usr/bin/env bash
# kark render in a real browser: a Carcassonne record's SVG opened by headless chromium
# gives a screenshot that is not blank (several distinct colours, some of them the tile
# colours). Skipped (77) when chromium or python3 is not installed: CI does not need it
# (scripts/common.sh installs it among the optional packages).
source "$(dirname "${BASH_SOURCE[0]}")/../clilib.sh"

browser=""
for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then
        browser=$b
        break
    fi
done
if [ -z "$browser" ] || ! command -v python3 >/dev/null 2>&1; then
    echo "chromium or python3 not available: skipped"
    exit 77
fi

"$KARK" selfplay carcassonne --agents greedy --games 1 --seed 3 --record "$tmp/rec" >/dev/null
"$KARK" render "$tmp/rec/game-0.rec" --svg "$tmp/board.svg" || exit 1
# A private profile folder: a browser already running for the user is not disturbed.
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile" --window-size=900,700 \
    --screenshot="$tmp/shot.png" "file://$tmp/board.svg" >/dev/null 2>&1
if [ ! -s "$tmp/shot.png" ]; then
    echo "FAIL: $browser wrote no screenshot"
    exit 1
fi
python3 - "$tmp/shot.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, width, height, ctype = 8, b"", 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
channels = {2: 3, 6: 4}[ctype]
stride = width * channels + 1
# Sample unfiltered-enough statistics: the distinct byte triples of each row's first pixels
# are not enough under PNG filters, so undo the filters for a few rows.
def rows():
    prev = bytearray(stride - 1)
    for y in range(height):
        f, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for i in range(len(line)):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        yield line
colours = set()
for y, line in enumerate(rows()):
    if y % 7 == 0:
        for x in range(0, width, 5):
            colours.add(bytes(line[x * channels:x * channels + 3]))
assert len(colours) >= 5, f"blank screenshot: {len(colours)} colours"
# The field green of the tiles is there.
assert any(g > 150 and r < 170 and b < 100 for r, g, b in colours), "no tile green"
print(f"screenshot {width}x{height}, {len(colours)} colours")
PY
