#!/usr/bin/env bash
# One GPU-machine run for the Aparapi backend (needs .device-aparapi from tools/device-pack.sh):
#   1. the whole Aparapi test suite (five conformance classes + backend tests) with the NVIDIA
#      OpenCL device selected (-Dprims.device=NVIDIA),
#   2. CUB DeviceReduce::Sum and friends (backend-cuda/src/test/cub/cub_reference.cu, built here),
#   3. AparapiReduceBench: 2^28 floats, data resident, best/median of 30 calls.
# Steps 2 and 3 run one after the other so that they do not share the GPU.
#   bash backend-aparapi/src/test/device/gpu-run.sh
set -uo pipefail
out=${OUT:-/tmp/aparapi-out}
mkdir -p "$out"
dev=.device-aparapi
run_java() { bash "$dev/on-device.sh" java "$@"; }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/gpu.txt"
(nvcc -O3 -arch=sm_90 -o /tmp/cub_reference backend-cuda/src/test/cub/cub_reference.cu \
  > "$out/nvcc.txt" 2>&1; echo "nvcc exit $?" >> "$out/nvcc.txt") &
nvcc_pid=$!

echo "== conformance on the NVIDIA GPU through Aparapi" | tee "$out/conformance.txt"
timeout 200 bash "$dev/on-device.sh" java -Xmx8g -Dprims.device=NVIDIA \
  -cp "$dev/lib/*" org.junit.platform.console.ConsoleLauncher execute \
  --disable-banner --details=summary --select-package=dev.prims.aparapi \
  --exclude-classname='.*Bench' 2>&1 | grep -v '^\s*at ' | tail -150 >> "$out/conformance.txt"
echo "conformance exit ${PIPESTATUS[0]}" >> "$out/conformance.txt"

wait "$nvcc_pid"
echo "== CUB reference" | tee "$out/bench.txt"
if [ -x /tmp/cub_reference ]; then /tmp/cub_reference 2>&1 | tee -a "$out/bench.txt"; fi
echo "== Aparapi float reduce sum, 2^28 resident" | tee -a "$out/bench.txt"
timeout 120 bash "$dev/on-device.sh" java -Xmx12g -Dcom.aparapi.enableProfiling=true \
  -cp "$dev/lib/*" dev.prims.aparapi.AparapiReduceBench 28 30 NVIDIA 2>&1 \
  | grep -v '^\s*at ' | tail -40 | tee -a "$out/bench.txt"
