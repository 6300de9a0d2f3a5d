/**
 * Tools users add: MCP servers and WASM tools, from the settings file today and from plugins
 * through the same entry point ({@link svc.core.extensions.Extensions#add}).
 */
package svc.core.extensions;
