#!/usr/bin/env bash
# CircuitPython 10.2.1's (or 9.2.8's) Unix port, 32-bit, built as a PyBadge's firmware is: the VM
# that `tools/vm/vm_app.py --badge` (`--cp 9`) and the badge-model tests use (tools/vm/cptools.py
# looks for it in ../shared/tools/circuitpython/, then in build/cptools/, where this script puts
# it).
#
#   tools/vm/cpvm/build_vm.sh [--cp 9|10] [SRC]
#
# SRC: a checkout of adafruit/circuitpython at that tag (10.2.1 or 9.2.8) with its
# tools/huffman and lib/micropython-lib submodules; without it the script fetches them into
# build/cpsrc (build/cpsrc9), from github.com or from UNO_CP_GIT, UNO_HUFFMAN_GIT and
# UNO_MPLIB_GIT (a mirror or a local clone of each). Needs a C compiler for 32-bit x86
# (Debian: apt-get install gcc-multilib).
#
# The build is the one the plain circuitpython-10.2.1-unix-i386 was made with
# (../shared/tools/circuitpython/README.md; with an empty file as FROZEN_MANIFEST and PyPI's
# huffman 0.1.2 it gives that binary again, byte for byte but the build id) plus the settings
# in which a PyBadge's firmware (py/circuitpy_mpconfig.h, ports/atmel-samd, boards/pybadge: a
# SAMD51 full build) differs from the Unix port's, where they touch the heap or what Python
# code may call (the list below is the comparison):
# - the object model: MICROPY_OBJ_REPR_C with single-precision floats (a float lives in the
#   object's word: 30 bits, no heap) and a 1-byte hash a name (2 on the Unix port);
# - the Python stack: a function's frame goes on the pystack (CIRCUITPY_PYSTACK_SIZE: 2,048
#   bytes under 10.x, 1,536 under 9.x, the SAMD51's too), never on the heap; the Unix port
#   puts every frame over 44 bytes on the heap;
# - errors as the badge reports them (NORMAL messages, chained exceptions, no emergency
#   buffer);
# - the micropython module as every CircuitPython board has it (CIRCUITPY_MICROPYTHON_ADVANCED
#   0: no pystack_use, mem_info, heap_lock, stack_use; the Unix port sets it to 1);
# - no language features the badge lacks: next() with a default, __setattr__/__delattr__,
#   sys.exc_info, sys.atexit, __all__, io.IOBase, gc.collect()'s count, warnings.
# Most are #ifndef in the headers, so -D sets them; two files of the Unix port are patched for
# the build and put back after it (its variant sets seven of them unconditionally, and its
# main.c fixes the pystack at 4 KB); 9.2.8's port also needs its word types whatever the
# object model (a third file) and its empty frozen table built without -Werror.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
OUT="$ROOT/build/cptools"
CP=10
if [ "${1:-}" = --cp ]; then
    CP="${2:-}"
    shift 2
fi
case "$CP" in
    10) TAG=10.2.1; WORDS=512; SUFFIX="" ;;
    9) TAG=9.2.8; WORDS=384; SUFFIX=9 ;;
    *) echo "build_vm: --cp takes 9 or 10" >&2; exit 2 ;;
esac
WORK="$ROOT/build/cpwork$SUFFIX"
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
        if [ "$rev" = "$TAG" ]; then
            git -C "$dir" fetch -q --depth 1 "$repo" "refs/tags/$rev:refs/tags/$rev"
        else
            git -C "$dir" fetch -q --depth 1 "$repo" "$rev"
        fi
    fi
    if [ "$rev" = "$TAG" ]; then
        git -C "$dir" config core.sparseCheckout true
        printf '/*\n!/ports/*\n/ports/unix/\n' > "$dir/.git/info/sparse-checkout"
    fi
    # (from a mirror without the large files git reports "invalid object" for those under
    # the ports left out: harmless, the build needs none of them)
    git -C "$dir" checkout -q "$rev"
}
if [ -z "$SRC" ]; then
    SRC="$ROOT/build/cpsrc$SUFFIX"
    if [ ! -d "$SRC/.git" ]; then
        # UNO_CP_GIT, UNO_HUFFMAN_GIT, UNO_MPLIB_GIT: other places to fetch from (a mirror
        # or a local clone, for a machine that reaches no github.com)
        rm -rf "$SRC"
        fetch "${UNO_CP_GIT:-https://github.com/adafruit/circuitpython}" "$TAG" "$SRC"
        fetch "${UNO_HUFFMAN_GIT:-https://github.com/tannewt/huffman}" \
            "$(git -C "$SRC" rev-parse "$TAG:tools/huffman")" "$SRC/tools/huffman"
        fetch "${UNO_MPLIB_GIT:-https://github.com/micropython/micropython-lib}" \
            "$(git -C "$SRC" rev-parse "$TAG:lib/micropython-lib")" "$SRC/lib/micropython-lib"
    fi
