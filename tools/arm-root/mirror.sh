#!/bin/sh
# Prints the Debian mirror to debootstrap from: ARM_ROOT_MIRROR if set, else
# the first non-security URI in the host's deb822 apt sources (the machine's
# own mirror or snapshot, so a root is made from what the host trusts), else
# deb.debian.org.
#
#   sh tools/arm-root/mirror.sh          the main archive's URI
#   sh tools/arm-root/mirror.sh security the security archive's URI
set -eu
kind=${1:-main}
sources=${ARM_ROOT_SOURCES:-/etc/apt/sources.list.d/debian.sources}
if [ "$kind" = main ] && [ -n "${ARM_ROOT_MIRROR:-}" ]; then
    echo "$ARM_ROOT_MIRROR"; exit 0
fi
uri=""
if [ -r "$sources" ]; then
    if [ "$kind" = security ]; then
        uri=$(awk '/^URIs:/ && /security/ { print $2; exit }' "$sources")
    else
        uri=$(awk '/^URIs:/ && !/security/ { print $2; exit }' "$sources")
    fi
fi
if [ -z "$uri" ]; then
    if [ "$kind" = security ]; then uri=http://deb.debian.org/debian-security
    else uri=http://deb.debian.org/debian; fi
fi
echo "$uri"
