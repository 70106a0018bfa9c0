#!/usr/bin/env bash
# Many instances on one machine, beside a running stack (./envhub-stack up; its dir is ENVHUB_STACK_DIR):
#  - starts a second hub-backend (port 8091, same database, object store and Keycloak), two more validators (8093,
#    8094; sandbox uids 61001, 61002) and HAProxy (port 8090, round robin over both backends, `X-Served-By` on every
#    answer); the validators claim through HAProxy;
#  - rate limits through HAProxy: one user creates 15 personal access tokens; with the limits in PostgreSQL exactly the
#    per-user limit (ENVHUB_RATE_TOKENS_PER_USER, 10 by default) succeed, not twice it, though both backends answered;
#  - pushes PUSHES (200) small packages through HAProxy from 8 clients (8 users made for the run): the first PHASE1
#    (50) with the stack's validator alone, the next PHASE2 (50) with two validators, then a burst of the rest (100)
#    with three, all 8 clients pushing at once; prints validations per minute of each phase (first claim to last
#    result) and the burst's queue wait (claimed_at - queued_at) p50/p99;
#  - checks every pushed version validated exactly once: one job each, done, claimed once (attempts = 1), one report;
#  - yanks a version through the second backend and compares the package index page of both backends right after,
#    then unyanks through the first;
#  - 8 users and one anonymous client each download one environment 10 times through HAProxy: exactly 9 counted;
#  - stops only what it started (by pid).
# Needs: the stack up, its jars built, haproxy (Debian), psql, curl, python3. The stack's Keycloak bootstrap admin
# (ENVHUB_KEYCLOAK_ADMIN/ENVHUB_KEYCLOAK_ADMIN_PASSWORD, admin/admin by default) creates the run's users.
# Usage: bench/scale-out.sh      (PUSHES=40 PHASE1=10 PHASE2=10 for a quick run)
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"
STACK_DIR="${ENVHUB_STACK_DIR:-$REPO/.stack-data}"
PUSHES="${PUSHES:-200}"; PHASE1="${PHASE1:-50}"; PHASE2="${PHASE2:-50}"
CLIENTS=8
HAPROXY_PORT=8090; BACKEND_B=8091; V2_PORT=8093; V3_PORT=8094
RUN="s$(date +%H%M%S)"
WORK="$(mktemp -d /tmp/envhub-scale-out.XXXXXX)"
chmod 755 "$WORK"
PIDS=()

say() { printf '%s %s\n' "$(date +%T)" "$*"; }
die() { echo "scale-out: $*" >&2; exit 1; }

