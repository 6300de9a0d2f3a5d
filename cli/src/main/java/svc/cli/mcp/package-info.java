/**
 * {@code svc mcp serve}: svc itself as a stdio MCP server (official MCP Java SDK), whose tools
 * call the HTTP API of a running server with the CLI's client and login.
 */
package svc.cli.mcp;
