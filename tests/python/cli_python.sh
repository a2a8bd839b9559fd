#!/usr/bin/env bash
# The Python package's pytest suite (tests/python/test_*.py) against the libkark.so built
# next to $KARK. Skips (exit 77) when no python3 with pytest and numpy is installed
# (scripts/test installs Debian's python3-pytest and python3-numpy).
# In the sanitizer build libkark.so needs the AddressSanitizer runtime loaded first, so it
# is preloaded into python; leak detection is off there because the Python interpreter
# keeps memory until exit by design (tests/api/test_api.c runs the API under LeakSanitizer).
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
lib="$(dirname "$KARK")/libkark.so"
[ -f "$lib" ] || { echo "no $lib"; exit 1; }
py=""
for cand in python3 /usr/bin/python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import pytest, numpy' 2>/dev/null; then
        py="$cand"
        break
    fi
done
if [ -z "$py" ]; then
    echo "skipped: no python3 with pytest and numpy (Debian: python3-pytest python3-numpy)"
    exit 77
fi
export KARK_LIB="$lib" PYTHONDONTWRITEBYTECODE=1
asan=$(ldd "$lib" | awk '/libasan/ {print $3}')
if [ -n "$asan" ]; then
    export LD_PRELOAD="$asan" KARK_ASAN=1
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
fi
cd "$here" && exec "$py" -m pytest -q -p no:cacheprovider "$here"
