"""Finds the dataset and the rubric on the object load_environment() returned."""
import math
import numbers

from .channel import HarnessError
from .values import get, resolve


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
