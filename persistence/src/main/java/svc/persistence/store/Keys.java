package svc.persistence.store;

/** The rules every store applies to keys, so both backends accept and refuse the same names. */
final class Keys {

    private Keys() {}

    /** A key names a file: relative, {@code /}-separated, no empty, {@code .} or {@code ..} segment. */
    static String check(String key) {
        if (key == null || key.isEmpty() || key.startsWith("/") || key.endsWith("/") || key.contains("\\")) {
            throw new IllegalArgumentException("not a store key: " + key);
        }
        for (String segment : key.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("not a store key: " + key);
            }
        }
        if (key.endsWith(".tmp")) {
            throw new IllegalArgumentException("names ending in .tmp are in-progress files, never stored: " + key);
        }
        return key;
    }

    /** A prefix is empty or a key's beginning: relative, no {@code ..}. */
    static String checkPrefix(String prefix) {
        if (prefix == null || prefix.startsWith("/") || prefix.contains("\\") || prefix.contains("..")) {
            throw new IllegalArgumentException("not a store prefix: " + prefix);
        }
        return prefix;
    }

    /** A run id as a directory of a working copy holds it (what {@code RunService} accepts). */
    static boolean isRunId(String name) {
        return name.matches("[A-Za-z0-9_-]{1,64}");
    }
}
