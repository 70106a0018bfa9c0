#!/usr/bin/env bash
# Step latency of a hosted single-turn session (issue 33) against the same reward called directly in the sandboxed
# harness: one session of a small arithmetic environment is started with the validator's own SessionLauncher
# (bubblewrap, the validator's default limits); STEPS episodes of reset + step each (5 warm-up episodes first). The
# hosted figure is the runner's round trip (JSON line to the sandboxed process, reward, reply line back); the direct
# figure is the reward call timed inside the same sandboxed harness (state's last_score_ms). p50/p99 and their ratio.
# The hub's HTTP hop (/openenv/{id}/step -> runner) comes on top and is not measured here.
# Needs bubblewrap and Debian's /usr/bin/python3 (root for the uid drop); builds the module if needed.
# Usage: bench/session-step.sh            (STEPS=1000 for more)
set -euo pipefail
cd "$(dirname "$0")/.."
CP_FILE=package-validator/target/bench.classpath
MAVEN_OPTS="${MAVEN_OPTS:--Xmx1g}" ./mvnw -B -o -q -pl package-validator -am -Dcheckstyle.skip compile \
  dependency:build-classpath -Dmdep.outputFile="$PWD/$CP_FILE" -Dmdep.includeScope=runtime >/dev/null
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
exec java -Xmx256m -cp "package-validator/target/classes:$(cat "$CP_FILE")" bench/SessionStepBench.java "${STEPS:-200}"
