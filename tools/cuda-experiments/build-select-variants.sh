#!/usr/bin/env bash
# Compiles the candidates of select_race.cu: select.cu with nvcc -D overrides of its compaction's
# tuning macros (SELECT_ITEMS_4/_8, SELECT_PLAIN_ITEMS_8, SELECT_PLAIN_MIN_BLOCKS_4/_8; what each does is said in
# select.cu), through build-arg-segment-variants.sh (same flags, naming and up-to-date check), each
# PTX with ptxas' sm_90 register and spill report beside it (<name>.ptxas.txt).
# Usage: build-select-variants.sh [output directory = target/select-variants]
# Race them (the committed select.ptx beside them, with its items per thread):
#   select_race --type long ptx/select.ptx:12 DIR/select__SELECT_PLAIN_ITEMS_8_16__SELECT_PLAIN_MIN_BLOCKS_8_4.ptx:16 ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
VARIANT_CANDIDATES=$(cat <<'EOF_LIST'
select SELECT_PLAIN_ITEMS_8=12,SELECT_PLAIN_MIN_BLOCKS_8=5
select SELECT_PLAIN_ITEMS_8=14,SELECT_PLAIN_MIN_BLOCKS_8=4
select SELECT_PLAIN_ITEMS_8=14,SELECT_PLAIN_MIN_BLOCKS_8=5
select SELECT_PLAIN_ITEMS_8=16,SELECT_PLAIN_MIN_BLOCKS_8=3
select SELECT_PLAIN_ITEMS_8=16,SELECT_PLAIN_MIN_BLOCKS_8=4
select SELECT_PLAIN_ITEMS_8=16,SELECT_PLAIN_MIN_BLOCKS_8=5
select SELECT_PLAIN_ITEMS_8=18,SELECT_PLAIN_MIN_BLOCKS_8=4
select SELECT_PLAIN_ITEMS_8=20,SELECT_PLAIN_MIN_BLOCKS_8=4
EOF_LIST
)
export VARIANT_CANDIDATES
PTXAS=${PTXAS:-1} exec "$here/build-arg-segment-variants.sh" "${1:-$root/target/select-variants}" select
