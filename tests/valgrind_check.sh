#!/bin/sh
# Runs hashbench's commands under valgrind (memcheck): any invalid access,
# use of uninitialised memory or definite leak fails the command; and its
# threaded paths under helgrind, where any race between threads fails it.
# Ends with "N passed, N failed" (or a skip when valgrind is missing).
set -u
exe=${1:-build/hashbench}
if ! command -v valgrind >/dev/null 2>&1; then
    echo "SKIP valgrind not found (apt-get install valgrind)"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
hb_workload() { i=0; while [ $i -lt 1024 ]; do printf "\\$(printf %o $(( (i * 31 + 7) % 256 )))"; i=$((i + 1)); done; }
hb_workload > "$tmp/workload"
passed=0 failed=0
# run EXPECTED_STATUS COMMAND...: valgrind reports its own findings as 99
# (TOOL: memcheck, or helgrind for races)
TOOL=memcheck
run() {
    want=$1; shift
    if [ $TOOL = memcheck ]; then
        valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$@" \
            >"$tmp/out" 2>"$tmp/err"
    else
        valgrind -q --tool=$TOOL --error-exitcode=99 --suppressions="$(dirname "$0")/$TOOL.supp" "$@" \
            >"$tmp/out" 2>"$tmp/err"
    fi
    got=$?
    if [ $got -eq "$want" ]; then
        echo "ok   valgrind $TOOL: $*"; passed=$((passed + 1))
    else
        echo "FAIL valgrind $TOOL (exit $got, expected $want): $*"; sed 's/^/    /' "$tmp/err" | head -30
        failed=$((failed + 1))
    fi
}
run 0 "$exe" verify
run 0 "$exe" list --format json
# a directory among the files: an error for it, the others hashed, exit 1
run 1 "$exe" sum -a sha256 "$tmp/workload" "$tmp"
# sum's read paths: read() and mmap windows, BLAKE3 on threads (1.1 MB, past the read buffer)
i=0; while [ $i -lt 1100 ]; do cat "$tmp/workload"; i=$((i + 1)); done > "$tmp/big"
run 0 "$exe" sum -a blake3 --threads 2 --io mmap -v "$tmp/big" "$tmp/workload"
run 0 "$exe" sum -a blake3 --threads 2 --io read --progress "$tmp/big"
run 0 "$exe" sum -a sha256 --io mmap "$tmp/big"
"$exe" sum -a blake2b "$tmp/workload" > "$tmp/sums"
run 0 "$exe" sum -a blake2b -c "$tmp/sums"
run 0 "$exe" bench -a crc32,sha256,blake3,xxh3-128 --impl all -s 64,1K --budget 2 --repeat 5 --format json -o "$tmp/r.json"
run 0 "$exe" bench -a md5 -s 64 --budget 2 --repeat 5 --format csv -o "$tmp/r.csv"
run 0 "$exe" info
run 2 "$exe" bench -s 0
# the streaming read: its buffers, per-round clock and JSON; a bad size refused
run 0 "$exe" bandwidth -s 4K,64K -r 2 --sample-ms 1 --format json
run 2 "$exe" bandwidth -s 1000
# the quality battery: threads, every implementation cross-checked (sanity), a keyed
# subject's seed test, the JSON output; a bad algorithm refused
run 0 "$exe" quality --quick -a sha256,xxh3-128 --test sanity -j 2 -q --format json
run 0 "$exe" quality --quick -a siphash-2-4,crc8 --test seed.avalanche -j 2 -q
run 2 "$exe" quality -a nosuch
# races: the implementation index looked up first from several threads at
# once (a unit test, beside the program in the build), and the battery's
# workers (the statistics of every job on two threads)
TOOL=helgrind
unit="$(dirname "$exe")/tests/impl_index_threads"
if [ -x "$unit" ]; then
    run 0 "$unit"
else
    echo "FAIL helgrind: $unit not built (make unit-tests)"; failed=$((failed + 1))
fi
run 0 "$exe" quality --quick -a xxh64,sha256 --test avalanche.sac -j 2 -q --format json
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
