"""Loads one demo environment and prints, as JSON, its row count and the mean weighted score of four probes
(the empty reply, the prompt echoed back, junk, the reference answer), calling reward functions the way the
validator's harness does (named arguments it knows; **kwargs gets them all)."""
import importlib, inspect, json, random, sys

sys.path.insert(0, sys.argv[1])
env = importlib.import_module(sys.argv[2]).load_environment()
rows, funcs, weights = env.dataset, env.rubric.funcs, env.rubric.weights


def text_of(p):
    return "\n".join(m["content"] for m in p) if isinstance(p, list) else ("" if p is None else str(p))


def score(row, text):
    total = 0.0
    for f, w in zip(funcs, weights):
        ctx = {"completion": text, "answer": row.get("answer"), "info": row.get("info"), "state": {},
               "prompt": row.get("prompt", row.get("question"))}
        params = inspect.signature(f).parameters
        var_kw = any(p.kind == p.VAR_KEYWORD for p in params.values())
        total += w * f(**{k: v for k, v in ctx.items() if var_kw or k in params})
    return total


probes = {"empty": lambda i, r: "", "echo": lambda i, r: text_of(r.get("prompt", r.get("question"))),
          "junk": lambda i, r: "".join(random.Random(i).choice("abz09{}[] .,") for _ in range(48)),
          "answer": lambda i, r: text_of(r.get("answer"))}
means = {name: sum(score(r, make(i, r)) for i, r in enumerate(rows)) / len(rows) for name, make in probes.items()}
print(json.dumps({"rows": len(rows), "means": means}))
