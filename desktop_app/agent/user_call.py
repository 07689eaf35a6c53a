"""A tool called by the person (the inspector's Try it and Run again), not by the model: the
same validation and confirmation as a model's call, then the tool itself."""

from __future__ import annotations

import json
from typing import Any

from desktop_app.agent.approval import Approver, Decision
from desktop_app.core.messages import ToolCall
from desktop_app.tools.registry import ToolOutput, ToolRegistry, error_output

USER_CALL_ID = "user_call"


async def call_as_user(registry: ToolRegistry, approver: Approver, name: str, arguments: dict[str, Any]) -> ToolOutput:
    """Validate, ask when the tool needs confirmation (write tools: the usual dialog), run."""
    call = ToolCall(USER_CALL_ID, name, arguments, json.dumps(arguments, ensure_ascii=False))
    resolved = registry.resolve(call)
    if isinstance(resolved, ToolOutput):
        return resolved
    tool, args = resolved
    needs = tool.confirm_for(args) if tool.confirm_for else tool.needs_confirmation
    if needs:
        try:
            decision = await approver.decide(call, tool)
        except Exception as exc:  # noqa: BLE001 - a broken approver must mean "denied"
            decision = Decision(False, "policy", f"approval failed: {exc}")
        if not decision.approved:
            why = f": {decision.reason}" if decision.reason else ""
            return error_output(f"the call to {name} was denied{why}")
    return await registry.run(tool, args)
