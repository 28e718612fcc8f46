#!/usr/bin/env bash
# Play the game in the PC simulator:  ./play.sh [host_sim args...]
# Without a display (neither DISPLAY nor WAYLAND_DISPLAY) it runs headless.
# It stays in the caller's folder, so relative paths (--screenshot s.png, --log g.jsonl,
# --keys @file) are the caller's.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
"$ROOT/tools/bootstrap.sh"
export PYGAME_HIDE_SUPPORT_PROMPT=1
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
args=("$@")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}" SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
    case " $* " in *" --headless "*) ;; *) args=(--headless "${args[@]}") ;; esac
fi
# -P: the caller's folder is not put on sys.path (a code.py or displayio.py there must not
# shadow the game's modules, say when it is run from a copy of the CIRCUITPY drive)
exec "$ROOT/.venv/bin/python" -P -m host_sim "${args[@]}"
