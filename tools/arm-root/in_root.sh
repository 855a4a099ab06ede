#!/bin/sh
# Runs a command inside a root with chroot, with the kernel's /proc, /sys and
# /dev (and /dev/pts, /dev/shm) bound into it for the command's time only.
# Without the binfmt handler's fix-binary flag (F) the emulator must be
# inside the root: it is copied there.
#
#   sh tools/arm-root/in_root.sh ROOT COMMAND [ARG...]
set -eu
root=$1; shift
mounted=""
cleanup() {
    for m in $mounted; do umount -l "$m" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM
for d in proc sys dev dev/pts; do
    mkdir -p "$root/$d"
    if ! mountpoint -q "$root/$d"; then
        case $d in
            proc) mount -t proc proc "$root/proc" ;;
            sys) mount -t sysfs sysfs "$root/sys" ;;
            *) mount --bind "/$d" "$root/$d" ;;
        esac
        mounted="$root/$d $mounted"     # unmounted in reverse order
    fi
done
for handler in /proc/sys/fs/binfmt_misc/qemu-aarch64 /proc/sys/fs/binfmt_misc/qemu-arm; do
    [ -r "$handler" ] || continue
    if ! grep -q '^flags:.*F' "$handler"; then
        interp=$(awk '/^interpreter/ { print $2 }' "$handler")
        mkdir -p "$root$(dirname "$interp")"
        cp -f "$interp" "$root$interp"
    fi
done
set +e
chroot "$root" "$@"
rc=$?
exit $rc