cleanup() {
  local pid
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null || true
  done
  [ ${#PIDS[@]} -gt 0 ] && say "stopped what this run started (pids ${PIDS[*]}); logs in $WORK"
}
trap cleanup EXIT

[ -f "$STACK_DIR/stack.env" ] || die "no stack at $STACK_DIR (./envhub-stack up first, same ENVHUB_STACK_DIR)"
command -v haproxy >/dev/null || die "haproxy is missing (apt-get install -y haproxy)"
for jar in hub-backend package-validator; do
  [ -f "$jar/target/quarkus-app/quarkus-run.jar" ] || die "$jar is not built (./envhub-stack up builds it)"
done
curl -fsS -o /dev/null http://127.0.0.1:8081/q/health/ready || die "the stack's hub-backend (8081) is not ready"

# the stack's recorded settings (a Java properties file), the process environment winning
eval "$(python3 - "$STACK_DIR/stack.env" <<'PY'
import os, shlex, sys
for line in open(sys.argv[1]):
    line = line.strip()
    if not line or line.startswith('#') or '=' not in line:
        continue
    k, v = line.split('=', 1)
    v = v.replace('\\:', ':').replace('\\=', '=').replace('\\\\', '\\')
    if k not in os.environ:
        print(f"export {k}={shlex.quote(v)}")
PY
)"
DB_NAME="${ENVHUB_DB_URL##*/}"; DB_NAME="${DB_NAME%%\?*}"
psql_q() { psql -h 127.0.0.1 -U "${ENVHUB_DB_USER:-postgres}" -d "$DB_NAME" -Atq -c "$1"; }
KC="${ENVHUB_KEYCLOAK_URL:-http://127.0.0.1:8180}"
LB="http://127.0.0.1:$HAPROXY_PORT"
say "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); run $RUN; database $DB_NAME; work dir $WORK"

wait_ready() { # URL PID NAME
  for _ in $(seq 1 240); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
    kill -0 "$2" 2>/dev/null || die "$3 died; see $WORK/$3.log"
    sleep 1
  done
  die "$3 not ready after 240 s; see $WORK/$3.log"
}

start_java() { # NAME JAR PORT [VAR=VALUE ...]
  local name="$1" jar="$2" port="$3"; shift 3
  env QUARKUS_HTTP_HOST=127.0.0.1 QUARKUS_HTTP_PORT="$port" "$@" \
    setsid java -Xmx256m -jar "$jar" > "$WORK/$name.log" 2>&1 < /dev/null &
  PIDS+=($!)
  wait_ready "http://127.0.0.1:$port/q/health/ready" "$!" "$name"
  say "$name ready on $port (pid $!)"
}

# --- the second backend and HAProxy --------------------------------------------------------------------------
start_java backend-b hub-backend/target/quarkus-app/quarkus-run.jar "$BACKEND_B"
cat > "$WORK/haproxy.cfg" <<EOF
global
  maxconn 512
defaults
  mode http
  timeout connect 5s
  timeout client 300s
  timeout server 300s
frontend hub
  bind 127.0.0.1:$HAPROXY_PORT
  default_backend backends
backend backends
  balance roundrobin
  option httpchk GET /q/health/ready
  http-response set-header X-Served-By %s
  server a 127.0.0.1:8081 check inter 2s
  server b 127.0.0.1:$BACKEND_B check inter 2s
EOF
haproxy -c -q -f "$WORK/haproxy.cfg"
haproxy -db -f "$WORK/haproxy.cfg" > "$WORK/haproxy.log" 2>&1 &
PIDS+=($!)
wait_ready "$LB/q/health/ready" "$!" haproxy
say "haproxy on $HAPROXY_PORT in front of 8081 and $BACKEND_B (pid $!)"

# --- users of this run ---------------------------------------------------------------------------------------
ADMIN_TOKEN="$(curl -fsS -d grant_type=password -d client_id=admin-cli -d "username=${ENVHUB_KEYCLOAK_ADMIN:-admin}" \
  -d "password=${ENVHUB_KEYCLOAK_ADMIN_PASSWORD:-admin}" "$KC/realms/master/protocol/openid-connect/token" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')"
make_user() { # NAME -> prints a personal access token (read, publish) made through HAProxy
  local u="$1" jwt
  curl -fsS -o /dev/null -H "Authorization: Bearer $ADMIN_TOKEN" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$u\",\"enabled\":true,\"email\":\"$u@bench.example\",\"emailVerified\":true,\"firstName\":\"Bench\",\"lastName\":\"$u\",\"credentials\":[{\"type\":\"password\",\"value\":\"$u-pw\",\"temporary\":false}]}" \
    "$KC/admin/realms/envhub/users"
  jwt="$(curl -fsS -d grant_type=password -d client_id=envhub-dev -d "username=$u" -d "password=$u-pw" -d scope=openid \
    "$KC/realms/envhub/protocol/openid-connect/token" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')"
  echo "$jwt" > "$WORK/$u.jwt"
  curl -fsS -H "Authorization: Bearer $jwt" -H 'Content-Type: application/json' \
    -d '{"name":"scale-out","scopes":["read","publish"]}' "$LB/api/v1/tokens" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}
declare -a USERS TOKENS
for i in $(seq 1 $CLIENTS); do
  USERS[$i]="$RUN-u$i"
  TOKENS[$i]="$(make_user "${USERS[$i]}")"
done
say "made $CLIENTS users (${USERS[1]} ... ${USERS[$CLIENTS]}) with a personal access token each"

# --- rate limits through HAProxy -----------------------------------------------------------------------------
RL_USER="$RUN-limit"
make_user "$RL_USER" > /dev/null   # its first token
RL_JWT="$(cat "$WORK/$RL_USER.jwt")"
: > "$WORK/limit.txt"
for i in $(seq 1 15); do
  curl -sS -o /dev/null -D - -H "Authorization: Bearer $RL_JWT" -H 'Content-Type: application/json' \
    -d '{"name":"limit-'"$i"'","scopes":["read"]}' "$LB/api/v1/tokens" \
    | awk 'NR==1{code=$2} tolower($1)=="x-served-by:"{gsub("\r","",$2); by=$2} END{print code, by}' >> "$WORK/limit.txt"
done
created=$(( $(grep -c '^201' "$WORK/limit.txt") + 1 ))
refused=$(grep -c '^429' "$WORK/limit.txt" || true)
say "rate limit through HAProxy: one user asked for 16 tokens: $created created, $refused refused (429);" \
    "answered by a: $(grep -c ' a$' "$WORK/limit.txt" || true), by b: $(grep -c ' b$' "$WORK/limit.txt" || true)" \
    "(limit per user ${ENVHUB_RATE_TOKENS_PER_USER:-10} per hour: once, not once per backend)"

# --- packages ------------------------------------------------------------------------------------------------
python3 - "$WORK/wheels" "$RUN" "$CLIENTS" "$PUSHES" <<'PY'
import base64, hashlib, os, sys, zipfile
out, run, clients, pushes = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
os.makedirs(out, exist_ok=True)
MODULE = '''
def exact_match(completion, answer, **kwargs):
    text = completion[-1]["content"] if isinstance(completion, list) else completion
    return 1.0 if text.strip() == str(answer) else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


def load_environment(num_examples: int = 20):
    rows = [{"prompt": [{"role": "user", "content": "What is %d + %d?" % (i, i + SALT)}], "answer": str(2 * i + SALT)}
            for i in range(num_examples)]
    return {"dataset": rows, "rubric": Rubric([exact_match], [1.0])}
'''
def b64(d):
    return base64.urlsafe_b64encode(hashlib.sha256(d).digest()).rstrip(b"=").decode()
for n in range(pushes):
    client = n % clients + 1
    name = f"{run}-env{client}"
    module = name.replace("-", "_")
    version = f"0.1.{n // clients}"
    dist = f"{module}-{version}.dist-info"
    files = {
        f"{module}.py": MODULE.replace("SALT", str(n + 3)).encode(),
        f"{dist}/METADATA": (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: scale-out bench\n"
                             "License: MIT\nDescription-Content-Type: text/markdown\n\n# scale-out bench\n").encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: scale-out\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{p},sha256={b64(d)},{len(d)}\n" for p, d in files.items()) + f"{dist}/RECORD,,\n"
    files[f"{dist}/RECORD"] = record.encode()
    path = os.path.join(out, f"{client:02d}-{n:04d}-{module}-{version}-py3-none-any.whl")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for p, d in files.items():
            z.writestr(p, d)
PY

push_range() { # FIRST LAST: wheels FIRST..LAST (0-based push numbers), each client pushing its own, 8 at once
  local first="$1" last="$2" c pushers=()
  for c in $(seq 1 $CLIENTS); do
    (
      for f in "$WORK"/wheels/$(printf '%02d' "$c")-*.whl; do
        n=$(basename "$f" | cut -d- -f2); n=$((10#$n))
        [ "$n" -lt "$first" ] || [ "$n" -gt "$last" ] && continue
        owner="${USERS[$c]}"; name="$RUN-env$c"
        whl="$(basename "$f" | cut -d- -f3-)"
        code=$(curl -sS -o "$WORK/push-$n.json" -w '%{http_code}' -H "Authorization: Bearer ${TOKENS[$c]}" \
          -F "file=@$f;filename=$whl" "$LB/api/v1/environments/$owner/$name/versions")
        echo "$n $code" >> "$WORK/pushes.txt"
      done
    ) &
    pushers+=($!)
  done
  wait "${pushers[@]}"   # only the pushers: the services this script started are its children too
}

await_done() { # COUNT: waits until COUNT versions of this run have a finished job
  local want="$1" done_now
  for _ in $(seq 1 3600); do
    done_now=$(psql_q "SELECT count(*) FROM hub.validation_jobs j JOIN hub.versions v ON v.id = j.version_id
      JOIN hub.environments e ON e.id = v.environment_id WHERE e.name LIKE '$RUN-env%' AND j.state IN ('done', 'error')")
    [ "$done_now" -ge "$want" ] && return 0
    sleep 2
  done
  die "only $done_now of $want validations finished in 2 hours"
}

phase_rate() { # SINCE: validations/minute of this run's jobs queued since SINCE (first claim to last result)
  psql_q "WITH p AS (SELECT j.claimed_at, j.queued_at, r.created_at AS result_at FROM hub.validation_jobs j
      JOIN hub.validation_reports r ON r.job_id = j.id JOIN hub.versions v ON v.id = j.version_id
      JOIN hub.environments e ON e.id = v.environment_id
      WHERE e.name LIKE '$RUN-env%' AND j.queued_at >= '$1')
    SELECT count(*) || ' validations in ' || round(extract(epoch FROM max(result_at) - min(claimed_at))::numeric, 1)
      || ' s: ' || round((count(*) * 60 / extract(epoch FROM max(result_at) - min(claimed_at)))::numeric, 1)
      || ' validations/minute; queue wait p50 ' || round(extract(epoch FROM percentile_cont(0.5) WITHIN GROUP
      (ORDER BY claimed_at - queued_at))::numeric, 1) || ' s, p99 ' || round(extract(epoch FROM percentile_cont(0.99)
      WITHIN GROUP (ORDER BY claimed_at - queued_at))::numeric, 1) || ' s' FROM p"
}

: > "$WORK/pushes.txt"
P1_LAST=$((PHASE1 - 1)); P2_LAST=$((PHASE1 + PHASE2 - 1)); LAST=$((PUSHES - 1))
say "phase 1: $PHASE1 pushes, the stack's validator alone"
T=$(psql_q "SELECT now()"); push_range 0 "$P1_LAST"; await_done "$PHASE1"
say "  1 validator:  $(phase_rate "$T")"

start_java validator-2 package-validator/target/quarkus-app/quarkus-run.jar "$V2_PORT" ENVHUB_BACKEND_URL="$LB" \
  ENVHUB_VALIDATOR_SANDBOX_UID=61001 ENVHUB_VALIDATOR_WORKER_ID="$RUN-validator-2"
say "phase 2: $PHASE2 pushes, two validators"
T=$(psql_q "SELECT now()"); push_range "$PHASE1" "$P2_LAST"; await_done $((PHASE1 + PHASE2))
say "  2 validators: $(phase_rate "$T")"

start_java validator-3 package-validator/target/quarkus-app/quarkus-run.jar "$V3_PORT" ENVHUB_BACKEND_URL="$LB" \
  ENVHUB_VALIDATOR_SANDBOX_UID=61002 ENVHUB_VALIDATOR_WORKER_ID="$RUN-validator-3"
say "phase 3: a burst of $((PUSHES - PHASE1 - PHASE2)) pushes from $CLIENTS clients at once, three validators"
T=$(psql_q "SELECT now()"); push_range $((PHASE1 + PHASE2)) "$LAST"; await_done "$PUSHES"
say "  3 validators: $(phase_rate "$T")"

# --- exactly once --------------------------------------------------------------------------------------------
accepted=$(awk '$2 == 201' "$WORK/pushes.txt" | wc -l)
say "pushes through HAProxy: $accepted of $PUSHES accepted ($(awk '$2 != 201 {print $2}' "$WORK/pushes.txt" | sort | uniq -c | tr '\n' ' '))"
psql_q "SELECT 'versions ' || count(*) || ', jobs ' || count(j.id) || ', done ' || count(*) FILTER (WHERE j.state = 'done')
    || ', error ' || count(*) FILTER (WHERE j.state = 'error') || ', claimed more than once '
    || count(*) FILTER (WHERE j.attempts <> 1) || ', without a report ' || count(*) FILTER (WHERE r.version_id IS NULL)
    || ', validated ' || count(*) FILTER (WHERE r.status = 'validated')
  FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id
  LEFT JOIN hub.validation_jobs j ON j.version_id = v.id LEFT JOIN hub.validation_reports r ON r.version_id = v.id
  WHERE e.name LIKE '$RUN-env%'" | sed "s/^/$(date +%T) exactly once: /"
psql_q "SELECT string_agg(worker || ' ' || n, ', ' ORDER BY worker) FROM (SELECT r.worker, count(*) AS n
  FROM hub.validation_reports r JOIN hub.versions v ON v.id = r.version_id JOIN hub.environments e ON e.id = v.environment_id
  WHERE e.name LIKE '$RUN-env%' GROUP BY r.worker) w" | sed "s/^/$(date +%T) reports by worker: /"

# --- the index right after a yank through the other backend ---------------------------------------------------
OWNER="${USERS[1]}"; ENV="$RUN-env1"
index_of() { curl -fsS -H 'Accept: application/vnd.pypi.simple.v1+json' "http://127.0.0.1:$1/simple/$OWNER/$ENV/"; }
index_of 8081 > /dev/null; index_of "$BACKEND_B" > /dev/null   # both have the page cached now
curl -fsS -o /dev/null -H "Authorization: Bearer ${TOKENS[1]}" -H 'Content-Type: application/json' \
  -d '{"reason":"scale-out bench"}' "http://127.0.0.1:$BACKEND_B/api/v1/environments/$OWNER/$ENV/versions/0.1.0/yank"
a="$(index_of 8081)"; b="$(index_of "$BACKEND_B")"
yanked=$(printf '%s' "$a" | python3 -c 'import json,sys; print(sum(1 for f in json.load(sys.stdin)["files"] if f.get("yanked")))')
[ "$a" = "$b" ] && same=equal || same=DIFFERENT
say "yank through backend b, index read at once from a and b: $same (${#a} bytes; yanked files on a: $yanked)"
curl -fsS -o /dev/null -H "Authorization: Bearer ${TOKENS[1]}" -X POST \
  "http://127.0.0.1:8081/api/v1/environments/$OWNER/$ENV/versions/0.1.0/unyank"
a="$(index_of 8081)"; b="$(index_of "$BACKEND_B")"
yanked=$(printf '%s' "$a" | python3 -c 'import json,sys; print(sum(1 for f in json.load(sys.stdin)["files"] if f.get("yanked")))')
[ "$a" = "$b" ] && same=equal || same=DIFFERENT
say "unyank through backend a, index read at once from a and b: $same (yanked files: $yanked)"

# --- download counts through HAProxy -------------------------------------------------------------------------
count_of() { psql_q "SELECT download_count FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id
  WHERE o.name = '$OWNER' AND e.name = '$ENV'"; }
sleep 2; before=$(count_of)
url="$LB/api/v1/environments/$OWNER/$ENV/versions/0.1.1/download"
downloaders=()
for c in $(seq 1 $CLIENTS); do
  for _ in $(seq 1 10); do curl -fsS -o /dev/null -H "Authorization: Bearer ${TOKENS[$c]}" "$url"; done &
  downloaders+=($!)
done
for _ in $(seq 1 10); do curl -fsS -o /dev/null "$url"; done &
downloaders+=($!)
wait "${downloaders[@]}"
sleep 3   # each backend flushes its counts every second
after=$(count_of)
say "downloads through HAProxy: $((CLIENTS * 10 + 10)) requests from $((CLIENTS + 1)) clients over both backends:" \
    "$((after - before)) counted (expected $((CLIENTS + 1)): one per client and window)"
say "done"
