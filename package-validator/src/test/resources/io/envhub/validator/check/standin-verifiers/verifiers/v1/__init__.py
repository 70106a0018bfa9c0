"""Stand-in for verifiers.v1 (see verifiers/__init__.py): the names the validator's harness and its test tasksets use."""
import asyncio
import hashlib
import inspect
import json
import types

from verifiers.v1._model import Field, Model
from verifiers.v1.runtimes import ProgramResult, Runtime, SubprocessConfig
from verifiers.v1.state import State


def _generic(cls, params):
    return types.GenericAlias(cls, params if isinstance(params, tuple) else (params,))


# --- messages -------------------------------------------------------------------------------------------------------
class SystemMessage(Model):
    role: str = "system"
    content: str = ""


class UserMessage(Model):
    role: str = "user"
    content: str = ""


class AssistantMessage(Model):
    role: str = "assistant"
    content: str = None


def content_text(content):
    if isinstance(content, str):
        return content
    return "\n".join(p.get("text", "") if isinstance(p, dict) else str(p) for p in content or [])


# --- decorators -----------------------------------------------------------------------------------------------------
def _mark(attr, **extra):
    def decorator(f):
        setattr(f, attr, True)
        for k, v in extra.items():
            setattr(f, k, v)
        return f
    return decorator


def reward(func=None, weight=1.0, priority=0):
    d = _mark("reward", reward_priority=priority, _vf_weight=weight)
    return d if func is None else d(func)


def stop(func=None, priority=0):
    d = _mark("stop", stop_priority=priority)
    return d if func is None else d(func)


def metric(func=None, priority=0):
    d = _mark("metric", metric_priority=priority)
    return d if func is None else d(func)


def _discover(obj, attr):
    names = {name for klass in type(obj).__mro__ for name, fn in vars(klass).items() if callable(fn) and hasattr(fn, attr)}
    methods = [m for name in names if hasattr(m := getattr(obj, name), attr)]
    methods.sort(key=lambda m: (-getattr(m, attr + "_priority", 0), m.__name__))
    return methods


def _invoke(fn, available):
    return fn(**{n: available[n] for n in inspect.signature(fn).parameters if n in available})


# --- task -----------------------------------------------------------------------------------------------------------
class TaskConfig(Model):
    pass


class TasksetConfig(Model):
    id: str = ""
    task: TaskConfig = Field(default_factory=TaskConfig)
    system_prompt: str = None


class TaskData(Model):
    _frozen = True
    idx: int = None
    name: str = None
    description: str = None
    prompt: object = None
    system_prompt: str = None
    image: str = None
    workdir: str = None
    network_allow: list = Field(default_factory=lambda: ["*"])
    network_block: list = Field(default_factory=list)

    @property
    def prompt_text(self):
        if isinstance(self.prompt, str):
            return self.prompt
        return "\n\n".join(t for t in (content_text(getattr(m, "content", None)) for m in self.prompt or []) if t)


class Task:
    NEEDS_CONTAINER = False
    __class_getitem__ = classmethod(_generic)

    def __init__(self, data, config=None):
        self.data = data
        self.config = config if config is not None else TaskConfig()

    @property
    def hash(self):
        return hashlib.sha256(json.dumps(self.data.model_dump(mode="json", exclude_none=True), sort_keys=True)
                              .encode()).hexdigest()

    @property
    def key(self):
        return self.hash

    async def setup(self, trace, runtime):
        return None

    async def validate(self, runtime):
        return True

    def hooks(self, attr):
        return _discover(self, attr)

    async def score(self, trace, runtime=None):
        def requires_runtime(fn):
            p = inspect.signature(fn).parameters.get("runtime")
            return p is not None and p.default is inspect.Parameter.empty

        available = {"task": self.data, "trace": trace}
        if runtime is not None:
            available["runtime"] = runtime
        rewards = [fn for fn in self.hooks("reward") if runtime is not None or not requires_runtime(fn)]
        for fn in rewards:
            trace.rewards[fn.__name__] = None
        results = []
        for fn in rewards:
            value = _invoke(fn, available)
            results.append(await value if inspect.isawaitable(value) else value)
        for fn, result in zip(rewards, results):
            items = result.items() if isinstance(result, dict) else [(fn.__name__, result)]
            for key, value in items:
                trace.record_reward(key, value, getattr(fn, "_vf_weight", 1.0))


class Taskset:
    INFINITE = False
    __class_getitem__ = classmethod(_generic)

    def __init__(self, config):
        self.config = config

    def load(self):
        raise NotImplementedError

    def __iter__(self):
        yield from self.load()


# --- trace ----------------------------------------------------------------------------------------------------------
class AgentConfig(Model):
    runtime: object = None


class AgentInfo(Model):
    config: object = None
    name: str = "agent"
    trainable: bool = True


class TraceTask(Model):
    type: str = ""
    data: object = None
    key: str = None
    hash: str = None


class MessageNode(Model):
    parent: int = None
    message: object = None
    sampled: bool = False


class Reward(Model):
    score: float = 0.0
    weight: float = 1.0

    @property
    def value(self):
        return self.score * self.weight


class Trace(Model):
    task: TraceTask = None
    agent: AgentInfo = None
    nodes: list = Field(default_factory=list)
    rewards: dict = Field(default_factory=dict)
    metrics: dict = Field(default_factory=dict)
    info: dict = Field(default_factory=dict)
    state: State = Field(default_factory=State)
    is_completed: bool = False
    ok: bool = False

    @property
    def reward(self):
        return sum(r.value for r in self.rewards.values() if r is not None)

    @property
    def assistant_messages(self):
        return [n.message for n in self.nodes if n.sampled and isinstance(n.message, AssistantMessage)]

    @property
    def messages(self):
        return [n.message for n in self.nodes]

    @property
    def num_turns(self):
        return sum(1 for n in self.nodes if n.sampled)

    @property
    def last_reply(self):
        msgs = self.assistant_messages
        return (msgs[-1].content or "").strip() if msgs else ""

    def record_reward(self, name, value, weight=1.0):
        self.rewards[name] = Reward(score=float(value), weight=float(weight))


__all__ = ["AgentConfig", "AgentInfo", "AssistantMessage", "MessageNode", "ProgramResult", "Reward", "Runtime", "State",
           "SubprocessConfig", "SystemMessage", "Task", "TaskConfig", "TaskData", "Taskset", "TasksetConfig", "Trace",
           "TraceTask", "UserMessage", "metric", "reward", "stop"]
