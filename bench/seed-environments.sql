-- Seeds N public/private environments (default 100000) with varied names, summaries, tags and READMEs into the
-- hub schema of a database that already has the hub migrations applied. Deterministic for a given N.
--   psql -v n=100000 -f bench/seed-environments.sql "postgresql://postgres@127.0.0.1:5432/envhub_bench"
-- (bench/seed-environments.sh wraps this and can apply the migrations to a fresh scratch database first.)
\set ON_ERROR_STOP on
\if :{?n}
\else
\set n 100000
\endif

\o /dev/null
SELECT setseed(0.4242);
\o

-- one owner per 100 environments, at least one
INSERT INTO hub.owners (kind, name, display_name, email, subject)
SELECT 'user', 'bench-user-' || g, 'Bench User ' || g, 'bench-user-' || g || '@bench.invalid', 'bench-subject-' || g
  FROM generate_series(1, greatest(1, :n / 100)) g
    ON CONFLICT DO NOTHING;

CREATE TEMP TABLE bench_words AS SELECT
  ARRAY['reverse', 'math', 'code', 'sudoku', 'chess', 'wordle', 'medical', 'legal', 'finance', 'materials',
        'chemistry', 'physics', 'biology', 'translation', 'summary', 'browser', 'sql', 'puzzle', 'maze', 'gsm8k',
        'arithmetic', 'logic', 'poetry', 'trivia', 'retrieval', 'negotiation', 'crossword', 'spelling', 'grammar',
        'calendar', 'planning', 'geometry', 'algebra', 'python', 'rust', 'regex', 'json', 'unit', 'weather', 'travel',
        'recipe', 'music', 'history', 'geography', 'astronomy', 'genomics', 'protein', 'contract', 'tax', 'invoice',
        'email', 'shopping', 'inventory', 'robotics', 'navigation', 'diagram', 'table', 'chart', 'spreadsheet', 'cipher']
    AS topics,
  ARRAY['text', 'reasoning', 'qa', 'solver', 'agent', 'tools', 'game', 'proof', 'debug', 'eval', 'bench', 'env',
        'tutor', 'judge', 'extraction', 'classification', 'generation', 'search', 'planner', 'critic', 'grader',
        'dialogue', 'rubric', 'sandbox', 'arena', 'quiz', 'lookup', 'editing', 'completion', 'synthesis']
    AS tasks,
  ARRAY['text', 'single-turn', 'multi-turn', 'tool-use', 'math', 'code', 'reasoning', 'games', 'medicine', 'legal',
        'finance', 'science', 'puzzles', 'agents', 'retrieval', 'language', 'education', 'safety', 'long-context',
        'structured-output', 'vision', 'planning', 'chemistry', 'biology', 'physics', 'sql', 'web', 'dialogue',
        'translation', 'summarization', 'logic', 'trivia', 'spreadsheets', 'music', 'geography', 'robotics', 'security',
        'multilingual', 'benchmark', 'synthetic']
    AS tags,
  ARRAY['reverse', 'solve', 'answer', 'explain', 'translate', 'classify', 'extract', 'summarize', 'grade', 'plan',
        'debug', 'prove', 'play', 'search', 'complete', 'rewrite', 'verify', 'rank', 'compare', 'estimate']
    AS verbs,
  ARRAY['exact match', 'LCS similarity', 'unit tests', 'a judge rubric', 'numeric tolerance', 'F1 overlap',
        'a parser check', 'game outcome', 'BLEU', 'format and correctness']
    AS rewards,
  ARRAY['the', 'agent', 'must', 'answer', 'each', 'task', 'dataset', 'contains', 'rows', 'prompt', 'question',
        'reward', 'function', 'scores', 'completion', 'between', 'zero', 'and', 'one', 'install', 'with', 'pip',
        'load', 'environment', 'returns', 'rubric', 'weights', 'examples', 'rollouts', 'model', 'evaluation', 'uses',
        'tools', 'calls', 'multi', 'turn', 'state', 'info', 'parser', 'format', 'xml', 'tags', 'think', 'final',
        'correct', 'partial', 'credit', 'penalty', 'length', 'timeout', 'seconds', 'sandbox', 'network', 'offline',
        'deterministic', 'seed', 'split', 'train', 'test', 'validation', 'source', 'license', 'citation', 'paper',
        'benchmark', 'baseline', 'accuracy', 'results', 'table', 'gpt', 'llama', 'qwen', 'small', 'large', 'hard',
        'easy', 'medium', 'difficulty', 'curriculum', 'synthetic', 'generated', 'human', 'written', 'verified',
        'filtered', 'deduplicated', 'contamination', 'overlap', 'hash', 'version', 'changelog', 'fixed', 'bug',
        'added', 'support', 'async', 'batch', 'parallel', 'cache', 'memory', 'cpu', 'limit', 'configurable',
        'argument', 'kwargs', 'default', 'number', 'maximum', 'minimum', 'score', 'threshold', 'pass', 'fail',
        'hacking', 'probe', 'empty', 'echo', 'junk', 'robust', 'strict', 'lenient', 'normalize', 'whitespace',
        'unicode', 'case', 'punctuation', 'tokens', 'characters', 'words', 'sentences', 'paragraphs', 'documents']
    AS vocab;

