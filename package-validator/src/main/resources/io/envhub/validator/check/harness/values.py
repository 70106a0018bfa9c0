"""Reading the objects and rows of an environment: attributes or keys, awaitables, message lists as text."""
import asyncio
import inspect


def get(obj, name):
    if isinstance(obj, dict):
        return obj.get(name)
    try:
        return getattr(obj, name, None)
    except Exception:
        return None


def resolve(value):
    loop = None
    while inspect.isawaitable(value):
        loop = loop or asyncio.new_event_loop()
        value = loop.run_until_complete(value)
    if loop is not None:
        loop.close()
    return value


def func_name(f):
    return getattr(f, "__name__", None) or type(f).__name__


def text_of(value):
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return "\n".join(text_of(m.get("content")) if isinstance(m, dict) else text_of(m) for m in value)
    return str(value)


def prompt_of(row):
    if row.get("prompt") is not None:
        return row["prompt"]
    return row.get("question")


def is_chat(row):
    return isinstance(prompt_of(row), (list, tuple))
