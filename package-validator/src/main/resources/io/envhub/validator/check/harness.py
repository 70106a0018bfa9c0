"""EnvHub validation harness. It runs INSIDE the sandbox, with Debian's Python 3.11 and the job's venv.

Usage (all output goes to the result channel, the process's original stdout, as lines "<nonce> <kind> <json>";
everything the environment prints is redirected to stderr):
  harness.py ast <nonce> <source-file>
      parse the module with ast and report whether it defines load_environment (no code of the package runs)
  harness.py run <nonce> <module> <sample-rows> <probe-rows> <fingerprint-rows> [probes-only]
      import the module, call load_environment(), inspect dataset and rubric, score sample rows, run the
      reward-hacking probes and compute the dataset fingerprint; "probes-only" skips the fingerprint
  harness.py fingerprint <nonce> <fingerprint-rows>
      fingerprint the JSON list of rows read from stdin (used to check the Java implementation agrees)

Kinds: "begin" {"stage": name} when a stage starts, "result" {...} once at the end.
The result is self-reported by a process that also runs the environment's code: the sandbox protects the host,
not the integrity of this report against a package written to forge it.
"""
import ast
import asyncio
import base64
import hashlib
import inspect
import json
import math
import numbers
import os
import random
import re
import resource
import socket
import sys
import time
import traceback

MAIN_PID = os.getpid()
RESULT_FD = os.dup(1)
os.dup2(2, 1)
sys.stdout = sys.stderr
NONCE = ""

KNOWN_ARGS = ("prompt", "completion", "answer", "state", "info", "task", "example_id", "parser")
JUNK_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 .,;:!?#%&*()[]{}<>/\\|-_=+~"

# fingerprint: MinHash over word 5-shingles, 128 permutations h(x) = (a*x + b) mod (2^61 - 1),
# LSH keys of 16 bands x 8 values; see io.envhub.format.fingerprint.Fingerprint for the format and estimator
MERSENNE = (1 << 61) - 1
PERMUTATIONS = 128
BANDS = 16
ROWS_PER_BAND = 8
SHINGLE = 5

# dataset preview kept in the report: the first rows, each cell as text cut at PREVIEW_CHARS characters
PREVIEW_ROWS = 10
PREVIEW_CHARS = 300


def _u64(data):
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


PERMS = [(_u64(b"envhub-minhash-a-%d" % i) % (MERSENNE - 1) + 1, _u64(b"envhub-minhash-b-%d" % i) % MERSENNE)
         for i in range(PERMUTATIONS)]


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


# ---------------------------------------------------------------- ast mode

def ast_mode(path):
    with open(path, "rb") as f:
        source = f.read()
    try:
        tree = ast.parse(source, filename=os.path.basename(path))
    except SyntaxError as e:
        emit("result", {"ok": False, "error": {"type": "SyntaxError", "message": e.msg, "line": e.lineno}})
        return
    found = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == "load_environment":
            found = {"kind": "async def" if isinstance(node, ast.AsyncFunctionDef) else "def", "line": node.lineno,
                     "required": required_args(node.args)}
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "load_environment"
                                                  for t in node.targets):
            found = {"kind": "assignment", "line": node.lineno, "required": 0}
        elif isinstance(node, (ast.ImportFrom, ast.Import)):
            for alias in node.names:
                if (alias.asname or alias.name) == "load_environment":
                    found = {"kind": "import", "line": node.lineno, "required": 0,
                             "from": ("." * getattr(node, "level", 0)) + (getattr(node, "module", None) or "")}
    emit("result", {"ok": True, "defined": found is not None, "definition": found})


def required_args(args):
    positional = args.posonlyargs + args.args
    without_default = len(positional) - len(args.defaults)
    kw_required = sum(1 for d in args.kw_defaults if d is None)
    return max(0, without_default) + kw_required


# ---------------------------------------------------------------- run mode

def get(obj, name):
    if isinstance(obj, dict):
        return obj.get(name)
    try:
        return getattr(obj, name, None)
    except Exception:
        return None


