"""Write a regular expression that matches every positive string and none of the negatives."""
import re

TASKS = [
    (r"^\d{3}-\d{4}$", ["555-1234", "010-9999", "123-0000"], ["5551234", "55-12345", "abc-defg"]),
    (r"^[A-Z][a-z]+$", ["Alice", "Zed", "Mara"], ["alice", "ALICE", "Al1ce"]),
    (r"^(ab)+$", ["ab", "abab", "ababab"], ["a", "aba", "ba"]),
    (r"^\w+@\w+\.(com|org)$", ["a@b.com", "sam@hub.org", "x1@y2.com"], ["a@b.net", "@b.com", "a@b"]),
    (r"^#[0-9a-f]{6}$", ["#ff00aa", "#000000", "#12abef"], ["ff00aa", "#ff00a", "#gg0000"]),
    (r"^\d+(\.\d+)?$", ["3", "3.14", "100.5"], ["3.", ".5", "1.2.3"]),
    (r"^(19|20)\d{2}$", ["1999", "2024", "1901"], ["1899", "2100", "99"]),
    (r"^[aeiou]", ["apple", "egg", "umbrella"], ["banana", "crane", "xylophone"]),
    (r"ing$", ["sing", "running", "thing"], ["singer", "ingot", "rings"]),
    (r"^(\w)\w*\1$", ["abca", "xyzx", "noon"], ["abcd", "xy", "moon"]),
    (r"^[01]+$", ["0", "1011", "111000"], ["012", "", "2"]),
    (r"^[^aeiou]+$", ["rhythm", "myth", "gym"], ["bat", "eye", "sky1a"]),
]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def classification_accuracy(completion, info, **kwargs):
    pattern = _text(completion).strip().strip("`").strip()
    if not pattern:
        return 0.0
    try:
        rx = re.compile(pattern)
    except re.error:
        return 0.0
    hits = sum(1 for s in info["positives"] if rx.search(s)) + sum(1 for s in info["negatives"] if not rx.search(s))
    return hits / (len(info["positives"]) + len(info["negatives"]))


def all_correct(completion, info, **kwargs):
    return 1.0 if classification_accuracy(completion, info) == 1.0 else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class Environment:
    def __init__(self, dataset, rubric):
        self.dataset = dataset
        self.rubric = rubric


def load_environment(**kwargs):
    rows = [{"prompt": "Write one Python regular expression (re.search) that matches all of %s and none of %s. "
                       "Reply with the pattern only." % (", ".join(repr(p) for p in pos), ", ".join(repr(n) for n in neg)),
             "answer": answer, "info": {"positives": pos, "negatives": neg}} for answer, pos, neg in TASKS]
    return Environment(rows, Rubric([classification_accuracy, all_correct], [0.5, 1.0]))
