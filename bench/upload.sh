#!/usr/bin/env bash
# Upload benchmark: API push vs direct S3 put (ratio, same run) and hub-backend peak RSS for 10 MB vs 90 MB wheels.
# Needs a running local stack (./envhub-stack up) built from this tree. Usage: bench/upload.sh   (RUNS=5 for more runs)
set -euo pipefail
cd "$(dirname "$0")/.."
KC="${ENVHUB_KEYCLOAK_URL:-http://127.0.0.1:8180}"
API="${ENVHUB_BACKEND_URL:-http://127.0.0.1:8081}"
# alice's access token lives minutes, the bench longer on a loaded machine: it pushes with a personal access token
# (expires in a day) created with that access token, unless TOKEN is set already
if [ -z "${TOKEN:-}" ]; then
  ACCESS=$(curl -fsS -d grant_type=password -d client_id=envhub-dev -d username=alice -d password=alice \
    "$KC/realms/envhub/protocol/openid-connect/token" | sed -E 's/.*"access_token":"([^"]+)".*/\1/')
  TOKEN=$(curl -fsS -H "Authorization: Bearer $ACCESS" -H 'Content-Type: application/json' \
    -d "{\"name\":\"upload-bench-$(date +%s)\",\"scopes\":[\"publish\"],\"expiresInDays\":1}" "$API/api/v1/tokens" \
    | sed -E 's/.*"token":"([^"]+)".*/\1/')
fi
PID=$(cat "${ENVHUB_STACK_DIR:-.stack-data}/run/hub-backend.pid")
# the stack runs hub-backend with setsid: the recorded pid is the java process itself
exec java -Xmx2g -cp "hub-backend/target/quarkus-app/lib/main/*" bench/UploadBench.java "$TOKEN" "$PID"
