#!/usr/bin/env bash
# Runs on the GPU machine from the repository root (see COMMON.md): builds the CUB reference
# (`prims bench`'s program, through tools/cub-reference.sh) in the background, runs the CUDA
# backend's JUnit tests (conformance, 2^32+5 floats) with the console launcher, then CudaBench and
# the CUB reference suite. Logs go to $OUT.
#   bash backend-cuda/src/test/device/gpu-run.sh [tests|bench|all]
set -uo pipefail
what=${1:-all}
pack=.device-cuda
out=${OUT:-/tmp/out}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv > "$out/gpu.txt" 2>&1
bash tools/cub-reference.sh build > "$out/nvcc.log" 2>&1 &
nvcc_pid=$!
run_java() { timeout "$limit" bash "$pack/on-device.sh" java "$@"; }
if [ "$what" != bench ]; then
  limit=${TEST_LIMIT:-150} run_java -Xmx8g -cp "$pack/lib/*" org.junit.platform.console.ConsoleLauncher execute \
    --disable-banner --details=summary --details-theme=ascii \
    --select-class=dev.prims.cuda.CudaProviderTest --select-class=dev.prims.cuda.CudaReduceTest \
    --select-class=dev.prims.cuda.CudaScanTest --select-class=dev.prims.cuda.CudaHistogramTest \
    --select-class=dev.prims.cuda.CudaDotTest --select-class=dev.prims.cuda.CudaEngineTest \
    --select-class=dev.prims.cuda.CudaLargeInputTest \
    --reports-dir="$out/reports" > "$out/tests.log" 2>&1
  echo "tests exit $?"
  grep -E "tests (successful|failed|aborted|skipped)|containers failed" "$out/tests.log"
  sed -n '/Failures (/,$p' "$out/tests.log" | grep -v -E '^\s+(at )?(org\.junit|java\.base|net\.jqwik|jdk\.internal)' | cut -c1-400 | head -120
fi
if [ "$what" != tests ]; then
  limit=${BENCH_LIMIT:-90} run_java -Xmx6g -cp "$pack/lib/*" dev.prims.cuda.CudaBench 2>&1 | tee "$out/bench.log" | grep -E "bench|device|Exception|at dev|MISMATCH"
  wait $nvcc_pid; echo "nvcc exit $?"; tail -3 "$out/nvcc.log"
  timeout 60 bash tools/cub-reference.sh suite 2>&1 | tee "$out/cub.log"
fi
wait
