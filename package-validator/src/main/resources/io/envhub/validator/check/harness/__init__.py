"""The EnvHub validation harness as a package (envhub_harness), loaded by main.py from the directory it lives in.

The directory is never put on sys.path: the environment's own imports resolve exactly as in a plain python -I run.

  channel      the result channel (stdout taken over at import), process guard, error descriptions, HarnessError
  ast_check    ast mode: does the module define load_environment (no code of the package runs)
  values       reading rows and objects of the environment: get, resolve (awaitables), text_of, prompt_of
  discover     find_dataset and find_rubric on the object load_environment() returned
  preview      the dataset preview kept in the report (schema and first rows)
  rewards      calling reward functions (Caller), sample scores and the reward-hacking probes
  literals     magic-token candidates: string literals and regex samples from the reward source (ast)
  hacks        the replies of the reward-hacking probes (spraying, magic tokens, trivial, format-only, tampering)
  hackrun      runs those probes through a scorer (v0 rubric or v1 Task.score), with the reference's score
  diversity    exact and near-duplicate prompts, n-gram diversity
  fingerprint  MinHash-LSH fingerprint of the dataset (same format as io.envhub.format.fingerprint)
  network      remembers the hosts the environment's code tried to reach
  v1           the verifiers v1 runtime: the exported Taskset, load(), TaskData rows, Task.score on synthetic traces
  run          run mode: the stages from import to fingerprint, and the result
"""
