#!/usr/bin/env bash
# Sandbox overhead of the validator: the harness run on the good fixture environment (import, load_environment,
# dataset, rubric, sample rewards, probes, fingerprint), median of RUNS (default 20) runs inside the bubblewrap
# sandbox (prlimit + timeout + setpriv + bwrap, exactly as the validator runs it) versus the same harness run
# directly with the same Python and the same venv. With JOBS=1 it also measures whole validations (static checks,
# venv, offline pip install, two harness runs) per minute with 1 and 2 concurrent workers.
# Needs root (to drop to the sandbox uid), bubblewrap, Debian's /usr/bin/python3; builds the module if needed.
# Usage: bench/sandbox-overhead.sh            (RUNS=50 for more runs, JOBS=1 for jobs per minute)
set -euo pipefail
cd "$(dirname "$0")/.."
CP_FILE=package-validator/target/bench.classpath
# compile this tree and resolve the classpath inside the reactor (package-format from its target/classes)
MAVEN_OPTS="${MAVEN_OPTS:--Xmx1g}" ./mvnw -B -o -q -pl package-validator -am -Dcheckstyle.skip compile \
  dependency:build-classpath -Dmdep.outputFile="$PWD/$CP_FILE" -Dmdep.includeScope=runtime >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec java -Xmx512m -cp "package-validator/target/classes:$(cat "$CP_FILE")" bench/SandboxOverheadBench.java \
  "${RUNS:-20}" "${JOBS:-0}"
