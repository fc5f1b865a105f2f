#!/usr/bin/env bash
# The CUB/Thrust reference program of `prims bench`
# (app/src/main/resources/dev/prims/app/bench/cub_reference.cu) for the GPU-host scripts that
# measure a backend beside CUB. Run from anywhere in the checkout:
#   bash tools/cub-reference.sh build [ARCH]
#       builds the program with nvcc -O3 -std=c++17 for ARCH (default: this machine's GPU from
#       nvidia-smi, else sm_90) unless already built, and prints the binary's path last. The binary
#       lives where `prims bench` looks for it, $PRIMS_CUB_CACHE (default ~/.cache/prims)
#       /cub-<first 16 hex of the source's SHA-256>-<ARCH>/cub_reference, so a warm machine builds
#       it once for every script and for `prims bench`.
#   bash tools/cub-reference.sh suite [DEVICE]
#       runs the built program (for this machine's GPU) on the CUB figures a backend is held to
#       (issue 4), one JSON line each, on 2^LOG2N (default 2^28) elements resident on the device,
#       CUDA events, best and median of 30 runs after 5 warm-ups: device-to-device copy of floats
#       (read + write); DeviceReduce::Sum of float, int and double, kernels alone and with the
#       result copied to the host; DeviceScan::InclusiveSum of floats (read + write);
#       HistogramEven of floats, 256 bins over [0, 1); then Sum of 2^20 floats with the result
#       copied to the host, timed by events and by the host clock (launch included, best and
#       median of 120 runs after 20 warm-ups).
# Environment: NVCC (default: nvcc on the PATH, else /usr/local/cuda/bin/nvcc), PRIMS_CUB_CACHE,
# LOG2N.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source="$root/app/src/main/resources/dev/prims/app/bench/cub_reference.cu"
usage() {
  echo "usage: $0 build [ARCH] | suite [DEVICE]" >&2
  exit 2
}

gpu_arch() {
  local cap
  cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .' || true)
  echo "sm_${cap:-90}"
}

binary_for() {  # the cached binary's path for architecture $1
  local hash
  hash=$(sha256sum "$source" | cut -c1-16)
  echo "${PRIMS_CUB_CACHE:-$HOME/.cache/prims}/cub-$hash-$1/cub_reference"
}

case "${1:-}" in
  build)
    arch=${2:-$(gpu_arch)}
    binary=$(binary_for "$arch")
    if [ ! -x "$binary" ]; then
      nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
      mkdir -p "$(dirname "$binary")"
      partial="$binary.partial.$$"
      echo "$nvcc -O3 -std=c++17 -arch=$arch -o $binary $source"
      "$nvcc" -O3 -std=c++17 -arch="$arch" -o "$partial" "$source" || { rm -f "$partial"; exit 1; }
      mv -f "$partial" "$binary"
    fi
    echo "$binary"
    ;;
  suite)
    device=${2:-0}
    binary=$(binary_for "$(gpu_arch)")
    [ -x "$binary" ] || { echo "no $binary: run $0 build first" >&2; exit 1; }
    n=$((1 << ${LOG2N:-28}))
    small=$((1 << 20))
    events="--reps 30 --warmup 5"
    {
      echo "--primitive copy --type float --n $n $events"
      for type in float int double; do
        echo "--primitive reduce --op sum --type $type --n $n $events"
        echo "--primitive reduce --op sum --type $type --n $n $events --result-to-host"
      done
      echo "--primitive scan --op sum --type float --n $n $events"
      echo "--primitive histogram --type float --bins 256 --lower 0 --upper 1 --n $n $events"
      echo "--primitive reduce --op sum --type float --n $small $events --result-to-host"
      echo "--primitive reduce --op sum --type float --n $small --reps 120 --warmup 20 --timer wall" \
        "--result-to-host"
    } | "$binary" --batch --device "$device"
    ;;
  *)
    usage
    ;;
esac
