"""Magic-token candidates: string literals and regular expressions found (with ast, no code runs) in the source of
the module that defines each reward function, and a shortest text each regular expression matches."""
import ast
import inspect
import re
import sys
import textwrap

MAX_TOKENS = 8
MAX_LEN = 60
RE_CALLS = ("compile", "search", "match", "fullmatch", "findall", "finditer", "sub", "split")
TAG = re.compile(r"</?[A-Za-z_][\w-]{0,30}>")

if sys.version_info >= (3, 11):
    import re._parser as sre  # noqa: E402
    import re._constants as sre_c  # noqa: E402
else:  # pragma: no cover
    import sre_constants as sre_c  # noqa: E402
    import sre_parse as sre  # noqa: E402


def _sources(funcs):
    """The reward functions' own source first (their literals are tried first), then their modules."""
    seen, bodies, modules = set(), [], []
    for f in funcs:
        f = getattr(f, "__func__", f)
        try:
            bodies.append(textwrap.dedent(inspect.getsource(f)))
        except Exception:
            pass
        try:
            path = inspect.getsourcefile(f)
            if path is None or path in seen:
                continue
            seen.add(path)
            with open(path, encoding="utf-8") as fh:
                modules.append(fh.read())
        except Exception:
            continue
    return bodies + modules


def _keys(tree):
    """Literals used as keys (row["content"], d.get("role")): names of fields, not tokens a reply could carry."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            ids.add(id(node.slice))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "get", "pop", "setdefault", "startswith", "endswith", "split", "strip", "join", "encode", "decode",
                "replace", "format", "getattr", "hasattr") and node.args and isinstance(node.args[0], ast.Constant):
            ids.add(id(node.args[0]))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "getattr", "hasattr", "setattr", "isinstance") and len(node.args) > 1:
            ids.update(id(a) for a in node.args[1:2])
        elif isinstance(node, ast.Dict):
            ids.update(id(k) for k in node.keys if isinstance(k, ast.Constant))
    return ids


def _docstrings(tree):
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def scan(funcs):
    """(literals, regex samples, tags, mentions of code execution) of the reward functions' modules."""
    literals, samples, tags, executes = [], [], [], False
    templates = []
    for source in _sources(funcs):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        executes = executes or any(w in source for w in ("subprocess", "unittest", "pytest", "runpy", "exec(", "compile("))
        docs = _docstrings(tree) | _keys(tree)
        patterns = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RE_CALLS \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args \
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                patterns.add(id(node.args[0]))
                template = answer_template(node.args[0].value)
                if template and template not in templates:
                    templates.append(template)
                sample = None if template else shortest_match(node.args[0].value)  # a group holds an answer
                if sample and sample.strip() and sample not in samples:
                    samples.append(sample)
        compared = {id(n) for c in ast.walk(tree) if isinstance(c, ast.Compare) for n in [c.left] + c.comparators
                    for n in ast.walk(n) if isinstance(n, ast.Constant)}
        nodes = [n for n in ast.walk(tree) if isinstance(n, ast.Constant)]
        nodes.sort(key=lambda n: id(n) not in compared)  # literals a reply is compared with come first
        for node in nodes:
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                for tag in TAG.findall(node.value):
                    if tag not in tags:
                        tags.append(tag)
                text = node.value
                if id(node) in patterns or not text.strip() or len(text) > MAX_LEN or "%" in text or "{" in text:
                    continue
                if text not in literals:
                    literals.append(text)
    return literals, samples, tags + ["regex:" + t for t in templates], executes


def shortest_match(pattern):
    """A short text the pattern matches (the minimum of every repeat, the first branch), or None."""
    text = _marked(pattern)
    if text is None:
        return None
    text = text.replace("\x00", "").replace("\x01", "")
    return text if re.search(pattern, text) else None


def answer_template(pattern):
    """The pattern's shortest match with its first group as %s (the format a reward parses the answer from), or None."""
    text = _marked(pattern)
    if text is None or "\x00" not in text:
        return None
    template = re.sub("\x00.*?\x01", "\x02", text.replace("%", "%%"), count=1).replace("\x00", "").replace("\x01", "")
    template = template.replace("\x02", "%s")
    return template if template != "%s" and template.strip() else None


def _marked(pattern):
    try:
        return _gen(sre.parse(pattern), 0, {"group": False})
    except Exception:
        return None


def _gen(items, depth, state=None):
    if depth > 20:
        raise ValueError("too deep")
    out = []
    for op, av in items:
        if op is sre_c.LITERAL:
            out.append(chr(av))
        elif op is sre_c.NOT_LITERAL:
            out.append("a" if av != ord("a") else "b")
        elif op is sre_c.ANY:
            out.append("a")
        elif op is sre_c.IN:
            out.append(_in(av))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, getattr(sre_c, "POSSESSIVE_REPEAT", None)):
            low, _, sub = av
            out.append(_gen(sub, depth + 1, state) * max(low, 1 if low == 0 and depth == 0 else low))
        elif op is sre_c.SUBPATTERN:
            inner = _gen(av[-1], depth + 1, state)
            if av[0] is not None and state is not None and not state["group"]:
                state["group"] = True
                inner = "\x00" + inner + "\x01"
            out.append(inner)
        elif op is sre_c.BRANCH:
            out.append(_gen(av[1][0], depth + 1, state))
        elif op in (sre_c.AT, sre_c.GROUPREF, sre_c.ASSERT, sre_c.ASSERT_NOT):
            continue
        else:
            raise ValueError("unsupported")
    return "".join(out)


def _in(items):
    for op, av in items:
        if op is sre_c.NEGATE:
            return "a"
        if op is sre_c.LITERAL:
            return chr(av)
        if op is sre_c.RANGE:
            return chr(av[0])
        if op is sre_c.CATEGORY:
            return {"CATEGORY_DIGIT": "0", "CATEGORY_SPACE": " "}.get(str(av), "a")
    return "a"
