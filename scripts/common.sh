# Shared by scripts/run and scripts/test: install missing Debian packages, then
# configure and build one build directory. Source it; do not run it.

kk_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# Installs the Debian packages kark needs to build, if any tool is missing.
kk_ensure_packages() {
    local missing=()
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v cc >/dev/null 2>&1 || missing+=(gcc)
    command -v make >/dev/null 2>&1 || missing+=(make)
    command -v git >/dev/null 2>&1 || missing+=(git)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing missing packages: ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -q >&2 && $sudo apt-get install -y -q "${missing[@]}" >&2
    fi
}

# Installs clang (with libFuzzer) and libomp-dev (OpenMP for clang) for scripts/fuzz.
kk_ensure_fuzz_packages() {
    local missing=()
    command -v clang >/dev/null 2>&1 || missing+=(clang)
    dpkg -s libomp-dev >/dev/null 2>&1 || missing+=(libomp-dev)
    if [ ${#missing[@]} -gt 0 ]; then
        echo "installing missing packages: ${missing[*]}" >&2
        local sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        $sudo apt-get update -q >&2 && $sudo apt-get install -y -q "${missing[@]}" >&2
    fi
}

# kk_build DIR [cmake options...]: configures DIR once, then builds it (incrementally).
kk_build() {
    local dir="$1"
    shift
    local jobs
    jobs=$(nproc 2>/dev/null || echo 2)
    if [ ! -f "$dir/CMakeCache.txt" ]; then
        cmake -S "$kk_root" -B "$dir" "$@" >/dev/null || return 1
    fi
    cmake --build "$dir" -j "$jobs" >/dev/null || cmake --build "$dir" -j 1 || return 1
}
