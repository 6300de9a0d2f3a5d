/**
 * The permission engine: every tool call of an agent and every role check of the API is one
 * {@link svc.governance.permission.PermissionRequest}, decided by
 * {@link svc.governance.permission.PermissionEngine} from the rules of eight sources.
 *
 * <h2>Resolution order</h2>
 * <ol>
 *   <li><b>Invariant pass.</b> If any matching DENY is invariant, the highest-priority one wins,
 *       whatever ALLOWs match. Invariant means priority 60 or above (spec), <em>or</em> source
 *       {@code compliance_gate} (our decision, below).</li>
 *   <li>Otherwise <b>ALLOW beats DENY beats ASK</b>; inside the winning behaviour the highest
 *       priority wins, and between equal priorities the rule matched first (provider
 *       registration order, then order inside the provider).</li>
 *   <li>No rule matched: the <b>default</b>, ALLOW unless configured, reported with source
 *       {@code default}. ALLOW is the default because the agent allowlist is the real gate: every
 *       agent tool outside the agent's set already gets a DENY at 90.</li>
 * </ol>
 *
 * <h2>Decisions where the spec leaves room</h2>
 * <ul>
 *   <li><b>Compliance DENY (55) against policy ALLOW (50).</b> Read literally, "ALLOW beats DENY"
 *       outside the invariant pass would let an operator's policy ALLOW lift a compliance gate,
 *       yet the spec also says "a compliance gate verdict blocks the named tool with a DENY", and
 *       placing gates at 55, above policy's 50, only means something if 55 beats 50. So a
 *       compliance-gate DENY joins the invariant pass: no ALLOW lifts it. Among invariant DENYs a
 *       profile DENY (60) still ranks above it, which only changes which reason is reported.</li>
 *   <li><b>Priorities of the sources the spec does not place</b> ({@link svc.governance.permission.Priorities}):
 *       RBAC DENY 100, agent allowlist DENY 90, feature flag DENY 80, egress DENY 70: all invariant,
 *       since a role, an agent's tool set, an off flag and a blocked host are boundaries an
 *       operator ALLOW must not cross. HITL ASK 70.</li>
 *   <li><b>ASK is liftable.</b> As written in the spec, an ALLOW beats an ASK: an operator policy
 *       ALLOW on a tool removes its approval step (the decision still lists the matched ASK).</li>
 *   <li><b>Policy ALLOWs are fixed at 50</b>; a policy file that writes another priority on an
 *       ALLOW is rejected at boot. Profiles may not ALLOW at all.</li>
 *   <li><b>Failing sources fail closed</b>: a provider that throws yields a DENY under its own
 *       source above every priority.</li>
 *   <li><b>Agent allowlist</b>: an agent with no allowlist entry may call nothing;
 *       {@code transfer_to_X} is judged only by the agent's delegation set; API users are not
 *       agents and are judged by RBAC alone. An agent's requests carry the role of the user who
 *       started the run, so RBAC applies to agents too.</li>
 *   <li><b>Regex budget</b>: a rule's pattern gets a bounded number of character reads per
 *       request ({@code BudgetedChars}); a pattern that backtracks past it counts as matched for
 *       DENY/ASK and as not matched for ALLOW, so a crafted argument cannot stall the engine or
 *       open a gate.</li>
 *   <li>Argument patterns are found (not fully matched) in the compact JSON of the arguments, as
 *       the spec says; the BFSI PAN and Aadhaar rules therefore look at every argument of
 *       {@code write_file} (content and path), not only {@code content}.</li>
 * </ul>
 */
package svc.governance.permission;
