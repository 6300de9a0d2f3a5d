/**
 * MCP servers as tools: the official MCP Java SDK ({@code io.modelcontextprotocol.sdk:mcp-core}
 * with its Jackson 2 binding) is the client for stdio, streamable-HTTP and SSE servers. Each
 * server's tools join the catalogue as {@code mcp__<server>__<tool>} through {@link
 * svc.core.tools.mcp.McpServers}, a {@link svc.core.tools.ToolSource}; servers start on first
 * need, restart after a crash and stop at shutdown. The SDK's calls block, so they run only on
 * the blocking dispatcher that runs every tool.
 */
package svc.core.tools.mcp;
