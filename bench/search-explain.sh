#!/usr/bin/env bash
# Times the search SQL of hub-backend (the statements io.envhub.registry.search.SearchSql builds for an anonymous
# caller) with EXPLAIN ANALYZE, straight in PostgreSQL, for 10 typical queries plus one broad worst case.
#   bench/search-explain.sh DATABASE_URL [RUNS]        e.g. bench/search-explain.sh postgresql://postgres@127.0.0.1:5432/envhub_bench 50
# Seed the database first with bench/seed-environments.sh. Prints p50 / p99 / max of the server-side time (planning +
# execution; a listing is two statements, summed) per query, and the server's CPU time per run when PostgreSQL runs on
# this machine. Keep the SQL here in step with SearchSql.
# Not yet in step: a search with words and no status filter no longer runs the probe (SearchSql.Cap GUARDED and
# ONE_PASS read the matches once); the statements below are still the probe and the capped answer of before.
# Nor does it plan statements once (SearchSql.planOnce) or read hub.search_docs / hub.search_docs_top (V19, V20, V21).
set -euo pipefail
url="${1:?usage: bench/search-explain.sh DATABASE_URL [RUNS]}"
runs="${2:-50}"

# what SearchService sets for its transaction (plus jit off: these statements are too cheap to compile)
settings="SET jit = off; SET pg_trgm.similarity_threshold = 0.45; SET work_mem = '32MB'; SET random_page_cost = 1.1;"

q() { printf "'%s'" "${1//\'/\'\'}"; }

cols="e.id, e.tags, e.download_count, e.star_count, e.updated_at, e.name, e.trust_status, e.license"
summary="o.name AS owner_name, e.name, e.display_name, e.summary, e.tags, e.latest_version, e.star_count, e.download_count, e.visibility, e.updated_at, e.latest_status, e.validated_version, e.validated_at, e.trust_status, e.runtime_verified, CAST(e.trust_flags AS text) AS trust_flags, e.status_reason"
codes="'{verified,flagged,static-only,failed,validating,error}'::text[]"
tasks="'{single-turn,multi-turn,tool-use}'::text[]"
recent="recent AS MATERIALIZED (SELECT environment_id, sum(count)::bigint AS n FROM hub.downloads_daily
          WHERE day > (now() AT TIME ZONE 'UTC')::date - 7 GROUP BY environment_id)"

