package svc.cli;

import picocli.CommandLine.IVersionProvider;

/** Reads the version Maven stamped into the jar manifest; "dev" when run from classes. */
public final class SvcVersion implements IVersionProvider {

    public static String current() {
        String v = SvcVersion.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[] {
            "svc " + current(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
