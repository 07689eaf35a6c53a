"""Connecting to MCP servers and using them: the manager, each connection's status, tool calls,
resources and prompts, and the questions servers ask a person (forms, sampling)."""

from desktop_app.mcp.client.connection import ServerStatus as ServerStatus
from desktop_app.mcp.client.interact import ElicitationResult as ElicitationResult
from desktop_app.mcp.client.interact import ModelSampler as ModelSampler
from desktop_app.mcp.client.interact import SamplingRequest as SamplingRequest
from desktop_app.mcp.client.launch import missing_message as missing_message
from desktop_app.mcp.client.logs import read_tail as read_tail
from desktop_app.mcp.client.manager import McpManager as McpManager
from desktop_app.mcp.client.resources import MAX_TEXT as MAX_TEXT
from desktop_app.mcp.client.resources import McpFeatureError as McpFeatureError
from desktop_app.mcp.client.resources import contents_text as contents_text
from desktop_app.mcp.client.resources import get_prompt as get_prompt
from desktop_app.mcp.client.resources import list_prompts as list_prompts
from desktop_app.mcp.client.resources import list_resources as list_resources
from desktop_app.mcp.client.resources import list_templates as list_templates
from desktop_app.mcp.client.resources import read_resource as read_resource
from desktop_app.mcp.client.results import resource_links as resource_links