# filtered WORDS NAME TAGS(array literal or empty; a task is one of them) OWNER ORDER SIZE OFFSET [VALIDATED] [STATUSES]
#   [CAPPED]
# ORDER "trending" sorts by downloads over the last 7 days; STATUSES: an array literal of verdicts, e.g. {verified}.
# CAPPED (a very common word, relevance order): first the probe (the matches counted up to 1001 through the GIN index,
# sequential scans off; the planner's estimate that follows is a plain EXPLAIN, not timed here), then only the 1000 most
# downloaded matches (plus the exact name) are ranked, as SearchSql.filtered(true) does; CAPPED=walk: a word in more than a
# quarter of all environments, whose candidates are read by walking the download-order index (SearchSql.walkSortIndex).
filtered() {
  local words="$1" name="$2" tags="$3" owner="$4" order="$5" size="$6" offset="$7" validated="${8:-}" statuses="${9:-}" f m page
  local capped="${10:-}" from probe="" tsq
  f="e.visibility = 'public' AND e.unlisted_at IS NULL"
  [ -n "$tags" ] && f="$f AND e.tags @> $(q "$tags")::text[]"
  [ -n "$owner" ] && f="$f AND e.owner_id = (SELECT id FROM hub.owners WHERE lower(name) = lower($(q "$owner")))"
  [ -n "$validated" ] && f="$f AND e.validated_version IS NOT NULL AND e.trust_status = ANY('{verified,flagged}'::text[])"
  from="hub.environments e WHERE e.search @@ (SELECT tsq FROM query) AND $f"
  if [ -n "$capped" ]; then
    tsq="(websearch_to_tsquery('english', $(q "$words")) || websearch_to_tsquery('simple', $(q "$words")))"
    probe="SEQSCAN-OFF SELECT count(*) FROM (SELECT 1 FROM hub.environments e WHERE e.search @@ $tsq AND $f LIMIT 1001) x;;"
    # a word in more than a quarter of all environments: the candidates walk the download-order index
    [ "$capped" = walk ] && probe="${probe}WALK "
    from="((SELECT $cols, e.search_head FROM hub.environments e WHERE e.search @@ (SELECT tsq FROM query) AND $f
              ORDER BY e.download_count DESC, e.id LIMIT 1000)
           UNION (SELECT $cols, e.search_head FROM hub.environments e WHERE e.name = $(q "$name")
              AND e.search @@ (SELECT tsq FROM query) AND $f)) e"
  fi
  if [ -z "$words" ]; then
    m="mall AS MATERIALIZED (SELECT $cols, 0::float8 AS rank FROM hub.environments e WHERE $f)"
  else
    m="query AS (SELECT websearch_to_tsquery('english', $(q "$words")) || websearch_to_tsquery('simple', $(q "$words")) AS tsq),
       fts AS MATERIALIZED (SELECT $cols, (coalesce(ts_rank(e.search_head, (SELECT tsq FROM query)), 0)
                + CASE WHEN e.name = $(q "$name") THEN 10 ELSE 0 END)::float8 AS rank
           FROM $from),
       typo AS MATERIALIZED (SELECT $cols, (2 * similarity(e.name, $(q "$name")))::float8 AS rank FROM hub.environments e
          WHERE (SELECT count(*) FROM (SELECT 1 FROM fts LIMIT 20) few) < 20 AND e.name OPERATOR(public.%) $(q "$name")
            AND e.id NOT IN (SELECT id FROM fts) AND $f),
       mall AS NOT MATERIALIZED (SELECT * FROM fts UNION ALL SELECT * FROM typo)"
  fi
  if [ -n "$statuses" ]; then
    m="$m, m AS NOT MATERIALIZED (SELECT * FROM mall WHERE trust_status = ANY($(q "$statuses")::text[]))"
  else
    m="$m, m AS NOT MATERIALIZED (SELECT * FROM mall)"
  fi
  if [ "$order" = trending ]; then
    order="@downloads7d DESC, @download_count DESC, @id"
    page="$recent, page AS (SELECT m.id, rank, download_count, star_count, updated_at, name, coalesce(r.n, 0) AS downloads7d
          FROM m LEFT JOIN recent r ON r.environment_id = m.id"
  else
    page="page AS (SELECT id, rank, download_count, star_count, updated_at, name, NULL::bigint AS downloads7d FROM m"
  fi
  echo "${probe}WITH $m,
    $page ORDER BY ${order//@/} LIMIT $size OFFSET $offset),
    tc AS (SELECT t AS tag, count(*) AS n FROM (SELECT unnest(m.tags) AS t FROM m) x GROUP BY t),
    facets AS (SELECT tag, n FROM tc ORDER BY n DESC, tag LIMIT 30),
    tasks AS (SELECT tag, n FROM tc WHERE tag = ANY($tasks)),
    lic AS (SELECT license AS tag, count(*) AS n FROM m WHERE license IS NOT NULL AND length(license) <= 64
            AND strpos(license, chr(10)) = 0 GROUP BY license ORDER BY n DESC, license LIMIT 20),
    st AS (SELECT trust_status AS tag, count(*) AS n FROM mall WHERE trust_status IS NOT NULL GROUP BY trust_status)
    SELECT (SELECT count(*) FROM m) AS total, (SELECT array_agg(tag ORDER BY n DESC, tag) FROM facets),
           (SELECT array_agg(n ORDER BY n DESC, tag) FROM facets), (SELECT array_agg(tag ORDER BY n DESC, tag) FROM tasks),
           (SELECT array_agg(n ORDER BY n DESC, tag) FROM tasks), (SELECT array_agg(tag ORDER BY tag) FROM st),
           (SELECT array_agg(n ORDER BY tag) FROM st), (SELECT array_agg(tag ORDER BY n DESC, tag) FROM lic),
           (SELECT array_agg(n ORDER BY n DESC, tag) FROM lic), p.id, p.downloads7d, $summary
      FROM (SELECT 1) AS one LEFT JOIN page p ON true LEFT JOIN hub.environments e ON e.id = p.id
      LEFT JOIN hub.owners o ON o.id = e.owner_id ORDER BY ${order//@/p.}"
}

# listing ORDER SIZE OFFSET [TAG] [VALIDATED] [STATUSES]: no text, no owner, at most one tag (or task). Two
# statements: the page from an index (trending: sorted among its candidates, see TrendingSql), the total and facets from
# hub.public_tag_pairs (listed environments), or with VALIDATED (runtime verified: verified, flagged) or STATUSES (array literal) from hub.public_tag_status;
# the statuses facet from hub.public_tag_status, the licences from hub.public_tag_licenses (migrations V16, V17).
listing() {
  local tagfilter="" tag="${4:-}" counted=environments facetcodes="$codes" statuses="${6:-}" counters licenses
  [ -n "$tag" ] && tagfilter="AND e.tags @> $(q "{$tag}")::text[]"
  if [ -n "${5:-}" ]; then
    # validated: runtime verified (issue 36 item 9), so counted from hub.public_tag_status like a status filter
    tagfilter="$tagfilter AND e.validated_version IS NOT NULL"
    counted=validated
    facetcodes="'{verified,flagged}'::text[]"
    [ -z "$statuses" ] && statuses="{verified,flagged}"
  fi
  counters="SELECT other, $counted AS n FROM hub.public_tag_pairs WHERE tag = $(q "$tag")"
  if [ -n "$statuses" ]; then
    tagfilter="$tagfilter AND e.trust_status = ANY($(q "$statuses")::text[])"
    counters="SELECT other, environments AS n FROM hub.public_tag_status WHERE tag = $(q "$tag")
                 AND status = ANY($(q "$statuses")::text[])"
  fi
  if [ "$1" = trending ]; then
    echo "WITH $recent, cand AS ((SELECT e.id, r.n AS downloads7d, e.download_count
            FROM (SELECT environment_id, n FROM recent ORDER BY n DESC) r
            JOIN hub.environments e ON e.id = r.environment_id WHERE e.visibility = 'public' AND e.unlisted_at IS NULL $tagfilter
            ORDER BY r.n DESC, e.download_count DESC, e.id LIMIT $(($2 + $3)))
           UNION ALL (SELECT e.id, 0::bigint, e.download_count FROM hub.environments e WHERE e.visibility = 'public' AND e.unlisted_at IS NULL $tagfilter
            AND e.id NOT IN (SELECT environment_id FROM recent) ORDER BY e.download_count DESC, e.id
            LIMIT $(($2 + $3)))),
          top AS (SELECT id, downloads7d, download_count FROM cand ORDER BY downloads7d DESC, download_count DESC, id
            LIMIT $2 OFFSET $3)
          SELECT e.id, c.downloads7d, $summary FROM top c JOIN hub.environments e ON e.id = c.id
            JOIN hub.owners o ON o.id = e.owner_id ORDER BY c.downloads7d DESC, c.download_count DESC, c.id"
  else
    echo "SELECT e.id, $summary FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id
           WHERE e.visibility = 'public' AND e.unlisted_at IS NULL $tagfilter ORDER BY ${1//@/e.} LIMIT $2 OFFSET $3"
  fi
  echo ";;"
  licenses="SELECT license, $counted AS n FROM hub.public_tag_licenses WHERE tag = $(q "$tag")"
  [ -n "$statuses" ] && licenses="$licenses AND status = ANY($(q "$statuses")::text[])"
  echo "WITH c AS (SELECT other AS tag, sum(n)::bigint AS n FROM ($counters) x GROUP BY other),
         s AS (SELECT status, sum(n)::bigint AS n FROM (SELECT status, environments AS n FROM hub.public_tag_status
                 WHERE tag = $(q "$tag") AND other = '' AND status = ANY($facetcodes)) y GROUP BY status),
         f AS (SELECT tag, n FROM c WHERE tag <> '' AND n > 0 ORDER BY n DESC, tag LIMIT 30),
         lic AS (SELECT license AS tag, sum(n)::bigint AS n FROM ($licenses) l GROUP BY license HAVING sum(n) > 0
                 ORDER BY n DESC, license LIMIT 20)
        SELECT coalesce((SELECT n FROM c WHERE tag = ''), 0) AS total, (SELECT array_agg(tag ORDER BY n DESC, tag) FROM f),
               (SELECT array_agg(n ORDER BY n DESC, tag) FROM f),
               (SELECT array_agg(tag ORDER BY n DESC, tag) FROM c WHERE tag = ANY($tasks) AND n > 0),
               (SELECT array_agg(n ORDER BY n DESC, tag) FROM c WHERE tag = ANY($tasks) AND n > 0),
               (SELECT array_agg(status ORDER BY status) FROM s WHERE n > 0),
               (SELECT array_agg(n ORDER BY status) FROM s WHERE n > 0),
               (SELECT array_agg(tag ORDER BY n DESC, tag) FROM lic), (SELECT array_agg(n ORDER BY n DESC, tag) FROM lic)"
}

