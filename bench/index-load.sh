#!/usr/bin/env bash
# Load test of the package index (wrk, 32 connections):
#
#   bench/index-load.sh [BASE_URL] [OWNER] [NAME]        e.g. bench/index-load.sh http://127.0.0.1:18091 alice bench-env
#
# Measures requests/s and p99 latency of
#   1. baseline  GET /bench/200b.txt          a 200-byte static file served by the same hub-backend (Vert.x static handler)
#   2. page      GET /simple/OWNER/NAME/      the project page as pip asks for it (Accept: PEP 691 JSON first)
#   3. page-html GET /simple/OWNER/NAME/      the PEP 503 HTML page (no Accept header)
#   4. download  GET /simple/OWNER/NAME/FILE  the counted download: counted in memory (written in batches), then 302 to a
#                                             presigned URL (reused per object)
#                                             (wrk does not follow the redirect: only the hub's work is measured)
# Assumes hub-backend runs at BASE_URL and OWNER/NAME has at least one file. With PUSH_TOKEN=<bearer> set, the script
# first pushes a tiny generated wheel NAME 1.0 into OWNER (when the project does not exist yet).
# Knobs: DURATION (default 20s per run), WARMUP (10s per endpoint), ROUNDS (3: the endpoints run interleaved, and the
# median round is reported, which tames a noisy machine), CONNECTIONS (32), THREADS (2). Needs wrk, curl, python3, gawk.
set -euo pipefail
BASE=${1:-http://127.0.0.1:18091}
OWNER=${2:-alice}
NAME=${3:-bench-env}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-10s}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
PIP_ACCEPT='application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01'
PAGE="$BASE/simple/$OWNER/$NAME/"

if [ -n "${PUSH_TOKEN:-}" ] \
    && [ "$(curl -s -o /dev/null -w '%{http_code}' "$BASE/api/v1/environments/$OWNER/$NAME")" = 404 ]; then
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  python3 - "$NAME" "$WORK" <<'PY'
import base64, hashlib, sys, zipfile
name, out = sys.argv[1], sys.argv[2]
module = name.replace('-', '_').replace('.', '_').lower()
dist = f"{module}-1.0.dist-info"
files = {
    f"{module}.py": (
        "def exact(completion, answer, **kwargs):\n    return 1.0 if str(completion).strip() == answer else 0.0\n\n\n"
        "class Rubric:\n    def __init__(self, funcs, weights):\n        self.funcs, self.weights = funcs, weights\n\n\n"
        "class Env:\n    def __init__(self, dataset, rubric):\n        self.dataset, self.rubric = dataset, rubric\n\n\n"
        "def load_environment(**kwargs):\n"
        "    return Env([{'prompt': 'say a', 'answer': 'a'}, {'prompt': 'say b', 'answer': 'b'}],"
        " Rubric([exact], [1.0]))\n"),
    f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\nSummary: load test\nRequires-Python: >=3.9\n",
    f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: bench\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
record = []
for path, text in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b'=').decode()
    record.append(f"{path},sha256={digest},{len(text.encode())}")
record.append(f"{dist}/RECORD,,")
files[f"{dist}/RECORD"] = "\n".join(record) + "\n"
with zipfile.ZipFile(f"{out}/{module}-1.0-py3-none-any.whl", "w", zipfile.ZIP_DEFLATED) as z:
    for path, text in files.items():
        z.writestr(path, text)
PY
  WHEEL=$(ls "$WORK"/*.whl)
  curl -sf -H "Authorization: Bearer $PUSH_TOKEN" -F "file=@$WHEEL" "$BASE/api/v1/environments/$OWNER/$NAME/versions" > /dev/null
  echo "pushed $(basename "$WHEEL") to $OWNER/$NAME"
fi
# the index lists validated versions only (an unknown project is a 302 to the upstream index, a pending version is
# not listed yet): wait until validation lists a file
for _ in $(seq 1 60); do
  curl -sf -H "Accept: application/vnd.pypi.simple.v1+json" "$PAGE" \
    | python3 -c 'import json,sys; sys.exit(0 if json.load(sys.stdin)["files"] else 1)' 2>/dev/null && break
  sleep 2
done

FILE=$(curl -sf -H "Accept: application/vnd.pypi.simple.v1+json" "$PAGE" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["files"][-1]["url"])')
DOWNLOAD="$BASE$FILE"
curl -sf -o /dev/null "$BASE/bench/200b.txt" || { echo "no $BASE/bench/200b.txt: is hub-backend running there?" >&2; exit 1; }

# one wrk run; appends "label requests/s p99(ms) non-2xx/3xx" to $RESULTS and prints it
RESULTS=$(mktemp)
run() {
  local label=$1 url=$2; shift 2
  local out rps p99 bad
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p99=$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)}
                          else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; print v}' <<< "$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<< "$out")
  echo "$label $rps $p99 ${bad:-0}" >> "$RESULTS"
  printf '  %-10s %12s %10s ms %8s\n' "$label" "$rps" "$p99" "${bad:-0}"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency, $ROUNDS interleaved round(s) after a $WARMUP warm-up, against $BASE"
echo "  baseline  = $BASE/bench/200b.txt"
echo "  page      = $PAGE (pip's Accept: JSON)"
echo "  page-html = $PAGE (no Accept: HTML)"
echo "  download  = $DOWNLOAD (302, not followed)"
for url in "$BASE/bench/200b.txt" "$PAGE" "$DOWNLOAD"; do
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$url" > /dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  echo "round $round:   endpoint     requests/s        p99     non-2xx/3xx"
  run baseline "$BASE/bench/200b.txt"
  run page "$PAGE" -H "Accept: $PIP_ACCEPT"
  run page-html "$PAGE"
  run download "$DOWNLOAD"
done
echo "median over $ROUNDS round(s) (requests/s and p99 each the median of its own):"
for label in baseline page page-html download; do
  awk -v l="$label" '$1 == l {print $2, $3, $4}' "$RESULTS" | sort -n | awk -v l="$label" '
    {rps[NR] = $1; p99[NR] = $2; bad += $3}
    END {asort(p99); m = int((NR + 1) / 2); printf "  %-10s %12s req/s   p99 %s ms   non-2xx/3xx %d\n", l, rps[m], p99[m], bad}'
done
rm -f "$RESULTS"
