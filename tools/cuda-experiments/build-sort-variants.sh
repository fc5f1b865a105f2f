#!/usr/bin/env bash
# Compiles the candidates of sort_race.cu: sort_onesweep.cu with nvcc -D overrides of its tuning
# and experiment macros (the list below; what each macro does is said in sort_onesweep.cu), through
# build-arg-segment-variants.sh (same flags, naming and up-to-date check), each PTX with ptxas'
# sm_90 register and spill report beside it (<name>.ptxas.txt).
# Usage: build-sort-variants.sh [output directory = target/sort-variants]
# Race them: sort_race <ptx directory> 24,28 20 <output directory>
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
VARIANT_CANDIDATES=$(cat <<'EOF_LIST'
sort_onesweep ONESWEEP_HIST_TYPE_PASSES=1
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_COPIES=2
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_COPIES=4
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_COPIES=8
sort_onesweep ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_COPIES=8
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_UNROLL=2
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_UNROLL=8
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_UNROLL=2,ONESWEEP_HIST_COPIES=2
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_BLOCKS_PER_SM=4
sort_onesweep ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_THREADS=512,ONESWEEP_HIST_BLOCKS_PER_SM=4
sort_onesweep ONESWEEP_LOOKBACK_WINDOW=2
sort_onesweep ONESWEEP_LOOKBACK_WINDOW=4
sort_onesweep ONESWEEP_LOOKBACK_WINDOW=8
sort_onesweep ONESWEEP_LOOKBACK_WINDOW=16
sort_onesweep ONESWEEP_EARLY_PLAIN=1
sort_onesweep ONESWEEP_MATCH_ANY_SYNC=1
sort_onesweep ONESWEEP_RANK_ATOMIC=1
sort_onesweep ONESWEEP_EARLY_PLAIN=1,ONESWEEP_RANK_ATOMIC=1
sort_onesweep ONESWEEP_EARLY_PLAIN=1,ONESWEEP_RANK_ATOMIC=1,ONESWEEP_MATCH_ANY_SYNC=1
sort_onesweep ONESWEEP_ITEMS_INT=16,ONESWEEP_ITEMS_FLOAT=16,ONESWEEP_ITEMS_4_PAIRS=16
sort_onesweep ONESWEEP_THREADS_4=256,ONESWEEP_ITEMS_INT=24,ONESWEEP_ITEMS_FLOAT=24,ONESWEEP_ITEMS_4_PAIRS=24
sort_onesweep ONESWEEP_EARLY_PLAIN=1,ONESWEEP_RANK_ATOMIC=1,ONESWEEP_LOOKBACK_WINDOW=8
sort_onesweep ONESWEEP_EARLY_PLAIN=1,ONESWEEP_RANK_ATOMIC=1,ONESWEEP_LOOKBACK_WINDOW=8,ONESWEEP_HIST_RUNS=0,ONESWEEP_HIST_TYPE_PASSES=1,ONESWEEP_HIST_COPIES=4
EOF_LIST
)
export VARIANT_CANDIDATES
PTXAS=${PTXAS:-1} exec "$here/build-arg-segment-variants.sh" "${1:-$root/target/sort-variants}" sort_onesweep
