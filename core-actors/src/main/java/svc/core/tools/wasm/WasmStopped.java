package svc.core.tools.wasm;

/**
 * Why the host stopped a module: a limit reached or a host function refused (a capability not
 * granted, a path outside the prefixes, an unlisted endpoint or secret). Thrown inside a host
 * function or the instruction counter, it unwinds the interpreter, and the tool reports the
 * message to the agent as its error.
 */
public final class WasmStopped extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WasmStopped(String message) {
        super(message, null, false, false);
    }
}