DL="@download_count DESC, @id"
REL="@rank DESC, @download_count DESC, @id"
declare -a names sqls
add() { names+=("$1"); sqls+=("$2"); }
add "browse (downloads, page 1)"          "$(listing "$DL" 20 0)"
add "browse recent, page 5"               "$(listing "@updated_at DESC, @id" 20 80)"
add "q=reverse text"                      "$(filtered "reverse text" "reverse-text" "" "" "$REL" 20 0)"
add "q=revrse-text (typo)"                "$(filtered "revrse text" "revrse-text" "" "" "$REL" 20 0)"
add "q=math"                              "$(filtered "math" "math" "" "" "$REL" 20 0)"
add "q=sudoku solver"                     "$(filtered "sudoku solver" "sudoku-solver" "" "" "$REL" 20 0)"
add "q=chess&tag=games"                   "$(filtered "chess" "chess" "{games}" "" "$REL" 20 0)"
add "tag=text (33% of all)"               "$(listing "$DL" 20 0 text)"
add "tag=spreadsheets (rare), sort=name"  "$(listing "@name, @id" 20 0 spreadsheets)"
add "tag=math&tag=reasoning sort=stars"   "$(filtered "" "" "{math,reasoning}" "" "@star_count DESC, @id" 20 0)"
add "owner=bench-user-42 sort=name"       "$(filtered "" "" "" "bench-user-42" "@name, @id" 20 0)"
add "worst: q=environment (76% match)"    "$(filtered "environment" "environment" "" "" "$REL" 20 0)"
add "worst, capped: q=environment"        "$(filtered "environment" "environment" "" "" "$REL" 20 0 "" "" walk)"
add "capped: q=math (10% match)"          "$(filtered "math" "math" "" "" "$REL" 20 0 "" "" capped)"
add "worst: q=environment&tag=text"       "$(filtered "environment" "environment" "{text}" "" "$REL" 20 0)"
add "browse trending, page 1"             "$(listing trending 20 0)"
add "task=single-turn sort=trending"      "$(listing trending 20 0 single-turn)"
add "validated=true (browse)"             "$(listing "$DL" 20 0 "" validated)"
add "task=tool-use&validated=true"        "$(listing "$DL" 20 0 tool-use validated)"
add "q=math&validated=true&task=tool-use" "$(filtered "math" "math" "{tool-use}" "" "$REL" 20 0 validated)"
add "status=verified (browse)"            "$(listing "$DL" 20 0 "" "" "{verified}")"
add "tag=text&status=flagged,static-only" "$(listing "$DL" 20 0 text "" "{flagged,static-only}")"
add "q=math&status=failed"                "$(filtered "math" "math" "" "" "$REL" 20 0 "" "{failed}")"

