#!/usr/bin/env bash
# Compiles the tuning candidates of arg_segment_race.cu: the arg-reduce, segment-blocks and by-key
# units of backend-cuda/src/main/cuda/device with nvcc -D overrides of their tuning constants, one
# PTX per candidate, the same nvcc flags as build-ptx.sh (the unit's virtual architecture,
# -fmad=false -O3 -std=c++17). A PTX is named after its unit and overrides, parts joined by "__":
#   argreduce_bulk__ARG_BULK_STAGES_4__ARG_BULK_STAGE_BYTES_16384.ptx
# (macro ARG_BULK_STAGES = 4, ARG_BULK_STAGE_BYTES = 16384); the harness reads the overrides back
# from the name to mirror them on the launch side. With PTXAS=1 each PTX is also assembled for
# sm_90 and ptxas' register and spill report is kept beside it (<name>.ptxas.txt).
# Usage: build-arg-segment-variants.sh [output directory = target/arg-segment-variants]
#        [case filter: a substring of the unit names, e.g. by_key]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
src="$root/backend-cuda/src/main/cuda/device"
out=${1:-"$root/target/arg-segment-variants"}
filter=${2:-}
mkdir -p "$out"

# unit  overrides (comma-separated MACRO=VALUE), one candidate a line
candidates=$(cat <<'EOF'
argreduce_bulk ARG_BULK_STAGES=4,ARG_BULK_STAGE_BYTES=16384
argreduce_bulk ARG_BULK_STAGES=3,ARG_BULK_STAGE_BYTES=16384
argreduce_bulk ARG_BULK_STAGES=2,ARG_BULK_STAGE_BYTES=16384
argreduce_bulk ARG_BULK_STAGES=4,ARG_BULK_STAGE_BYTES=8192
argreduce_bulk ARG_BULK_STAGES=8,ARG_BULK_STAGE_BYTES=8192
argreduce_bulk ARG_BULK_STAGES=3,ARG_BULK_STAGE_BYTES=32768
argreduce_bulk ARG_BLOCK_SIZE=512
argreduce_bulk ARG_BLOCK_SIZE=512,ARG_BULK_STAGES=4,ARG_BULK_STAGE_BYTES=16384
argreduce_bulk ARG_BLOCK_SIZE=128
argreduce ARG_UNROLL=2
argreduce ARG_UNROLL=8
segment_reduce_blocks SEG_BLOCK_UNROLL=1
segment_reduce_blocks SEG_BLOCK_UNROLL=2
segment_reduce_blocks SEG_BLOCK_UNROLL=8,SEG_BLOCK_MIN_BLOCKS=4
segment_reduce_blocks SEG_BLOCK_MIN_BLOCKS=4
segment_reduce_blocks SEG_BLOCK_MAX=16384
segment_reduce_blocks SEG_BLOCK_FIND_GUESS=1
segment_reduce_blocks SEG_BLOCK_CHUNKS_LAST=1
segment_reduce_blocks SEG_BLOCK_MAX=262144
segment_reduce_by_key_int BY_KEY_LOAD=1
segment_reduce_by_key_int BY_KEY_LOAD=2
segment_reduce_by_key_int BY_KEY_FULL_TILE=1
segment_scan_by_key_int BY_KEY_ITEMS_4=21
segment_scan_by_key_int BY_KEY_ITEMS_4=25
segment_scan_by_key_int BY_KEY_SCAN_COUNT32=1
segment_scan_by_key_int BY_KEY_LOAD=2,BY_KEY_STORE=2,BY_KEY_SCAN_COUNT32=1
segment_scan_by_key_int BY_KEY_THREADS=288,BY_KEY_ITEMS_4=14,BY_KEY_LOAD=2,BY_KEY_STORE=2
segment_scan_by_key_int BY_KEY_THREADS=288,BY_KEY_ITEMS_4=15
segment_scan_by_key_int BY_KEY_FULL_TILE=1
segment_scan_by_key_int BY_KEY_FULL_TILE=1,BY_KEY_SCAN_COUNT32=1
EOF
)

# another list in its place (same format), as build-sort-variants.sh passes the sort candidates
[ -n "${VARIANT_CANDIDATES:-}" ] && candidates=$VARIANT_CANDIDATES

built=0
while read -r unit overrides; do
  [ -n "$unit" ] || continue
  case "$unit" in *"$filter"*) ;; *) continue ;; esac
  name=$unit
  defines=()
  for pair in ${overrides//,/ }; do
    name="${name}__${pair%%=*}_${pair#*=}"
    defines+=("-D$pair")
  done
  target="$out/$name.ptx"
  cu="$src/$unit.cu"
  # up to date: newer than every CUDA source
  if [ -f "$target" ] && [ -z "$(find "$root/backend-cuda/src/main/cuda" -name '*.cu*' -newer "$target" -print -quit)" ]; then
    continue
  fi
  arch=$(sed -n '1s|^// prims-ptx-arch: \(compute_[0-9]*\)$|\1|p' "$cu")
  echo "nvcc -ptx ${defines[*]} $unit.cu -> $target"
  nvcc -ptx -arch="${arch:-compute_75}" -fmad=false -O3 -std=c++17 "${defines[@]}" -o "$target.tmp" "$cu"
  mv "$target.tmp" "$target"
  if [ "${PTXAS:-0}" = 1 ]; then
    ptxas -arch=sm_90 -v -o /dev/null "$target" > "$out/$name.ptxas.txt" 2>&1
  fi
  built=$((built + 1))
done <<< "$candidates"
# the segment-blocks PTX with the separate join launch (seg_block_fixup), from before the joins moved
# into seg_block_reduce: the harness launches it the older way ("separate-join", "no-join")
if [ -z "$filter" ] || [[ segment_reduce_blocks == *"$filter"* ]]; then
  git -C "$root" show d98f7e0:backend-cuda/src/main/resources/dev/prims/cuda/ptx/segment_reduce_blocks.ptx \
    > "$out/segment_reduce_blocks__SEPARATE_JOIN_1.ptx"
fi
echo "$built PTX built into $out"
