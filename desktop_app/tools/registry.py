"""`@tool` turns a typed, documented function into a validated tool; the registry runs it safely."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_type_hints

from desktop_app.core.messages import ToolCall
from desktop_app.llm.base import ToolSpec
from desktop_app.tools.schema_check import surely_valid
from desktop_app.tools.shipped_schemas import key, shipped_schema
from desktop_app.visible import reveal

Risk = Literal["read", "write", "dangerous"]
RESULT_CAP = 16_000  # characters of a result sent to the model
DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True)
class ToolOutput:
    """What a tool produced: text for the model, plus optional images (base64) and structure."""

    content: str
    is_error: bool = False
    images: tuple[dict[str, str], ...] = ()
    structured: Any = None


ProgressFn = Callable[[float, "float | None", str], None]
# A tool is invoked with its arguments and where to report progress (None: nobody listens);
# MCP tools pass the server's progress notifications on, the others ignore it.
Invoker = Callable[[dict[str, Any], ProgressFn | None], Awaitable[ToolOutput]]
REPORT_PARAM = "report"  # a @tool function with a parameter of this name gets the ProgressFn
DECORATED: dict[str, Callable[..., Any]] = {}  # every @tool function by module.qualname (shipped_schemas.py)


@dataclass(frozen=True)
class ToolDef:
    """A tool from any source: its schema, how risky it is, and how to invoke it."""

    name: str
    description: str
    parameters: dict[str, Any]
    invoke: Invoker
    risk: Risk = "read"
    needs_confirmation: bool = False
    source: str = "builtin"
    timeout: float = DEFAULT_TIMEOUT
    status: str = "ok"
    warnings: tuple[str, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict)
    # Per-call rule (the shell: read-only commands vs file-changing ones); None = the flag above.
    confirm_for: Callable[[dict[str, Any]], bool] | None = None

    def spec(self) -> ToolSpec:
        """The neutral definition handed to model adapters."""
        return ToolSpec(self.name, self.description, self.parameters)

    def listing(self) -> dict[str, Any]:
        """One entry of `tools --json` (CONTRACT.md)."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
            "source": self.source,
            "risk": self.risk,
            "needs_confirmation": self.needs_confirmation,
            "status": self.status,
            "warnings": list(self.warnings),
        }


def _doc_parts(fn: Callable[..., Any]) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into the summary and `Args:` descriptions."""
    doc = inspect.getdoc(fn) or ""
    summary_lines: list[str] = []
    params: dict[str, str] = {}
    in_args = False
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.lower() in ("args:", "arguments:", "parameters:"):
            in_args = True
            continue
        if in_args:
            match = re.match(r"^(\w+)\s*(\([^)]*\))?\s*:\s*(.*)$", stripped)
            if match:
                params[match.group(1)] = match.group(3)
            elif stripped and not line.startswith((" ", "\t")):
                in_args = False
            continue
        summary_lines.append(stripped)
    return "\n".join(summary_lines).strip(), params


def schema_from_function(fn: Callable[..., Any]) -> tuple[str, dict[str, Any]]:
    """Description and JSON Schema from type hints and docstring: a built-in tool's shipped schema
    while the function is unchanged (no pydantic in a run), else pydantic's (tools/shipped_schemas.py)."""
    DECORATED[key(fn)] = fn
    summary, _descriptions = _doc_parts(fn)
    schema = shipped_schema(fn)
    return summary, schema if schema is not None else pydantic_schema(fn)


def pydantic_schema(fn: Callable[..., Any]) -> dict[str, Any]:
    """The JSON Schema pydantic writes for the function's parameters (public pydantic API only);
    a tool module may keep `pydantic.Field` for its annotations under TYPE_CHECKING."""
    from pydantic import Field, create_model  # lazily: the window paints before tools load

    _summary, descriptions = _doc_parts(fn)
    hints = get_type_hints(fn, localns={"Field": Field}, include_extras=True)
    fields: dict[str, Any] = {}
    for pname, param in inspect.signature(fn).parameters.items():
        if pname == REPORT_PARAM:
            continue  # where progress goes, handed in by the registry: not the model's to fill
        annotation = hints.get(pname, Any)
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[pname] = (annotation, Field(default, description=descriptions.get(pname)))
    model = create_model(f"{fn.__name__}_args", **fields)
    schema: dict[str, Any] = model.model_json_schema()
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        prop.pop("title", None)
    schema.setdefault("required", [])
    return schema


