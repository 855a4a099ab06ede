#!/bin/sh
# Compiles every algorithm source (or the files named) with each compiler the
# project targets and fails on any rejection or warning:
#   cc65 for the NES (no 64-bit type: built with the two-word hb_u64),
#   SDCC -msm83 for the Game Boy, arm-none-eabi-gcc for the ARM7TDMI, and
#   host gcc as strict C99, native and two-word 64-bit.
# A compiler that is missing is a skip (named with its Debian package), and
# a skip fails the run unless PORTABILITY_ALLOW_MISSING=1.
# Ends with the project's "N passed, N failed[, N skipped]" line.
set -u
cd "$(dirname "$0")/.." || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if [ $# -gt 0 ]; then files="$*"; else files=$(find src/algorithms -name '*.c' | sort); fi
passed=0 failed=0 skipped=0

cc65_compile() { cl65 -t sim6502 -c -O -Cl -DHB_U64_PAIR -I include -o "$out/o" "$1"; }
sdcc_compile() { sdcc -msm83 -c --std-c99 -I include -o "$out/o.rel" "$1"; }
arm_compile() { arm-none-eabi-gcc -mcpu=arm7tdmi -mthumb -std=c99 -pedantic -Wall -Wextra -Werror -Os -c -I include -o "$out/o" "$1"; }
gcc_compile() { gcc -std=c99 -pedantic -Wall -Wextra -Wshadow -Werror -O2 -c -I include -o "$out/o" "$1"; }
gcc_pair_compile() { gcc -DHB_U64_PAIR -std=c99 -pedantic -Wall -Wextra -Wshadow -Werror -O2 -c -I include -o "$out/o" "$1"; }

# check LABEL TOOL PACKAGE FUNCTION
check() {
    if ! command -v "$2" >/dev/null 2>&1; then
        echo "SKIP $1: $2 not found (apt-get install $3)"
        skipped=$((skipped + 1)); return
    fi
    nbad=0
    for f in $files; do
        log="$out/log"
        if ! "$4" "$f" >"$log" 2>&1 || grep -qiE 'warning|error' "$log"; then
            echo "FAIL $1: $f"; sed 's/^/    /' "$log" | head -15
            nbad=$((nbad + 1))
        fi
    done
    if [ $nbad -eq 0 ]; then
        echo "ok   $1: $(echo $files | wc -w) files"; passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

check "cc65 -t sim6502 (two-word u64)" cl65 cc65 cc65_compile
check "sdcc -msm83" sdcc sdcc sdcc_compile
check "arm-none-eabi-gcc -mcpu=arm7tdmi" arm-none-eabi-gcc gcc-arm-none-eabi arm_compile
check "gcc -std=c99 -pedantic" gcc gcc gcc_compile
check "gcc -std=c99 -pedantic (two-word u64)" gcc gcc gcc_pair_compile

if [ $skipped -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "${PORTABILITY_ALLOW_MISSING:-0}" = 1 ] || failed=$((failed + skipped))
else
    echo "$passed passed, $failed failed"
fi
[ $failed -eq 0 ]
