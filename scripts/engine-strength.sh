#!/usr/bin/env bash
# Strength measurements of the engine, as quoted in the closing note of issue 9: level 8
# against the greedy player, and each level against the next, in standard chess and in
# Avalanche. Levels think a tenth of their normal time (--time-scale 0.1: level 8 has
# 200 ms a turn) so the whole run takes well under an hour on one core.
# Usage: scripts/engine-strength.sh [path/to/nadare] [games]
set -euo pipefail
NADARE=${1:-target/release/nadare}
GAMES=${2:-20}
COMMON=(--games "$GAMES" --time-scale 0.1 --max-turns 200 --seed 1)
for variant in avalanche standard; do
    "$NADARE" match --variant "$variant" --a 8 --b greedy "${COMMON[@]}" | tail -n 1
done
for variant in standard avalanche; do
    for level in 1 2 3 4 5 6 7; do
        "$NADARE" match --variant "$variant" --a $((level + 1)) --b "$level" "${COMMON[@]}" | tail -n 1
    done
done
