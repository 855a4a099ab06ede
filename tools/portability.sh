#!/bin/sh
# Compiles every algorithm source (or the files named) with each compiler the
# project targets and fails on any rejection or warning:
#   cc65 for the NES, SDCC -msm83 for the Game Boy (both with the two-word
#   hb_u64: cc65 has no 64-bit type, and on an 8-bit CPU a call per 64-bit
#   operation is what fits a ROM bank), arm-none-eabi-gcc for the ARM7TDMI,
#   and host gcc as strict C99, native and two-word 64-bit.
# SDCC's global optimisations (lospre, gcse, loop passes, peephole) take minutes on the
# unrolled rounds; they change the code, not what C it accepts, so they are
# off here.  Files compile two at a time.
# A compiler that is missing is a skip (named with its Debian package), and
# a skip fails the run unless PORTABILITY_ALLOW_MISSING=1.
# Ends with the project's "N passed, N failed[, N skipped]" line.
set -u
cd "$(dirname "$0")/.." || exit 2
JOBS=${JOBS:-2}

# --one LABEL FILE: compile FILE with one compiler; print its log on failure
if [ "${1:-}" = --one ]; then
    label=$2 file=$3
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    case $label in
        cc65) cl65 -t sim6502 -c -O -Cl -DHB_U64_PAIR -I include -o "$out/o" "$file" ;;
        sdcc) sdcc -msm83 -c --std-c99 -DHB_U64_PAIR --nolospre --nogcse --noinvariant --noinduction --no-peep \
                   -I include -o "$out/o.rel" "$file" ;;
        arm) arm-none-eabi-gcc -mcpu=arm7tdmi -mthumb -std=c99 -pedantic -Wall -Wextra -Werror -Os -c -I include \
                 -o "$out/o" "$file" ;;
        gcc) gcc -std=c99 -pedantic -Wall -Wextra -Wshadow -Werror -O2 -c -I include -o "$out/o" "$file" ;;
        gcc-pair) gcc -DHB_U64_PAIR -std=c99 -pedantic -Wall -Wextra -Wshadow -Werror -O2 -c -I include \
                      -o "$out/o" "$file" ;;
    esac >"$out/log" 2>&1
    rc=$?
    # sdcc and cc65 warn without failing: a warning is a failure here
    if [ $rc -ne 0 ] || grep -qiE 'warning|error' "$out/log"; then
        echo "FAIL $label: $file"
        sed 's/^/    /' "$out/log" | head -15
        exit 1
    fi
    exit 0
fi

# the portable sources only: instruction-set files live one folder deeper (x86/ ...);
# the compact forms the 8-bit ROMs build (<algo>_compact.c) are among them
if [ $# -gt 0 ]; then files="$*"; else files=$(ls src/algorithms/*/*.c | sort); fi
passed=0 failed=0 skipped=0

# check LABEL TOOL PACKAGE DESCRIPTION
check() {
    if ! command -v "$2" >/dev/null 2>&1; then
        echo "SKIP $4: $2 not found (apt-get install $3)"
        skipped=$((skipped + 1)); return
    fi
    if printf '%s\n' $files | xargs -P "$JOBS" -I{} sh "$0" --one "$1" {}; then
        echo "ok   $4: $(echo $files | wc -w) files"; passed=$((passed + 1))
    else
        failed=$((failed + 1))
    fi
}

check cc65 cl65 cc65 "cl65 -t sim6502 (two-word u64)"
check sdcc sdcc sdcc "sdcc -msm83 (two-word u64)"
check arm arm-none-eabi-gcc gcc-arm-none-eabi "arm-none-eabi-gcc -mcpu=arm7tdmi -mthumb"
check gcc gcc gcc "gcc -std=c99 -pedantic"
check gcc-pair gcc gcc "gcc -std=c99 -pedantic (two-word u64)"

if [ $skipped -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
    [ "${PORTABILITY_ALLOW_MISSING:-0}" = 1 ] || failed=$((failed + skipped))
else
    echo "$passed passed, $failed failed"
fi
[ $failed -eq 0 ]
