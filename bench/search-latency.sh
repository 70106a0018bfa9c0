#!/usr/bin/env bash
# Measures search latency end to end: runs 10 typical queries (plus one broad worst case, and the web UI's trending,
# validated and task filters) many times against a running
# hub-backend with curl and prints p50 / p99 / max per query in milliseconds.
#   bench/search-latency.sh [BASE_URL] [RUNS]      e.g. bench/search-latency.sh http://127.0.0.1:8081 200
# Seed the backend's database first (bench/seed-environments.sh); the queries assume its names, tags and owners.
# Set TOKEN=<access token> to search as a signed-in user.
set -euo pipefail
base="${1:-http://127.0.0.1:8081}"
runs="${2:-200}"
auth=()
[ -n "${TOKEN:-}" ] && auth=(-H "Authorization: Bearer $TOKEN")

queries=(
  ""
  "sort=recent&page=5"
  "q=reverse+text"
  "q=revrse-text"
  "q=math"
  "q=sudoku+solver"
  "q=chess&tag=games"
  "tag=text"
  "tag=math&tag=reasoning&sort=stars"
  "owner=bench-user-42&sort=name"
  "q=environment"
  "sort=trending"
  "task=single-turn&sort=trending"
  "validated=true"
  "task=tool-use&validated=true"
  "q=math&validated=true&task=tool-use"
)

printf '%-40s %9s %9s %9s %8s   (%s runs each, ms)\n' query p50 p99 max total "$runs"
for qs in "${queries[@]}"; do
  url="$base/api/v1/environments?$qs"
  status=$(curl -s -o /tmp/envhub-search-latency.json -w '%{http_code}' "${auth[@]}" "$url")
  if [ "$status" != 200 ]; then
    echo "GET $url answered $status" >&2
    exit 1
  fi
  total=$(grep -o '"total":[0-9]*' /tmp/envhub-search-latency.json | head -1 | cut -d: -f2)
  for ((i = 0; i < runs; i++)); do
    curl -s -o /dev/null -w '%{time_total}\n' "${auth[@]}" "$url"
  done | sort -n | awk -v name="${qs:-(browse)}" -v total="$total" '
    { v[NR] = $1 * 1000 }
    END { p50 = v[int((NR + 1) * 0.50)]; i99 = int(NR * 0.99 + 0.999); if (i99 > NR) i99 = NR;
          printf "%-40s %9.2f %9.2f %9.2f %8s\n", name, p50, v[i99], v[NR], total }'
done
