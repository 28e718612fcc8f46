#!/usr/bin/env bash
# The project's test command: lint, type-check the device code, run the tests.
#   ./test.sh [pytest args...]     e.g. ./test.sh -k rules -x
#   ./test.sh --quick [args...]    the edit loop: without the tests marked slow (the app's fuzz
#                                  runs, the VM runs, the power cuts, the badge's build: conftest.py)
# The tests run one worker per core (pytest-xdist; UNO_TEST_WORKERS=1 runs them one at a time).
# Runs every step, then exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"

tools/bootstrap.sh || exit 1

if [ -z "${DISPLAY:-}" ]; then
    export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}" SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
fi
export PYGAME_HIDE_SUPPORT_PROMPT=1
PY=.venv/bin/python
failed=()

echo "== ruff"
"$PY" -m ruff check --quiet . || failed+=(ruff)

# Device code (code.py + lib/) against circuitpython-stubs (config: [tool.mypy] in pyproject.toml).
targets=()
[ -f code.py ] && targets+=(code.py)
if [ -d lib ] && [ -n "$(find lib -name '*.py' -print -quit)" ]; then targets+=(lib); fi
echo "== mypy ${targets[*]:-(nothing to check yet)}"
if [ ${#targets[@]} -gt 0 ]; then
    "$PY" -m mypy "${targets[@]}" || failed+=(mypy)
fi

quick=()
if [ "${1:-}" = "--quick" ]; then
    shift
    quick=(-m "not slow")
fi
# One worker per core, each taking the next test when it is free (--dist worksteal): a few
# tests take minutes, so whole files per worker would leave one waiting. Tests share no files
# (each writes under its own tmp_path); a module's fixtures are built once per worker.
workers="${UNO_TEST_WORKERS:-auto}"
xdist=()
[ "$workers" != 1 ] && xdist=(-n "$workers" --dist worksteal)

echo "== pytest"
"$PY" -m pytest -q tests ${xdist[@]+"${xdist[@]}"} ${quick[@]+"${quick[@]}"} "$@" || failed+=(pytest)

if [ ${#failed[@]} -gt 0 ]; then
    echo "FAILED: ${failed[*]}" >&2
    exit 1
fi
