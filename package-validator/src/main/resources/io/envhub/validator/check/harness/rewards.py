"""Calling the rubric's reward functions: the sample scores and the reward-hacking probes."""
import inspect
import math
import numbers
import random

from .channel import HarnessError, exc_text, only_main_process
from .values import func_name, is_chat, prompt_of, resolve, text_of

KNOWN_ARGS = ("prompt", "completion", "answer", "state", "info", "task", "example_id", "parser")
JUNK_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 .,;:!?#%&*()[]{}<>/\\|-_=+~"


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
