#!/usr/bin/env bash
# Bounty board benchmark: the web page /bounties (hub-frontend) against the one bounty-service call it makes.
#
#   bench/bounty-board.sh DATABASE_URL [FRONTEND_URL] [BOUNTY_URL]
#       DATABASE_URL  libpq URL of the running stack's database (the one bounty-service migrated), e.g.
#                     postgresql://postgres@127.0.0.1:5432/envhub
#       FRONTEND_URL  default http://127.0.0.1:8080;  BOUNTY_URL  default http://127.0.0.1:8082
#
# Seeds N (1000) open bounties straight into bounty.bounties (sponsor_subject 'bench-seed', with two criteria each;
# removed again at the end unless KEEP=1), then measures with wrk, interleaved rounds after a warm-up:
#   page  GET /bounties                                             (anonymous, the board's default: open, newest)
#   api   GET /api/v1/bounties?status=open&sort=newest&page=1&size=20   (exactly the call the page makes)
# and prints p50/p99 of each (median over ROUNDS), the ratio page/API, and the targets of issue 11:
# page p50 <= 2x API p50, page p99 < 50 ms. Knobs: N (1000), DURATION (10s), WARMUP (5s), ROUNDS (3),
# CONNECTIONS (16), THREADS (2). Needs psql, wrk, curl, gawk.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: bench/bounty-board.sh DATABASE_URL [FRONTEND_URL] [BOUNTY_URL]}
WEB=${2:-http://127.0.0.1:8080}
API=${3:-http://127.0.0.1:8082}
N=${N:-1000}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-5s}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}

PAGE="$WEB/bounties"
APICALL="$API/api/v1/bounties?status=open&sort=newest&page=1&size=20"

seeded() { psql "$DB" -Atc "SELECT count(*) FROM bounty.bounties WHERE sponsor_subject = 'bench-seed'"; }
cleanup() {
  rm -f "${RESULTS:-}"
  if [ "${KEEP:-0}" != 1 ]; then
    psql "$DB" -qc "DELETE FROM bounty.bounties WHERE sponsor_subject = 'bench-seed'" && echo "removed the seeded bounties"
  fi
}
have=$(seeded)
if [ "$have" -lt "$N" ]; then
  psql "$DB" -q -v ON_ERROR_STOP=1 <<SQL
WITH b AS (
  INSERT INTO bounty.bounties (sponsor_subject, sponsor_username, title, domain, description, tier, reward_minor,
                               currency, max_awards, deadline, status, created_at, opened_at)
  SELECT 'bench-seed', 'bench-sponsor',
         'Bench bounty ' || g || ': ' || (ARRAY['triage notes','contract clauses','unit conversions','proof steps',
                                               'assay protocols','ledger checks'])[1 + g % 6],
         (ARRAY['medicine','legal','finance','mathematics','chemistry','materials','biology','software'])[1 + g % 8],
         'A seeded bounty for the board benchmark.',
         CASE WHEN g % 3 = 0 THEN 'application_only' ELSE 'open_access' END,
         CASE WHEN g % 3 = 0 THEN 100000 + (g % 40) * 10000 ELSE 10000 + (g % 40) * 1000 END,
         (ARRAY['USD','EUR','GBP'])[1 + g % 3], 1 + g % 3,
         now() + ((10 + g % 200) || ' days')::interval, 'open',
         now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
  FROM generate_series($have + 1, $N) AS g
  RETURNING id)
INSERT INTO bounty.criteria (bounty_id, position, text)
SELECT id, p, 'Criterion ' || p FROM b, generate_series(0, 1) AS p;
SQL
fi
RESULTS=$(mktemp)
trap cleanup EXIT
for url in "$PAGE" "$APICALL"; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
  [ "$code" = 200 ] || { echo "$url answers HTTP $code, not 200" >&2; exit 1; }
done
open=$(curl -sf "$API/api/v1/bounties?status=open&size=1" | grep -oE '"total":[0-9]+' | cut -d: -f2)

ms() { gawk '{v = $1; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)}
              else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; printf "%.2f\n", v}' <<< "$1"; }
run() {
  local label=$1 url=$2 out
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
  echo "$label $(awk '/^Requests\/sec:/ {print $2}' <<< "$out") $(ms "$(awk '$1 == "50%" {print $2}' <<< "$out")")" \
    "$(ms "$(awk '$1 == "99%" {print $2}' <<< "$out")") $(awk '/Non-2xx or 3xx responses:/ {print $5}' <<< "$out")" \
    >> "$RESULTS"
}
echo "bounty board: $open open bounties ($N seeded); wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency," \
  "$ROUNDS interleaved rounds after a $WARMUP warm-up; load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$PAGE" > /dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "$APICALL" > /dev/null
for round in $(seq 1 "$ROUNDS"); do
  run page "$PAGE"
  run api "$APICALL"
  echo "  round $round done (load average $(cut -d' ' -f1-3 /proc/loadavg))"
done
median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
metric() { awk -v l="$1" -v c="$2" '$1 == l {print $c}' "$RESULTS" | median; }
pp50=$(metric page 3); pp99=$(metric page 4); prps=$(metric page 2)
ap50=$(metric api 3); ap99=$(metric api 4); arps=$(metric api 2)
bad=$(awk '{s += $5} END {print s + 0}' "$RESULTS")
gawk -v pp50="$pp50" -v pp99="$pp99" -v prps="$prps" -v ap50="$ap50" -v ap99="$ap99" -v arps="$arps" 'BEGIN {
  printf "\n%-6s %10s %10s %10s\n", "", "p50 ms", "p99 ms", "req/s"
  printf "%-6s %10.2f %10.2f %10.1f\n", "page", pp50, pp99, prps
  printf "%-6s %10.2f %10.2f %10.1f\n", "api", ap50, ap99, arps
  printf "page/API: p50 x%.2f, p99 x%.2f, req/s x%.2f\n", pp50 / ap50, pp99 / ap99, prps / arps
  printf "targets: page p50 <= 2x API p50: %s; page p99 < 50 ms: %s\n", (pp50 <= 2 * ap50 ? "met" : "NOT met"),
    (pp99 < 50 ? "met" : "NOT met") }'
echo "non-2xx answers: $bad; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
