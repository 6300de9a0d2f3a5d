package svc.governance.permission;

/**
 * The priority each source's rules carry. The spec fixes profile (DENY 60, ASK 45), compliance
 * gate (DENY 55) and policy ALLOW (50). The others are our choice: RBAC, agent allowlist, feature
 * flags and egress are hard boundaries, so their DENYs sit at 70 and above, inside the invariant
 * pass, where no operator ALLOW can lift them.
 */
public final class Priorities {

    public static final int RBAC_DENY = 100;
    public static final int AGENT_ALLOWLIST_DENY = 90;
    public static final int FEATURE_FLAG_DENY = 80;
    public static final int EGRESS_DENY = 70;
    public static final int HITL_ASK = 70;
    public static final int PROFILE_DENY = 60;
    public static final int COMPLIANCE_GATE_DENY = 55;
    public static final int POLICY_ALLOW = 50;
    /** Policy-file DENY and ASK rules that give no priority of their own. */
    public static final int POLICY_DEFAULT = 50;

    public static final int PROFILE_ASK = 45;

    private Priorities() {}
}
