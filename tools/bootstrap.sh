#!/usr/bin/env bash
# Idempotent set-up of the PC tool chain in .venv (simulator, tests, linters).
# - creates .venv with python3 when it is missing or broken;
# - pip-installs requirements.txt only when it changed since the last successful install
#   (sha256 kept in .venv/.requirements.sha256);
# - selects the PyBadge board in circuitpython-stubs, so board.BUTTON_CLOCK etc. type-check.
# Quiet on success; on failure prints the tail of .venv/bootstrap.log.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
REQ="$ROOT/requirements.txt"
STAMP="$VENV/.requirements.sha256"
LOG="$VENV/bootstrap.log"
PYTHON="${PYTHON:-python3}"

venv_ok() { [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; }

if ! venv_ok; then
    rm -rf "$VENV"
    if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1; then
        # Debian's system python3 keeps venv/ensurepip in a separate package.
        rm -rf "$VENV"
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
            echo "bootstrap: installing python3-venv with apt-get" >&2
            ver="$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
            apt-get update -qq >/dev/null
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv \
                "python${ver}-venv" >/dev/null 2>&1 \
                || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
        fi
        "$PYTHON" -m venv "$VENV"
    fi
fi

# Serialise concurrent bootstraps (./test.sh and ./play.sh at once).
if command -v flock >/dev/null; then
    exec 9>"$VENV/.bootstrap.lock"
    flock 9
fi

want="$("$VENV/bin/python" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$REQ")"
have="$(cat "$STAMP" 2>/dev/null || true)"
if [ "$want" != "$have" ]; then
    echo "bootstrap: installing requirements into .venv (first run takes ~20-60 s)" >&2
    rm -f "$STAMP"
    if ! { "$VENV/bin/python" -m pip install --disable-pip-version-check -q -r "$REQ" \
            && "$VENV/bin/circuitpython_setboard" pybadge; } >"$LOG" 2>&1; then
        echo "bootstrap: FAILED, last lines of $LOG:" >&2
        grep -v 'is ignored: it is neither a file nor a directory' "$LOG" | tail -n 30 >&2
        exit 1
    fi
    echo "$want" >"$STAMP"
fi
