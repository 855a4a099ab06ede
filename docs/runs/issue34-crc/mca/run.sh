#!/bin/sh
# llvm-mca-19 on the fold loops (objdump of build/obj/.../crc_fold_vpclmul.o,
# hb_crc32_oneshot_vpclmul{,_x8}; crc32fast 1.5.4's calculate_avx512 and
# crc-fast 1.10.0's reflected update_x86_64_avx512_vpclmulqdq loop from
# build/libhashbench_rust_peers.so): cycles per trip over 1000 trips.
# znver5 in LLVM 19 is the Zen 4 scheduling model (Zn4* resources).
cd "$(dirname "$0")"
for f in vpclmul.s vpclmul-loads-apart.s vpclmul-x8.s rust-crc32fast.s rust-crc-fast.s; do
    case $f in vpclmul-x8.s) bytes=512 ;; *) bytes=256 ;; esac
    for cpu in znver4 znver5 icelake-server sapphirerapids; do
        c=$(llvm-mca-19 -mcpu=$cpu -iterations=1000 "$f" | awk '/Total Cycles/ { print $3 }')
        awk -v f="$f" -v cpu="$cpu" -v c="$c" -v b="$bytes" \
            'BEGIN { printf "%-22s %-15s %6.2f cycles/trip %4d bytes %.4f cycles/byte\n", f, cpu, c / 1000, b, c / 1000 / b }'
    done
done
