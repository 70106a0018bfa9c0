"""Reverse a short text; scored by exact match plus a longest-common-subsequence similarity."""

WORDS = ["river", "lantern", "orbit", "meadow", "copper", "signal", "harbor", "violet", "tundra", "pixel",
         "cobalt", "saffron", "glacier", "thimble", "quartz", "willow", "ember", "falcon", "marble", "nectar"]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def _lcs(a, b):
    prev = [0] * (len(b) + 1)
    for ch in a:
        cur = [0]
        for j, other in enumerate(b):
            cur.append(prev[j] + 1 if ch == other else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


def exact_reverse(completion, answer, **kwargs):
    return 1.0 if _text(completion).strip() == answer else 0.0


def lcs_similarity(completion, answer, **kwargs):
    text = _text(completion).strip()
    if not text or not answer:
        return 0.0
    return 2.0 * _lcs(text, answer) / (len(text) + len(answer))


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class SingleTurnEnv:
    def __init__(self, dataset, rubric, system_prompt):
        self.dataset = dataset
        self.rubric = rubric
        self.system_prompt = system_prompt


def load_environment(num_examples: int = 20, **kwargs):
    rows = []
    for i in range(num_examples):
        text = " ".join(WORDS[(i + 7 * k) % len(WORDS)] for k in range(3))  # 20 distinct texts by default
        rows.append({"prompt": [{"role": "user", "content": "Reverse this text character by character: " + text}],
                     "answer": text[::-1], "info": {"id": i}})
    return SingleTurnEnv(rows, Rubric([exact_reverse, lcs_similarity], [1.0, 0.3]),
                         "Reply with the reversed text only.")
