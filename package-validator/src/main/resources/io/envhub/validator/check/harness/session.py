"""session mode: one hosted session (OpenEnv-style reset/step/state) of an environment, as a line protocol.

Requests are JSON lines on stdin: {"op": "reset", "seed": int|null, "episode_id": str|null},
{"op": "step", "action": {"message": str} | {"messages": [chat messages]}}, {"op": "state"}. Every request is
answered by one "reply" line on the result channel; a request the environment cannot serve is answered with
{"error": "..."} and the session goes on. "ready" is emitted once the environment is loaded (or "result" with an
error when it cannot be, and the process ends).

Single-turn environments (v0 dataset + rubric, v1 tasksets): reset gives a task's prompt, the first step scores the
reply with the environment's own rewards and ends the episode. A v0 environment with env_response() (a verifiers
multi-turn environment) answers each step with its reply until is_completed() says it is done or max_turns is
reached, then scores the whole conversation.
"""
import json
import random
import sys
import time

from . import network, v1
from .channel import HarnessError, describe, emit, exc_text, only_main_process
from .discover import find_dataset, find_rubric
from .rewards import Caller, as_score
from .values import get, prompt_of, resolve, text_of

DEFAULT_MAX_TURNS = 10


class Episode:
    def __init__(self, index, episode_id):
        self.index = index
        self.episode_id = episode_id
        self.step_count = 0
        self.done = False
        self.messages = []
        self.state = {}
        self.reward = None


class V0Runtime:
    def __init__(self, env):
        self.env = env
        _, self.rows = find_dataset(env)
        if not self.rows:
            raise HarnessError("the dataset is empty")
        funcs, self.weights = find_rubric(env)
        parser = get(get(env, "rubric"), "parser")
        self.callers = [Caller(f, parser) for f in funcs]
        self.multi_turn = callable(get(env, "env_response"))
        turns = get(env, "max_turns")
        self.max_turns = turns if isinstance(turns, int) and turns > 0 else DEFAULT_MAX_TURNS

    def size(self):
        return len(self.rows)

    def prompt(self, index):
        p = prompt_of(self.rows[index])
        messages = list(p) if isinstance(p, (list, tuple)) else [{"role": "user", "content": text_of(p)}]
        system = get(self.env, "system_prompt")
        has_system = any(isinstance(m, dict) and m.get("role") == "system" for m in messages)
        if isinstance(system, str) and system.strip() and not has_system:
            messages.insert(0, {"role": "system", "content": system})
        return messages

    def score(self, index, text):
        row = self.rows[index]
        total = 0.0
        for c, w in zip(self.callers, self.weights):
            total += w * as_score(c, c.call(row, index, text))
        return total

    def respond(self, episode):
        """The environment's reply to the conversation so far (multi-turn only): (new messages, done)."""
        row = self.rows[episode.index]
        episode.state.setdefault("answer", row.get("answer", ""))
        episode.state.setdefault("info", row.get("info") or {})
        episode.state["turn"] = episode.step_count
        completed = get(self.env, "is_completed")
        if callable(completed) and resolve(completed(episode.messages, episode.state)):
            return [], True
        if episode.step_count >= self.max_turns:
            return [], True
        out = resolve(self.env.env_response(episode.messages, episode.state))
        if isinstance(out, tuple):
            out, new_state = out[0], out[1] if len(out) > 1 else None
            if isinstance(new_state, dict):
                episode.state = new_state
        if isinstance(out, dict):
            out = [out]
        out = [m if isinstance(m, dict) else {"role": "user", "content": text_of(m)} for m in (out or [])]
        return out, not out


class V1Runtime:
    multi_turn = False

    def __init__(self, vf, tasks):
        self.vf = vf
        self.tasks = tasks
        if not tasks:
            raise HarnessError("the taskset gave no tasks")

    def size(self):
        return len(self.tasks)

    def prompt(self, index):
        return [{"role": "user", "content": v1.prompt_text(self.tasks[index])}]

    def score(self, index, text):
        return v1.score(self.vf, self.tasks[index], text)[1]


