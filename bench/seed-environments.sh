#!/usr/bin/env bash
# Seeds N environments (default 100000) into the hub schema of a PostgreSQL database.
#   bench/seed-environments.sh [--create] DATABASE_URL [N]
# DATABASE_URL is a libpq URL, e.g. postgresql://postgres@127.0.0.1:5432/envhub_bench.
# --create: create the database if missing and apply the hub migrations (db-migrations/.../db/hub/V*.sql) with psql
# first (for a scratch database; a database run by hub-backend already has them through Flyway).
# Example (scratch database, then time the search SQL): bench/seed-environments.sh --create \
#   postgresql://postgres@127.0.0.1:5432/envhub_bench && bench/search-explain.sh postgresql://postgres@127.0.0.1:5432/envhub_bench
set -euo pipefail
cd "$(dirname "$0")/.."
create=false
if [ "${1:-}" = "--create" ]; then
  create=true
  shift
fi
url="${1:?usage: bench/seed-environments.sh [--create] DATABASE_URL [N]}"
n="${2:-100000}"

if $create; then
  db="${url##*/}"
  db="${db%%\?*}"
  server="${url%/*}/postgres"
  if [ -z "$(psql "$server" -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
    psql "$server" -qc "CREATE DATABASE \"$db\""
  fi
  if [ -z "$(psql "$url" -Atc "SELECT 1 FROM pg_namespace WHERE nspname = 'hub'")" ]; then
    psql "$url" -qc "CREATE SCHEMA hub"
    for f in $(ls db-migrations/src/main/resources/db/hub/V*.sql | sort -t V -k2 -n); do
      echo "applying $f"
      psql "$url" -q -v ON_ERROR_STOP=1 -f "$f"
    done
  fi
fi
start=$(date +%s)
psql "$url" -q -v ON_ERROR_STOP=1 -v n="$n" -f bench/seed-environments.sql
echo "seeded in $(( $(date +%s) - start )) s"
