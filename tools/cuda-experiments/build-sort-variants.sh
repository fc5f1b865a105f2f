#!/usr/bin/env bash
# Compiles the candidates of sort_race.cu: sort_onesweep.cu with nvcc -D overrides of its tuning
# and experiment macros (the list below; what each macro does is said in sort_onesweep.cu), through
# build-arg-segment-variants.sh (same flags, naming and up-to-date check), each PTX with ptxas'
# sm_90 register and spill report beside it (<name>.ptxas.txt).
# Usage: build-sort-variants.sh [output directory = target/sort-variants]
# The candidates are the committed defaults with one change each (the defaults race as prims-ptx).
# Race them: sort_race <ptx directory> 24,28 20 <output directory>
#   (short: sort_race <ptx directory> 28 10 <output directory> int,int+int)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
VARIANT_CANDIDATES=$(cat <<'EOF_LIST'
sort_onesweep ONESWEEP_ITEMS_INT=25,ONESWEEP_ITEMS_FLOAT=25
sort_onesweep ONESWEEP_MIN_BLOCKS_KEYS_4=2
sort_onesweep ONESWEEP_SHARED_UNION=1
sort_onesweep ONESWEEP_FULL_TILES=0
EOF_LIST
)
export VARIANT_CANDIDATES
PTXAS=${PTXAS:-1} exec "$here/build-arg-segment-variants.sh" "${1:-$root/target/sort-variants}" sort_onesweep
