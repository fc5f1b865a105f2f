#!/usr/bin/env bash
# The whole GPU verification in one go, on a GPU host with the runtime packed by
# tools/gpu-pack.sh: machine facts, `prims info`, `prims conformance` on every backend and
# OpenCL platform, the CUDA-only tests (2^32 + 5 floats, staged transfers), `prims bench`
# (device-resident 2^20 and 2^28, CUB/Thrust beside), reproducible-mode speed, host-array
# transfer paths, `prims ladder` and `prims stress` when present. Everything lands in $OUT
# (summary.txt plus one tarball of every log).
#   bash tools/gpu-verify.sh [PACK_DIR [all|conformance|perf]]    (default .device-final all)
# The two phases fit the GPU tool's 10-minute calls: `conformance` first, then `perf` on the same
# (still warm) machine, which reuses the CUB build started by the first.
set -uo pipefail
pack=${1:-.device-final}
phase=${2:-all}
out=${OUT:-/tmp/gpu-verify-out}
work=/tmp/gpu-verify
jar="$pack/lib/prims.jar"
step() {
  echo "== $(date +%T) $*" | tee -a "$work/summary.txt"
  cp "$work/summary.txt" "$out/summary-$phase.txt"
}
# The CUB/Thrust reference (the same source the jar carries) compiles on the CPU in the background
# while the GPU does other work; `prims bench` and `prims ladder` find it through PRIMS_CUB_CACHE.
cache=$work/cub-cache
start_cub_build() {
  local arch src hash nvcc_bin dir
  arch=sm_$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d ' .')
  src=app/src/main/resources/dev/prims/app/bench/cub_reference.cu
  hash=$(sha256sum "$src" | cut -c1-16)
  dir=$cache/cub-$hash-$arch
  [ -x "$dir/cub_reference" ] && { echo "nvcc exit 0 (cached)" > "$work/nvcc.log"; return; }
  mkdir -p "$dir"
  nvcc_bin=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  setsid bash -c "'$nvcc_bin' -O3 -std=c++17 -arch=$arch -o '$dir/cub_reference' '$src' \
    > '$work/nvcc.log' 2>&1; echo \"nvcc exit \$?\" >> '$work/nvcc.log'" \
    < /dev/null > /dev/null 2>&1 &
}
finish() {
  step "done ($phase)"
  cp "$work/summary.txt" "$out/summary-$phase.txt"
  tar -C /tmp -czf "$out/gpu-verify-$phase.tgz" --exclude='cub-cache' gpu-verify
}
mkdir -p "$out"
# PoCL's LLVM replaces the JVM's SIGSEGV handler; the JDK's libjsig chains them (see README).
bash "$pack/on-device.sh" true
export LD_PRELOAD=/tmp/device-java/jre/lib/libjsig.so
if [ "$phase" != perf ]; then
rm -rf "$work" && mkdir -p "$work"

step "machine"
nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv \
  | tee -a "$work/summary.txt"
nproc >> "$work/summary.txt"
start_cub_build

step "info"
bash "$pack/on-device.sh" java -jar "$jar" info > "$work/info.txt" 2>&1
grep -E "^[a-z]+ +(available|absent|broken)|^  device" "$work/info.txt" | head -20 >> "$work/summary.txt"

step "conformance (every backend, device and OpenCL platform)"
timeout 360 bash "$pack/on-device.sh" java -Xmx16g -jar "$jar" conformance \
  --json "$work/conformance.json" > "$work/conformance.txt" 2>&1
echo "conformance exit $?" | tee -a "$work/summary.txt"
grep -vE "^\s*$" "$work/conformance.txt" | tail -12 >> "$work/summary.txt"

if ls "$pack"/extra/junit-platform-console-standalone*.jar >/dev/null 2>&1; then
  step "CUDA-only tests: 2^32 + 5 floats on the device, staged host transfers"
  timeout 150 bash "$pack/on-device.sh" java -Xmx24g -cp "$pack/extra/*:$jar" \
    org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=summary \
    --select-class=dev.prims.cuda.CudaLargeInputTest \
    --select-class=dev.prims.cuda.CudaStagedTransferTest > "$work/cuda-tests.txt" 2>&1
  echo "cuda tests exit $?" | tee -a "$work/summary.txt"
  grep -E "tests (successful|failed|aborted|skipped)" "$work/cuda-tests.txt" >> "$work/summary.txt"
fi

fi
[ "$phase" = conformance ] && { finish; exit 0; }

mkdir -p "$work"
grep -q "nvcc exit 0" "$work/nvcc.log" 2>/dev/null || start_cub_build
export PRIMS_CUB_CACHE=$cache

step "reproducible float sum and dot, 2^28, device-resident"
timeout 60 bash "$pack/on-device.sh" java -Xmx16g -Dprims.determinism=reproducible -jar "$jar" \
  bench --no-progress --no-reference --backends cuda,opencl,aparapi --types float,double \
  --primitives reduce:sum,dot --sizes 2^28 --modes device \
  --json "$work/bench-reproducible.json" > "$work/bench-reproducible.txt" 2>&1
echo "reproducible bench exit $?" | tee -a "$work/summary.txt"

step "host arrays on CUDA: pageable vs staged"
for path in pageable staged; do
  timeout 50 bash "$pack/on-device.sh" java -Xmx16g -Dprims.cuda.hostpath=$path -jar "$jar" \
    bench --no-progress --no-reference --backends cuda --types float --primitives reduce:sum,dot \
    --sizes 2^28 --modes host --json "$work/bench-host-$path.json" \
    > "$work/bench-host-$path.txt" 2>&1
  echo "host bench ($path) exit $?" | tee -a "$work/summary.txt"
done
if ls "$pack"/extra/*.jar >/dev/null 2>&1; then
  timeout 60 bash "$pack/on-device.sh" java -Xmx16g -cp "$pack/extra/*:$jar" \
    dev.prims.cuda.CudaTransferBench > "$work/transfer-bench.txt" 2>&1
  echo "transfer bench exit $?" | tee -a "$work/summary.txt"
fi

{
  step "stress: 32 threads, mixed primitives and backends"
  timeout 50 bash "$pack/on-device.sh" java -Xmx16g -jar "$jar" stress --threads 32 \
    --seconds 20 --backends cuda,opencl,aparapi,cpu > "$work/stress.txt" 2>&1
  echo "stress exit $?" | tee -a "$work/summary.txt"
  tail -15 "$work/stress.txt" >> "$work/summary.txt"
}
for _ in $(seq 1 150); do grep -q "nvcc exit" "$work/nvcc.log" 2>/dev/null && break; sleep 2; done
tail -3 "$work/nvcc.log" >> "$work/summary.txt" 2>/dev/null
step "bench, device-resident, beside CUB and Thrust"
timeout 180 bash "$pack/on-device.sh" java -Xmx16g -jar "$jar" bench --no-progress \
  --backends cuda,opencl,aparapi --types int,float,double --sizes 2^28 --modes device \
  --json "$work/bench.json" --csv "$work/bench.csv" > "$work/bench.txt" 2>&1
echo "bench exit $?" | tee -a "$work/summary.txt"

step "ladder"
timeout 60 bash "$pack/on-device.sh" java -Xmx16g -jar "$jar" ladder --backends cuda,opencl \
  --json "$work/ladder.json" > "$work/ladder.txt" 2>&1
echo "ladder exit $?" | tee -a "$work/summary.txt"


finish
