#!/usr/bin/env bash
# Builds this example against the installed prims artifacts and runs it.
set -euo pipefail
cd "$(dirname "$0")"
mvn -B -q -Dstyle.color=never package
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
# PoCL's LLVM replaces the JVM's SIGSEGV handler; libjsig chains them (see prims' README)
export LD_PRELOAD="$java_home/lib/libjsig.so${LD_PRELOAD:+:$LD_PRELOAD}"
exec "$java_home/bin/java" -cp "target/classes:$(cat target/classpath.txt)" \
  com.example.consumer.ConsumerApp "$@"
