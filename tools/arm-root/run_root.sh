#!/bin/sh
# One ARM root's run for test_arm.sh: the root (cached), the packages, a
# clean clone of COMMIT and its build, a short make bench, the test tiers.
# Prints each phase's wall time ("arm-root ARCH: PHASE N s, exit RC"), and
# last a line "N passed, N failed[, N skipped]": the tiers' total plus make
# bench as one check; a phase that fails before the tiers is one failure.
#
#   sh tools/arm-root/run_root.sh ARCH ROOT TREE COMMIT BENCH_ARGS
set -u
arch=$1 root=$2 tree=$3 commit=$4 bench_args=$5
here=$(dirname "$0")
src=/srv/hashbench                  # the clone's place inside the root
# a clean environment inside the root; HB_TEST_EMULATED: the tier runner
# skips what cannot run under qemu-user (tests/host_tiers.py); the profile
# cache inside the clone, so every run's make bench tunes first
envs="env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb
      HB_TEST_EMULATED=1 XDG_CACHE_HOME=$src/.cache"

phase() {   # phase NAME COMMAND...: runs it, prints its wall time; returns its exit status
    name=$1; shift
    start=$(date +%s)
    "$@"
    rc=$?
    echo "arm-root $arch: $name $(( $(date +%s) - start )) s, exit $rc"
    return $rc
}
inside() {  # inside SHELL-COMMAND: run in the clone inside the root
    # shellcheck disable=SC2086
    sh "$here/in_root.sh" "$root" $envs sh -c "cd $src && $1"
}
clone() {
    rm -rf "$root$src"
    git clone -q --no-checkout "$tree" "$root$src" &&
        git -C "$root$src" -c advice.detachedHead=false checkout -q --detach "$commit"
}
fail() { echo "arm-root $arch: $1"; echo "0 passed, 1 failed"; exit 1; }

phase debootstrap sh "$here/make_root.sh" "$arch" "$root" || fail "no root"
phase clone clone || fail "git clone of $commit failed"
# setup.sh build: the packages make bench asks a user for; python3 runs the
# tiers, valgrind is the valgrind tier's (it runs under qemu-user)
phase packages inside "sh tools/setup.sh build && { command -v python3 >/dev/null && command -v valgrind >/dev/null ||
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 valgrind >/dev/null; }; }" ||
    fail "package install failed"
phase build inside "make -s -j2 BUILD=build all unit-tests differential" || fail "the build failed"
bench_ok=1
# shellcheck disable=SC2016
phase "make bench" inside "make bench BENCH_ARGS='$bench_args'" || bench_ok=0
[ $bench_ok = 1 ] || echo "arm-root $arch: make bench FAILED"
phase tiers inside "python3 tests/run_tiers.py" | tee "$root.tiers"
set -- $(sh "$here/last_counts.sh" < "$root.tiers")
rm -f "$root.tiers"
p=$(( $1 + bench_ok )) f=$(( $2 + 1 - bench_ok )) s=$3
echo "arm-root $arch (make bench + tiers):"
if [ "$s" -gt 0 ]; then echo "$p passed, $f failed, $s skipped"; else echo "$p passed, $f failed"; fi
