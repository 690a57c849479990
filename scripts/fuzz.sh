#!/usr/bin/env bash
# Coverage-guided fuzzing of one target of fuzz/ (or all of them in turn) with libFuzzer, on
# the stable toolchain, as docs/testing.md ("Fuzzing") describes. Not part of the test command.
#
# Usage: scripts/fuzz.sh TARGET SECONDS     (TARGET: a file name of fuzz/fuzz_targets/, or all)
#
# It builds the fuzz crate with the coverage instrumentation `cargo fuzz build --sanitizer none`
# would add (plain cargo, so no cargo-fuzz is needed), then runs the target on one core for
# SECONDS. New inputs go to fuzz/generated/TARGET/ (gitignored); the committed seeds
# (fuzz/corpus/TARGET/) and regression inputs (CRATE/tests/data/fuzz/TARGET/) are read, never
# written. A failing input is saved under fuzz/artifacts/TARGET/. At the end it prints a line
# per target: executions, executions a second, coverage (cov: edges, ft: features) and the
# corpus size.
#
# Exit codes: 0 every target ran clean; 1 a target found a crash, timeout or memory blow-up;
# 2 usage; 3 the build failed.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FUZZ="$ROOT/fuzz"
TRIPLE=$(rustc -vV | sed -n 's/^host: //p')
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$FUZZ/target}"
BIN_DIR="$CARGO_TARGET_DIR/$TRIPLE/release"

targets() {
    for file in "$FUZZ"/fuzz_targets/*.rs; do
        basename "$file" .rs
    done
}

usage() {
    echo "usage: scripts/fuzz.sh TARGET SECONDS" >&2
    echo "  TARGET: all, or one of: $(targets | tr '\n' ' ')" >&2
    echo "  SECONDS: how long each target runs, a whole number above 0" >&2
    exit 2
}

[ $# -eq 2 ] || usage
TARGET=$1
SECONDS_EACH=$2
[[ "$SECONDS_EACH" =~ ^[1-9][0-9]*$ ]] || usage
if [ "$TARGET" = all ]; then
    mapfile -t RUN < <(targets)
elif [ -f "$FUZZ/fuzz_targets/$TARGET.rs" ]; then
    RUN=("$TARGET")
else
    echo "scripts/fuzz.sh: no target \`$TARGET\`" >&2
    usage
fi

# The instrumentation libFuzzer needs (what cargo-fuzz passes with `--sanitizer none`), for the
# target only: `--target` keeps it off build scripts and proc macros, which do not link
# libFuzzer.
export RUSTFLAGS="-Cpasses=sancov-module \
-Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing"
echo "building the fuzz targets into $BIN_DIR" >&2
if ! cargo build --manifest-path "$FUZZ/Cargo.toml" --release --bins --target "$TRIPLE"; then
    exit 3
fi

# The folders of committed inputs a target reads: its seeds and the regression inputs of
# whichever crate's tests replay them.
committed() {
    local dir
    for dir in "$FUZZ/corpus/$1" "$ROOT"/*/tests/data/fuzz/"$1" "$ROOT"/bot/*/tests/data/fuzz/"$1"; do
        [ -d "$dir" ] && echo "$dir"
    done
}

SUMMARY=()
STATUS=0
for target in "${RUN[@]}"; do
    generated="$FUZZ/generated/$target"
    artifacts="$FUZZ/artifacts/$target"
    log="$FUZZ/generated/$target.log"
    mkdir -p "$generated" "$artifacts"
    mapfile -t seeds < <(committed "$target")
    echo "== $target: ${SECONDS_EACH}s, corpus $generated, seeds ${seeds[*]}" >&2
    "$BIN_DIR/$target" -max_total_time="$SECONDS_EACH" -timeout=30 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" \
        "$generated" "${seeds[@]}" 2>&1 | tee "$log" >&2
    code=${PIPESTATUS[0]}
    # libFuzzer's last status line (`#N DONE cov: … ft: … corp: N/…b … exec/s: …`) and its
    # final stats.
    last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    per_second=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    corpus=$(sed -nE 's/.* corp: ([0-9]+\/[0-9a-zA-Z]+).*/\1/p' <<<"$last")
    if [ "$code" -eq 0 ]; then
        verdict=clean
    else
        verdict="FAILED (exit $code; input in $artifacts/)"
        STATUS=1
    fi
    SUMMARY+=("$(printf '%-14s %6ss  execs %-10s exec/s %-7s cov %-6s ft %-7s corpus %-12s %s' \
        "$target" "$SECONDS_EACH" "${execs:-?}" "${per_second:-?}" "${cov:-?}" "${ft:-?}" \
        "${corpus:-?}" "$verdict")")
done

echo
printf '%s\n' "${SUMMARY[@]}"
exit "$STATUS"
