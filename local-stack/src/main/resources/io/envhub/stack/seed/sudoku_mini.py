"""4x4 Sudoku: fill the blanks (0) so every row, column and 2x2 box holds 1-4 exactly once."""

SOLUTIONS = ["1234341221434321", "2143341212344321", "3412124343212134", "4321214334121234"]


def _text(completion):
    if isinstance(completion, list):
        return str(completion[-1].get("content", "")) if completion else ""
    return str(completion or "")


def _grid(completion):
    digits = [c for c in _text(completion) if c in "1234"]
    return "".join(digits[-16:]) if len(digits) >= 16 else None


def _valid(grid):
    rows = [grid[r * 4:r * 4 + 4] for r in range(4)]
    cols = ["".join(row[c] for row in rows) for c in range(4)]
    boxes = [rows[r][c:c + 2] + rows[r + 1][c:c + 2] for r in (0, 2) for c in (0, 2)]
    return all(sorted(unit) == list("1234") for unit in rows + cols + boxes)


def solved(completion, info, **kwargs):
    grid = _grid(completion)
    if grid is None or not _valid(grid):
        return 0.0
    return 1.0 if all(g == "0" or g == s for g, s in zip(info["puzzle"], grid)) else 0.0


class Rubric:
    def __init__(self, funcs, weights):
        self.funcs = funcs
        self.weights = weights


class Environment:
    def __init__(self, dataset, rubric):
        self.dataset = dataset
        self.rubric = rubric


def load_environment(blanks: int = 6, **kwargs):
    rows = []
    for i, solution in enumerate(SOLUTIONS * 3):
        holes = {(i * 5 + k * 7) % 16 for k in range(blanks)}
        puzzle = "".join("0" if j in holes else ch for j, ch in enumerate(solution))
        shown = "\n".join(" ".join(puzzle[r * 4:r * 4 + 4]) for r in range(4))
        rows.append({"question": "Solve this 4x4 Sudoku (0 = blank). Reply with four lines of four digits.\n" + shown,
                     "answer": "\n".join(solution[r * 4:r * 4 + 4] for r in range(4)), "info": {"puzzle": puzzle}})
    return Environment(rows, Rubric([solved], [1.0]))
