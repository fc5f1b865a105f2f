#!/usr/bin/env bash
# Issue 7 on the GPU machine, from the repository root, in well under 2 minutes:
# CudaTransferBench (float sum of a 2^28 Java array, staged vs pageable, transfers included;
# scan -> histogram -> reduce on a 2^28 device buffer with the transfer counter; auto's choice)
# and CudaStagedTransferTest (multi-chunk correctness, counter). Logs go to $OUT.
#   bash backend-cuda/src/test/device/transfers-gpu.sh [PACK_DIR]   (default .device-final)
# PACK_DIR/lib must hold core, backend-cuda, its test classes (as a jar), the JCuda jars,
# slf4j, and junit-platform-console-standalone for the test part.
set -uo pipefail
pack=${1:-.device-final}
out=${OUT:-/tmp/out}
mkdir -p "$out"
java_run() { timeout "$1" bash "$pack/on-device.sh" java -Xmx8g \
  -Dprims.costmodel.cache="$out/costmodel.json" -cp "$pack/lib/*" "${@:2}"; }
java_run 75 dev.prims.cuda.CudaTransferBench 2>&1 | tee "$out/transfers.log"
echo "transfers bench exit ${PIPESTATUS[0]}"
if ls "$pack"/lib/junit-platform-console-standalone*.jar > /dev/null 2>&1; then
  java_run 40 org.junit.platform.console.ConsoleLauncher execute --disable-banner \
    --details=tree --details-theme=ascii --select-class=dev.prims.cuda.CudaStagedTransferTest \
    --reports-dir="$out/transfer-reports" > "$out/transfer-tests.log" 2>&1
  echo "transfer tests exit $?"
  grep -E "(tests|containers) (successful|failed|aborted)|\[X\]|Exception|expected" "$out/transfer-tests.log" | head -40
fi
