#!/bin/sh
# Reads a run's output on stdin and prints the counts of its last
# "N passed, N failed[, N skipped]" line as "P F S"; no such line (the run
# died before its summary) is one failure: "0 1 0".
sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed\(, \([0-9][0-9]*\) skipped\)\{0,1\}$/\1 \2 \4/p' |
    tail -n 1 | awk 'NF == 0 { next } { print $1, $2, ($3 == "" ? 0 : $3); found = 1 }
                     END { if (!found) print "0 1 0" }'
