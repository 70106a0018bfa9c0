"""The result channel: the process's original stdout, as lines "<nonce> <kind> <json>".

Importing this module takes stdout over: the original fd 1 is kept as RESULT_FD and fd 1 (and sys.stdout) now write
to stderr, so nothing the environment prints can reach the channel. main.py imports it before anything else.
"""
import json
import os
import sys
import traceback

MAIN_PID = os.getpid()
RESULT_FD = os.dup(1)
os.dup2(2, 1)
sys.stdout = sys.stderr
NONCE = ""


class HarnessError(Exception):
    """A problem of the environment found by the harness (not a crash of the harness)."""


def emit(kind, payload):
    line = "%s %s %s\n" % (NONCE, kind, json.dumps(payload, allow_nan=False, default=str))
    data = line.encode("utf-8")
    while data:
        data = data[os.write(RESULT_FD, data):]


def only_main_process():
    """A forked child of the environment's code must never report: it leaves quietly."""
    if os.getpid() != MAIN_PID:
        os._exit(0)


def exc_text(exc, limit=300):
    text = str(exc)[:limit]
    return type(exc).__name__ + (": " + text if text else "")


def describe(exc):
    only_main_process()
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return {"type": type(exc).__name__, "message": str(exc)[:500], "errno": getattr(exc, "errno", None),
            "traceback": "".join(tb)[-2000:]}
