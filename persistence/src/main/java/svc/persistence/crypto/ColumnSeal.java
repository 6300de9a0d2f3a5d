package svc.persistence.crypto;

import java.util.Map;
import svc.governance.crypto.DecryptionException;
import svc.governance.crypto.SealedText;

/**
 * Seals and opens the read side's free-text columns: user and model text (a run's problem
 * statement, failure messages, approval rationales, denial reasons). The column's name is the
 * authenticated context, so a value copied into another column does not open. Values written in
 * clear (before encryption was switched on) are read as they are. Columns used for filtering,
 * sorting, joins and ids stay in clear: a sealed value is different at every write.
 */
public final class ColumnSeal {

    /** Encryption off: values go in and come out as they are (sealed values still fail clearly). */
    public static final ColumnSeal CLEAR = new ColumnSeal(null);

    private final SealedText text;

    ColumnSeal(SealedText text) {
        this.text = text;
    }

    public boolean sealing() {
        return text != null;
    }

    /** {@code column} is {@code table.column}, e.g. {@code runs.problem}. */
    public String seal(String column, String value) {
        return text == null ? value : text.seal(value, Map.of("column", column));
    }

    public String open(String column, String stored) {
        if (text != null) {
            return text.open(stored, Map.of("column", column));
        }
        if (SealedText.isSealed(stored)) {
            throw new DecryptionException(column + " holds a sealed value but at-rest encryption is off here; "
                    + "start with SVC_AT_REST_ENCRYPTION=on and the key it was sealed under (SVC_KEK)");
        }
        return stored;
    }
}
