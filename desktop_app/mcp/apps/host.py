"""The host end of an MCP App's postMessage JSON-RPC (ext-apps 2.0.4's `AppBridge`, in Python).

What arrives from a view is untrusted text: rate-limited (a flood is dropped and named in one line),
capped in size, parsed by `jsonsafe`, checked as JSON-RPC 2.0, and answered only for the methods
`_request` and `_notification` know (anything else: "method not found"). Both directions are handed to `record`."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from desktop_app import jsonsafe
from desktop_app.mcp.apps.views import PROTOCOL_VERSION, Csp

MAX_MESSAGE = 256 * 1024  # characters of one message from a view
RATE = 50.0  # messages a second a view may send, on average
BURST = 100  # and at once
MAX_IN_FLIGHT = 4  # tool calls of one view waiting at once
MAX_SIZE = 4000  # pixels a view may ask for
NOT_FOUND, INVALID, INTERNAL = -32601, -32602, -32603

CallTool = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


@dataclass
class Bucket:
    """A token bucket: `take()` is False once a view sends faster than RATE (after BURST at once)."""

    rate: float = RATE
    burst: float = BURST
    clock: Callable[[], float] = time.monotonic
    tokens: float = BURST
    last: float = field(default=-1.0)

    def take(self) -> bool:
        now = self.clock()
        if self.last >= 0:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


@dataclass(frozen=True)
class ViewCall:
    """What the host knows about the tool call that opened the view."""

    server: str
    tool: dict[str, Any]  # the tool's definition as the server listed it (name, inputSchema, ...)
    call_id: str
    arguments: dict[str, Any]
    app_tools: frozenset[str]  # tools of this server the view may call (visibility includes "app")


class AppHost:
    """One view's protocol state. `receive(text)` for each message it posts; `send(message)` posts to it."""

    def __init__(
        self,
        view: ViewCall,
        *,
        send: Callable[[dict[str, Any]], None],
        record: Callable[[str, Any], None],
        spawn: Callable[[Coroutine[Any, Any, None]], Any],
        call_tool: CallTool,
        open_link: Callable[[str], bool],
        resize: Callable[[int | None, int | None], None],
        context: dict[str, Any],
        csp: Csp,
        host_version: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.view = view
        self._send, self._record, self._spawn = send, record, spawn
        self._call_tool, self._open_link, self._resize = call_tool, open_link, resize
        self.context = context
        self.csp = csp
        self.host_version = host_version
        self.bucket = Bucket(clock=clock)
        self.initialized = False  # the view said `ui/notifications/initialized`
        self.result: dict[str, Any] | None = None
        self.dropped = 0  # messages refused by the rate limit in the current flood
        self.in_flight = 0
        self.closed = False
        self._next_id = 0
        self.on_teardown: Callable[[], None] = lambda: None

    # ------------------------------------------------------------ host -> view

    def post(self, message: dict[str, Any]) -> None:
        if not self.closed:
            self._record("out", message)
            self._send(message)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.post({"jsonrpc": "2.0", "method": method, "params": params})

    def set_result(self, result: dict[str, Any]) -> None:
        """The tool call finished: the view gets it now, or right after it is initialized."""
        self.result = result
        if self.initialized:
            self.notify("ui/notifications/tool-result", result)

    def cancelled(self, reason: str) -> None:
        if self.initialized:
            self.notify("ui/notifications/tool-cancelled", {"reason": reason})

    def teardown(self) -> None:
        """Ask the view to clean up (`ui/resource-teardown`); the window removes it after the answer."""
        self._next_id += 1
        self.post({"jsonrpc": "2.0", "id": f"host-{self._next_id}", "method": "ui/resource-teardown", "params": {}})

    # ------------------------------------------------------------ view -> host

    def receive(self, text: Any) -> None:
        """One message the view posted, as the host script serialized it (untrusted)."""
        if self.closed:
            return
        if not self.bucket.take():
            self.dropped += 1
            if self.dropped == 1:
                self._record("note", "the view sends too many messages: dropping them until it slows down")
            return
        if self.dropped:
            self._record("note", f"{self.dropped} message(s) from the view were dropped (over {RATE:g} a second)")
            self.dropped = 0
        message = self._parse(text)
        if message is None:
            return
        self._record("in", message)
        if "method" not in message:
            return  # an answer to our request (teardown): nothing waits on it but the window
        method, params, msg_id = message["method"], message.get("params") or {}, message.get("id")
        if msg_id is None:
            self._notification(method, params)
        else:
            self._request(msg_id, method, params)

    def _parse(self, text: Any) -> dict[str, Any] | None:
        if not isinstance(text, str):
            self._record("note", "refused a message that is not JSON text")
            return None
        if len(text) > MAX_MESSAGE:
            self._record("note", f"refused a message of {len(text):,} characters (limit {MAX_MESSAGE:,})")
            return None
        try:
            message = jsonsafe.loads(text, max_depth=jsonsafe.MAX_ARGUMENT_DEPTH)
        except ValueError as exc:
            self._record("note", f"refused a message that is not valid JSON: {str(exc)[:120]}")
            return None
        if problem := _shape_problem(message):
            self._record("note", f"refused a message: {problem}")
            if isinstance(message, dict) and _valid_id(message.get("id")) and "method" in message:
                self.post(_error(message["id"], INVALID, problem))
            return None
        return message  # type: ignore[no-any-return]

    def _notification(self, method: str, params: dict[str, Any]) -> None:
        if method == "ui/notifications/initialized":
            if not self.initialized:
                self.initialized = True
                self.notify("ui/notifications/tool-input", {"arguments": self.view.arguments})
                if self.result is not None:
                    self.notify("ui/notifications/tool-result", self.result)
        elif method == "ui/notifications/size-changed":
            self._resize(_pixels(params.get("width")), _pixels(params.get("height")))
        elif method == "ui/notifications/request-teardown":
            self.on_teardown()
        # notifications/message (the view's log) and anything else: recorded, nothing to do

    def _request(self, msg_id: str | int, method: str, params: dict[str, Any]) -> None:
        if method == "ui/initialize":
            self.post(_answer(msg_id, self._initialize_result(params)))
        elif method == "ping":
            self.post(_answer(msg_id, {}))
        elif method == "tools/call":
            self._tools_call(msg_id, params)
        elif method == "ui/open-link":
            url = params.get("url")
            opened = isinstance(url, str) and self._open_link(url)
            self.post(_answer(msg_id, {} if opened else {"isError": True}))
        elif method == "ui/request-display-mode":
            self.post(_answer(msg_id, {"mode": "inline"}))
        else:
            self.post(_error(msg_id, NOT_FOUND, f"{method[:100]} is not supported by this host"))

    def _initialize_result(self, params: dict[str, Any]) -> dict[str, Any]:
        asked = params.get("protocolVersion")
        version = asked if isinstance(asked, str) and asked <= PROTOCOL_VERSION and len(asked) < 20 else None
        capabilities: dict[str, Any] = {
            "serverTools": {},
            "openLinks": {},
            "logging": {},
            "sandbox": {"csp": self.csp.as_wire()},
        }
        return {
            "protocolVersion": version or PROTOCOL_VERSION,
            "hostInfo": {"name": "travel-assistant", "version": self.host_version},
            "hostCapabilities": capabilities,
            "hostContext": {"toolInfo": {"id": self.view.call_id, "tool": self.view.tool}, **self.context},
        }

    def _tools_call(self, msg_id: str | int, params: dict[str, Any]) -> None:
        name, args = params.get("name"), params.get("arguments", {})
        if not isinstance(name, str) or not isinstance(args, dict):
            self.post(_error(msg_id, INVALID, "tools/call needs a tool name and an arguments object"))
            return
        if name not in self.view.app_tools:
            why = f"{name[:64]!r} is not a tool of MCP server {self.view.server!r} that its view may call"
            self._record("note", f"refused tools/call: {why}")
            self.post(_error(msg_id, INVALID, why))
            return
        if self.in_flight >= MAX_IN_FLIGHT:
            self.post(_error(msg_id, INTERNAL, f"more than {MAX_IN_FLIGHT} tool calls are already waiting"))
            return
        self.in_flight += 1
        self._spawn(self._run_call(msg_id, name, args))

    async def _run_call(self, msg_id: str | int, name: str, args: dict[str, Any]) -> None:
        try:
            result = await self._call_tool(name, args)
        except Exception as exc:  # noqa: BLE001 - the view gets an error answer, the window goes on
            self.post(_error(msg_id, INTERNAL, f"{type(exc).__name__}: {str(exc)[:200]}"))
        else:
            self.post(_answer(msg_id, result))
        finally:
            self.in_flight -= 1

    def close(self) -> None:
        self.closed = True


def _valid_id(value: Any) -> bool:
    return (isinstance(value, str) and len(value) <= 100) or (isinstance(value, int) and not isinstance(value, bool))


def _shape_problem(message: Any) -> str:
    """Why a parsed message is not a JSON-RPC 2.0 request, notification or response ("" when it is)."""
    if not isinstance(message, dict):
        return "not a JSON object"
    if message.get("jsonrpc") != "2.0":
        return 'no "jsonrpc": "2.0"'
    if "id" in message and not _valid_id(message["id"]):
        return "the id is not a short string or an integer"
    if "method" in message:
        method = message["method"]
        if not isinstance(method, str) or not 0 < len(method) <= 100:
            return "the method is not a short string"
        if "params" in message and not isinstance(message["params"], dict):
            return "params is not an object"
        return ""
    if "id" not in message or ("result" in message) == ("error" in message):
        return "neither a request, a notification nor a response"
    return ""


def _pixels(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return max(0, min(int(value), MAX_SIZE))


def _answer(msg_id: str | int, result: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "result": result}


def _error(msg_id: str | int, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def call_result(content: str, is_error: bool, structured: Any = None) -> dict[str, Any]:
    """A `CallToolResult` for the view from our ToolOutput's parts (text content, structure kept)."""
    result: dict[str, Any] = {"content": [{"type": "text", "text": content}], "isError": is_error}
    if isinstance(structured, dict):
        result["structuredContent"] = structured
    return result


def summary(message: Any) -> str:
    """One line for the inspector's list: direction-free method / id / error."""
    if not isinstance(message, dict):
        return str(message)[:200]
    if "method" in message:
        ident = f" #{message['id']}" if "id" in message else ""
        return f"{message['method']}{ident}"
    if "error" in message:
        error = message.get("error")
        text = error.get("message", "") if isinstance(error, dict) else ""
        return f"error #{message.get('id')}: {str(text)[:120]}"
    return f"result #{message.get('id')}"


def pretty(message: Any) -> str:
    return jsonsafe.indented(message)[:20_000] if not isinstance(message, str) else message
