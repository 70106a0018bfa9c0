#!/usr/bin/env bash
# Rollouts-table benchmark (issue 18): pushes a run whose results.jsonl is ~100 MB (sent gzipped) to an environment of
# a running stack, then times, in the same run and interleaved:
#   page1      GET WEB/OWNER/NAME/evals/ID             the run page: page 1 of the rollouts table, rendered
#   pagelast   GET WEB/OWNER/NAME/evals/ID?page=LAST   the last page (a ranged read at the end of the file)
#   api1       GET API/api/v1/environments/OWNER/NAME/evals/ID/rollouts?page=1
#   static     GET WEB/css/envhub.css                  baseline: a static file of the same server
#   health     GET API/q/health/live                   baseline: the API's cheapest answer
# and the time to download the whole stored results once (what a page would cost if it read the file whole).
#
#   bench/eval-rollouts.sh [WEB_URL] [API_URL]        defaults http://127.0.0.1:8080 and http://127.0.0.1:8081
#
# Knobs: ENV (OWNER/NAME@VERSION, default alice/reverse-text at its newest validated version), MB (100), N (30
# requests per target, median and p90 reported), KC (Keycloak, http://127.0.0.1:8180), USER_NAME/USER_PASSWORD
# (alice/alice). Needs curl, python3. Compare the ratios page1/static and page1/full-file within one run.
set -euo pipefail
cd "$(dirname "$0")/.."
WEB=${1:-http://127.0.0.1:8080}
API=${2:-http://127.0.0.1:8081}
KC=${KC:-${ENVHUB_KEYCLOAK_URL:-http://127.0.0.1:8180}}
MB=${MB:-100}
N=${N:-30}
USER_NAME=${USER_NAME:-alice}
USER_PASSWORD=${USER_PASSWORD:-alice}
ENV=${ENV:-alice/reverse-text}
OWNER_NAME=${ENV%@*}
if [[ "$ENV" == *@* ]]; then
  VERSION=${ENV#*@}
else
  VERSION=$(curl -sf "$API/api/v1/environments/$OWNER_NAME/versions" | python3 -c '
import json, sys
vs = [v for v in json.load(sys.stdin) if v["status"] == "validated" and not v["yanked"]]
print(vs[0]["version"] if vs else "")')
  [ -n "$VERSION" ] || { echo "$OWNER_NAME has no validated version: set ENV=OWNER/NAME@VERSION" >&2; exit 1; }
fi
NAME=${OWNER_NAME#*/}
TOKEN=$(curl -fsS -d grant_type=password -d client_id=envhub-dev -d "username=$USER_NAME" -d "password=$USER_PASSWORD" \
  "$KC/realms/envhub/protocol/openid-connect/token" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')

DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
echo "writing a ${MB} MB results.jsonl for $OWNER_NAME $VERSION ..." >&2
python3 - "$DIR" "$NAME" "$MB" <<'PY'
import gzip, json, random, sys
out, name, mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
random.seed(18)
words = "the of reverse text answer model reward token environment rollout example prompt completion".split()
def para(n):
    return " ".join(random.choice(words) for _ in range(n))
rollouts = 4
rows, total, i, size = [], 0.0, 0, 0
target = mb * 1_000_000
with open(f"{out}/results.jsonl", "w") as f:
    while size < target or i % rollouts:
        ex, r = divmod(i, rollouts)
        reward = random.random()
        row = {"example_id": ex, "prompt": [{"role": "system", "content": "Reverse the text."},
                                            {"role": "user", "content": "**Text:** " + para(150)}],
               "completion": [{"role": "assistant", "content": "Reversed: *" + para(250) + "*"}],
               "answer": para(20), "task": "default", "reward": reward,
               "metrics": {"lcs_reward_func": reward}, "info": {}}
        line = json.dumps(row) + "\n"
        f.write(line)
        size += len(line.encode())
        total += reward
        i += 1
examples = i // rollouts
meta = {"env_id": name, "model": "bench/model-100mb", "num_examples": examples, "rollouts_per_example": rollouts,
        "sampling_args": {"max_tokens": 1024}, "avg_reward": total / i, "avg_metrics": {"lcs_reward_func": total / i},
        "date": "2026-12-01"}
json.dump(meta, open(f"{out}/metadata.json", "w"))
with open(f"{out}/results.jsonl", "rb") as src, gzip.open(f"{out}/results.jsonl.gz", "wb", compresslevel=6) as dst:
    dst.write(src.read())
print(f"{i} rollouts, {size} bytes", file=sys.stderr)
PY
ls -l "$DIR" >&2
start=$(date +%s.%N)
ID=$(curl -fsS -H "Authorization: Bearer $TOKEN" -F "metadata=@$DIR/metadata.json;type=application/json" \
  -F "results=@$DIR/results.jsonl.gz;type=application/gzip" \
  "$API/api/v1/environments/$OWNER_NAME/versions/$VERSION/evals" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
push_s=$(python3 -c "import sys; print(round($(date +%s.%N) - $start, 1))")
DETAIL=$(curl -fsS "$API/api/v1/environments/$OWNER_NAME/evals/$ID")
PAGES=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["pages"])' "$DETAIL")
BYTES=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["resultsBytes"])' "$DETAIL")
echo "pushed run $ID in ${push_s} s: $BYTES bytes stored, $PAGES pages" >&2

declare -A URLS=([page1]="$WEB/$OWNER_NAME/evals/$ID" [pagelast]="$WEB/$OWNER_NAME/evals/$ID?page=$PAGES"
  [api1]="$API/api/v1/environments/$OWNER_NAME/evals/$ID/rollouts?page=1" [static]="$WEB/css/envhub.css"
  [health]="$API/q/health/live")
ORDER=(page1 pagelast api1 static health)
for k in "${ORDER[@]}"; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "${URLS[$k]}")
  [ "$code" = 200 ] || { echo "${URLS[$k]} answers HTTP $code" >&2; exit 1; }
done
TIMES=$(mktemp)
for _ in $(seq 1 "$N"); do            # interleaved rounds: every target sees the same machine load
  for k in "${ORDER[@]}"; do
    echo "$k $(curl -s -o /dev/null -w '%{time_total}' "${URLS[$k]}")" >> "$TIMES"
  done
done
# the whole file once (what a page would cost at least if it read the file whole)
# (there is no download endpoint for results: the local decompressed copy read at disk speed is a lower bound)
full_s=$(python3 - "$DIR" <<'PY'
import sys, time
d = sys.argv[1]
t = time.time()
with open(f"{d}/results.jsonl", "rb") as f:
    while f.read(1 << 20):
        pass
print(time.time() - t)
PY
)
python3 - "$TIMES" "$full_s" "$BYTES" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    k, t = line.split()
    rows.setdefault(k, []).append(float(t) * 1000)
full_ms, size = float(sys.argv[2]) * 1000, int(sys.argv[3])
def p90(v):
    v = sorted(v); return v[min(len(v) - 1, int(round(0.9 * (len(v) - 1))))]
print(f"{'target':10} {'p50 ms':>8} {'p90 ms':>8}")
for k in ["page1", "pagelast", "api1", "static", "health"]:
    print(f"{k:10} {statistics.median(rows[k]):8.1f} {p90(rows[k]):8.1f}")
p1 = statistics.median(rows["page1"])
print(f"page1/static p50 ratio: {p1 / statistics.median(rows['static']):.1f}")
print(f"page1/health p50 ratio: {p1 / statistics.median(rows['health']):.1f}")
print(f"pagelast/page1 p50 ratio: {statistics.median(rows['pagelast']) / p1:.2f} (near 1: no scan to the page)")
print(f"reading the {size / 1e6:.0f} MB file once from local disk: {full_ms:.0f} ms "
      f"({full_ms / p1:.1f}x page 1 end to end)")
print(f"page 1 under 200 ms: {'yes' if p1 < 200 else 'no'} (p50 {p1:.1f} ms)")
PY
rm -f "$TIMES"
