# Shared by scripts/run and scripts/test: install missing Debian packages, then
# configure and build one build directory. Source it; do not run it.

kk_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# kk_apt_install WHAT PACKAGE...: apt-get update, then install the packages (as root, or
# through sudo), saying what is installed and why on stderr.
kk_apt_install() {
    local what="$1"
    shift
    echo "installing missing $what packages: $*" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    # Wait for another apt/dpkg run (an unattended upgrade) instead of failing at once.
    $sudo apt-get update -q >&2 &&
        $sudo apt-get install -y -q -o DPkg::Lock::Timeout=600 "$@" >&2
}

# Installs the Debian packages kark needs to build, if any tool is missing.
kk_ensure_packages() {
    local missing=()
    command -v cmake >/dev/null 2>&1 || missing+=(cmake)
    command -v cc >/dev/null 2>&1 || missing+=(gcc)
    command -v make >/dev/null 2>&1 || missing+=(make)
    command -v git >/dev/null 2>&1 || missing+=(git)
    # Open MPI: distributed tournament and balance runs (docs/cluster.md).
    command -v mpirun >/dev/null 2>&1 || missing+=(openmpi-bin)
    dpkg -s libopenmpi-dev >/dev/null 2>&1 || missing+=(libopenmpi-dev)
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    # jansson: kark bench --compare reads JSON with it.
    dpkg -s libjansson-dev >/dev/null 2>&1 || missing+=(libjansson-dev)
    [ ${#missing[@]} -eq 0 ] || kk_apt_install build "${missing[@]}"
}

# Installs Debian's Python 3 with pytest and numpy (the Python package's test suite,
# tests/python) and pandas and matplotlib (the docs/python.md example), if missing.
# A failed install is reported, never fatal: the Python suite then skips itself.
kk_ensure_python_packages() {
    local missing=()
    local py=/usr/bin/python3
    [ -x $py ] || missing+=(python3)
    for mod in pytest numpy pandas matplotlib; do
        [ -x $py ] && $py -c "import $mod" >/dev/null 2>&1 || missing+=("python3-$mod")
    done
    [ ${#missing[@]} -eq 0 ] || kk_apt_install python "${missing[@]}" ||
        echo "could not install ${missing[*]}: the Python tests will be skipped" >&2
}

# Installs clang (with libFuzzer) and libomp-dev (OpenMP for clang) for scripts/fuzz.
kk_ensure_fuzz_packages() {
    local missing=()
    command -v clang >/dev/null 2>&1 || missing+=(clang)
    dpkg -s libomp-dev >/dev/null 2>&1 || missing+=(libomp-dev)
    [ ${#missing[@]} -eq 0 ] || kk_apt_install fuzzing "${missing[@]}"
}

# Installs optional Debian packages that some tests and agents use, if missing:
# gnubg (GNU Backgammon: the `gnubg` agent and the backgammon cross-check tests, which
# skip themselves without it), and chromium (the headless-browser screenshot test of `kark
# render` and the reports' SVG, tests/play/cli_render_browser.sh; about 100 MB: set
# KK_WITH_BROWSER=0 to skip it). A failed install is reported, never fatal.
kk_ensure_optional_packages() {
    local missing=()
    [ -x /usr/games/gnubg ] || command -v gnubg >/dev/null 2>&1 || missing+=(gnubg)
    if [ "${KK_WITH_BROWSER:-1}" = 1 ] && ! command -v chromium >/dev/null 2>&1; then
        missing+=(chromium)
    fi
    [ ${#missing[@]} -eq 0 ] || kk_apt_install optional "${missing[@]}" ||
        echo "could not install ${missing[*]}: the tests that need them will be skipped" >&2
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
