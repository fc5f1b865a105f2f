#!/usr/bin/env bash
# Reliability on a GPU host (issue 9), under 3 minutes, logs under $OUT. Run from the repo root
# with the packed runtime in .device-final/ (tools/device-pack.sh final app/target/prims.jar):
#   bash app/src/test/device/reliability-gpu.sh
# Steps: which backends are here; a load test of 32 threads on every available backend
# (>= 10,000 calls, every answer checked against cpu, CUDA device memory in use compared before and
# after: no growth allowed); a CUDA-only load; when $PACK/extra holds prims-app-tests.jar
# (jar cf prims-app-tests.jar -C app/target/test-classes .) and the JUnit console launcher, the
# fault-injection, jqwik differential, bad-input and private-natives tests on the GPU's backends;
# where JCuda and JOCL took their native libraries from (a private 0700 directory, not a shared
# /tmp file). Exit status: the number of failed steps.
set -uo pipefail
OUT=${OUT:-$PWD/reliability-out}
mkdir -p "$OUT"
PACK=${PACK:-.device-final}
prims() { timeout "$1" bash "$PACK/on-device.sh" java -jar "$PACK/lib/prims.jar" "${@:2}"; }
failed=0
started=$(date +%s)
echo "reliability-gpu: $(date -u) on $(hostname)" | tee "$OUT/reliability.txt"
nvidia-smi --query-gpu=name,driver_version,memory.used,memory.total --format=csv 2>&1 \
  | tee -a "$OUT/reliability.txt"
ls -la /tmp/libJOCL* /tmp/libJCuda* > "$OUT/tmp-natives-before.txt" 2>&1

prims 30 info 2>&1 | tee "$OUT/reliability-info.txt"

echo "== stress: 32 threads, every available backend" | tee -a "$OUT/reliability.txt"
prims 100 stress --threads 32 --seconds 30 --max-size 65536 --min-calls 10000 \
  --leak-tolerance-mib 0 2>&1 | tee "$OUT/stress-all.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || { failed=$((failed + 1)); echo "stress-all FAILED" | tee -a "$OUT/reliability.txt"; }

echo "== stress: 32 threads, cuda only (leak check)" | tee -a "$OUT/reliability.txt"
prims 60 stress --threads 32 --seconds 20 --max-size 16384 --backends cuda --min-calls 10000 \
  --leak-tolerance-mib 0 --seed 7 2>&1 | tee "$OUT/stress-cuda.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || { failed=$((failed + 1)); echo "stress-cuda FAILED" | tee -a "$OUT/reliability.txt"; }

tests=$(ls "$PACK"/extra/prims-app-tests.jar 2>/dev/null)
if [ -n "$tests" ] && ls "$PACK"/extra/junit-platform-console-standalone*.jar > /dev/null 2>&1; then
  echo "== fault-injection, differential (jqwik) and private-natives tests" | tee -a "$OUT/reliability.txt"
  timeout 150 bash "$PACK/on-device.sh" java -Xmx16g -cp "$PACK/extra/*:$PACK/lib/prims.jar" \
    org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree \
    --select-class=dev.prims.app.reliability.FaultInjectionTest \
    --select-class=dev.prims.app.reliability.DifferentialTest \
    --select-class=dev.prims.app.reliability.PrivateNativesTest \
    --select-class=dev.prims.app.reliability.BadInputTest > "$OUT/reliability-tests.txt" 2>&1
  [ $? -eq 0 ] || { failed=$((failed + 1)); echo "reliability tests FAILED" | tee -a "$OUT/reliability.txt"; }
  grep -E "tests (successful|failed|aborted|skipped)" "$OUT/reliability-tests.txt" | tee -a "$OUT/reliability.txt"
fi

echo "== native libraries" | tee -a "$OUT/reliability.txt"
natives=${XDG_CACHE_HOME:-$HOME/.cache}/prims/natives
ls -la "$natives" 2>&1 | tee "$OUT/natives-private.txt"
stat -c '%A %U %n' "$natives" 2>&1 | tee -a "$OUT/natives-private.txt"
ls -la /tmp/libJOCL* /tmp/libJCuda* > "$OUT/tmp-natives-after.txt" 2>&1
if ! diff -q "$OUT/tmp-natives-before.txt" "$OUT/tmp-natives-after.txt" > /dev/null; then
  failed=$((failed + 1)); echo "natives: a library appeared in /tmp" | tee -a "$OUT/reliability.txt"
fi
[ "$(stat -c '%a' "$natives" 2>/dev/null)" = 700 ] \
  || { failed=$((failed + 1)); echo "natives: $natives is not 0700" | tee -a "$OUT/reliability.txt"; }

grep -h "^calls\|^memory\|^PASS\|^FAIL\|WRONG\|FAILED" "$OUT"/stress-*.txt | tee -a "$OUT/reliability.txt"
echo "failed steps: $failed, $(( $(date +%s) - started )) s" | tee -a "$OUT/reliability.txt"
exit "$failed"
