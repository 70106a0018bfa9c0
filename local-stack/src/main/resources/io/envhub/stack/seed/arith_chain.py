"""Multi-step integer arithmetic word problems; the last number in the reply is compared with the answer."""
import re

NAMES = ["Ada", "Bo", "Chen", "Dara", "Eli", "Femi", "Gus", "Hana", "Ivo", "June"]
ITEMS = ["apples", "stamps", "marbles", "coins", "cards", "shells", "pencils", "tickets"]
NUMBER = re.compile(r"-?\d+")


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def last_number_matches(completion, answer, **kwargs):
    found = NUMBER.findall(_text(completion).replace(",", ""))
    return 1.0 if found and found[-1] == str(answer) else 0.0


def shows_work(completion, answer, **kwargs):
    """A small bonus for a reply that states the result once, without rambling."""
    text = _text(completion)
    return 1.0 if str(answer) in NUMBER.findall(text) and len(text) < 400 else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class Environment:
    def __init__(self, dataset, rubric):
        self.dataset = dataset
        self.rubric = rubric


def load_environment(num_examples: int = 24, **kwargs):
    rows = []
    for i in range(num_examples):
        name, item = NAMES[i % len(NAMES)], ITEMS[(i * 3) % len(ITEMS)]
        start, bought, groups, given = 7 + i, 3 + (i % 5), 2 + (i % 3), 4 + (i % 4)
        answer = (start + bought) * groups - given
        question = ("%s has %d %s and buys %d more. Then %s doubles up to %d times as many, and gives %d away. "
                    "How many %s does %s have now?" % (name, start, item, bought, name, groups, given, item, name))
        rows.append({"question": question, "answer": str(answer), "info": {"steps": 3}})
    return Environment(rows, Rubric([last_number_matches, shows_work], [1.0, 0.1]))
