#!/bin/sh
# Makes a Debian bookworm root for one ARM architecture with debootstrap,
# once: a root that is already complete (its .complete stamp written after
# debootstrap succeeded) is kept, so the roots are a cache between runs.
# A half-made root (an interrupted run) is removed and made again.
#
#   sh tools/arm-root/make_root.sh arm64|armhf ROOT
set -eu
arch=$1 root=$2
here=$(dirname "$0")
suite=bookworm
if [ -f "$root/.complete" ]; then
    echo "arm-root: $arch root cached in $root"
    exit 0
fi
mirror=$(sh "$here/mirror.sh")
security=$(sh "$here/mirror.sh" security)
rm -rf "$root"
mkdir -p "$(dirname "$root")"
echo "arm-root: debootstrap --arch=$arch $suite $root $mirror"
# --variant=minbase: apt and dpkg are all we need; setup.sh installs the rest
debootstrap --variant=minbase --arch="$arch" "$suite" "$root" "$mirror" \
    > "$root.debootstrap.log" 2>&1 || {
        echo "arm-root: debootstrap failed for $arch; the end of $root.debootstrap.log:" >&2
        tail -20 "$root.debootstrap.log" >&2
        exit 1
    }
# apt inside the root: the same mirror, with bookworm's updates and security
rm -f "$root/etc/apt/sources.list"
cat > "$root/etc/apt/sources.list.d/debian.sources" <<SOURCES
Types: deb
URIs: $mirror
Suites: $suite $suite-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $suite-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
# the host's resolver, so apt-get inside the root finds the mirror
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
touch "$root/.complete"
echo "arm-root: $arch root made in $root"