-- The tag-pair triggers update the same counter rows (('', '') above all) once per inserted row; in one transaction
-- every update leaves a dead version the next one must step over, so a bulk insert with them on grows quadratically
-- (10,000 rows 43 s, 20,000 rows 100 s, 100,000 not done in 28 min). They are off for the insert and the counts are
-- rebuilt from the table in one pass below (hub.public_tag_pairs_rebuild, migration V9), in the same transaction, so a
-- failed seed leaves the triggers on.
BEGIN;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_pairs;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_pairs_update;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_status;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_status_update;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_licenses;
ALTER TABLE hub.environments DISABLE TRIGGER environments_public_tag_licenses_update;

INSERT INTO hub.environments (owner_id, name, display_name, summary, readme, readme_content_type, license, tags,
                              visibility, latest_version, star_count, download_count, created_at, updated_at,
                              latest_status, validated_version, validated_at, trust_status, runtime_verified, trust_flags)
SELECT r.owner_id, r.name, r.name, r.summary,
       '# ' || r.name || E'\n\n' || r.summary || E'\n\n' || r.body, 'text/markdown', 'Apache-2.0', r.tags,
       CASE WHEN r.g % 20 = 7 THEN 'private' ELSE 'public' END,
       r.version,
       floor(power(random(), 6) * 2000)::int,
       floor(power(random(), 8) * 1000000)::bigint,
       r.created, r.updated,
       -- validation status (V8 columns, as hub-backend keeps them): 60% validated, 20% failed, 20% pending
       CASE WHEN r.g % 10 < 6 THEN 'validated' WHEN r.g % 10 < 8 THEN 'failed' ELSE 'pending' END,
       CASE WHEN r.g % 10 < 6 THEN r.version END,
       CASE WHEN r.g % 10 < 6 THEN r.updated END,
       -- verdict (V11 columns): of the validated ones half verified, a third static-only, the rest flagged
       CASE WHEN r.g % 10 < 3 THEN 'verified' WHEN r.g % 10 < 5 THEN 'static-only' WHEN r.g % 10 < 6 THEN 'flagged'
            WHEN r.g % 10 < 8 THEN 'failed' ELSE 'validating' END,
       r.g % 10 < 3 OR r.g % 10 = 5,
       CASE WHEN r.g % 10 = 5 THEN '[{"code": "non-deterministic", "message": "2 of 9 probe scores differ"}]'::jsonb
            ELSE '[]'::jsonb END
  FROM (SELECT *, '0.' || (g % 7) || '.' || (g % 13) AS version, created + (random() * interval '60 days') AS updated FROM (
    SELECT g,
           o.ids[1 + (g * 7919) % cardinality(o.ids)] AS owner_id,
           w.topics[1 + (g % cardinality(w.topics))] || '-' || w.tasks[1 + ((g / cardinality(w.topics)) % cardinality(w.tasks))]
             || CASE WHEN g <= cardinality(w.topics) * cardinality(w.tasks) THEN '' ELSE '-' || g END AS name,
           initcap(w.verbs[1 + (g * 31) % cardinality(w.verbs)]) || ' ' || w.topics[1 + (g % cardinality(w.topics))] || ' '
             || w.tasks[1 + ((g / cardinality(w.topics)) % cardinality(w.tasks))] || ' problems; evaluated by '
             || w.rewards[1 + (g * 17) % cardinality(w.rewards)] AS summary,
           ARRAY(SELECT DISTINCT w.tags[1 + floor(power(random(), 2) * cardinality(w.tags))::int]
                   FROM generate_series(1, 1 + (g % 4)) k WHERE k > 0 * g) AS tags,
           (SELECT string_agg(w.vocab[1 + floor(random() * cardinality(w.vocab))::int + 0 * k], ' ')
              FROM generate_series(1, 80 + (g * 13) % 320) k WHERE k > 0 * g) AS body,
           now() - (random() * interval '700 days') AS created
      FROM generate_series(1, :n) g, bench_words w,
           (SELECT array_agg(id ORDER BY id) AS ids FROM hub.owners WHERE name LIKE 'bench-user-%') o
  ) rows) r
    ON CONFLICT DO NOTHING;

-- fire the deferred index-stamp triggers (V13) now: ALTER TABLE refuses a table with pending trigger events
SET CONSTRAINTS ALL IMMEDIATE;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_pairs;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_pairs_update;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_status;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_status_update;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_licenses;
ALTER TABLE hub.environments ENABLE TRIGGER environments_public_tag_licenses_update;
SELECT hub.public_tag_pairs_rebuild();
COMMIT;

-- daily downloads over the last 14 days for 5% of the environments (trending)
INSERT INTO hub.downloads_daily (environment_id, day, count)
SELECT e.id, (now() AT TIME ZONE 'UTC')::date - d, 1 + floor(power(random(), 3) * 500)::bigint
  FROM hub.environments e, generate_series(0, 13) d
 WHERE e.id % 20 = 3
    ON CONFLICT DO NOTHING;

-- vacuum (sets the visibility map, so index-only scans stay index-only) and analyze, as autovacuum would on a live hub
VACUUM (ANALYZE) hub.owners;
VACUUM (ANALYZE) hub.environments;
VACUUM (ANALYZE) hub.downloads_daily;
VACUUM (ANALYZE) hub.public_tag_pairs;
VACUUM (ANALYZE) hub.public_tag_status;
VACUUM (ANALYZE) hub.public_tag_licenses;
SELECT count(*) AS environments, count(*) FILTER (WHERE visibility = 'private') AS private FROM hub.environments;
