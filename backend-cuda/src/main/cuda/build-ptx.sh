#!/usr/bin/env bash
# Regenerates the committed PTX from the CUDA sources: one PTX per device/*.cu, written to
# src/main/resources/dev/prims/cuda/ptx/<name>.ptx with a first line
#   // prims-source-sha256: <hash>
# where <hash> is the SHA-256 of, for the .cu and every header it includes (transitively, sorted
# by path relative to src/main/cuda, C locale), the path, a newline and the file's bytes.
# PTX targets compute_75 unless the unit's first line names another virtual architecture:
#   // prims-ptx-arch: compute_90
# CudaPtxFreshnessTest recomputes the same hash.
# Usage: build-ptx.sh [--check | --if-available | --require] [UNIT ...]
#   --check         only report stale PTX, and PTX without a device/*.cu (exit 1 if any)
#   --if-available  regenerate stale PTX when nvcc is on the PATH, else keep the committed PTX
#   --require       regenerate stale PTX, failing when nvcc is missing even if nothing is stale
#   (no option)     regenerate stale PTX; nvcc is needed only when something is stale
#   UNIT            only these units (a name such as scan_blelloch, or device/scan_blelloch.cu;
#                   several may also be given as one comma- or space-separated argument);
#                   without any, every device/*.cu. Empty arguments are ignored.
# mvn -Pnvcc runs it with --require and -Dprims.ptx.units (empty: all); a plain build does not run
# it (the freshness test checks).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../resources/dev/prims/cuda/ptx"
mkdir -p "$out"

deps() {  # prints the relative paths of $1 and of every file it includes, transitively
  local file=$1
  echo "$file"
  local inc
  for inc in $(sed -n 's/^[[:space:]]*#include[[:space:]]*"\([^"]*\)".*/\1/p' "$here/$file"); do
    deps "$(realpath -m --relative-to="$here" "$here/$(dirname "$file")/$inc")"
  done
}

source_hash() {
  local f
  for f in $(deps "$1" | LC_ALL=C sort -u); do
    printf '%s\n' "$f"
    cat "$here/$f"
  done | sha256sum | cut -d' ' -f1
}

check=false
mode=
case "${1:-}" in
  --check | --if-available | --require) mode=$1; shift ;;
  --*) echo "build-ptx.sh: unknown option $1" >&2; exit 2 ;;
esac
[ "$mode" = "--require" ] && { command -v nvcc >/dev/null 2>&1 || { echo "build-ptx.sh: nvcc not on PATH" >&2; exit 2; }; }
[ "$mode" = "--check" ] && check=true
if [ "$mode" = "--if-available" ] && ! command -v nvcc >/dev/null 2>&1; then
  echo "build-ptx.sh: nvcc not on PATH, using the committed PTX"
  exit 0
fi

units=()
for arg in "$@"; do
  for unit in ${arg//,/ }; do
    name=$(basename "$unit" .cu)
    [ -f "$here/device/$name.cu" ] || { echo "build-ptx.sh: no CUDA source device/$name.cu" >&2; exit 2; }
    units+=("$here/device/$name.cu")
  done
done
all=false
if [ ${#units[@]} = 0 ]; then
  all=true
  units=("$here"/device/*.cu)
fi

stale=0
for cu in "${units[@]}"; do
  rel="device/$(basename "$cu")"
  name=$(basename "$cu" .cu)
  hash=$(source_hash "$rel")
  target="$out/$name.ptx"
  if [ -f "$target" ] && [ "$(head -1 "$target")" = "// prims-source-sha256: $hash" ]; then
    continue
  fi
  if $check; then
    echo "stale: $target"
    stale=1
    continue
  fi
  echo "nvcc -ptx $rel -> $target"
  tmp=$(mktemp)
  # a unit may ask for a newer virtual architecture on its first line (// prims-ptx-arch: compute_90)
  arch=$(sed -n '1s|^// prims-ptx-arch: \(compute_[0-9]*\)$|\1|p' "$cu")
  nvcc -ptx -arch="${arch:-compute_75}" -fmad=false -O3 -std=c++17 -o "$tmp" "$cu"
  { echo "// prims-source-sha256: $hash"; cat "$tmp"; } > "$target"
  rm -f "$tmp"
done
if $all; then
  for ptx in "$out"/*.ptx; do
    [ -e "$ptx" ] || continue
    if [ ! -f "$here/device/$(basename "$ptx" .ptx).cu" ]; then
      echo "orphan: $ptx has no device/$(basename "$ptx" .ptx).cu (delete it)" >&2
      $check && stale=1
    fi
  done
fi
exit $stale
