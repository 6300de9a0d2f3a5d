package svc.governance.pii;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM and PGP private keys: from {@code -----BEGIN ... PRIVATE KEY-----} to the matching END line.
 * Without an END line (a key pasted halfway) only the header is reported, which is enough to
 * redact the marker, and says honestly that the body could not be delimited.
 */
final class PrivateKeyRecognizer implements Recognizer {

    private static final Pattern HEADER = Pattern.compile("-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----");

    @Override
    public PiiType type() {
        return PiiType.PRIVATE_KEY_BLOCK;
    }

    @Override
    public List<PiiEntity> find(String text) {
        List<PiiEntity> out = new ArrayList<>();
        Matcher m = HEADER.matcher(text);
        // A footer once found absent stays absent for every later header: keeps this linear on
        // text full of headers without footers.
        Set<String> footersAbsent = new HashSet<>();
        int from = 0;
        while (from < text.length() && m.find(from)) {
            String footer = "-----END " + m.group(1) + "PRIVATE KEY" + (m.group(2) == null ? "" : m.group(2)) + "-----";
            int footerAt = footersAbsent.contains(footer) ? -1 : text.indexOf(footer, m.end());
            if (footerAt < 0) {
                footersAbsent.add(footer);
            }
            int end = footerAt < 0 ? m.end() : footerAt + footer.length();
            out.add(new PiiEntity(PiiType.PRIVATE_KEY_BLOCK, m.start(), end, text.substring(m.start(), end), 1.0));
            from = end;
        }
        return out;
    }
}
