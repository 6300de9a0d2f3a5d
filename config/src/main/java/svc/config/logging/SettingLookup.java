package svc.config.logging;

import ch.qos.logback.core.Context;

/**
 * Where the logging definers read a variable: a logback context property of the same name first
 * (so a test can configure a fresh context without touching the process environment), then the
 * environment.
 */
final class SettingLookup {
    private SettingLookup() {}

    static String read(Context context, String variable) {
        String fromContext = context == null ? null : context.getProperty(variable);
        return fromContext != null ? fromContext : System.getenv(variable);
    }
}
