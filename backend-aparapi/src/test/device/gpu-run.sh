#!/usr/bin/env bash
# One GPU-machine run for the Aparapi backend (needs .device-aparapi from tools/device-pack.sh):
#   1. the whole Aparapi test suite (five conformance classes + backend tests) with the NVIDIA
#      OpenCL device selected (-Dprims.device=NVIDIA),
#   2. CUB DeviceReduce::Sum and friends (`tools/cub-reference.sh suite`: `prims bench`'s
#      reference program, built here),
#   3. AparapiReduceBench: 2^28 floats, data resident, best/median of 30 calls.
# Steps 2 and 3 run one after the other so that they do not share the GPU.
#   bash backend-aparapi/src/test/device/gpu-run.sh
#   DEVICE (default NVIDIA) and LOG2N (default 28) change the device and the benchmark size.
set -uo pipefail
out=${OUT:-/tmp/aparapi-out}
device=${DEVICE:-NVIDIA}
log2n=${LOG2N:-28}
tests=""
for c in Reduce Scan Histogram Dot Engine Fallback Devices Buffers Logging StridedLayout \
  BufferConformance SharedArray Stress; do
  tests="$tests --select-class=dev.prims.aparapi.Aparapi${c}Test"
done
mkdir -p "$out"
# PoCL's LLVM replaces the JVM's SIGSEGV handler; the JDK's libjsig chains them (see docs/pocl.md).
bash .device-aparapi/on-device.sh true
export LD_PRELOAD=/tmp/device-java/jre/lib/libjsig.so
dev=.device-aparapi

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/gpu.txt"
(bash tools/cub-reference.sh build > "$out/nvcc.txt" 2>&1; echo "nvcc exit $?" >> "$out/nvcc.txt") &
nvcc_pid=$!

echo "== conformance on the NVIDIA GPU through Aparapi" | tee "$out/conformance.txt"
# Classes are named one by one: the packed runtime has no zip file system to scan jars with.
timeout 150 bash "$dev/on-device.sh" java -Xmx8g -Dprims.device="$device" \
  -cp "$dev/lib/*" org.junit.platform.console.ConsoleLauncher execute \
  --disable-banner --disable-ansi-colors --details=tree $tests 2>&1 | grep -v '^\s*at ' > "$out/conformance-full.txt"
rc=${PIPESTATUS[0]}
grep -E -i "fail|abort|skipp|tests (found|successful)|WARN" "$out/conformance-full.txt" \
  | tail -100 >> "$out/conformance.txt"
echo "conformance exit $rc" >> "$out/conformance.txt"
gzip -f "$out/conformance-full.txt"

wait "$nvcc_pid"
echo "== CUB reference" | tee "$out/bench.txt"
timeout 60 bash tools/cub-reference.sh suite 2>&1 | tee -a "$out/bench.txt"
echo "== Aparapi float reduce sum, 2^$log2n resident" | tee -a "$out/bench.txt"
timeout 100 bash "$dev/on-device.sh" java -Xmx12g -Dcom.aparapi.enableProfiling=true \
  -cp "$dev/lib/*" dev.prims.aparapi.AparapiReduceBench "$log2n" 30 "$device" 2>&1 \
  | grep -v '^\s*at ' | tail -40 | tee -a "$out/bench.txt"
