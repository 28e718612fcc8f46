#!/usr/bin/env bash
# CircuitPython 10.2.1's Unix port, 32-bit, with a PyBadge's object model: the VM that
# `tools/vm_app.py --badge` and the badge-model tests use (tools/cptools.py looks for it in
# ../shared/tools/circuitpython/, then in build/cptools/, where this script puts it).
#
#   tools/cpvm/build_vm.sh [SRC]
#
# SRC: a checkout of adafruit/circuitpython at tag 10.2.1 with its tools/huffman and
# lib/micropython-lib submodules; without it the script fetches them into build/cpsrc, from
# github.com or from UNO_CP_GIT, UNO_HUFFMAN_GIT and UNO_MPLIB_GIT (a mirror or a local clone
# of each). Needs a C compiler for 32-bit x86 (Debian: apt-get install gcc-multilib).
#
# The build is the one the team's circuitpython-10.2.1-unix-i386 was made with
# (../shared/tools/circuitpython/README.md; with an empty file as FROZEN_MANIFEST and PyPI's
# huffman 0.1.2 it gives that binary again, byte for byte but the build id) plus the three
# settings of CircuitPython's full builds (py/circuitpy_mpconfig.h; a SAMD51 PyBadge is one)
# that the Unix port leaves at MicroPython's: MICROPY_OBJ_REPR_C with single-precision floats
# (a float lives in the object's word: 30 bits, no heap) and a 1-byte hash a name (2 on the
# Unix port). Every one is an #ifndef in the headers, so -D is enough: no source is changed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/build/cptools"
WORK="$ROOT/build/cpwork"
SRC="${1:-}"
mkdir -p "$OUT" "$WORK"
# fetch REPO COMMIT-OR-TAG DIR: one commit of REPO (a URL, shallow; or a local clone, copied
# whole: a mirror may lack large files no build needs, which a fetch over git's protocol
# refuses) checked out in DIR; CircuitPython's ports other than unix are left out
fetch() {
    local repo="$1" rev="$2" dir="$3"
    if [ -d "$repo" ]; then
        git clone -q --no-checkout "$repo" "$dir"
    else
        git init -q "$dir"
        if [ "$rev" = 10.2.1 ]; then
            git -C "$dir" fetch -q --depth 1 "$repo" "refs/tags/$rev:refs/tags/$rev"
        else
            git -C "$dir" fetch -q --depth 1 "$repo" "$rev"
        fi
    fi
    if [ "$rev" = 10.2.1 ]; then
        git -C "$dir" config core.sparseCheckout true
        printf '/*\n!/ports/*\n/ports/unix/\n' > "$dir/.git/info/sparse-checkout"
    fi
    # (from a mirror without the large files git reports "invalid object" for those under
    # the ports left out: harmless, the build needs none of them)
    git -C "$dir" checkout -q "$rev"
}
if [ -z "$SRC" ]; then
    SRC="$ROOT/build/cpsrc"
    if [ ! -d "$SRC/.git" ]; then
        # UNO_CP_GIT, UNO_HUFFMAN_GIT, UNO_MPLIB_GIT: other places to fetch from (a mirror
        # or a local clone, for a machine that reaches no github.com)
        rm -rf "$SRC"
        fetch "${UNO_CP_GIT:-https://github.com/adafruit/circuitpython}" 10.2.1 "$SRC"
        fetch "${UNO_HUFFMAN_GIT:-https://github.com/tannewt/huffman}" \
            "$(git -C "$SRC" rev-parse 10.2.1:tools/huffman)" "$SRC/tools/huffman"
        fetch "${UNO_MPLIB_GIT:-https://github.com/micropython/micropython-lib}" \
            "$(git -C "$SRC" rev-parse 10.2.1:lib/micropython-lib)" "$SRC/lib/micropython-lib"
    fi
fi
SRC="$(cd "$SRC" && pwd)"
grep -q '10.2.1' <(git -C "$SRC" describe --tags 2>/dev/null || echo "?") || {
    echo "build_vm: $SRC is not at tag 10.2.1 ($(git -C "$SRC" describe --tags 2>/dev/null || echo 'no tag'))" >&2
    exit 2
}
for need in tools/huffman lib/micropython-lib/README.md; do
    [ -e "$SRC/$need" ] || { echo "build_vm: $SRC/$need is missing (git submodule update --init $need)" >&2; exit 2; }
done
if ! echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$WORK/m32" 2>/dev/null; then
    echo "build_vm: gcc cannot build 32-bit programs: apt-get install gcc-multilib" >&2
    exit 2
fi
# PyPI's huffman orders equal weights as the team's binary's message table does
[ -x "$WORK/venv/bin/python" ] || python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q huffman==0.1.2
: > "$WORK/empty_manifest.py"
export PATH="$WORK/venv/bin:$PATH"
JOBS="$(nproc 2>/dev/null || echo 2)"
make -C "$SRC/mpy-cross" -j"$JOBS" >"$WORK/mpy-cross.log" 2>&1
make -C "$SRC/ports/unix" VARIANT=standard BUILD=build-badge MICROPY_FORCE_32BIT=1 \
    MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 CIRCUITPY_ULAB=0 \
    FROZEN_MANIFEST="$WORK/empty_manifest.py" LDFLAGS_EXTRA=-static \
    "CFLAGS_EXTRA=-DMICROPY_PY_MICROPYTHON_RINGIO=0 -DMICROPY_OBJ_REPR=MICROPY_OBJ_REPR_C -DMICROPY_FLOAT_IMPL=MICROPY_FLOAT_IMPL_FLOAT -DMICROPY_QSTR_BYTES_IN_HASH=1" \
    -j"$JOBS" >"$WORK/unix-badge.log" 2>&1 || { tail -30 "$WORK/unix-badge.log" >&2; exit 1; }
BIN="$OUT/circuitpython-10.2.1-unix-i386-badge"
cp "$SRC/ports/unix/build-badge/micropython" "$BIN"
# the check that it is the badge's model: a float keeps 30 bits, so 1 + 2**-30 is 1
test "$("$BIN" -c 'print(1.0 + 2**-30 == 1.0)')" = "True"
sha256sum "$BIN"
echo "build_vm: $BIN (floats in the object's word, 1-byte name hash)"
