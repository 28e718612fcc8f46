#!/usr/bin/env bash
# Play the game in the PC simulator:  ./play.sh [host_sim args...]
# Without a DISPLAY it runs headless.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
tools/bootstrap.sh
export PYGAME_HIDE_SUPPORT_PROMPT=1
args=("$@")
if [ -z "${DISPLAY:-}" ]; then
    export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}" SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
    case " $* " in *" --headless "*) ;; *) args=(--headless "${args[@]}") ;; esac
fi
exec .venv/bin/python -m host_sim "${args[@]}"
