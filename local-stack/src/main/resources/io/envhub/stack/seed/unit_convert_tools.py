"""Unit conversions with a calculator tool; the numeric answer must be within 0.5 % of the reference."""
import re

FACTORS = {("km", "mi"): 0.621371, ("mi", "km"): 1.609344, ("kg", "lb"): 2.204623, ("lb", "kg"): 0.453592,
           ("l", "gal"): 0.264172, ("gal", "l"): 3.785412, ("m", "ft"): 3.280840, ("ft", "m"): 0.3048}
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Tool: converts value from one unit to another (km, mi, kg, lb, l, gal, m, ft)."""
    if from_unit == "c" and to_unit == "f":
        return value * 9 / 5 + 32
    if from_unit == "f" and to_unit == "c":
        return (value - 32) * 5 / 9
    return value * FACTORS[(from_unit, to_unit)]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def within_tolerance(completion, answer, **kwargs):
    found = NUMBER.findall(_text(completion))
    if not found:
        return 0.0
    expected = float(str(answer).split()[0])
    return 1.0 if abs(float(found[-1]) - expected) <= 0.005 * max(1.0, abs(expected)) else 0.0


def names_unit(completion, info, **kwargs):
    found = NUMBER.findall(_text(completion))
    return 1.0 if found and info["to"] in _text(completion).lower().split() else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class ToolEnv:
    def __init__(self, dataset, tools, rubric, max_turns):
        self.dataset = dataset
        self.tools = tools
        self.rubric = rubric
        self.max_turns = max_turns


def load_environment(num_examples: int = 20, max_turns: int = 4, **kwargs):
    pairs = sorted(FACTORS) + [("c", "f"), ("f", "c")]
    rows = []
    for i in range(num_examples):
        src, dst = pairs[i % len(pairs)]
        value = round(3.5 + i * 7.25, 2)
        result = round(convert(value, src, dst), 3)
        rows.append({"question": "Convert %s %s to %s. Use the convert tool, then answer as '<number> %s'."
                                 % (value, src, dst, dst),
                     "answer": "%s %s" % (result, dst), "info": {"from": src, "to": dst, "value": value}})
    return ToolEnv(rows, [convert], Rubric([within_tolerance, names_unit], [1.0, 0.2]), max_turns)
