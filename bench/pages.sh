#!/usr/bin/env bash
# Page-render benchmark of hub-frontend (wrk, 16 connections) against the backend API call each page makes:
#
#   bench/pages.sh [FRONTEND_URL] [BACKEND_URL]          defaults http://127.0.0.1:8080 and http://127.0.0.1:8081
#
# Pairs (page -> its baseline API call, made anonymously like the page):
#   home    GET /                               -> GET /api/v1/explore (when the backend has it; else the first of the
#                                                  search calls the home page falls back to: ?sort=downloads&size=6)
#   search  GET /search?q=Q&tag=T               -> GET /api/v1/environments?q=Q&tag=T
#   env     GET /OWNER/NAME                     -> GET /api/v1/environments/OWNER/NAME
# For each: p50 and p99 latency and requests/s (median of ROUNDS interleaved rounds, each metric on its own), the
# ratio page/API (p50 and req/s), and the page weight: bytes of its HTML plus the stylesheets and scripts it links
# (target under 100 KB).
# Meant for a stack with 10,000 environments: with SEED_DB_URL=postgresql://postgres@127.0.0.1:5432/envhub (the
# stack's database) the script first runs bench/seed-environments.sh with SEED_N (10000) when the hub lists fewer
# public environments than SEED_N * 0.9 (the seed makes 5 % of them private).
# Knobs: Q (math), T (single-turn), ENV (OWNER/NAME; default the demo alice/reverse-text, else the most downloaded
# public environment), DURATION (10s),
# WARMUP (5s), ROUNDS (3), CONNECTIONS (16), THREADS (2). Needs wrk, curl, python3, gawk.
set -euo pipefail
cd "$(dirname "$0")/.."
WEB=${1:-http://127.0.0.1:8080}
API=${2:-http://127.0.0.1:8081}
Q=${Q:-math}
T=${T:-single-turn}
DURATION=${DURATION:-10s}
WARMUP=${WARMUP:-5s}
ROUNDS=${ROUNDS:-3}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
SEED_N=${SEED_N:-10000}

public_total() { curl -sf "$API/api/v1/environments?size=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'; }
total=$(public_total) || { echo "no hub API at $API" >&2; exit 1; }
if [ -n "${SEED_DB_URL:-}" ] && [ "$total" -lt $(( SEED_N * 9 / 10 )) ]; then
  bench/seed-environments.sh "$SEED_DB_URL" "$SEED_N"
  total=$(public_total)
fi
if [ -z "${ENV:-}" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$API/api/v1/environments/alice/reverse-text")" = 200 ]; then
  ENV=alice/reverse-text   # a seeded demo environment: versions, README, report and download chart to render
fi
ENV=${ENV:-$(curl -sf "$API/api/v1/environments?sort=downloads&size=1" \
  | python3 -c 'import json,sys; i=json.load(sys.stdin)["items"][0]; print(i["owner"] + "/" + i["name"])')}
if [ "$(curl -s -o /dev/null -w '%{http_code}' "$API/api/v1/explore")" = 200 ]; then
  HOME_API="$API/api/v1/explore"
else
  HOME_API="$API/api/v1/environments?sort=downloads&size=6"
fi
NAMES=(home search env)
PAGES=("$WEB/" "$WEB/search?q=$Q&tag=$T" "$WEB/$ENV")
APIS=("$HOME_API" "$API/api/v1/environments?q=$Q&tag=$T" "$API/api/v1/environments/$ENV")
for url in "${PAGES[@]}" "${APIS[@]}"; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$url")
  [ "$code" = 200 ] || { echo "$url answers HTTP $code, not 200" >&2; exit 1; }
done

# page weight: the HTML plus every stylesheet and script it links (same origin)
weight() {
  local url=$1 html bytes asset
  html=$(mktemp)
  curl -sf -o "$html" "$url"
  bytes=$(stat -c %s "$html")
  for asset in $(grep -oE '<link[^>]+rel="stylesheet"[^>]*>|<script[^>]+src="[^"]+"' "$html" \
                 | grep -oE '(href|src)="[^"]+"' | sed -E 's/^(href|src)="([^"]+)"$/\2/' | sort -u); do
    case "$asset" in http*) ;; *) asset="$WEB$asset" ;; esac
    bytes=$(( bytes + $(curl -sf "$asset" | wc -c) ))
  done
  rm -f "$html"
  echo "$bytes"
}

ms() { gawk '{v = $1; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)}
              else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; printf "%.2f\n", v}' <<< "$1"; }
RESULTS=$(mktemp)
trap 'rm -f "$RESULTS"' EXIT
run() {
  local label=$1 url=$2 out rps p50 p99 bad
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<< "$out")
  p50=$(ms "$(awk '$1 == "50%" {print $2}' <<< "$out")")
  p99=$(ms "$(awk '$1 == "99%" {print $2}' <<< "$out")")
  bad=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<< "$out")
  echo "$label $rps $p50 $p99 ${bad:-0}" >> "$RESULTS"
}

echo "hub: $total public environments; env page $ENV; search q=$Q tag=$T"
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency, $ROUNDS interleaved rounds after a $WARMUP warm-up; load average" \
  "before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in "${!NAMES[@]}"; do
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "${PAGES[$i]}" > /dev/null
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$WARMUP" "${APIS[$i]}" > /dev/null
done
for round in $(seq 1 "$ROUNDS"); do
  for i in "${!NAMES[@]}"; do
    run "${NAMES[$i]}-page" "${PAGES[$i]}"
    run "${NAMES[$i]}-api" "${APIS[$i]}"
  done
  echo "  round $round done (load average $(cut -d' ' -f1-3 /proc/loadavg))"
done

median() { sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
metric() { awk -v l="$1" -v c="$2" '$1 == l {print $c}' "$RESULTS" | median; }
printf '\n%-8s %10s %10s %10s | %10s %10s %10s | %9s %9s | %9s\n' "page" "p50 ms" "p99 ms" "req/s" "API p50" "API p99" \
  "API req/s" "p50 x" "req/s x" "weight"
for i in "${!NAMES[@]}"; do
  n=${NAMES[$i]}
  pp50=$(metric "$n-page" 3); pp99=$(metric "$n-page" 4); prps=$(metric "$n-page" 2)
  ap50=$(metric "$n-api" 3); ap99=$(metric "$n-api" 4); arps=$(metric "$n-api" 2)
  bytes=$(weight "${PAGES[$i]}")
  gawk -v n="$n" -v pp50="$pp50" -v pp99="$pp99" -v prps="$prps" -v ap50="$ap50" -v ap99="$ap99" -v arps="$arps" \
    -v b="$bytes" 'BEGIN {printf "%-8s %10.2f %10.2f %10.1f | %10.2f %10.2f %10.1f | %9.2f %9.2f | %7.1f KB%s\n",
      n, pp50, pp99, prps, ap50, ap99, arps, pp50 / ap50, prps / arps, b / 1024, (b < 102400 ? "" : " (over 100 KB)")}'
done
bad=$(awk '{s += $5} END {print s + 0}' "$RESULTS")
echo "p50 x = page p50 / API p50 (how much slower the page is); req/s x = page req/s / API req/s;" \
  "non-2xx answers: $bad; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "home API baseline: $HOME_API"
