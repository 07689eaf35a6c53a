"""Connecting to MCP servers and using them: the manager, each connection's status, tool calls,
resources and prompts, and the questions servers ask a person (forms, sampling)."""

from desktop_app.mcp.client.connection import ServerStatus
from desktop_app.mcp.client.interact import ElicitationResult, ModelSampler, SamplingRequest
from desktop_app.mcp.client.launch import missing_message
from desktop_app.mcp.client.logs import read_tail
from desktop_app.mcp.client.manager import McpManager
from desktop_app.mcp.client.resources import (
    MAX_TEXT,
    McpFeatureError,
    contents_text,
    get_prompt,
    list_prompts,
    list_resources,
    list_templates,
    read_resource,
)
from desktop_app.mcp.client.results import resource_links

__all__ = [
    "MAX_TEXT",
    "ElicitationResult",
    "McpFeatureError",
    "McpManager",
    "ModelSampler",
    "SamplingRequest",
    "ServerStatus",
    "contents_text",
    "get_prompt",
    "list_prompts",
    "list_resources",
    "list_templates",
    "missing_message",
    "read_resource",
    "read_tail",
    "resource_links",
]
