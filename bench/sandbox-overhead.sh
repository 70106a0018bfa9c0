#!/usr/bin/env bash
# Sandbox overhead of the validator, both backends measured in the same run, paired (each round runs them one after
# the other, so a ratio compares runs made under the same machine load):
#  1. the cost of one start: `python3 -c pass` in bubblewrap and in gVisor, RUNS pairs, medians and the median ratio;
#  2. the harness run on the good fixture environment (import, load_environment, dataset, rubric, sample rewards,
#     probes, fingerprint): each round directly (same Python, same venv), in bubblewrap (prlimit + timeout + setpriv +
#     bwrap, exactly as the validator runs it) and in gVisor (unshare + tmpfs + timeout + runsc run, as the validator
#     runs it with ENVHUB_SANDBOX=gvisor); medians of RUNS rounds and the median gVisor/bubblewrap ratio.
# With JOBS=1 it also measures whole validations (static checks, venv, offline pip install, two harness runs) per
# minute with 1 and 2 concurrent workers, in each sandbox.
# Needs root, bubblewrap, runsc, Debian's /usr/bin/python3; builds the module if needed.
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
