#!/usr/bin/env bash
# The multi-device figures on a host with two or more GPUs, from a pack made by tools/gpu-pack.sh
# in .device-final/ (with the CUB reference binary, xz-compressed or not, under
# .device-final/cub-cache/cub-<sha16>-sm_90/, and for "three" the CUDA test classes and the JUnit
# console jar): machine facts, prims info, reproducible bits on one and all GPUs, device-resident
# and host-array benches with one GPU and all side by side, conformance on all GPUs, and a 100 GiB
# buffer over every GPU. Each group fits one 10-minute call; logs land in $OUT/logs.tgz.
#   bash tools/gpu-multidevice.sh one two three
cd "$(dirname "$0")/.."
mkdir -p "$OUT/logs"
L="$OUT/logs"
export PRIMS_CUB_CACHE=$PWD/.device-final/cub-cache
bash .device-final/on-device.sh true
for x in .device-final/cub-cache/*/cub_reference.xz; do [ -f "$x" ] && xz -d "$x"; done
export LD_PRELOAD=/tmp/device-java/jre/lib/libjsig.so
J="bash .device-final/on-device.sh java -Xmx120g -jar .device-final/lib/prims.jar"
step() { local name=$1 lim=$2; shift 2; local t0=$SECONDS; echo "== $name: $*" > "$L/$name.txt"
  timeout -k 5 "$lim" "$@" >> "$L/$name.txt" 2>&1; echo "== rc=$? in $((SECONDS-t0)) s" >> "$L/$name.txt"
  pkill -9 -f prims.jar; sleep 1; tail -2 "$L/$name.txt"; }
for group in "$@"; do case $group in
one)
(nvidia-smi; nvidia-smi topo -m; nvidia-smi -q | grep -iE "link (gen|width)|Max Link" | head -20) > "$L/topo.txt" 2>&1
step info 90 $J info
for d in 0 all; do for t in float double; do
  step "repro-$t-$d" 90 $J run reduce --n 2^29 --type $t --determinism reproducible --backend cuda --config prims.device=$d
done; done
step repro-scan-0 90 $J run scan --n 2^27 --type float --determinism reproducible --backend cuda --config prims.device=0 --output /tmp/scan0.npy
step repro-scan-all 90 $J run scan --n 2^27 --type float --determinism reproducible --backend cuda --config prims.device=all --output /tmp/scanall.npy
cmp /tmp/scan0.npy /tmp/scanall.npy > "$L/repro-scan-cmp.txt" 2>&1; echo "cmp rc=$?" >> "$L/repro-scan-cmp.txt"
step bench-device 420 $J bench --backends cuda --devices all --modes device --primitives reduce:sum,dot,histogram,scan:inclusive --types float --sizes 2^28,2^31 --no-progress --json "$L/bench-device.json"
;;
two)
step conf-cuda 240 $J conformance --backends cuda --devices all --primitives reduce,scan,histogram,dot,engine,buffer,async,callerarray,argreduce,moments
step bench-scan 150 $J bench --backends cuda --devices all --modes device --primitives scan --types float,int --sizes 2^28,2^31 --no-progress --json "$L/bench-scan.json"
step bench-host 120 $J bench --backends cuda --devices all --modes host --primitives reduce:sum,dot,histogram,scan:inclusive --types float --sizes 2^28 --no-progress --json "$L/bench-host.json"
step conf-opencl 120 $J conformance --backends opencl --devices all --primitives reduce,scan,buffer
;;
three)
step large-buffer 300 bash .device-final/on-device.sh java -Xmx120g -Dprims.test.largeBufferGiB=100 -jar .device-final/extra/junit-platform-console-standalone-1.13.4.jar execute -cp .device-final/lib/prims.jar:.device-final/extra/prims-cuda-tests.jar --select-class dev.prims.cuda.CudaMultiDeviceLargeBufferTest --details=tree
step bench-2e31 200 $J bench --backends cuda --devices all --modes device --primitives reduce,dot --types int,double,float --sizes 2^31 --no-progress --json "$L/bench-2e31.json"
step bench-host-2e30 120 $J bench --backends cuda --devices all --modes host --primitives reduce:sum,dot --types float --sizes 2^30 --no-progress --json "$L/bench-host-2e30.json"
;;
esac; done
tar czf "$OUT/logs.tgz" -C "$OUT" logs
