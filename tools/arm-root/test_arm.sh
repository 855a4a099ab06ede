#!/bin/sh
# make test-arm: for each ARM Debian root (arm64, armhf) made by debootstrap
# and run through qemu-user-static,
#   1. the root itself, made once and cached (make_root.sh),
#   2. hashbench's build packages inside it (the project's own
#      `sh tools/setup.sh build`, plus python3 for the tier runner),
#   3. a clean clone of this tree's HEAD commit (what is tested is what is
#      committed: uncommitted changes are not in it) and its build,
#   4. `make bench` made short (BENCH_ARGS below; tune runs first, as a
#      user's first make bench does: the clone's own profile cache is empty),
#   5. the test tiers that apply on an ARM host under emulation
#      (tests/run_tiers.py with HB_TEST_EMULATED=1; tests/host_tiers.py).
# Each phase's wall time is printed; the last line sums both roots:
# "N passed, N failed[, N skipped]" (make bench counts as one check).
# Not root, or no binfmt_misc: says so, prints a skipped line, exits 0.
#
#   ARM_ROOT_DIR     cache of the roots (default /var/cache/hashbench/arm-roots)
#   ARM_ROOT_ARCHES  the roots to run (default "arm64 armhf")
#   ARM_ROOT_BENCH   make bench's BENCH_ARGS inside the roots
#   ARM_ROOT_PARALLEL=1  the roots at the same time (their output is shown
#                    when both are done; each phase's time then includes the
#                    other root's load)
set -u
here=$(cd "$(dirname "$0")" && pwd)
tree=$(cd "$here/../.." && pwd)
dir=${ARM_ROOT_DIR:-/var/cache/hashbench/arm-roots}
arches=${ARM_ROOT_ARCHES:-arm64 armhf}
bench_args=${ARM_ROOT_BENCH:--a crc32,adler32,xxh64,sha256,blake3 -s 64,1K --budget 20 --repeat 3 -q}

# shellcheck disable=SC2086
reason=$(sh "$here/check_host.sh" $arches)
case $? in
    0) ;;
    3) echo "test-arm: skipped: $reason"
       echo "0 passed, 0 failed, 1 skipped"
       exit 0 ;;
    *) echo "test-arm: the host check failed${reason:+: $reason}"
       echo "0 passed, 1 failed"
       exit 1 ;;
esac
commit=$(git -C "$tree" rev-parse HEAD) || { echo "test-arm: $tree is not a git checkout"; exit 1; }
if ! git -C "$tree" diff --quiet HEAD 2>/dev/null; then
    echo "test-arm: note: uncommitted changes are not tested (the roots get a clone of HEAD, $commit)"
fi

mkdir -p "$dir"
run() {     # run ARCH: one root's run, its output in its log
    sh "$here/run_root.sh" "$1" "$dir/$1" "$tree" "$commit" "$bench_args" > "$dir/$1.log" 2>&1
}
if [ "${ARM_ROOT_PARALLEL:-0}" = 1 ]; then
    for arch in $arches; do
        echo "== test-arm $arch: root $dir/$arch, commit $commit, log $dir/$arch.log (in parallel)"
        run "$arch" &
    done
    wait
    for arch in $arches; do echo "== test-arm $arch"; cat "$dir/$arch.log"; done
else
    for arch in $arches; do
        echo "== test-arm $arch: root $dir/$arch, commit $commit, log $dir/$arch.log"
        : > "$dir/$arch.log"
        run "$arch" &
        tail -n +1 -f --pid=$! "$dir/$arch.log"
        wait
    done
fi
passed=0 failed=0 skipped=0
for arch in $arches; do
    # shellcheck disable=SC2046
    set -- $(sh "$here/last_counts.sh" < "$dir/$arch.log")
    passed=$((passed + $1)) failed=$((failed + $2)) skipped=$((skipped + $3))
done
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "test-arm ($arches): $line"
echo "$line"
[ "$failed" -eq 0 ]
