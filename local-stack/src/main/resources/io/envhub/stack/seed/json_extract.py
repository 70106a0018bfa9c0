"""Extract fields from a short English sentence into a JSON object; each correct field earns credit."""
import json

PEOPLE = ["Maria Lopez", "Kenji Sato", "Amara Obi", "Lars Berg", "Priya Nair", "Tomasz Nowak", "Leila Haddad"]
CITIES = ["Lisbon", "Osaka", "Lagos", "Bergen", "Chennai", "Krakow", "Beirut"]
ITEMS = ["bicycle", "laptop", "violin", "kayak", "telescope", "sewing machine"]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def _parse(completion):
    text = _text(completion).strip()
    if text.startswith("```"):
        text = text.strip("`").split("\n", 1)[-1]
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def field_accuracy(completion, answer, **kwargs):
    got, expected = _parse(completion), json.loads(answer)
    if got is None:
        return 0.0
    return sum(1 for k, v in expected.items() if got.get(k) == v) / len(expected)


def valid_json(completion, **kwargs):
    return 1.0 if _parse(completion) is not None else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class Environment:
    def __init__(self, dataset, rubric):
        self.dataset = dataset
        self.rubric = rubric


def load_environment(num_examples: int = 21, **kwargs):
    rows = []
    for i in range(num_examples):
        person, city, item = PEOPLE[i % 7], CITIES[(i * 3) % 7], ITEMS[i % 6]
        price = 40 + 13 * i
        sentence = "On day %d, %s bought a used %s in %s for %d euros." % (i + 1, person, item, city, price)
        answer = {"buyer": person, "item": item, "city": city, "price_eur": price}
        rows.append({"prompt": [{"role": "system", "content": "Answer with one JSON object and nothing else."},
                                {"role": "user", "content": "Extract buyer, item, city and price_eur: " + sentence}],
                     "answer": json.dumps(answer, sort_keys=True)})
    return Environment(rows, Rubric([field_accuracy, valid_json], [1.0, 0.1]))
