package svc.core.tools.sandbox;

import java.util.ArrayList;
import java.util.List;
import svc.core.tools.Tool;
import svc.governance.egress.EgressPolicy;
import svc.governance.sandbox.Sandbox;

/** The sandboxed tools of the catalogue, built once from the platform's sandbox and egress policy. */
public final class SandboxTools {

    private SandboxTools() {}

    /** {@code execute_python}, {@code execute_shell} and {@code http_get}. */
    public static List<Tool> all(Sandbox sandbox, SandboxSettings settings, EgressPolicy egress) {
        List<Tool> tools = new ArrayList<>(new ScriptTools(sandbox, settings).tools());
        tools.add(new HttpGetTool(egress).tool());
        return List.copyOf(tools);
    }
}
