/**
 * Sandboxed WASM tools: modules run in Chicory ({@code com.dylibso.chicory:runtime}), a WASM
 * interpreter written in Java, so a tool needs no native runtime and cannot reach the host except
 * through the host functions of {@link svc.core.tools.wasm.WasmHostAbi}, each of which enforces
 * the tool's {@code capabilities}, {@code secrets}, {@code workspace_prefixes},
 * {@code endpoint_allowlist} and {@code limits}.
 */
package svc.core.tools.wasm;