fi
SRC="$(cd "$SRC" && pwd)"
grep -q "^$TAG" <(git -C "$SRC" describe --tags 2>/dev/null || echo "?") || {
    echo "build_vm: $SRC is not at tag $TAG ($(git -C "$SRC" describe --tags 2>/dev/null || echo 'no tag'))" >&2
    exit 2
}
for need in tools/huffman lib/micropython-lib/README.md; do
    [ -e "$SRC/$need" ] || { echo "build_vm: $SRC/$need is missing (git submodule update --init $need)" >&2; exit 2; }
done
if ! echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$WORK/m32" 2>/dev/null; then
    echo "build_vm: gcc cannot build 32-bit programs: apt-get install gcc-multilib" >&2
    exit 2
fi
# PyPI's huffman orders equal weights as the plain binary's message table does
[ -x "$WORK/venv/bin/python" ] || python3 -m venv "$WORK/venv"
"$WORK/venv/bin/pip" install -q huffman==0.1.2
: > "$WORK/empty_manifest.py"
export PATH="$WORK/venv/bin:$PATH"
JOBS="$(nproc 2>/dev/null || echo 2)"
make -C "$SRC/mpy-cross" -j"$JOBS" >"$WORK/mpy-cross.log" 2>&1
BADGE="MICROPY_OBJ_REPR=MICROPY_OBJ_REPR_C MICROPY_FLOAT_IMPL=MICROPY_FLOAT_IMPL_FLOAT
    MICROPY_QSTR_BYTES_IN_HASH=1 MICROPY_ENABLE_PYSTACK=1 PYSTACK_WORDS=$WORDS
    MICROPY_ERROR_REPORTING=MICROPY_ERROR_REPORTING_NORMAL MICROPY_CPYTHON_EXCEPTION_CHAIN=1
    MICROPY_ENABLE_EMERGENCY_EXCEPTION_BUF=0 MICROPY_PY_BUILTINS_NEXT2=0
    MICROPY_PY_DELATTR_SETATTR=0 MICROPY_PY_SYS_EXC_INFO=0 MICROPY_PY_SYS_ATEXIT=0
    MICROPY_MODULE___ALL__=0 MICROPY_PY_IO_IOBASE=0 MICROPY_PY_GC_COLLECT_RETVAL=0
    MICROPY_WARNINGS=0 MICROPY_PY_STR_BYTES_CMP_WARN=0 MICROPY_PY_MICROPYTHON_MEM_INFO=0"
# (with CIRCUITPY_MICROPYTHON_ADVANCED 0 modmicropython.c defines stack_use's object and leaves
# it unregistered, as on the badge, whose build does not treat that warning as an error)
DEFS="-DMICROPY_PY_MICROPYTHON_RINGIO=0 -Wno-error=unused-const-variable -Wno-error=unused-function"
[ "$CP" = 9 ] && BADGE="$BADGE MICROPY_NONSTANDARD_TYPECODES=0" &&
    DEFS="$DEFS -Wno-error=missing-field-initializers"