def load(module_name):
    import importlib
    module = importlib.import_module(module_name)
    only_main_process()
    if v1.is_v1(module):
        vf, _cls, _config, tasks, _infinite = v1.load_tasks(module, module_name)
        return V1Runtime(vf, tasks)
    load_env = getattr(module, "load_environment", None)
    if not callable(load_env):
        raise HarnessError("module '%s' has no callable load_environment" % module_name)
    env = resolve(load_env())
    only_main_process()
    if env is None:
        raise HarnessError("load_environment() returned None")
    return V0Runtime(env)


def reply_text(action):
    if not isinstance(action, dict):
        raise HarnessError("action must be an object with 'message' or 'messages'")
    if isinstance(action.get("message"), str):
        return action["message"], [{"role": "assistant", "content": action["message"]}]
    messages = action.get("messages")
    if isinstance(messages, list) and messages and all(isinstance(m, dict) for m in messages):
        last = [m for m in messages if m.get("role") == "assistant"] or messages
        return text_of(last[-1].get("content")), messages
    raise HarnessError("action must have 'message' (text) or 'messages' (a list of chat messages)")


def observation(runtime, episode, messages):
    return {"messages": messages, "prompt": text_of(messages), "example_id": episode.index,
            "episode_id": episode.episode_id, "turn": episode.step_count}


class Session:
    def __init__(self, runtime):
        self.runtime = runtime
        self.episode = None
        self.rng = random.Random()
        self.score_ms = None

    def handle(self, req):
        op = req.get("op")
        if op == "reset":
            seed = req.get("seed")
            n = self.runtime.size()
            index = seed % n if isinstance(seed, int) and not isinstance(seed, bool) else self.rng.randrange(n)
            episode_id = req.get("episode_id")
            self.episode = Episode(index, episode_id if isinstance(episode_id, str) else None)
            prompt = self.runtime.prompt(index)
            self.episode.messages = list(prompt)
            return {"observation": observation(self.runtime, self.episode, prompt), "reward": None, "done": False}
        if op == "step":
            e = self.episode
            if e is None:
                raise HarnessError("call reset before step")
            if e.done:
                raise HarnessError("the episode is done: call reset to start another")
            text, messages = reply_text(req.get("action"))
            e.step_count += 1
            e.messages.extend(m for m in messages if m.get("role") != "system" and m not in e.messages)
            if self.runtime.multi_turn:
                reply, finished = self.runtime.respond(e)
                if not finished:
                    e.messages.extend(reply)
                    return {"observation": observation(self.runtime, e, reply), "reward": None, "done": False}
                text = text_of([m for m in e.messages if m.get("role") == "assistant"][-1:] or text)
            t0 = time.perf_counter()
            e.reward = self.runtime.score(e.index, text)
            self.score_ms = (time.perf_counter() - t0) * 1000
            e.done = True
            return {"observation": observation(self.runtime, e, []), "reward": e.reward, "done": True}
        if op == "state":
            e = self.episode
            return {"episode_id": e and e.episode_id, "step_count": e.step_count if e else 0,
                    "example_id": e and e.index, "done": bool(e and e.done), "reward": e and e.reward,
                    "tasks": self.runtime.size(), "multi_turn": bool(self.runtime.multi_turn),
                    "last_score_ms": self.score_ms}
        raise HarnessError("unknown op %r" % (op,))


def session_mode(module_name):
    network.watch()
    try:
        runtime = load(module_name)
    except BaseException as e:
        only_main_process()
        err = describe(e.__cause__ if isinstance(e, HarnessError) and e.__cause__ else e)
        if isinstance(e, HarnessError):
            err["harness"] = str(e)
        emit("result", {"ok": False, "error": err})
        return
    session = Session(runtime)
    emit("ready", {"tasks": runtime.size(), "multiTurn": bool(runtime.multi_turn)})
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise HarnessError("a request is a JSON object")
            answer = session.handle(req)
        except HarnessError as e:
            answer = {"error": str(e)}
        except Exception as e:
            only_main_process()
            answer = {"error": exc_text(e)}
        only_main_process()
        try:
            emit("reply", answer)
        except (TypeError, ValueError) as e:
            emit("reply", {"error": "the environment's answer is not JSON: " + exc_text(e)})
