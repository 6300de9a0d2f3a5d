package svc.core.deploy;

import svc.core.CborSerializable;

/**
 * One message of a model name's event stream: its {@code type} ({@code deployment},
 * {@code canary}, {@code traffic}, {@code shadow}, {@code drift}) and the JSON text a stream
 * client receives. Serializable, so a cluster transport can carry it as it is.
 */
public record DeploymentMessage(String model, String type, String json) implements CborSerializable {

    public static final String DEPLOYMENT = "deployment";
    public static final String CANARY = "canary";
    public static final String TRAFFIC = "traffic";
    public static final String SHADOW = "shadow";
    public static final String DRIFT = "drift";

    /** Whether it changes which deployments answer (so cached routes are stale). */
    public boolean changesRoutes() {
        return type.equals(DEPLOYMENT) || type.equals(CANARY);
    }
}