for kv in $BADGE; do DEFS="$DEFS -D$kv"; done
VARIANT_H="$SRC/ports/unix/variants/mpconfigvariant_common.h"
MAIN_C="$SRC/ports/unix/main.c"
PORT_H="$SRC/ports/unix/mpconfigport.h"
QSTR_H="$SRC/ports/unix/qstrdefsport.h"
for f in "$VARIANT_H" "$MAIN_C" "$PORT_H" "$QSTR_H"; do cp "$f" "$WORK/$(basename "$f").orig"; done
restore() {
    for f in "$VARIANT_H" "$MAIN_C" "$PORT_H" "$QSTR_H"; do cp "$WORK/$(basename "$f").orig" "$f"; done
    rm -f "$SRC/ports/unix/vmstat.c"
}
trap restore EXIT
# the variant's unconditional settings that the badge's differ from become #ifndef ones
sed -i -E 's/^#define (MICROPY_ERROR_REPORTING|MICROPY_ENABLE_EMERGENCY_EXCEPTION_BUF|MICROPY_PY_SYS_EXC_INFO|MICROPY_PY_SYS_ATEXIT|MICROPY_PY_GC_COLLECT_RETVAL|MICROPY_WARNINGS|MICROPY_PY_STR_BYTES_CMP_WARN) (.*)$/#ifndef \1\n#define \1 \2\n#endif/' "$VARIANT_H"
sed -i 's/static mp_obj_t pystack\[1024\];/static mp_obj_t pystack[PYSTACK_WORDS];/' "$MAIN_C"
grep -q 'pystack\[PYSTACK_WORDS\]' "$MAIN_C" || { echo "build_vm: ports/unix/main.c has no 'pystack[1024]' to size" >&2; exit 2; }
# the badge's micropython module: CircuitPython sets CIRCUITPY_MICROPYTHON_ADVANCED to 0 for every
# board (py/circuitpy_mpconfig.h), so the firmware has no pystack_use, mem_info, heap_lock,
# stack_use, opt_level or kbd_intr; the Unix port sets it to 1
sed -i -E 's/^#define CIRCUITPY_MICROPYTHON_ADVANCED \(1\)/#define CIRCUITPY_MICROPYTHON_ADVANCED (0)/' "$PORT_H"
grep -q '^#define CIRCUITPY_MICROPYTHON_ADVANCED (0)' "$PORT_H" || { echo "build_vm: ports/unix/mpconfigport.h sets no CIRCUITPY_MICROPYTHON_ADVANCED to change" >&2; exit 2; }
# 9.2.8 defines mp_int_t and mp_uint_t only when MICROPY_OBJ_REPR is not set (10.x always)
sed -i 's|^#ifndef MICROPY_OBJ_REPR$|#if 1 // build_vm: the word types whatever the object model|' "$PORT_H"
# the names of the badge's own modules are in its firmware (tools/bundle/badge_names.txt): in flash
grep -v '^#' "$ROOT/tools/bundle/badge_names.txt" | sed 's/.*/Q(&)/' >> "$QSTR_H"
# the firmware's traceback module (the error screen formats with it), which the Unix port
# leaves out; and the harness's own measurements (vmstat.c: no board has the module)
cp "$ROOT/tools/vm/cpvm/vmstat.c" "$SRC/ports/unix/vmstat.c"
MODS="shared-bindings/traceback/__init__.c shared-module/traceback/__init__.c vmstat.c"
# from clean: a build made with other settings has other names in its generated headers
rm -rf "$SRC/ports/unix/build-badge"
make -C "$SRC/ports/unix" VARIANT=standard BUILD=build-badge MICROPY_FORCE_32BIT=1 \
    MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0 CIRCUITPY_ULAB=0 \
    FROZEN_MANIFEST="$WORK/empty_manifest.py" LDFLAGS_EXTRA=-static "CFLAGS_EXTRA=$DEFS" \
    "SRC_MOD=$MODS" \
    -j"$JOBS" >"$WORK/unix-badge.log" 2>&1 || { tail -30 "$WORK/unix-badge.log" >&2; exit 1; }
restore
trap - EXIT
BIN="$OUT/circuitpython-$TAG-unix-i386-badge"
cp "$SRC/ports/unix/build-badge/micropython" "$BIN"
# the checks that it is the badge's model: a float keeps 30 bits, so 1 + 2**-30 is 1; the
# micropython module is the badge's (no pystack_use); frames go on a pystack of 2 KB (1.5 KB);
# next() takes no default
test "$("$BIN" -c 'print(1.0 + 2**-30 == 1.0)')" = "True"
test "$("$BIN" -c 'import micropython;print(hasattr(micropython, "pystack_use"))')" = "False"
test "$("$BIN" -c 'def f(n): return n and f(n - 1)
try: f(100); print("deep")
except RuntimeError as e: print(e)')" = "pystack exhausted"
test "$("$BIN" -c 'try: next(iter(()), 0); print("next2")
except TypeError: print("no next2")')" = "no next2"
test "$("$BIN" -c 'import sys;print(sys.implementation.version[0])')" = "$CP"
test "$("$BIN" -c 'import traceback, vmstat;print(hasattr(traceback, "format_exception"))')" = "True"
# a name of the badge's modules is the firmware's: interning it adds none
test "$("$BIN" -c 'import vmstat;vmstat.qstr_info()
getattr(None, bytes(b"TileGrid").decode(), None);vmstat.qstr_info()' | grep -o 'n_qstr=[0-9]*' | uniq | wc -l)" = 1
sha256sum "$BIN"
echo "build_vm: $BIN (floats in the object's word, 1-byte name hash, a $((WORDS * 4))-byte pystack)"
