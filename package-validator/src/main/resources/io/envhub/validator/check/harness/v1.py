"""The verifiers v1 runtime: a package that exports exactly one vf.Taskset subclass through __all__ (no
load_environment). Written against verifiers' v1 API (verifiers/v1 at a60a606): the taskset is built with its default
config, load() gives the vf.Tasks, each task's vf.TaskData gives the dataset rows, and the task's @vf.reward methods
score synthetic vf.Traces through Task.score(trace) (offline: no runtime, as verifiers itself scores without one).

The stages keep the names of the v0 run ("load_environment" is loading the taskset and calling load()), so the
report sections are the same for both layouts.
"""
import inspect
import itertools
import math
import numbers
import typing

from . import network
from .channel import HarnessError, exc_text, only_main_process
from .rewards import junk
from .values import resolve, text_of

# TaskData fields that describe how a task runs, not what it asks: left out of the preview when at their defaults
RUN_FIELDS = ("name", "description", "system_prompt", "image", "workdir", "network_allow", "network_block", "artifacts",
              "timeout", "resources")
INFINITE_TAKE = 1000


class StaticOnly(HarnessError):
    """The runtime cannot complete here for a reason that is not the package's fault (e.g. no runtime offline)."""


def is_v1(module):
    """A module without load_environment that defines __all__ is read as a v1 taskset package."""
    return not callable(getattr(module, "load_environment", None)) and getattr(module, "__all__", None) is not None


def import_vf():
    try:
        import verifiers.v1 as vf
    except ModuleNotFoundError as e:
        if (e.name or "").split(".")[0] == "verifiers":
            raise StaticOnly("dependency verifiers is not available from the upstream index (a v1 taskset needs it)") from e
        raise
    return vf


def taskset_class(module, vf):
    """verifiers' own rule (utils/loaders.py _plugin_class) with its words: exactly one Taskset subclass in __all__."""
    names = getattr(module, "__all__", None)
    if names is None:
        raise HarnessError("taskset module %r defines no `__all__`; a taskset must export its Taskset subclass via "
                           "`__all__` (e.g. `__all__ = ['MyTaskset']`)." % module.__name__)
    matches = []
    for name in list(names):
        obj = getattr(module, name, None)
        if isinstance(obj, type) and issubclass(obj, vf.Taskset) and obj is not vf.Taskset and obj not in matches:
            matches.append(obj)
    if not matches:
        raise HarnessError("taskset module %r exports no Taskset subclass via `__all__` (found %s); export exactly one."
                           % (module.__name__, list(names)))
    if len(matches) > 1:
        raise HarnessError("taskset module %r exports %d Taskset subclasses via `__all__` (%s); export exactly one."
                           % (module.__name__, len(matches), [c.__name__ for c in matches]))
    return matches[0]


def config_class(cls, vf):
    """The taskset's TasksetConfig specialization through its MRO (verifiers' taskset_config_type), else the base."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is not vf.Taskset:
                continue
            for arg in typing.get_args(base):
                if isinstance(arg, type) and issubclass(arg, vf.TasksetConfig):
                    return arg
    return vf.TasksetConfig


def load_tasks(module, module_name):
    """Imports verifiers, finds the taskset, builds it with its default config and calls load()."""
    vf = import_vf()
    cls = taskset_class(module, vf)
    config_cls = config_class(cls, vf)
    try:
        config = config_cls(id=module_name)
    except Exception:
        only_main_process()
        config = config_cls()
    taskset = cls(config)
    infinite = bool(getattr(taskset, "INFINITE", False))
    try:
        loaded = resolve(taskset.load())
        if loaded is None:
            raise HarnessError("%s.load() returned None, not tasks" % cls.__name__)
        tasks = list(itertools.islice(loaded, INFINITE_TAKE)) if infinite else list(loaded)
    except HarnessError:
        raise
    except Exception as e:
        only_main_process()
        raise HarnessError("%s.load() raised %s" % (cls.__name__, exc_text(e))) from e
    only_main_process()
    for i, t in enumerate(tasks):
        if not isinstance(t, vf.Task):
            raise HarnessError("%s.load() yielded a %s at position %d, not a vf.Task" % (cls.__name__, type(t).__name__, i))
    return vf, cls, config_cls, tasks, infinite


def _dump(data):
    full = data.model_dump(mode="json")
    changed = data.model_dump(mode="json", exclude_defaults=True)
    return {k: v for k, v in full.items() if k not in RUN_FIELDS or k in changed}


def rows_of(tasks):
    return [_dump(t.data) for t in tasks]


def answer_of(task):
    answer = getattr(task.data, "answer", None)
    return None if answer is None else text_of(answer)


def prompt_text(task):
    try:
        return task.data.prompt_text
    except Exception:
        only_main_process()
        return text_of(getattr(task.data, "prompt", None))


def requires_runtime(fn):
    """verifiers' Task.score rule: a required 'runtime' parameter means the reward cannot run offline."""
    try:
        param = inspect.signature(fn).parameters.get("runtime")
    except (TypeError, ValueError):
        return False
    return param is not None and param.default is inspect.Parameter.empty


