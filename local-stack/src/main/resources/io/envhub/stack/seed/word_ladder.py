"""Word ladders over a small built-in dictionary, played over several turns; the final ladder is checked."""

DICTIONARY = set("""cold cord card ward warm word wore core care bare bore more mare mire fire fine wine wind
wand band bend bead head heal teal tell tall tale pale pole hole hold bold bolt boat coat cost cast case cave gave
give five hive hire here hare harm farm form fort port part pant want wart cart dart dirt dire dine line lime time
tome tone bone cone code mode made fade fame game gate hate late lane cane came camp lamp damp dame name same sane""".split())

PUZZLES = [("cold", "warm"), ("fire", "wine"), ("head", "tale"), ("hold", "coat"), ("core", "mare"),
           ("fame", "gate"), ("band", "head"), ("line", "tome"), ("bone", "mode"), ("cane", "lamp"),
           ("farm", "port"), ("dart", "dine"), ("five", "here"), ("pale", "hole"), ("cast", "gave"),
           ("same", "name")]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def _ladder(completion):
    line = _text(completion).strip().splitlines()[-1:] or [""]
    return [w.strip().lower() for w in line[0].replace(",", " ").replace("->", " ").split() if w.strip()]


def _one_letter(a, b):
    return len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1


def valid_ladder(completion, info, **kwargs):
    words = _ladder(completion)
    if len(words) < 2 or words[0] != info["start"] or words[-1] != info["target"]:
        return 0.0
    ok = all(w in DICTIONARY for w in words) and all(_one_letter(a, b) for a, b in zip(words, words[1:]))
    return 1.0 if ok else 0.0


def short_ladder(completion, info, answer, **kwargs):
    """Extra credit when the ladder is no longer than the reference solution."""
    words = _ladder(completion)
    return 1.0 if valid_ladder(completion, info) and len(words) <= len(answer.split()) else 0.0


def _solve(start, target):
    frontier, seen = [[start]], {start}
    while frontier:
        path = frontier.pop(0)
        if path[-1] == target:
            return path
        for w in sorted(DICTIONARY):
            if w not in seen and _one_letter(path[-1], w):
                seen.add(w)
                frontier.append(path + [w])
    return None


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class MultiTurnEnv:
    """The model proposes one word per turn; env_response says whether the step is legal."""

    def __init__(self, dataset, rubric, max_turns):
        self.dataset = dataset
        self.rubric = rubric
        self.max_turns = max_turns

    def env_response(self, messages, state):
        word = _text(messages).strip().lower()
        last = state.get("last", state["info"]["start"])
        legal = word in DICTIONARY and _one_letter(last, word)
        if legal:
            state["last"] = word
        return [{"role": "user", "content": "ok" if legal else "illegal step, try again"}], state

    def is_completed(self, messages, state):
        return state.get("last") == state["info"]["target"]


def load_environment(max_turns: int = 8, **kwargs):
    rows = []
    for start, target in PUZZLES:
        path = _solve(start, target)
        if path is None:
            continue
        rows.append({"prompt": [{"role": "user", "content": "Turn '%s' into '%s', one letter per step. End with the "
                                 "whole ladder on the last line." % (start, target)}],
                     "answer": " ".join(path), "info": {"start": start, "target": target}})
    return MultiTurnEnv(rows, Rubric([valid_ladder, short_ladder], [1.0, 0.5]), max_turns)
