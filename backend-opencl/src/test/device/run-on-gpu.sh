#!/usr/bin/env bash
# Runs on the GPU machine (see tools/device-pack.sh): the CUB reference, the OpenCL benchmark on
# NVIDIA's platform, then the conformance suite on NVIDIA's platform and on PoCL.
#   bash backend-opencl/src/test/device/run-on-gpu.sh [what...]
#   (what: bench cub nvidia nvidia16 pocl; nvidia16 repeats the scan suite with 16 items per
#   work-item)
# Logs go to $OUT/log.txt; JUnit XML reports to $OUT/<platform>/.
set -uo pipefail
P=.device-opencl
OUT=${OUT:-/tmp/opencl-out}
mkdir -p "$OUT"
LOG=$OUT/log.txt
what=${*:-bench cub nvidia pocl}
J="bash $P/on-device.sh java"
say() { echo "== $* ($(date +%T))" | tee -a "$LOG"; }
say start: $what
nvidia-smi -L 2>&1 | tee -a "$LOG"
case " $what " in *" cub "*)
  (bash tools/cub-reference.sh build > /tmp/nvcc.log 2>&1; echo "nvcc rc=$?" >> /tmp/nvcc.log) &
  NVCC=$! ;;
esac
case " $what " in *" bench "*)
  say benchmark NVIDIA
  timeout ${BENCH_S:-90} $J -Xmx10g -cp "$P/lib/*" dev.prims.opencl.OpenClBenchmark 28 NVIDIA 16 2>&1 | tee -a "$LOG" ;;
esac
case " $what " in *" cub "*)
  wait $NVCC; cat /tmp/nvcc.log | tail -5 | tee -a "$LOG"
  say cub reference
  timeout 60 bash tools/cub-reference.sh suite 2>&1 | tee -a "$LOG" ;;
esac
ALL="--select-class=dev.prims.opencl.OpenClEngineTest --select-class=dev.prims.opencl.OpenClReduceTest
 --select-class=dev.prims.opencl.OpenClScanTest --select-class=dev.prims.opencl.OpenClHistogramTest
 --select-class=dev.prims.opencl.OpenClDotTest --select-class=dev.prims.opencl.OpenClBackendTest
 --select-class=dev.prims.opencl.OpenClScanLookbackTest"
conformance() {
  local platform=$1 limit=$2 report=$3 extra=$4 classes=$5
  say conformance on $platform $extra
  mkdir -p "$OUT/$report"
  timeout "$limit" $J -Xmx8g -Dprims.opencl.platform=$platform $extra -cp "$P/lib/*" \
    org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=summary \
    --details-theme=ascii --reports-dir="$OUT/$report" $classes 2>&1 | tail -40 | tee -a "$LOG"
  rm -f "$OUT/$report"/TEST-junit-vintage.xml "$OUT/$report"/TEST-junit-platform-suite.xml
}
case " $what " in *" nvidia "*) conformance NVIDIA ${NVIDIA_S:-110} NVIDIA "" "$ALL" ;; esac
case " $what " in *" nvidia16 "*)
  conformance NVIDIA 60 NVIDIA16 -Dprims.opencl.scan.itemsPerThread=16 \
    --select-class=dev.prims.opencl.OpenClScanTest ;;
esac
case " $what " in *" pocl "*) conformance Portable ${POCL_S:-100} Portable "" "$ALL" ;; esac
say done
