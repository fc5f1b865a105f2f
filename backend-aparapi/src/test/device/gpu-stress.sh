#!/usr/bin/env bash
# Aparapi under concurrency on the GPU machine: the wrong-histogram hunt (issue 5). Needs
# .device-aparapi from tools/device-pack.sh with the backend jar, its test jar, its test-scope
# dependencies and junit-platform-console-standalone (about 38 MiB):
#   mvn -B -q -o -pl backend-aparapi dependency:copy-dependencies -DincludeScope=test \
#     -DoutputDirectory=/tmp/aparapi-deps
#   mvn -B -q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:1.13.4 \
#     -DoutputDirectory=/tmp/junit
#   tools/device-pack.sh aparapi backend-aparapi/target/prims-backend-aparapi-0.1.0-SNAPSHOT*.jar \
#     /tmp/aparapi-deps/*.jar /tmp/junit/junit-platform-console-standalone-1.13.4.jar
# then, with carry [".device-aparapi"]:
#   bash backend-aparapi/src/test/device/gpu-stress.sh
# Steps:
#   1. AparapiStressTest for SECONDS_STRESS (default 120) with THREADS (default 16) threads on the NVIDIA
#      device: small random histograms of every type and both variants, reduce/scan/dot, reused host
#      arrays, device buffers rewritten in place, a thread forcing garbage collections; every
#      answer checked (it prints "aparapi stress: N checks (H histograms), W wrong").
#   2. AparapiSharedArrayTest and AparapiEngineTest (manyThreadsShareOneEngine among them).
# prims.jar does not fit beside these jars (64 MiB); `prims stress --backends aparapi` runs from its
# own pack (tools/device-pack.sh prims app/target/prims.jar; carry .device-prims):
#   bash .device-prims/on-device.sh java -jar .device-prims/lib/prims.jar stress --threads 32 \
#     --seconds 60 --backends aparapi
# DEVICE (default NVIDIA) picks the device. Outputs go to $OUT (default /tmp/aparapi-out).
set -uo pipefail
out=${OUT:-/tmp/aparapi-out}
device=${DEVICE:-NVIDIA}
seconds=${SECONDS_STRESS:-120}
threads=${THREADS:-16}
dev=.device-aparapi
mkdir -p "$out"
# PoCL's LLVM replaces the JVM's SIGSEGV handler; the JDK's libjsig chains them (see docs/pocl.md).
bash .device-aparapi/on-device.sh true
export LD_PRELOAD=/tmp/device-java/jre/lib/libjsig.so

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$out/gpu.txt"

run_tests() {
  local name=$1 limit=$2
  shift 2
  local selects=()
  for c in "$@"; do
    selects+=("--select-class=dev.prims.aparapi.$c")
  done
  # Classes are named one by one: the packed runtime has no zip file system to scan jars with.
  timeout "$limit" bash "$dev/on-device.sh" java -Xmx8g -Dprims.device="$device" \
    -Dprims.aparapi.stress.seconds="$seconds" -Dprims.aparapi.stress.threads="$threads" \
    -cp "$dev/lib/*" org.junit.platform.console.ConsoleLauncher execute \
    --disable-banner --disable-ansi-colors --details=tree "${selects[@]}" 2>&1 \
    | grep -v '^\s*at ' > "$out/$name.txt"
  local rc=${PIPESTATUS[0]}
  echo "$name exit $rc" | tee -a "$out/summary.txt"
  grep -E "aparapi stress|wrong answers|WRONG|device keys|keys n=|even n=|dot\(x|✘|tests (successful|failed|aborted)" \
    "$out/$name.txt" | head -40 | tee -a "$out/summary.txt"
}

echo "== 1. AparapiStressTest, $threads threads, $seconds s, device $device" | tee -a "$out/summary.txt"
run_tests stress $((seconds + 90)) AparapiStressTest

echo "== 2. shared arrays and engine" | tee -a "$out/summary.txt"
run_tests engine 90 AparapiSharedArrayTest AparapiEngineTest
