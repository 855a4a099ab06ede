#!/bin/sh
# Installs what a make target needs on a Debian machine, once: the packages
# that are missing (apt-get, as root) and, for the tests, a project-local
# Python virtual environment in .venv.  Not root and something missing: it
# prints the exact command to run and fails.
#
#   sh tools/setup.sh build    compiler and the peer libraries
#   sh tools/setup.sh test     the above, plus the portability compilers,
#                              valgrind and the Python test packages
#   sh tools/setup.sh report   the build packages and the report package (report/) in .venv
#   sh tools/setup.sh cross    the cross compilers and qemu-user (make cross, cross/targets.py)
#   sh tools/setup.sh consoles the console compilers and emulators (make roms, make retro)
set -eu
cd "$(dirname "$0")/.."
what=${1:-build}

# openssl (the command), b3sum, xxhash (xxhsum), rhash: the tools hashbench files times hashbench sum
# against, beside coreutils' md5sum ... sha512sum (libssl-dev does not bring the openssl command)
build_pkgs="gcc make pkg-config libssl-dev zlib1g-dev libxxhash-dev libsodium-dev libisal-dev openssl b3sum xxhash rhash"
# libjansson-dev: the profile's JSON (src/profile/, hashbench tune; the host hashbench only)
build_pkgs="$build_pkgs libjansson-dev"
# libclang-rt-14-dev: clang's libFuzzer runtime (libclang_rt.fuzzer), for fuzz/ (make fuzz)
test_pkgs="cc65 sdcc gcc-arm-none-eabi libnewlib-arm-none-eabi valgrind clang libclang-rt-14-dev python3 python3-venv"
# the openssl program: hashbench rng times `openssl rand` as a process (docs/rng.md; tests/python/test_rng.py)
test_pkgs="$test_pkgs openssl"
# the console ROMs run headless in libretro cores (tools/retro-run)
# the N64 also runs in cen64 (cycle-modelled), which needs an X display: Xvfb, and
# xdotool to press the controller's buttons (tools/retro-run/backend_cen64.c); xauth for xvfb-run
console_pkgs="retroarch-dev libretro-mgba libretro-nestopia libretro-gambatte libretro-desmume mupen64plus-ui-console mupen64plus-rsp-hle libmupen64plus-dev cen64 xvfb xauth xdotool"
# the report's tests start a PostgreSQL server and open the report in Chromium
report_test_pkgs="postgresql chromium"
# make cross: Debian cross compilers, their C libraries, and the dynamic qemu-user (plugins)
cross_pkgs="qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-arm-linux-gnueabi libc6-dev-armel-cross
    gcc-arm-linux-gnueabihf libc6-dev-armhf-cross gcc-mips64-linux-gnuabi64 libc6-dev-mips64-cross
    gcc-riscv64-linux-gnu libc6-dev-riscv64-cross gcc-s390x-linux-gnu libc6-dev-s390x-cross
    gcc-powerpc64-linux-gnu libc6-dev-ppc64-cross gcc-i686-linux-gnu libc6-dev-i386-cross"
# jansson for the cross targets whose hashbench runs `tune` (cross/run_cross.py PROFILE_TARGETS:
# armv7, i686, aarch64), from Debian multiarch: the static library the cross linker finds in
# /usr/lib/TRIPLET; dpkg learns each architecture first (new_arches, below)
cross_arches="armhf i386 arm64"
for a in $cross_arches; do cross_pkgs="$cross_pkgs libjansson-dev:$a"; done
host_arch=$(dpkg --print-architecture 2>/dev/null || echo unknown)
case $what in
    build|bench) pkgs=$build_pkgs ;;
    # the cross tier runs from x86-64 hosts only (tests/host_tiers.py skips it on others)
    test) pkgs="$build_pkgs $test_pkgs $console_pkgs $report_test_pkgs"
          [ "$host_arch" != amd64 ] || pkgs="$pkgs $cross_pkgs" ;;
    cross) pkgs="$build_pkgs python3 $cross_pkgs" ;;
    consoles) pkgs="$build_pkgs python3 cc65 sdcc gcc-arm-none-eabi libnewlib-arm-none-eabi gcc-mips64-linux-gnuabi64 $console_pkgs" ;;
    report) pkgs="$build_pkgs python3 python3-venv" ;;
    *) echo "usage: sh tools/setup.sh build|bench|test|report|cross|consoles" >&2; exit 2 ;;
esac

missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# Off x86-64 (an ARM board) some test packages do not exist (cen64, ...):
# `test` leaves those out and their tiers say skipped, with the reason
# (tests/host_tiers.py); the build's packages exist everywhere.
if [ "$what" = test ] && [ "$host_arch" != amd64 ] && [ -n "$missing" ]; then
    [ "$(id -u)" -ne 0 ] || apt-get update -qq
    have="" gone=""
    for p in $missing; do
        if apt-cache policy "$p" 2>/dev/null | grep -q 'Candidate: [^(]'; then
            have="$have $p"
        else
            gone="$gone $p"
        fi
    done
    [ -z "$gone" ] || echo "setup: not in apt for $host_arch (their tiers will say skipped):$gone"
    missing=$have
fi
# the foreign architectures (PKG:ARCH) the missing packages need and dpkg does not know yet
new_arches=""
for p in $missing; do
    case $p in
        *:*) a=${p##*:}
             if [ "$a" != "$(dpkg --print-architecture)" ] && ! dpkg --print-foreign-architectures | grep -qx "$a"; then
                 case " $new_arches " in *" $a "*) ;; *) new_arches="$new_arches $a" ;; esac
             fi ;;
    esac
done
if [ -n "$missing" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "hashbench needs these Debian packages:$missing" >&2
        for a in $new_arches; do echo "first: sudo dpkg --add-architecture $a" >&2; done
        [ -z "$new_arches" ] || echo "then: sudo apt-get update" >&2
        echo "install them with: sudo apt-get install -y --no-install-recommends$missing" >&2
        exit 1
    fi
    for a in $new_arches; do
        echo "setup: dpkg --add-architecture $a (multiarch packages)"
        dpkg --add-architecture "$a"
    done
    echo "setup: installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

if [ "$what" = test ]; then
    stamp=.venv/.requirements-installed
    if [ ! -f "$stamp" ] || [ tests/requirements.txt -nt "$stamp" ]; then
        echo "setup: Python test environment in .venv"
        python3 -m venv .venv
        .venv/bin/pip install -q --disable-pip-version-check -r tests/requirements.txt
        touch "$stamp"
    fi
fi

# the report package (report/pyproject.toml), with its test extras for `test`
case $what in
    test) extra="[test]"; stamp=.venv/.report-test-installed ;;
    report) extra=""; stamp=.venv/.report-installed ;;
    *) exit 0 ;;
esac
if [ ! -f "$stamp" ] || [ report/pyproject.toml -nt "$stamp" ]; then
    echo "setup: the report package in .venv"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check -e "report$extra"
    touch "$stamp"
fi
