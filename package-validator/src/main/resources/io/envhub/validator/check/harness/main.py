"""EnvHub validation harness. It runs INSIDE the sandbox, with Debian's Python 3.11 and the job's venv.

Usage (all output goes to the result channel, the process's original stdout, as lines "<nonce> <kind> <json>";
everything the environment prints is redirected to stderr):
  main.py ast <nonce> <source-file>
      parse the module with ast and report whether it defines load_environment (no code of the package runs)
  main.py run <nonce> <module> <sample-rows> <probe-rows> <fingerprint-rows> [probes-only]
      import the module, call load_environment(), inspect dataset and rubric, score sample rows, run the
      reward-hacking probes and compute the dataset fingerprint; "probes-only" skips the fingerprint
  main.py session <nonce> <module>
      load the environment once, then answer reset/step/state requests (JSON lines on stdin) with "reply" lines
      until stdin closes: a hosted session (see session.py)
  main.py fingerprint <nonce> <fingerprint-rows>
      fingerprint the JSON list of rows read from stdin (used to check the Java implementation agrees)

Kinds: "begin" {"stage": name} when a stage starts, "result" {...} once at the end.
The result is self-reported by a process that also runs the environment's code: the sandbox protects the host,
not the integrity of this report against a package written to forge it.

The other modules of the harness lie next to this file; it loads them as the package envhub_harness (see
__init__.py) without putting their directory on sys.path, and loads all of them before any mode runs, so a
missing module fails every run instead of one mode.
"""
import importlib.util
import os
import sys

PACKAGE = "envhub_harness"
MODULES = ("channel", "ast_check", "values", "discover", "preview", "rewards", "literals", "hacks", "hackrun", "diversity", "fingerprint",
           "network", "v1", "run", "session")


def _load_package():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(PACKAGE, os.path.join(here, "__init__.py"),
                                                  submodule_search_locations=[here])
    package = importlib.util.module_from_spec(spec)
    sys.modules[PACKAGE] = package
    writes = sys.dont_write_bytecode
    sys.dont_write_bytecode = True  # the directory is bound read-only; the environment's own imports are unchanged
    try:
        spec.loader.exec_module(package)
        for name in MODULES:  # channel first: it takes stdout over before anything else can print
            importlib.import_module(PACKAGE + "." + name)
    finally:
        sys.dont_write_bytecode = writes


_load_package()

import json  # noqa: E402

from envhub_harness import channel  # noqa: E402
from envhub_harness.ast_check import ast_mode  # noqa: E402
from envhub_harness.fingerprint import fingerprint  # noqa: E402
from envhub_harness.run import run_mode  # noqa: E402
from envhub_harness.session import session_mode  # noqa: E402


def main():
    mode, channel.NONCE = sys.argv[1], sys.argv[2]
    del sys.argv[2]
    if mode == "ast":
        ast_mode(sys.argv[2])
    elif mode == "run":
        run_mode(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                 len(sys.argv) > 6 and sys.argv[6] == "probes-only")
    elif mode == "session":
        session_mode(sys.argv[2])
    elif mode == "fingerprint":
        rows = json.load(sys.stdin)
        channel.emit("result", fingerprint(rows, int(sys.argv[2])))
    else:
        raise SystemExit("unknown mode " + mode)


if __name__ == "__main__":
    main()
    channel.only_main_process()
    sys.stderr.flush()
    os._exit(0)
