#!/usr/bin/env bash
# OpenCL scan tuning sweep on an NVIDIA GPU host: `prims bench` of the float inclusive scan (2^28
# elements, device-resident, NVIDIA's OpenCL platform) once per setting of the scan keys of
# OpenClScanPolicy, each setting first checked by an int inclusive scan of 2^25 + 7 elements
# compared bit for bit with the CPU backend; CUB's DeviceScan::InclusiveSum is measured last in the
# same run (built with nvcc in the background while the sweep runs, unless PRIMS_CUB_CACHE already
# holds it, as tools/gpu-verify.sh leaves it). Prints one line per setting with GB/s and the ratio
# to CUB (check: ok, WRONG = differs from the CPU, error = did not run, see $OUT/LABEL-check.txt);
# logs and CSVs go to $OUT.
#   bash backend-opencl/src/test/gpu/scan-sweep.sh [PACK_DIR [SETTING...]]
# PACK_DIR holds lib/prims.jar and on-device.sh (tools/gpu-pack.sh or tools/device-pack.sh NAME
# app/target/prims.jar); default .device-final. A SETTING is LABEL:KEY=VALUE,KEY=VALUE with keys
# of prims.opencl.scan.* (itemsPerThread, itemsPerThread8, workGroupSize, chunksPerComputeUnit,
# lookbackWindow) or variant (prims.scan.variant); default: the list below.
# Environment: OUT (default /tmp/scan-sweep-out), TYPES (bench types, default float), SIZE
# (default 2^28), RUN_S (limit per java run, default 60), CHECK (0 skips the checks), PLATFORM
# (prims.opencl.platform, default NVIDIA), CHECK_N (elements of the checks, default 2^25 + 7).
set -uo pipefail
pack=${1:-.device-final}
shift $(( $# > 0 ? 1 : 0 ))
jar=$pack/lib/prims.jar
out=${OUT:-/tmp/scan-sweep-out}
types=${TYPES:-float}
size=${SIZE:-2^28}
limit=${RUN_S:-60}
platform=${PLATFORM:-NVIDIA}
work=/tmp/scan-sweep
mkdir -p "$out" "$work"
summary=$out/summary.txt
: > "$summary"
say() { echo "$*" | tee -a "$summary"; }

settings=("$@")
if [ ${#settings[@]} -eq 0 ]; then
  settings=(
    rts-8:variant=reduce-then-scan,itemsPerThread=8
    rts-16:variant=reduce-then-scan,itemsPerThread=16
    rts-31:variant=reduce-then-scan,itemsPerThread=31
    rts-16-c4:variant=reduce-then-scan,itemsPerThread=16,chunksPerComputeUnit=4
    rts-16-c16:variant=reduce-then-scan,itemsPerThread=16,chunksPerComputeUnit=16
    dlb-8:variant=decoupled-lookback,itemsPerThread=8
    dlb-16:variant=decoupled-lookback,itemsPerThread=16
    dlb-23:variant=decoupled-lookback,itemsPerThread=23
    dlb-31:variant=decoupled-lookback,itemsPerThread=31
    dlb-32:variant=decoupled-lookback,itemsPerThread=32
    dlb-31-b128:variant=decoupled-lookback,itemsPerThread=31,workGroupSize=128
    dlb-15-b512:variant=decoupled-lookback,itemsPerThread=15,workGroupSize=512
    dlb-31-w16:variant=decoupled-lookback,itemsPerThread=31,lookbackWindow=16
    dlb-31-w64:variant=decoupled-lookback,itemsPerThread=31,lookbackWindow=64
  )
fi

# The JRE unpacks on first use; PoCL's LLVM replaces the JVM's SIGSEGV handler, libjsig chains them.
bash "$pack/on-device.sh" true
export LD_PRELOAD=/tmp/device-java/jre/lib/libjsig.so
java() { timeout "$limit" bash "$pack/on-device.sh" java -Xmx16g "$@"; }

# CUB reference, compiled on the CPU while the GPU sweeps (same layout as tools/gpu-verify.sh).
cub_pid=
if [ -z "${PRIMS_CUB_CACHE:-}" ]; then
  export PRIMS_CUB_CACHE=$work/cub-cache
  arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d ' .')
  src=app/src/main/resources/dev/prims/app/bench/cub_reference.cu
  dir=$PRIMS_CUB_CACHE/cub-$(sha256sum "$src" | cut -c1-16)-$arch
  if [ ! -x "$dir/cub_reference" ]; then
    mkdir -p "$dir"
    nvcc_bin=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    ("$nvcc_bin" -O3 -std=c++17 -arch="$arch" -o "$dir/cub_reference" "$src" \
      > "$work/nvcc.log" 2>&1; echo "nvcc exit $?" >> "$work/nvcc.log") &
    cub_pid=$!
  fi
fi

check_n=${CHECK_N:-33554439}
if [ "${CHECK:-1}" != 0 ]; then
  java -Dprims.fallback=false -jar "$jar" run scan --n $check_n --type int --backend cpu \
    --output "$work/cpu-int.npy" > "$work/check-cpu.txt" 2>&1 || say "cpu reference failed"
fi

# The -D options of one setting.
options() {
  local spec=$1 kv key value
  local opts=(-Dprims.opencl.platform=$platform -Dprims.fallback=false)
  IFS=, read -ra kv <<< "$spec"
  for pair in "${kv[@]}"; do
    key=${pair%%=*}
    value=${pair#*=}
    if [ "$key" = variant ]; then
      opts+=("-Dprims.scan.variant=$value")
    else
      opts+=("-Dprims.opencl.scan.$key=$value")
    fi
  done
  echo "${opts[@]}"
}

# best GB/s and best ms of the rows of $2 (a bench CSV) whose backend is $1 and type $3.
gbps() {
  awk -F, -v b="$1" -v t="$3" 'NR > 1 && $1 == b && $5 == t { printf "%s %s", $12, $9; exit }' "$2"
}

say "setting                     type    check   GB/s      best_ms"
results=()
for entry in "${settings[@]}"; do
  label=${entry%%:*}
  spec=${entry#*:}
  read -ra opts <<< "$(options "$spec")"
  check=skipped
  if [ "${CHECK:-1}" != 0 ]; then
    if ! java "${opts[@]}" -jar "$jar" run scan --n $check_n --type int --backend opencl \
      --output "$work/$label-int.npy" > "$out/$label-check.txt" 2>&1; then
      check=error
    elif cmp -s "$work/cpu-int.npy" "$work/$label-int.npy"; then
      check=ok
    else
      check=WRONG
    fi
    rm -f "$work/$label-int.npy"
  fi
  java "${opts[@]}" -jar "$jar" bench --no-progress --no-reference --backends opencl \
    --types "$types" --primitives scan:inclusive --sizes "$size" --modes device \
    --csv "$out/$label.csv" > "$out/$label.txt" 2>&1
  for t in ${types//,/ }; do
    read -r g ms <<< "$(gbps opencl "$out/$label.csv" "$t" 2>/dev/null)"
    say "$(printf '%-27s %-7s %-7s %-9s %s' "$label" "$t" "$check" "${g:-failed}" "${ms:-}")"
    results+=("$label $t ${g:-0}")
  done
done

if [ -n "$cub_pid" ]; then
  wait "$cub_pid"
  tail -2 "$work/nvcc.log" | tee -a "$summary"
fi
java -Dprims.opencl.platform="$platform" -jar "$jar" bench --no-progress --backends opencl \
  --types "$types" --primitives scan:inclusive --sizes "$size" --modes device \
  --csv "$out/reference.csv" > "$out/reference.txt" 2>&1
say ""
for t in ${types//,/ }; do
  read -r cub cubms <<< "$(gbps cub "$out/reference.csv" "$t" 2>/dev/null)"
  read -r def defms <<< "$(gbps opencl "$out/reference.csv" "$t" 2>/dev/null)"
  say "CUB DeviceScan::InclusiveSum $t: ${cub:-missing} GB/s ($cubms ms); opencl default: ${def:-failed} GB/s"
  if [ -n "${cub:-}" ]; then
    for r in "${results[@]}"; do
      read -r label rt g <<< "$r"
      [ "$rt" = "$t" ] && say "$(awk -v l="$label" -v g="$g" -v c="$cub" -v t="$t" \
        'BEGIN { printf "ratio %-27s %-7s %.3f\n", l, t, g / c }')"
    done
  fi
done