def hooks(task, kind):
    try:
        return list(task.hooks(kind))
    except Exception as e:
        only_main_process()
        raise HarnessError("%s.hooks(%r) raised %s" % (type(task).__name__, kind, exc_text(e))) from e


def rubric(vf, tasks):
    """The rewards of the task class (name, weight, async, offline), its stop conditions and metrics."""
    task = tasks[0]
    rewards = hooks(task, "reward")
    if not rewards:
        raise HarnessError("task %s has no @vf.reward method" % type(task).__name__)
    functions = []
    for fn in rewards:
        weight = getattr(fn, "_vf_weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, numbers.Real) or not math.isfinite(float(weight)):
            raise HarnessError("reward %s has weight %r, not a finite number" % (fn.__name__, weight))
        functions.append({"name": fn.__name__, "weight": float(weight), "async": inspect.iscoroutinefunction(fn),
                          "needsRuntime": requires_runtime(fn)})
    offline = [f for f in functions if not f["needsRuntime"]]
    if not offline:
        raise StaticOnly("every reward of %s needs a runtime (%s); the validator scores rewards offline"
                         % (type(task).__name__, ", ".join(f["name"] for f in functions)))
    extra = {"stops": [f.__name__ for f in hooks(task, "stop")], "metrics": [f.__name__ for f in hooks(task, "metric")]}
    return functions, extra


def _messages(vf, task, text):
    out = []
    if getattr(task.data, "system_prompt", None):
        out.append(vf.SystemMessage(content=task.data.system_prompt))
    prompt = getattr(task.data, "prompt", None)
    if isinstance(prompt, str):
        out.append(vf.UserMessage(content=prompt))
    elif prompt:
        out.extend(prompt)
    out.append(vf.AssistantMessage(content=text))
    return out


def trace_for(vf, task, text):
    """A finished single-turn vf.Trace whose one sampled assistant message is `text` (no model ran)."""
    kwargs = {}
    try:
        from verifiers.v1.state import state_cls
        kwargs["state"] = state_cls(type(task))()
    except ImportError:
        pass
    trace = vf.Trace(task=vf.TraceTask(type=type(task).__name__, data=task.data, key=task.key, hash=task.hash),
                     agent=vf.AgentInfo(config=vf.AgentConfig(), name="envhub-validator", trainable=False), **kwargs)
    messages = _messages(vf, task, text)
    for i, message in enumerate(messages):
        trace.nodes.append(vf.MessageNode(parent=i - 1 if i else None, message=message,
                                          sampled=i == len(messages) - 1))
    trace.is_completed = True
    trace.ok = True
    return trace


def score(vf, task, text):
    """{reward name: score} and the weighted total, from Task.score on a synthetic trace."""
    trace = trace_for(vf, task, text)
    resolve(task.score(trace))
    only_main_process()
    scores, total = {}, 0.0
    for name, reward in trace.rewards.items():
        if reward is None:
            continue
        value = reward.score
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
            raise HarnessError("reward '%s' recorded %r, not a finite number" % (name, value))
        scores[name] = float(value)
        total += float(value) * float(reward.weight)
    if not scores:
        raise HarnessError("Task.score recorded no reward")
    return scores, total


def score_samples(vf, tasks, count):
    samples = []
    for i, task in enumerate(tasks[:count]):
        text = answer_of(task) or ""
        try:
            scores, _ = score(vf, task, text)
        except HarnessError:
            raise
        except Exception as e:
            only_main_process()
            raise HarnessError("%s.score raised %s on task %d" % (type(task).__name__, exc_text(e), i)) from e
        for name, value in scores.items():
            samples.append({"function": name, "row": i, "score": value, "format": "trace"})
    return samples


def run_probes(vf, tasks, count):
    probes = {}
    for name in ("empty", "echo", "junk", "answer"):
        scores, errors, first_error = [], 0, None
        for i, task in enumerate(tasks[:count]):
            if name == "answer":
                text = answer_of(task)
                if text is None:
                    continue
            else:
                text = {"empty": "", "echo": prompt_text(task), "junk": junk(i)}[name]
            try:
                _, total = score(vf, task, text)
            except Exception as e:
                only_main_process()
                errors += 1
                first_error = first_error or exc_text(e, 200)
                scores.append(None)
                continue
            scores.append(total if math.isfinite(total) else None)
        probes[name] = {"scores": scores, "errors": errors, "firstError": first_error}
    return probes


def _invoke(fn, available):
    params = inspect.signature(fn).parameters
    return fn(**{name: available[name] for name in params if name in available})


def task_checks(vf, tasks, count):
    """verifiers' `validate` (cli/validate.py, mode "all"): per task, setup then the gold check Task.validate(runtime),
    on the subprocess runtime; only when the task class defines setup or validate. None when it defines neither."""
    task_cls = type(tasks[0])
    defines = [name for name in ("setup", "validate") if getattr(task_cls, name, None) is not getattr(vf.Task, name, None)]
    if not defines:
        return None
    if getattr(task_cls, "NEEDS_CONTAINER", False) or any(getattr(t.data, "image", None) for t in tasks[:count]):
        return {"defines": defines, "skipped": "the tasks need a container runtime", "rows": []}
    try:
        from verifiers.v1.runtimes import SubprocessConfig, make_runtime
    except Exception as e:
        only_main_process()
        return {"defines": defines, "skipped": "no subprocess runtime: " + exc_text(e, 200), "rows": []}
    rows = []
    for i, task in enumerate(tasks[:count]):
        row = {"index": getattr(task.data, "idx", None), "valid": False, "reason": "invalid", "error": None}
        runtime = None
        try:
            runtime = make_runtime(SubprocessConfig(), name="envhub-validate-%d" % i)
            runtime.env = dict(task.runtime_env()) if callable(getattr(task, "runtime_env", None)) else {}
            trace = trace_for(vf, task, "")
            trace.nodes.clear()
            resolve(runtime.start())
            resolve(_invoke(task.setup, {"trace": trace, "runtime": runtime}))
            valid = bool(resolve(task.validate(runtime)))
            row["valid"], row["reason"] = valid, "valid" if valid else "invalid"
        except Exception as e:
            only_main_process()
            row["reason"], row["error"] = "error", exc_text(e, 200)
            host = network.network_failure(e)
            if host:
                row["network"] = host
        finally:
            if runtime is not None:
                try:
                    resolve(runtime.stop())
                except Exception:
                    only_main_process()
        rows.append(row)
    return {"defines": defines, "rows": rows, "tasks": len(tasks)}


def describe_load(cls, config_cls, tasks, infinite):
    fields = []
    for name, value in sorted(_config_fields(config_cls).items()):
        fields.append("%s=%s" % (name, value))
    how = "the first %d tasks of an infinite taskset" % len(tasks) if infinite else "%d tasks" % len(tasks)
    return "loaded taskset %s with its default config %s(%s); load() gave %s" % (
        cls.__name__, config_cls.__name__, ", ".join(fields), how)


def _config_fields(config_cls):
    out = {}
    for name, field in (getattr(config_cls, "model_fields", None) or {}).items():
        if name in ("id", "task", "system_prompt"):
            continue
        default = getattr(field, "default", None)
        if isinstance(default, (str, int, float, bool)) or default is None:
            out[name] = repr(default)[:60]
    return out
