"""EnvHub's test stand-in for verifiers (NOT the real library): only the v1 surface the validator's harness calls.

Written for the validator's tests where PyPI is unreachable; it mirrors the public names and behaviour of verifiers v1
(verifiers/v1 at a60a606) without pydantic: TaskData, Task (hooks, score), Taskset, TasksetConfig, Trace, the
@reward/@stop/@metric decorators, messages, and a subprocess runtime for the gold/setup checks.
"""
__version__ = "0.0.0+envhub.standin"