def resolve(value):
    loop = None
    while inspect.isawaitable(value):
        loop = loop or asyncio.new_event_loop()
        value = loop.run_until_complete(value)
    if loop is not None:
        loop.close()
    return value


def find_dataset(env):
    source = None
    for name in ("dataset", "eval_dataset"):
        ds = get(env, name)
        if ds is not None:
            source = name
            break
    if source is None:
        for name in ("get_dataset", "get_eval_dataset"):
            fn = get(env, name)
            if callable(fn):
                ds, source = fn, name
                break
    if source is None:
        raise HarnessError("the environment has no dataset (looked for 'dataset' and 'eval_dataset')")
    if callable(ds) and not hasattr(ds, "to_list") and not isinstance(ds, (list, tuple)):
        ds = resolve(ds())
    if hasattr(ds, "to_list"):
        ds = ds.to_list()
    if isinstance(ds, (str, bytes, dict)) or not hasattr(ds, "__iter__"):
        raise HarnessError("the dataset ('%s') is a %s, not a list of rows" % (source, type(ds).__name__))
    rows = list(ds)
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise HarnessError("dataset row %d is a %s, not a dict" % (i, type(row).__name__))
    return source, rows


def find_rubric(env):
    rubric = get(env, "rubric")
    if rubric is None:
        raise HarnessError("the environment has no rubric")
    if isinstance(rubric, (list, tuple)):
        funcs, weights = list(rubric), None
    elif callable(rubric) and get(rubric, "funcs") is None and get(rubric, "reward_funcs") is None:
        funcs, weights = [rubric], None
    else:
        funcs = get(rubric, "funcs")
        if funcs is None:
            funcs = get(rubric, "reward_funcs")
        if funcs is None and callable(get(rubric, "get_reward_funcs")):
            funcs = rubric.get_reward_funcs()
        weights = get(rubric, "weights")
        if weights is None:
            weights = get(rubric, "reward_weights")
        if weights is None and callable(get(rubric, "get_reward_weights")):
            weights = rubric.get_reward_weights()
    if not funcs:
        raise HarnessError("the rubric has no reward functions (looked for 'funcs')")
    funcs = list(funcs)
    for i, f in enumerate(funcs):
        if not callable(f):
            raise HarnessError("reward function %d of the rubric is a %s, not callable" % (i, type(f).__name__))
    weights = [1.0] * len(funcs) if weights is None else list(weights)
    if len(weights) != len(funcs):
        raise HarnessError("the rubric has %d reward functions but %d weights" % (len(funcs), len(weights)))
    clean = []
    for w in weights:
        if isinstance(w, bool) or not isinstance(w, numbers.Real) or not math.isfinite(float(w)):
            raise HarnessError("rubric weight %r is not a finite number" % (w,))
        clean.append(float(w))
    return funcs, clean


def func_name(f):
    return getattr(f, "__name__", None) or type(f).__name__


def text_of(value):
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "\n".join(text_of(m.get("content")) if isinstance(m, dict) else text_of(m) for m in value)
    return str(value)


def type_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(m, dict) and "role" in m for m in value):
            return "chat"
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def cell_text(value):
    if value is None:
        return None
    if isinstance(value, str):
        text = value
    elif isinstance(value, (list, tuple)) and value and all(isinstance(m, dict) and "role" in m for m in value):
        text = "\n".join("%s: %s" % (m.get("role"), text_of(m.get("content"))) for m in value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except Exception:
            text = str(value)
    return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS] + "\u2026"


def preview(rows, columns):
    types = []
    for c in columns:
        seen = {type_of(r[c]) for r in rows[:1000] if c in r and r[c] is not None}
        types.append(seen.pop() if len(seen) == 1 else ("mixed" if seen else "null"))
    sample = [[cell_text(r.get(c)) for c in columns] for r in rows[:PREVIEW_ROWS]]
    return [{"name": c, "type": t} for c, t in zip(columns, types)], sample


def prompt_of(row):
    if row.get("prompt") is not None:
        return row["prompt"]
    return row.get("question")


