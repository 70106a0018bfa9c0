"""Stand-in for verifiers.v1.runtimes: a subprocess runtime with start/run/stop."""
import asyncio
import os
import subprocess
import tempfile

from verifiers.v1._model import Model


class SubprocessConfig(Model):
    type: str = "subprocess"


class ProgramResult(Model):
    exit_code: int = 0
    stdout: str = ""
    stderr: str = ""


class Runtime:
    def __init__(self, config, name=None):
        self.config = config
        self.name = name or "runtime"
        self.env = {}
        self.workdir = None

    async def start(self):
        self.workdir = tempfile.mkdtemp(prefix=self.name + "-")

    async def run(self, argv, env=None):
        p = subprocess.run(list(argv), cwd=self.workdir, env={**os.environ, **self.env, **(env or {})},
                           capture_output=True, text=True)
        return ProgramResult(exit_code=p.returncode, stdout=p.stdout, stderr=p.stderr)

    async def stop(self):
        return None


def make_runtime(config, name=None):
    return Runtime(config, name)