def tool(
    *,
    risk: Risk = "read",
    timeout: float = DEFAULT_TIMEOUT,
) -> Callable[[Callable[..., Any]], ToolDef]:
    """Decorator: a typed function with a docstring becomes a ToolDef (anything but "read" asks first)."""

    def wrap(fn: Callable[..., Any]) -> ToolDef:
        description, schema = schema_from_function(fn)

        wants_report = REPORT_PARAM in inspect.signature(fn).parameters

        async def invoke(args: dict[str, Any], report: ProgressFn | None = None) -> ToolOutput:
            if wants_report:
                args = {**args, REPORT_PARAM: report}
            if inspect.iscoroutinefunction(fn):
                value = await fn(**args)
            else:
                value = await asyncio.to_thread(fn, **args)
            if isinstance(value, ToolOutput):
                return value
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)  # JSON for structures
            return ToolOutput(text, structured=value)

        return ToolDef(
            name=fn.__name__,
            description=description,
            parameters=schema,
            invoke=invoke,
            risk=risk,
            needs_confirmation=risk != "read",
            timeout=timeout,
        )

    return wrap


def error_output(message: str) -> ToolOutput:
    """An error result the model reads, as JSON so it can quote the reason."""
    return ToolOutput(json.dumps({"error": message}, ensure_ascii=False), is_error=True)


MAX_IMAGE_DATA = 1_000_000  # base64 characters of one image a result carries (about 730 KB of image)
MAX_IMAGES = 8  # images of one result; more are named in the text and dropped


def _capped_image(image: dict[str, str]) -> dict[str, str]:
    """An image small enough to carry, or its metadata and a note (never megabytes of base64)."""
    data = image.get("data", "")
    if len(data) <= MAX_IMAGE_DATA:
        return image
    size = f"{len(data) * 3 / 4 / 1_048_576:.1f} MB"
    note = f"not carried: {size}, over the {MAX_IMAGE_DATA * 3 // 4 // 1024} KB limit of an image in a tool result"
    return {"mime_type": str(image.get("mime_type", "")), "size": size, "note": note}


def finish(output: ToolOutput, cap: int = RESULT_CAP, *, for_model: bool = True) -> ToolOutput:
    """Every tool's result as the model and the event stream get it: hidden characters revealed
    as ⟦U+XXXX⟧, the text cut to `cap`, images bounded in size, and a last line flagging what
    was revealed (after the cut, so it is never cut off). `for_model` False (`tools call`, where
    the user is the caller and the output is escaped JSON) keeps the text as the tool wrote it."""
    shown, warnings = reveal(output.content) if for_model else (output.content, [])
    original_images = output.images
    images = tuple(_capped_image(i) for i in original_images[:MAX_IMAGES])
    if shown is not output.content or images != output.images:
        output = replace(output, content=shown, images=images)
    if len(output.content) > cap:  # cut, and said so: the model knows it saw a part
        note = f"\n[truncated: result was {len(output.content)} characters, showing the first {cap}]"
        output = replace(output, content=output.content[:cap] + note)
    notes = []
    if len(images) < len(original_images):
        notes.append(
            f"[{len(original_images) - len(images)} more image(s) not carried: at most {MAX_IMAGES} per result]"
        )
    if warnings:
        notes.append(f"[hidden characters in this result are shown as ⟦U+XXXX⟧: {'; '.join(warnings)}]")
    return replace(output, content="\n".join([output.content, *notes])) if notes else output


