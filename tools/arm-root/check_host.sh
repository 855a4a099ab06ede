#!/bin/sh
# Can this machine run ARM Debian roots?  Root (debootstrap, chroot, mount)
# and binfmt_misc with qemu-user-static's handlers for the architectures
# asked for.  Installs the missing Debian packages (debootstrap,
# qemu-user-static, binfmt-support) as root, mounts binfmt_misc and enables
# the handlers.  Exit 0: ready.  Exit 3 and one line on stdout: the reason
# to skip (not root, no binfmt_misc).  Exit 1: a failure to report.
#
#   sh tools/arm-root/check_host.sh arm64 armhf
set -u
if [ "$(id -u)" -ne 0 ]; then
    echo "not root (debootstrap, chroot and mount need it: run make test-arm as root)"
    exit 3
fi
missing=""
for p in debootstrap qemu-user-static binfmt-support; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "arm-root: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    # shellcheck disable=SC2086
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >/dev/null || {
        echo "arm-root: apt-get install$missing failed" >&2; exit 1; }
fi
# ARM_ROOT_BINFMT: another place to look (a test of the skip without binfmt_misc)
misc=${ARM_ROOT_BINFMT:-/proc/sys/fs/binfmt_misc}
if [ ! -e "$misc/register" ]; then
    mount -t binfmt_misc binfmt_misc "$misc" 2>/dev/null || {
        echo "no binfmt_misc (mount -t binfmt_misc failed: a container without it cannot run foreign binaries)"
        exit 3
    }
fi
for arch in "$@"; do
    case $arch in
        arm64) handler=qemu-aarch64 ;;
        armhf|armel) handler=qemu-arm ;;
        *) echo "arm-root: no qemu handler known for $arch" >&2; exit 1 ;;
    esac
    if ! head -n 1 "$misc/$handler" 2>/dev/null | grep -qx enabled; then
        update-binfmts --enable "$handler" >/dev/null 2>&1 || true
    fi
    if ! head -n 1 "$misc/$handler" 2>/dev/null | grep -qx enabled; then
        echo "binfmt_misc has no enabled $handler handler (update-binfmts --enable $handler failed)"
        exit 3
    fi
done
exit 0
