"""run mode: import the module, call load_environment(), inspect dataset and rubric, score sample rows, run the
reward-hacking probes and compute the dataset fingerprint; every stage is announced with a "begin" line."""
import inspect
import resource
import time

from . import diversity, hackrun, network, v1
from .channel import HarnessError, describe, emit, exc_text, only_main_process
from .discover import find_dataset, find_rubric
from .fingerprint import fingerprint
from .preview import preview
from .rewards import Caller, as_score, run_probes, score_samples
from .values import get, prompt_of, resolve, text_of


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
        if v1.is_v1(module):
            run_v1(module, module_name, stages, result, sample_rows, probe_rows, fingerprint_rows, probes_only)
        else:
            run_v0(module, module_name, stages, result, sample_rows, probe_rows, fingerprint_rows, probes_only)
        stages.end()
        result["ok"] = True
    except BaseException as e:
        fail(stages, result, e)
    finish(stages, result, started)


def run_v0(module, module_name, stages, result, sample_rows, probe_rows, fingerprint_rows, probes_only):
    """A v0 package: load_environment() returns an environment with a dataset and a rubric."""
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
        stages.begin("trust")

        def total(i, text):
            return sum(w * as_score(c, c.call(rows[i], i, text)) for c, w in zip(callers, weights))

        probe_rows_of = [{"prompt": text_of(prompt_of(r)), "answer": None if r.get("answer") is None else text_of(r["answer"]),
                          "options": r.get("options") or r.get("choices")} for r in rows]
        system = get(env, "system_prompt") or rows[0].get("system_prompt")
        trust(result, total, probe_rows_of, probe_rows, [c.func for c in callers], system if isinstance(system, str) else None)
        stages.begin("fingerprint")
        result["fingerprint"] = fingerprint(rows, fingerprint_rows)


def run_v1(module, module_name, stages, result, sample_rows, probe_rows, fingerprint_rows, probes_only):
    """A verifiers v1 package: its one exported Taskset, load() with the default config, the tasks' rewards."""
    stages.begin("load_environment")
    vf, cls, config_cls, tasks, infinite = v1.load_tasks(module, module_name)
    messages = {"import": "imported %s (verifiers v1 taskset package)" % module_name,
                "load_environment": v1.describe_load(cls, config_cls, tasks, infinite)}
    result["layout"] = "v1"
    result["messages"] = messages
    stages.begin("dataset")
    rows = v1.rows_of(tasks)
    columns = []
    for r in rows:
        for k in r:
            if k not in columns and len(columns) < 100:
                columns.append(str(k))
    with_prompt = sum(1 for t in tasks if getattr(t.data, "prompt", None) is not None)
    source = "%s.load()" % cls.__name__
    result["dataset"] = {"source": source, "size": len(rows), "columns": columns, "rowsWithPrompt": with_prompt}
    try:
        schema, sample = preview(rows, columns)
        result["dataset"]["schema"] = schema
        result["dataset"]["sample"] = sample
    except Exception:
        pass  # a row whose values cannot be shown leaves the preview out, not the check
    if not tasks:
        raise HarnessError("%s.load() gave no tasks" % cls.__name__)
    data_cls = type(tasks[0].data)
    messages["dataset"] = "%d tasks of %s from %s, fields %s" % (len(rows), data_cls.__name__, source, ", ".join(columns))
    stages.begin("rubric")
    functions, extra = v1.rubric(vf, tasks)
    result["rubric"] = {"functions": [{"name": f["name"], "weight": f["weight"], "async": f["async"],
                                       "completionFormat": "trace"} for f in functions]}
    result["task"] = {"class": type(tasks[0]).__name__, "data": data_cls.__name__, "stops": extra["stops"],
                      "metrics": extra["metrics"], "needsRuntime": [f["name"] for f in functions if f["needsRuntime"]]}
    shown = ["%s (weight %s%s%s)" % (f["name"], f["weight"], ", async" if f["async"] else "",
                                     ", needs a runtime: not scored offline" if f["needsRuntime"] else "")
             for f in functions]
    messages["rubric"] = "%d reward%s of %s: %s%s" % (len(functions), "" if len(functions) == 1 else "s",
                                                      type(tasks[0]).__name__, ", ".join(shown),
                                                      "; stop conditions: " + ", ".join(extra["stops"]) if extra["stops"] else "")
    stages.begin("rewards")
    result["samples"] = v1.score_samples(vf, tasks, sample_rows)
    scored = len({s["row"] for s in result["samples"]})
    messages["rewards"] = "Task.score gave finite rewards on %d tasks (synthetic traces replying the reference answer)" \
                          % scored
    if not probes_only:
        stages.begin("validate")
        checks = v1.task_checks(vf, tasks, probe_rows)
        if checks is not None:
            result["taskChecks"] = checks
    stages.begin("probes")
    result["probes"] = v1.run_probes(vf, tasks, probe_rows)
    if not probes_only:
        stages.begin("trust")
        probe_rows_of = [{"prompt": v1.prompt_text(t), "answer": v1.answer_of(t),
                          "options": getattr(t.data, "options", None) or getattr(t.data, "choices", None)} for t in tasks]
        funcs = [f for f in v1.hooks(tasks[0], "reward") if not v1.requires_runtime(f)]
        system = getattr(tasks[0].data, "system_prompt", None)
        trust(result, lambda i, text: v1.score(vf, tasks[i], text)[1], probe_rows_of, probe_rows, funcs,
              system if isinstance(system, str) else None)
        stages.begin("fingerprint")
        result["fingerprint"] = fingerprint(rows, fingerprint_rows)


def trust(result, score, rows, probe_rows, funcs, system_prompt):
    """The hacking probes (hackrun) and the diversity figures; a failure here is reported, never fatal."""
    try:
        result["hacks"] = hackrun.run(score, rows, probe_rows, funcs, system_prompt)
    except Exception as e:
        only_main_process()
        result["hacksError"] = exc_text(e, 300)
    try:
        result["diversity"] = diversity.measure([r["prompt"] or "" for r in rows])
    except Exception as e:
        only_main_process()
        result["diversityError"] = exc_text(e, 300)


def fail(stages, result, e):
    """Records the error of the stage that was running."""
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
    if isinstance(e, v1.StaticOnly):
        err["staticOnly"] = str(e)
    elif stage == "import" and isinstance(e, ModuleNotFoundError) and (e.name or "").split(".")[0] == "verifiers":
        err["staticOnly"] = "dependency verifiers is not available from the upstream index"

    result["error"] = err


def finish(stages, result, started):
    result["stages"] = stages.done
    result["wallMs"] = int((time.monotonic() - started) * 1000)
    result["peakMemoryBytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    emit("result", result)
