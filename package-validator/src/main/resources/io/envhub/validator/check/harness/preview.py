"""The dataset preview kept in the report: the first rows, each cell as text cut at PREVIEW_CHARS characters."""
import json

from .values import text_of

PREVIEW_ROWS = 10
PREVIEW_CHARS = 300


def type_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(m, dict) and "role" in m for m in value):
            return "chat"
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def cell_text(value):
    if value is None:
        return None
    if isinstance(value, str):
        text = value
    elif isinstance(value, (list, tuple)) and value and all(isinstance(m, dict) and "role" in m for m in value):
        text = "\n".join("%s: %s" % (m.get("role"), text_of(m.get("content"))) for m in value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except Exception:
            text = str(value)
    return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS] + "\u2026"


def preview(rows, columns):
    types = []
    for c in columns:
        seen = {type_of(r[c]) for r in rows[:1000] if c in r and r[c] is not None}
        types.append(seen.pop() if len(seen) == 1 else ("mixed" if seen else "null"))
    sample = [[cell_text(r.get(c)) for c in columns] for r in rows[:PREVIEW_ROWS]]
    return [{"name": c, "type": t} for c, t in zip(columns, types)], sample
