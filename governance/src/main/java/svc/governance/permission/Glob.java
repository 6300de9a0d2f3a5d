package svc.governance.permission;

/**
 * Tool-name globs: {@code *} matches any run of characters (also none), {@code ?} exactly one;
 * everything else matches itself. Written by hand rather than translated to a regex so that a
 * tool name chosen by a model (which may contain regex syntax) is never interpreted as one, and
 * so that rules built per request cost no compilation.
 */
public final class Glob {

    private Glob() {}

    public static boolean matches(String glob, String text) {
        int g = 0;
        int t = 0;
        int starG = -1;
        int starT = -1;
        while (t < text.length()) {
            if (g < glob.length() && glob.charAt(g) == '*') {
                starG = g++;
                starT = t;
            } else if (g < glob.length() && (glob.charAt(g) == '?' || glob.charAt(g) == text.charAt(t))) {
                g++;
                t++;
            } else if (starG >= 0) {
                g = starG + 1;
                t = ++starT;
            } else {
                return false;
            }
        }
        while (g < glob.length() && glob.charAt(g) == '*') {
            g++;
        }
        return g == glob.length();
    }
}
