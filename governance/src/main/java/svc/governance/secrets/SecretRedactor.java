package svc.governance.secrets;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces credentials in a text with {@code [REDACTED_SECRET_<first 8 hex of sha256(secret)>]}:
 * the hash lets an operator tell whether two log lines leaked the same secret without the log
 * containing it. Thirteen patterns for well-known credential formats, then an entropy fallback for
 * anything else that looks random: a token of 32 or more characters from the base64/hex alphabet
 * with Shannon entropy of at least 4.2 bits per character. Hex digests and UUIDs stay (at most 4
 * bits per character), so commit ids and run ids remain readable. Idempotent. Thread-safe.
 */
public final class SecretRedactor {

    public static final double ENTROPY_BITS_PER_CHAR = 4.2;
    public static final int ENTROPY_MIN_LENGTH = 32;

    private static final String PLACEHOLDER_PREFIX = "[REDACTED_SECRET_";
    private static final String PRIVATE_KEY_ID = "private_key";
    // Values that are already placeholders must not be redacted again (idempotency).
    private static final String NOT_REDACTED = "(?!\\[REDACTED_SECRET_)";
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9+/_-]{" + ENTROPY_MIN_LENGTH + ",}={0,2}");

    private static final List<SecretPattern> DEFAULTS = List.of(
            SecretPattern.of("aws_access_key_id", "\\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA)[0-9A-Z]{16}\\b"),
            SecretPattern.of(
                    "aws_secret_access_key",
                    "(?i)aws[\\w.-]{0,20}?(?:secret|sk)[\\w.-]{0,"
                            + "20}?[\"']?\\s*[:=]\\s*[\"']?(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"),
            SecretPattern.of("github_token", "\\bgh[pousr]_[A-Za-z0-9]{36,255}\\b"),
            SecretPattern.of("github_fine_grained_pat", "\\bgithub_pat_[A-Za-z0-9_]{22,255}\\b"),
            SecretPattern.of("slack_token", "\\bxox[abposre]-[A-Za-z0-9-]{10,}"),
            SecretPattern.of("stripe_live_key", "\\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\\b"),
            SecretPattern.of("google_api_key", "\\bAIza[0-9A-Za-z_-]{35}"),
            SecretPattern.of("jwt", "\\beyJ[A-Za-z0-9_-]{5,}\\.eyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*"),
            // The header only: the block is extended to its END line by extendPrivateKey, because a
            // lazy regex up to the footer is quadratic on text full of headers without footers.
            SecretPattern.of(PRIVATE_KEY_ID, "-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----"),
            SecretPattern.of("anthropic_api_key", "\\bsk-ant-[A-Za-z0-9_-]{20,}"),
            SecretPattern.of("openai_api_key", "\\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}"),
            SecretPattern.of("bearer_token", "(?i)\\bbearer\\s+" + NOT_REDACTED + "(?<secret>[A-Za-z0-9._~+/-]{8,}=*)"),
            SecretPattern.of(
                    "credential_assignment",
                    "(?i)(?<![A-Za-z0-9])(?:password|passwd|pass|secret|client_secret|api[_-]?key|apikey|"
                            + "access[_-]?token|"
                            + "auth[_-]?token|refresh[_-]?token|private[_-]?key|token)[\"']?\\s*[:=]\\s*[\"']?"
                            + NOT_REDACTED + "(?<secret>[^\\s\"',;&}\\]]{1,})"));

    private final List<SecretPattern> patterns;
    private final boolean entropyFallback;

    public SecretRedactor(List<SecretPattern> patterns, boolean entropyFallback) {
        this.patterns = List.copyOf(patterns);
        this.entropyFallback = entropyFallback;
    }

    private static final SecretRedactor DEFAULT = new SecretRedactor(DEFAULTS, true);

    /** The thirteen built-in patterns and the entropy fallback. */
    public static SecretRedactor defaults() {
        return DEFAULT;
    }

    public static List<SecretPattern> defaultPatterns() {
        return DEFAULTS;
    }

    /** Convenience for {@code defaults().redact(text)}. */
    public static String redact(String text) {
        return DEFAULT.apply(text);
    }

    public String apply(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        List<int[]> spans = findSpans(text);
        if (spans.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (int[] s : spans) {
            out.append(text, at, s[0]).append(placeholder(text.substring(s[0], s[1])));
            at = s[1];
        }
        return out.append(text, at, text.length()).toString();
    }

    /** Whether {@link #apply} would change {@code text}. */
    public boolean containsSecret(String text) {
        return text != null && !findSpans(text).isEmpty();
    }

    private List<int[]> findSpans(String text) {
        List<int[]> candidates = new ArrayList<>();
        for (SecretPattern p : patterns) {
            Matcher m = p.pattern().matcher(text);
            boolean grouped = p.pattern().pattern().contains("(?<secret>");
            Set<String> footersAbsent = new HashSet<>();
            while (m.find()) {
                int start = grouped ? m.start("secret") : m.start();
                int end = grouped ? m.end("secret") : m.end();
                if (p.id().equals(PRIVATE_KEY_ID)) {
                    end = extendPrivateKey(text, m, footersAbsent);
                }
                if (end > start && !text.startsWith(PLACEHOLDER_PREFIX, start)) {
                    candidates.add(new int[] {start, end});
                }
            }
        }
        if (entropyFallback) {
            Matcher m = TOKEN.matcher(text);
            while (m.find()) {
                if (shannonEntropy(m.group()) >= ENTROPY_BITS_PER_CHAR && !looksLikePath(m.group())) {
                    candidates.add(new int[] {m.start(), m.end()});
                }
            }
        }
        // Earliest first, longest first among equals; drop anything overlapping a kept span.
        candidates.sort(Comparator.<int[]>comparingInt(s -> s[0]).thenComparingInt(s -> -(s[1] - s[0])));
        List<int[]> kept = new ArrayList<>();
        int keptEnd = -1;
        for (int[] s : candidates) {
            if (s[0] >= keptEnd) {
                kept.add(s);
                keptEnd = s[1];
            } else if (s[1] > keptEnd) {
                // Overlapping but reaching further: widen the kept span so no tail of a secret survives.
                kept.get(kept.size() - 1)[1] = s[1];
                keptEnd = s[1];
            }
        }
        return kept;
    }

    /**
     * The end of the private key block whose header {@code header} matched: after its END line, or
     * after the header when there is none. A footer once found absent stays absent for every later
     * header, which keeps this linear.
     */
    private static int extendPrivateKey(String text, Matcher header, Set<String> footersAbsent) {
        String footer = "-----END " + header.group(1) + "PRIVATE KEY" + (header.group(2) == null ? "" : header.group(2))
                + "-----";
        if (footersAbsent.contains(footer)) {
            return header.end();
        }
        int at = text.indexOf(footer, header.end());
        if (at < 0) {
            footersAbsent.add(footer);
            return header.end();
        }
        return at + footer.length();
    }

    /**
     * File paths share the token alphabet and can pass the entropy bar
     * ({@code /home/runner/work/svc/runs/3f2a9c1b-7d4e/conversations} is 4.3 bits); random
     * base64 rarely has more than one all-lower-case segment between slashes.
     */
    static boolean looksLikePath(String token) {
        if (token.indexOf('/') < 0) {
            return false;
        }
        int segments = 0;
        int wordy = 0;
        for (String segment : token.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            segments++;
            if (segment.matches("[a-z0-9_.-]*[a-z]{2}[a-z0-9_.-]*")) {
                wordy++;
            }
        }
        return segments >= 2 && wordy * 2 >= segments;
    }

    /** Shannon entropy of the character distribution, in bits per character. */
    public static double shannonEntropy(String s) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double h = 0;
        double n = s.length();
        for (int c : counts) {
            if (c > 0) {
                double p = c / n;
                h -= p * (Math.log(p) / Math.log(2));
            }
        }
        if (other > 0) {
            double p = other / n;
            h -= p * (Math.log(p) / Math.log(2));
        }
        return h;
    }

    static String placeholder(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return PLACEHOLDER_PREFIX + HexFormat.of().formatHex(digest).substring(0, 8) + "]";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK ships SHA-256", e);
        }
    }
}
