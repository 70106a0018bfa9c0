"""run mode: import the module, call load_environment(), inspect dataset and rubric, score sample rows, run the
reward-hacking probes and compute the dataset fingerprint; every stage is announced with a "begin" line."""
import inspect
import resource
import time

from . import network
from .channel import HarnessError, describe, emit, exc_text, only_main_process
from .discover import find_dataset, find_rubric
from .fingerprint import fingerprint
from .preview import preview
from .rewards import Caller, run_probes, score_samples
from .values import get, resolve


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


def run_mode(module_name, sample_rows, probe_rows, fingerprint_rows, probes_only):
    network.watch()
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
        host = network.network_failure(e)
        if host:
            err["network"] = host
        result["error"] = err
    result["stages"] = stages.done
    result["wallMs"] = int((time.monotonic() - started) * 1000)
    result["peakMemoryBytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    emit("result", result)
