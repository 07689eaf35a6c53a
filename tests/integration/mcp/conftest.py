"""Fixtures for MCP tests: our toy servers, and the real servers nobody here wrote."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from desktop_app.mcp.setup.config import ServerConfig

HERE = Path(__file__).resolve().parent
TOY = HERE / "servers" / "toy_server.py"
REPO = HERE.parents[2]


def toy(name: str, mode: str = "basic", **options: object) -> ServerConfig:
    """A ServerConfig launching `toy_server.py MODE` with this interpreter."""
    env = options.pop("env", {})
    return ServerConfig(
        name=name,
        command=sys.executable,
        args=(str(TOY), mode),
        env=dict(env),  # type: ignore[arg-type,call-overload]
        **options,  # type: ignore[arg-type]
    )


def find_program(name: str) -> str | None:
    """On PATH, next to this Python, or in the repo's `.cache/npm` (where `.ci/run` puts it)."""
    candidates = [
        shutil.which(name),
        shutil.which(name, path=os.path.dirname(sys.executable)),
        shutil.which(name, path=str(REPO / ".cache" / "npm" / "node_modules" / ".bin")),
    ]
    return next((c for c in candidates if c), None)


@pytest.fixture(scope="session")
def everything_bin() -> str:
    """`@modelcontextprotocol/server-everything` (npm), installed by `.ci/run`."""
    found = find_program("mcp-server-everything")
    if not found:
        pytest.skip(
            "@modelcontextprotocol/server-everything is not installed "
            "(`npm install -g @modelcontextprotocol/server-everything@2026.8.31`, as .ci/run does)"
        )
    return found


@pytest.fixture(scope="session")
def time_bin() -> str:
    """`mcp-server-time` (PyPI), installed by `.ci/run` through the `test` extra."""
    found = find_program("mcp-server-time")
    if not found:
        pytest.skip("mcp-server-time is not installed (`pip install mcp-server-time`)")
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for_port(port: int, proc: subprocess.Popen[bytes], deadline: float) -> None:
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the test server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)  # polling a port that a child process is opening
    raise RuntimeError(f"the test server did not listen on port {port}")


@contextmanager
def everything_over_http(program: str, mode: str = "streamableHttp") -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """server-everything over streamable HTTP (or legacy SSE) on a free localhost port: (url, process)."""
    port = _free_port()
    proc = subprocess.Popen(
        [program, mode],
        env={**os.environ, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, proc, time.monotonic() + 30)
        yield f"http://127.0.0.1:{port}/{'sse' if mode == 'sse' else 'mcp'}", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def toy_http_url() -> Iterator[str]:
    """Our toy server over streamable HTTP (MCPServer + uvicorn) on a free localhost port."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, str(TOY), "http", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, proc, time.monotonic() + 30)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextmanager
def toy_over_sse(path: str) -> Iterator[str]:
    """Our toy server over the SDK's legacy SSE transport, its event stream at `path`: the URL."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, str(TOY), "sse", str(port), path],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, proc, time.monotonic() + 30)
        yield f"http://127.0.0.1:{port}{path}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def everything_sse_url(everything_bin: str) -> Iterator[str]:
    """server-everything over legacy SSE (GET /sse, POST /message), shared by a module's tests."""
    with everything_over_http(everything_bin, "sse") as (url, _):
        yield url


@pytest.fixture(scope="module")
def everything_url(everything_bin: str) -> Iterator[str]:
    """server-everything over streamable HTTP, shared by a module's tests."""
    with everything_over_http(everything_bin) as (url, _):
        yield url