explain_ms() {
  # sum of planning + execution time of every statement in $1 (statements separated by ';;')
  local sql="$1" total=0 part out
  while IFS= read -r -d $'\x1e' part; do
    [ -z "${part//[[:space:]]/}" ] && continue
    local set="$settings"
    if [[ "$part" =~ ^[[:space:]]*SEQSCAN-OFF ]]; then
      set="$settings SET enable_seqscan = off;"
      part="${part/SEQSCAN-OFF/}"
    elif [[ "$part" =~ ^[[:space:]]*WALK ]]; then
      set="$settings SET enable_seqscan = off; SET enable_bitmapscan = off;"
      part="${part/WALK/}"
    fi
    out=$(printf '%s\nEXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) %s;\n' "$set" "$part" | psql "$url" -qAt)
    total=$(awk -v t="$total" '/Planning Time|Execution Time/ {t += $3} END {printf "%.3f", t}' <<<"$out")
  done < <(printf '%s' "${sql//;;/$'\x1e'}"; printf '\x1e')
  echo "$total"
}

# CPU time the server process spent per run (from /proc, so only when PostgreSQL runs on this machine): unlike the
# elapsed times it does not grow when other processes compete for the CPU.
cpu_ms() {
  local sql="${1//;;/;}" script
  # (the probe's setting then stays on for the capped statement: a sequential scan is never its plan anyway)
  sql="SET enable_seqscan = on; SET enable_bitmapscan = on; ${sql//SEQSCAN-OFF/SET enable_seqscan = off;}"
  sql="${sql//WALK /SET enable_seqscan = off; SET enable_bitmapscan = off; }"
  script=$(mktemp)
  {
    echo "$settings"
    echo "SELECT pg_backend_pid() AS pid \\gset"
    echo "\\setenv ENVHUB_BENCH_PID :pid"
    echo "\\o /dev/null"
    echo "$sql;"
    echo "\\o"
    echo "\\! awk '{print \$14 + \$15}' /proc/\$ENVHUB_BENCH_PID/stat > $script.before"
    echo "\\o /dev/null"
    for ((r = 0; r < runs; r++)); do echo "$sql;"; done
    echo "\\o"
    echo "\\! awk '{print \$14 + \$15}' /proc/\$ENVHUB_BENCH_PID/stat > $script.after"
  } > "$script"
  psql "$url" -qX -f "$script" >/dev/null 2>&1 || true
  if [ -s "$script.before" ] && [ -s "$script.after" ]; then
    awk -v b="$(cat "$script.before")" -v a="$(cat "$script.after")" -v hz="$(getconf CLK_TCK)" -v n="$runs" \
      'BEGIN { printf "%.2f", (a - b) * 1000 / hz / n }'
  else
    printf -- "-"
  fi
  rm -f "$script" "$script.before" "$script.after"
}

printf '%-38s %9s %9s %9s %9s   (%s runs each, ms)\n' query p50 p99 max cpu "$runs"
for i in "${!names[@]}"; do
  explain_ms "${sqls[$i]}" >/dev/null   # warm-up
  times=()
  for ((r = 0; r < runs; r++)); do times+=("$(explain_ms "${sqls[$i]}")"); done
  cpu=$(cpu_ms "${sqls[$i]}")
  printf '%s\n' "${times[@]}" | sort -n | awk -v name="${names[$i]}" -v cpu="$cpu" '
    { v[NR] = $1 }
    END { p50 = v[int((NR + 1) * 0.50)]; i99 = int(NR * 0.99 + 0.999); if (i99 > NR) i99 = NR;
          printf "%-38s %9.2f %9.2f %9.2f %9s\n", name, p50, v[i99], v[NR], cpu }'
done