def is_chat(row):
    return isinstance(prompt_of(row), (list, tuple))


class Caller:
    """Calls one reward function with the named arguments it accepts, in the completion format it accepts."""

    def __init__(self, func, parser=None):
        self.func = func
        self.parser = parser
        self.name = func_name(func)
        self.fmt = None
        try:
            self.params = inspect.signature(func).parameters
        except (TypeError, ValueError):
            self.params = None

    def call(self, row, index, text):
        if self.fmt is not None:
            return self.call_as(row, index, text, self.fmt)
        first = "chat" if is_chat(row) else "string"
        second = "string" if first == "chat" else "chat"
        try:
            value = self.call_as(row, index, text, first)
            self.fmt = first
            return value
        except HarnessError:
            raise
        except Exception as primary:
            only_main_process()
            try:
                value = self.call_as(row, index, text, second)
            except Exception:
                only_main_process()
                raise primary
            self.fmt = second
            return value

    def call_as(self, row, index, text, fmt):
        prompt = prompt_of(row)
        if fmt == "chat":
            completion = [{"role": "assistant", "content": text}]
            if isinstance(prompt, str):
                prompt = [{"role": "user", "content": prompt}]
        else:
            completion = text
            prompt = text_of(prompt)
        ctx = {"prompt": prompt, "completion": completion, "answer": row.get("answer", ""),
               "state": {"prompt": prompt, "completion": completion, "answer": row.get("answer", "")},
               "info": row.get("info") or {}, "task": row.get("task", "default"), "example_id": index}
        if self.parser is not None:
            ctx["parser"] = self.parser
        if self.params is None:
            return resolve(self.func(completion=completion, prompt=prompt, answer=ctx["answer"]))
        args, kwargs = [], {}
        var_kw = any(p.kind == p.VAR_KEYWORD for p in self.params.values())
        for name, p in self.params.items():
            if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
                continue
            if name in ctx:
                if p.kind == p.POSITIONAL_ONLY:
                    args.append(ctx[name])
                else:
                    kwargs[name] = ctx[name]
            elif p.default is p.empty:
                raise HarnessError("reward function '%s' requires argument '%s', which the validator cannot supply "
                                   "(it passes %s)" % (self.name, name, ", ".join(KNOWN_ARGS)))
        if var_kw:
            for name, value in ctx.items():
                kwargs.setdefault(name, value)
        return resolve(self.func(*args, **kwargs))


