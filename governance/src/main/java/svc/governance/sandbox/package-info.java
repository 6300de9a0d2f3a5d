/**
 * G2: runs untrusted Python (and restricted shell) scripts under limits. {@link svc.governance.sandbox.Sandbox}
 * is the entry point; a {@link svc.governance.sandbox.Driver} turns one launch into a command line
 * (nsjail, docker, or the plain-subprocess fallback built from {@code prlimit}, {@code unshare -rn}
 * and a PEP 578 audit-hook prelude). Plain Java over {@link java.lang.ProcessBuilder}: no actors.
 */
package svc.governance.sandbox;
