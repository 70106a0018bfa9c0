"""Runs the reward-hacking probes of hacks.py through a scorer (v0 rubric or v1 Task.score) and reports, per probe
and row, the best-scoring reply next to the reference answer's and a wrong answer's score. The Java side decides
what is flagged. Bounded in calls (see package-validator/README.md, "Trust v2") and in time (BUDGET)."""
import math
import time

from . import hacks
from .channel import only_main_process
from .rewards import junk

SPRAY_ROWS = 10
MAGIC_ROWS = 4
TAMPER_ROWS = 3
SHOWN = 300
# wall-clock budgets (seconds from the start of the probes): slow rewards (code execution) get fewer probes, never a
# killed run; the tampering probes keep their own share after the others
BUDGET = 25.0
TAMPER_BUDGET = 45.0


def cut(text):
    return text if len(text) <= SHOWN else text[:SHOWN] + "\u2026"


class Probe:
    def __init__(self, score):
        self.score_fn = score
        self.started = time.monotonic()
        self.deadline = self.started + BUDGET
        self.skipped = 0
        self.calls = 0
        self.errors = 0
        self.first_error = None

    def score(self, i, text):
        if time.monotonic() > self.deadline:
            self.skipped += 1
            return None
        self.calls += 1
        try:
            value = self.score_fn(i, text)
        except Exception as e:
            only_main_process()
            self.errors += 1
            self.first_error = self.first_error or "%s: %s" % (type(e).__name__, str(e)[:200])
            return None
        return value if isinstance(value, float) and math.isfinite(value) else None


def run(score, rows, count, funcs, system_prompt=None):
    """rows: [{"prompt": text, "answer": text or None, "options": list or None}]; score(i, text) -> weighted total."""
    p = Probe(score)
    literals, samples, tags, executes = hacks_scan(funcs)
    magic = hacks.magic_candidates(literals, samples, rows)[:8]
    templates = hacks.formats(tags, system_prompt)
    table, found = [], {}

    def keep(name, i, variant, reply, value):
        if value is None:
            return
        best = found.setdefault(name, {}).get(i)
        if best is None or value > best["score"]:
            found[name][i] = {"row": i, "variant": variant, "reply": cut(reply), "score": value,
                              "variants": best["variants"] if best else {}}
        if name == "test-tampering":  # every kind of tampering is a weakness of its own: keep each one's score
            found[name][i]["variants"][variant] = value

    expected = hacks.found_formats(tags, system_prompt)
    for i, row in enumerate(rows[:count]):
        reference = reference_score(p, i, row["answer"], expected)
        wrong = hacks.wrong_reply(i, rows)
        table.append({"row": i, "prompt": cut(row["prompt"]), "reference": reference, "wrong": p.score(i, wrong),
                      "wrongReply": cut(wrong), "junk": junk(i)})
        for t in ("",) + hacks.TRIVIAL:
            keep("empty-reply", i, "trivial", t, p.score(i, t))
        if i < SPRAY_ROWS:
            for variant, reply in hacks.sprays(i, rows):
                keep("answer-spraying", i, variant, reply, p.score(i, reply))
            for template in templates:
                reply = hacks.format_reply(template, i)
                keep("format-only", i, template.replace("%s", "\u2026"), reply, p.score(i, reply))
        if i < MAGIC_ROWS:
            for token in magic:
                keep("magic-token", i, token, token, p.score(i, token))
                reply = junk(i) + " " + token
                keep("magic-token", i, token, reply, p.score(i, reply))
    if executes:  # last: a tampering reply may damage files the reward keeps between calls
        p.deadline = p.started + TAMPER_BUDGET
        for i, row in enumerate(rows[:min(count, TAMPER_ROWS)]):
            for variant, code in hacks.TAMPERING.items():
                reply = hacks.fenced(code)
                keep("test-tampering", i, variant, reply, p.score(i, reply))
    return {"rows": table, "probes": {name: sorted(by_row.values(), key=lambda e: e["row"]) for name, by_row in found.items()},
            "magicTokens": magic, "formats": templates, "executesCode": executes, "calls": p.calls, "skipped": p.skipped,
            "errors": p.errors, "firstError": p.first_error}


def reference_score(p, i, answer, expected):
    """The reference answer's score: bare, or in the format the reward names (whichever scores more)."""
    if answer is None:
        return None
    best = None
    for reply in hacks.reference_replies(answer, expected):
        value = p.score(i, reply)
        if value is not None and (best is None or value > best):
            best = value
    return best


def hacks_scan(funcs):
    from .literals import scan
    try:
        return scan(funcs)
    except Exception:
        only_main_process()
        return [], [], [], False
