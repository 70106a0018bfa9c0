#!/usr/bin/env bash
# Load test of the package index (wrk, 32 connections):
#
#   bench/index-load.sh [BASE_URL] [OWNER] [NAME]        e.g. bench/index-load.sh http://127.0.0.1:18091 alice bench-env
#
# Measures requests/s and p99 latency of
#   1. baseline  GET /bench/200b.txt          a 200-byte static file served by the same hub-backend (Vert.x static handler)
#   2. page      GET /simple/OWNER/NAME/      the project page as pip asks for it (Accept: PEP 691 JSON first)
#   3. page-html GET /simple/OWNER/NAME/      the PEP 503 HTML page (no Accept header)
#   4. download  GET /simple/OWNER/NAME/FILE  the counted download: one upsert + update, then 302 to a presigned URL
#                                             (wrk does not follow the redirect: only the hub's work is measured)
# Assumes hub-backend runs at BASE_URL and OWNER/NAME has at least one file. With PUSH_TOKEN=<bearer> set, the script
# first pushes a tiny generated wheel NAME 1.0 into OWNER (when the project does not exist yet).
# Knobs: DURATION (default 20s per run), WARMUP (10s), CONNECTIONS (32), THREADS (2). Needs wrk, curl, python3.
set -euo pipefail
BASE=${1:-http://127.0.0.1:18091}
OWNER=${2:-alice}
NAME=${3:-bench-env}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-10s}
CONNECTIONS=${CONNECTIONS:-32}
THREADS=${THREADS:-2}
PIP_ACCEPT='application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01'
PAGE="$BASE/simple/$OWNER/$NAME/"

if [ -n "${PUSH_TOKEN:-}" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$PAGE")" = 404 ]; then
  WORK=$(mktemp -d)
  trap 'rm -rf "$WORK"' EXIT
  python3 - "$NAME" "$WORK" <<'PY'
import base64, hashlib, sys, zipfile
name, out = sys.argv[1], sys.argv[2]
module = name.replace('-', '_').replace('.', '_').lower()
dist = f"{module}-1.0.dist-info"
files = {
    f"{module}.py": "def load_environment(**kwargs):\n    return {'dataset': [{'prompt': 'a', 'answer': 'a'}]}\n",
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

FILE=$(curl -sf -H "Accept: application/vnd.pypi.simple.v1+json" "$PAGE" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["files"][-1]["url"])')
DOWNLOAD="$BASE$FILE"
curl -sf -o /dev/null "$BASE/bench/200b.txt" || { echo "no $BASE/bench/200b.txt: is hub-backend running there?" >&2; exit 1; }

# runs wrk twice (warm-up, then measured); prints "label  requests/s  p99  errors"
run() {
  local label=$1 url=$2; shift 2
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$@" "$url" > /dev/null
  local out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@" "$url")
  local rps p99 bad
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p99=$(awk '$1 == "99%" {print $2}' <<< "$out")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<< "$out")
  printf '%-10s %12s %10s %8s   %s\n' "$label" "$rps" "$p99" "${bad:-0}" "$url"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION (after a $WARMUP warm-up each) against $BASE"
printf '%-10s %12s %10s %8s   %s\n' "endpoint" "requests/s" "p99" "non-2/3xx" "url"
run baseline "$BASE/bench/200b.txt"
run page "$PAGE" -H "Accept: $PIP_ACCEPT"
run page-html "$PAGE"
run download "$DOWNLOAD"