class ToolRegistry:
    """All tools the model may call, by name; validates arguments before anything runs."""

    def __init__(self, tools: Iterable[ToolDef] = ()) -> None:
        self._tools: dict[str, ToolDef] = {}
        for t in tools:
            self.add(t)

    def add(self, t: ToolDef) -> None:
        """Register a tool; a name clash is a programming error, never silent shadowing."""
        if t.name in self._tools:
            raise ValueError(f"tool {t.name!r} is already registered")
        self._tools[t.name] = t

    def remove_source(self, source: str) -> None:
        """Drop every tool from one source (an MCP server that went away)."""
        self._tools = {n: t for n, t in self._tools.items() if t.source != source}

    def names(self) -> list[str]:
        return list(self._tools)

    def get(self, name: str) -> ToolDef | None:
        return self._tools.get(name)

    def all(self) -> list[ToolDef]:
        return list(self._tools.values())

    def specs(self, allowed: Iterable[str] | None = None) -> tuple[ToolSpec, ...]:
        """Definitions offered to the model (optionally only those a skill allows)."""
        keep = None if allowed is None else set(allowed)
        return tuple(t.spec() for t in self._tools.values() if t.status == "ok" and (keep is None or t.name in keep))

    def resolve(self, call: ToolCall) -> tuple[ToolDef, dict[str, Any]] | ToolOutput:
        """The tool and validated arguments, or the error result the model should read."""
        t = self._tools.get(call.name)
        if t is None:
            available = ", ".join(sorted(self._tools)) or "(none)"
            return error_output(f"unknown tool {call.name!r}; available tools: {available}")
        if t.status != "ok":
            reason = t.meta.get("status_reason", f"tool {t.name!r} is not available ({t.status})")
            return error_output(str(reason))
        if call.arguments is None:
            why = call.arguments_error or "are not valid JSON"
            return error_output(f"arguments for {call.name!r} {why}: {call.arguments_raw[:200]!r}")
        args = declared_only(t.parameters, call.arguments) if t.source == "builtin" else call.arguments
        problem = validate_arguments(t.parameters, args)
        if problem:
            return error_output(f"invalid arguments for {call.name!r}: {problem}")
        return t, args

    async def run(
        self, t: ToolDef, args: dict[str, Any], report: ProgressFn | None = None, *, for_model: bool = True
    ) -> ToolOutput:
        """Invoke with the tool's timeout; exceptions become error results, never crashes."""
        try:
            output = await asyncio.wait_for(t.invoke(args, report), timeout=t.timeout)
        except TimeoutError:
            return error_output(f"tool {t.name!r} timed out after {t.timeout:g} s")
        except Exception as exc:  # noqa: BLE001 - any tool failure is the model's to read
            return error_output(f"tool {t.name!r} failed: {type(exc).__name__}: {exc}")
        return finish(output, for_model=for_model)

    async def execute(self, call: ToolCall, report: ProgressFn | None = None) -> ToolOutput:
        """Resolve and run without approval (used by `tools call`, where the user is the caller)."""
        resolved = self.resolve(call)
        if isinstance(resolved, ToolOutput):
            return resolved
        return await self.run(*resolved, report, for_model=False)


def declared_only(schema: dict[str, Any], args: dict[str, Any]) -> dict[str, Any]:
    """A built-in function's arguments without the keys its schema does not declare and without a
    `null` for an optional one: small models copy the schema's own words (`"required": [...]`) or
    null out what they skip, and a Python function would fail on either."""
    props = schema.get("properties")
    if not isinstance(props, dict) or not isinstance(args, dict):
        return args
    required = set(schema.get("required") or ())
    return {k: v for k, v in args.items() if k in props and (v is not None or k in required)}


def validate_arguments(schema: dict[str, Any], args: dict[str, Any]) -> str | None:
    """A one-line description of the first schema violation, or None when valid."""
    if not isinstance(args, dict):
        return "arguments must be a JSON object"
    if surely_valid(schema, args):  # plain schemas, good arguments: no jsonschema to load
        return None
    import jsonschema  # lazily, as pydantic above: the verdict and the wording of anything else

    err = min(jsonschema.Draft202012Validator(schema).iter_errors(args), key=lambda e: list(e.path), default=None)
    if err is None:
        return None
    where = "/".join(str(p) for p in err.absolute_path) or "(root)"
    return f"{where}: {err.message}"
