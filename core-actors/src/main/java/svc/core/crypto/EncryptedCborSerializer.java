package svc.core.crypto;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.pekko.actor.ExtendedActorSystem;
import org.apache.pekko.serialization.SerializerWithStringManifest;
import org.apache.pekko.serialization.jackson.JacksonCborSerializer;
import svc.governance.crypto.Envelope;
import svc.governance.crypto.EnvelopeCipher;
import svc.persistence.crypto.AtRest;

/**
 * Encryption at rest with the customer's key (G12/G13) for everything svc journals: each event is
 * serialized to CBOR as usual, then sealed in an AES-256-GCM envelope with a fresh data key
 * wrapped by the customer key ({@code SVC_KEK} with the {@code env} provider), the message's
 * type as authenticated context. The database, its backups and its logs see only envelopes,
 * whatever the database is (H2 or PostgreSQL).
 *
 * <p>Enabled with {@code SVC_AT_REST_ENCRYPTION=on}; events journaled before keep their own
 * serializer id and stay readable.
 */
public final class EncryptedCborSerializer extends SerializerWithStringManifest {

    /** Distinct from Pekko's own serializer ids (which are below 100) and stable: it is in the journal. */
    public static final int IDENTIFIER = 7301;

    private final JacksonCborSerializer cbor;
    private final EnvelopeCipher cipher;

    public EncryptedCborSerializer(ExtendedActorSystem system) {
        this.cbor = new JacksonCborSerializer(system, "jackson-cbor");
        // The same key ring as the run files and the columns: the current key and earlier rotations' keys.
        this.cipher = AtRest.fromConfig(system.settings().config())
                .cipher()
                .orElseThrow(() -> new IllegalStateException(
                        "the encrypting serializer is bound but svc.at-rest.encryption is off"));
    }

    /** The authenticated context of a journaled message's envelope: its manifest. */
    public static Map<String, String> context(String manifest) {
        return Map.of("manifest", manifest);
    }

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public String manifest(Object o) {
        return cbor.manifest(o);
    }

    @Override
    public byte[] toBinary(Object o) {
        String manifest = manifest(o);
        Envelope sealed = cipher.encrypt(cbor.toBinary(o), context(manifest));
        return sealed.toJson().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) {
        Envelope sealed = Envelope.parse(new String(bytes, StandardCharsets.UTF_8));
        return cbor.fromBinary(cipher.decrypt(sealed, context(manifest)), manifest);
    }
}