def as_score(caller, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        shown = repr(value)
        raise HarnessError("reward function '%s' returned %s %s, not a number"
                           % (caller.name, type(value).__name__, shown[:80]))
    score = float(value)
    if not math.isfinite(score):
        raise HarnessError("reward function '%s' returned %s, not a finite number" % (caller.name, score))
    return score


def score_samples(callers, rows, count):
    samples = []
    for i, row in enumerate(rows[:count]):
        text = text_of(row.get("answer"))
        for c in callers:
            try:
                value = as_score(c, c.call(row, i, text))
            except HarnessError:
                raise
            except Exception as e:
                only_main_process()
                raise HarnessError("reward function '%s' raised %s on row %d" % (c.name, exc_text(e), i)) from e
            samples.append({"function": c.name, "row": i, "score": value, "format": c.fmt})
    return samples


def junk(i):
    rnd = random.Random(7919 + i)
    return "".join(rnd.choice(JUNK_ALPHABET) for _ in range(48))


def run_probes(callers, weights, rows, count):
    probes = {}
    for name in ("empty", "echo", "junk", "answer"):
        scores, errors, first_error = [], 0, None
        for i, row in enumerate(rows[:count]):
            if name == "answer" and row.get("answer") is None:
                continue
            text = {"empty": "", "echo": text_of(prompt_of(row)), "junk": junk(i)}.get(name)
            if text is None:
                text = text_of(row.get("answer"))
            total = 0.0
            try:
                for c, w in zip(callers, weights):
                    total += w * as_score(c, c.call(row, i, text))
            except Exception as e:
                only_main_process()
                errors += 1
                first_error = first_error or exc_text(e, 200)
                scores.append(None)
                continue
            scores.append(total if math.isfinite(total) else None)
            errors += 0 if math.isfinite(total) else 1
        probes[name] = {"scores": scores, "errors": errors, "firstError": first_error}
    return probes


# ---------------------------------------------------------------- fingerprint

def row_text(row):
    return text_of(prompt_of(row)) + " " + text_of(row.get("answer"))


def words(text):
    out, cur = [], []
    for ch in text.lower():
        if ch.isalpha() or ch.isdecimal():
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def shingle_hashes(text):
    w = words(text)
    if len(w) <= SHINGLE:
        grams = [" ".join(w)]
    else:
        grams = [" ".join(w[i:i + SHINGLE]) for i in range(len(w) - SHINGLE + 1)]
    return sorted({_u64(g.encode("utf-8")) % MERSENNE for g in grams})


def min_perm(xs, ab):
    a, b = ab
    return min([(a * x + b) % MERSENNE for x in xs])


def fingerprint(rows, limit):
    hashed = [shingle_hashes(row_text(r)) for r in rows]
    h0 = [min_perm(xs, PERMS[0]) >> 29 for xs in hashed]
    order = sorted(range(len(rows)), key=lambda i: (h0[i], i))
    if len(rows) <= limit:
        threshold, chosen = 0xFFFFFFFF, list(range(len(rows)))
    else:
        threshold = h0[order[limit - 1]]
        chosen = [i for i in range(len(rows)) if h0[i] <= threshold]
    data = bytearray()
    for i in chosen:
        sig = [min_perm(hashed[i], ab) for ab in PERMS]
        data += h0[i].to_bytes(4, "big")
        for band in range(BANDS):
            chunk = bytes([band]) + b"".join(v.to_bytes(8, "big") for v in sig[band * ROWS_PER_BAND:(band + 1) * ROWS_PER_BAND])
            data += hashlib.sha256(chunk).digest()[:4]
    return {"algorithm": "minhash-lsh/v1", "permutations": PERMUTATIONS, "shingleWords": SHINGLE, "bands": BANDS,
            "rowsPerBand": ROWS_PER_BAND, "rows": len(rows), "sampledRows": len(chosen), "threshold": threshold,
            "rowData": base64.b64encode(bytes(data)).decode("ascii")}


# ---------------------------------------------------------------- driver

class Stages:
    def __init__(self):
        self.done = []
        self.current = None
        self.started = None

    def begin(self, name):
        self.end()
        self.current, self.started = name, time.monotonic()
        emit("begin", {"stage": name})

    def end(self):
        if self.current is not None:
            self.done.append({"name": self.current, "ms": int((time.monotonic() - self.started) * 1000)})
            self.current = None


NETWORK_HOSTS = []
_NETWORK_ERRNOS = {99, 100, 101, 103, 104, 110, 111, 113}
_HOST_EVENTS = ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex", "socket.gethostbyaddr")


def _network_audit(event, args):
    """Remembers the hosts the environment's code tried to reach (the sandbox has no network)."""
    if event in _HOST_EVENTS:
        host = args[0] if args else None
    elif event == "socket.connect":
        addr = args[1] if len(args) > 1 else None
        host = addr[0] if isinstance(addr, tuple) and addr else None
    else:
        return
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if host and isinstance(host, str):
        if host in NETWORK_HOSTS:
            NETWORK_HOSTS.remove(host)
        NETWORK_HOSTS.append(host)
        del NETWORK_HOSTS[:-5]


def network_failure(exc):
    """The host last tried before a network error (the one the failing call was reaching), or None."""
    seen = 0
    while exc is not None and seen < 10 and NETWORK_HOSTS:
        name = type(exc).__name__
        if isinstance(exc, (socket.gaierror, socket.herror, ConnectionError, TimeoutError)) \
                or isinstance(exc, OSError) and exc.errno in _NETWORK_ERRNOS \
                or any(w in name for w in ("Connect", "Network", "Timeout", "Resolve", "Offline")):
            return NETWORK_HOSTS[-1]
        exc = exc.__cause__ or exc.__context__
        seen += 1
    return None


def run_mode(module_name, sample_rows, probe_rows, fingerprint_rows, probes_only):
    sys.addaudithook(_network_audit)
    started = time.monotonic()
    stages = Stages()
    result = {"ok": False}
    try:
        stages.begin("import")
        import importlib
        module = importlib.import_module(module_name)
        only_main_process()
        stages.begin("load_environment")
        load = getattr(module, "load_environment", None)
        if not callable(load):
            raise HarnessError("module '%s' has no callable load_environment" % module_name)
        try:
            env = resolve(load())
        except Exception as e:
            only_main_process()
            raise HarnessError("load_environment() raised " + exc_text(e)) from e
        only_main_process()
        if env is None:
            raise HarnessError("load_environment() returned None")
        stages.begin("dataset")
        source, rows = find_dataset(env)
        columns = []
        for r in rows:
            for k in r:
                if k not in columns and len(columns) < 100:
                    columns.append(str(k))
        with_prompt = sum(1 for r in rows if r.get("prompt") is not None or r.get("question") is not None)
        result["dataset"] = {"source": source, "size": len(rows), "columns": columns, "rowsWithPrompt": with_prompt}
        try:
            schema, sample = preview(rows, columns)
            result["dataset"]["schema"] = schema
            result["dataset"]["sample"] = sample
        except Exception:
            pass  # a row whose values cannot be shown leaves the preview out, not the check
        if not rows:
            raise HarnessError("the dataset ('%s') is empty" % source)
        if with_prompt < len(rows):
            missing = next(i for i, r in enumerate(rows) if r.get("prompt") is None and r.get("question") is None)
            raise HarnessError("%d of %d dataset rows have neither 'prompt' nor 'question' (first: row %d)"
                               % (len(rows) - with_prompt, len(rows), missing))
        stages.begin("rubric")
        funcs, weights = find_rubric(env)
        parser = get(get(env, "rubric"), "parser")
        callers = [Caller(f, parser) for f in funcs]
        result["rubric"] = {"functions": [{"name": c.name, "weight": w, "async": inspect.iscoroutinefunction(c.func)}
                                          for c, w in zip(callers, weights)]}
        stages.begin("rewards")
        result["samples"] = score_samples(callers, rows, sample_rows)
        for f, c in zip(result["rubric"]["functions"], callers):
            f["completionFormat"] = c.fmt
        stages.begin("probes")
        result["probes"] = run_probes(callers, weights, rows, probe_rows)
        if not probes_only:
            stages.begin("fingerprint")
            result["fingerprint"] = fingerprint(rows, fingerprint_rows)
        stages.end()
        result["ok"] = True
    except BaseException as e:
        only_main_process()
        stage = stages.current
        stages.end()
        err = describe(e.__cause__ if isinstance(e, HarnessError) and e.__cause__ else e)
        if isinstance(e, HarnessError):
            err["harness"] = str(e)
        err["stage"] = stage
        host = network_failure(e)
        if host:
            err["network"] = host
        result["error"] = err
    result["stages"] = stages.done
    result["wallMs"] = int((time.monotonic() - started) * 1000)
    result["peakMemoryBytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    emit("result", result)


def main():
    global NONCE
    mode, NONCE = sys.argv[1], sys.argv[2]
    del sys.argv[2]
    if mode == "ast":
        ast_mode(sys.argv[2])
    elif mode == "run":
        run_mode(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                 len(sys.argv) > 6 and sys.argv[6] == "probes-only")
    elif mode == "fingerprint":
        rows = json.load(sys.stdin)
        emit("result", fingerprint(rows, int(sys.argv[2])))
    else:
        raise SystemExit("unknown mode " + mode)


if __name__ == "__main__":
    main()
    only_main_process()
    sys.stderr.flush()
    os._exit(0)
