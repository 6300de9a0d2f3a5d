package svc.governance.crypto;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import svc.config.Json;
import svc.governance.signing.Digests;

/**
 * The file form of the G12/G13 envelope, for run files of any size: the same key hierarchy as
 * {@link EnvelopeCipher} (a fresh data key per file, wrapped by the customer key, the context
 * authenticated on both layers), with the payload cut into 64 KiB AES-256-GCM segments so that
 * sealing and opening stream (a single GCM call would hold the whole file in memory to check its
 * tag). This is the segmented construction of Hoang, Reyhanitabar, Rogaway and Vizár ("online
 * authenticated encryption", as in Tink's streaming AEAD): each segment's nonce is a random
 * 7-byte prefix, the segment's index and a last-segment flag, so reordering, dropping or
 * truncating segments fails authentication.
 *
 * <pre>
 * "SVCSEAL1"                      8 bytes, the recognisable header (clear files never start so)
 * header length                   4 bytes, big-endian
 * header                          JSON: v, alg, kek_provider, kek_id, wrap_alg, wrapped_key, nonce_prefix
 * digest block                    56 bytes: GCM(data key) of SHA-256(plaintext) || plaintext length,
 *                                 so a listing learns size and checksum without reading the payload
 * segments                        each up to 64 KiB of ciphertext plus a 16-byte tag; at least one
 * </pre>
 */
public final class SealedFiles {

    /** What every sealed file starts with. */
    public static final byte[] MAGIC = "SVCSEAL1".getBytes(StandardCharsets.US_ASCII);

    public static final String ALGORITHM = "AES-256-GCM-SEGMENTED-64K";
    static final int SEGMENT = 64 * 1024;
    private static final int TAG = AesGcm.TAG_BITS / 8;
    private static final int PREFIX = 7;
    private static final int DIGEST_PLAIN = 32 + 8;
    private static final int DIGEST_BLOCK = DIGEST_PLAIN + TAG;
    private static final int MAX_HEADER = 16 * 1024;

    /** The JSON header. The context is not stored: the reader presents it again. */
    record Header(
            @JsonProperty("v") int version,
            @JsonProperty("alg") String algorithm,
            @JsonProperty("kek_provider") String kekProvider,
            @JsonProperty("kek_id") String kekId,
            @JsonProperty("wrap_alg") String wrapAlgorithm,
            @JsonProperty("wrapped_key") String wrappedKey,
            @JsonProperty("nonce_prefix") String noncePrefix) {}

    /** Size and SHA-256 (hex) of the plaintext a sealed file holds. */
    public record Digest(long size, String sha256) {}

    private final EnvelopeCipher cipher;

    public SealedFiles(EnvelopeCipher cipher) {
        this.cipher = cipher;
    }

    /** True when the bytes start with {@link #MAGIC} (give at least its 8 bytes). */
    public static boolean isSealed(byte[] head, int length) {
        return length >= MAGIC.length && Arrays.equals(head, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
    }

    /**
     * Seals the stream into {@code out} (created or replaced), and answers the plaintext's size
     * and SHA-256. Nothing but ciphertext touches the disk.
     */
    public Digest seal(InputStream in, Path out, Map<String, String> context) throws IOException {
        KeyProvider key = cipher.current();
        byte[] aad = EnvelopeCipher.aad(key.keyId(), context);
        byte[] dataKeyBytes = new byte[AesGcm.KEY_BYTES];
        byte[] prefix = new byte[PREFIX];
        cipher.random().nextBytes(dataKeyBytes);
        cipher.random().nextBytes(prefix);
        SecretKey dataKey = AesGcm.key(dataKeyBytes);
        try {
            Base64.Encoder b64 = Base64.getEncoder();
            Header header = new Header(
                    Envelope.VERSION,
                    ALGORITHM,
                    key.name(),
                    key.keyId(),
                    Envelope.AES_256_GCM,
                    b64.encodeToString(key.wrap(dataKeyBytes, aad)),
                    b64.encodeToString(prefix));
            byte[] headerBytes = Json.MAPPER.writeValueAsBytes(header);
            MessageDigest sha = Digests.newSha256();
            long size = 0;
            byte[] shaBytes;
            try (FileChannel ch = FileChannel.open(
                    out, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                writeFully(
                        ch,
                        ByteBuffer.allocate(MAGIC.length + 4 + headerBytes.length)
                                .put(MAGIC)
                                .putInt(headerBytes.length)
                                .put(headerBytes)
                                .flip());
                long digestAt = ch.position();
                writeFully(ch, ByteBuffer.allocate(DIGEST_BLOCK));
                byte[] current = in.readNBytes(SEGMENT);
                int index = 0;
                while (true) {
                    byte[] next = current.length == SEGMENT ? in.readNBytes(SEGMENT) : new byte[0];
                    boolean last = next.length == 0;
                    sha.update(current);
                    size += current.length;
                    writeFully(
                            ch,
                            ByteBuffer.wrap(gcm(
                                    Cipher.ENCRYPT_MODE,
                                    dataKey,
                                    nonce(prefix, index, last),
                                    aad,
                                    current,
                                    "segment " + index)));
                    if (last) {
                        break;
                    }
                    current = next;
                    index++;
                }
                shaBytes = sha.digest();
                byte[] digest = ByteBuffer.allocate(DIGEST_PLAIN)
                        .put(shaBytes)
                        .putLong(size)
                        .array();
                ch.position(digestAt);
                writeFully(
                        ch,
                        ByteBuffer.wrap(gcm(Cipher.ENCRYPT_MODE, dataKey, digestNonce(prefix), aad, digest, "digest")));
            }
            return new Digest(size, HexFormat.of().formatHex(shaBytes));
        } finally {
            Arrays.fill(dataKeyBytes, (byte) 0);
        }
    }

    /**
     * Opens a sealed stream (positioned at its start) for reading the plaintext; the caller
     * closes the answer. Each segment is authenticated before its bytes are handed out, so a
     * wrong key or altered bytes end in a {@link DecryptionException}, never in garbage.
     */
    public InputStream open(InputStream sealed, Map<String, String> context) throws IOException {
        Opened o = openHeader(sealed, context);
        return new SegmentStream(o, new PushbackInputStream(sealed, 1));
    }

    /** The plaintext's size and SHA-256, from the header and digest block only. */
    public Digest digest(InputStream sealed, Map<String, String> context) throws IOException {
        Opened o = openHeader(sealed, context);
        ByteBuffer plain = ByteBuffer.wrap(o.digest);
        byte[] sha = new byte[32];
        plain.get(sha);
        return new Digest(plain.getLong(), HexFormat.of().formatHex(sha));
    }

    private record Opened(SecretKey key, byte[] prefix, byte[] aad, byte[] digest) {}

    /**
     * The id of the key a sealed stream (positioned at its start) was sealed under, from its
     * header alone: no key is needed, nothing is decrypted.
     */
    public static String keyId(InputStream sealed) throws IOException {
        return header(new DataInputStream(sealed)).kekId();
    }

    private static Header header(DataInputStream in) throws IOException {
        byte[] magic = in.readNBytes(MAGIC.length);
        if (!isSealed(magic, magic.length)) {
            throw new DecryptionException(
                    "not a sealed svc file (no " + new String(MAGIC, StandardCharsets.US_ASCII) + " header)");
        }
        int length;
        try {
            length = in.readInt();
        } catch (EOFException e) {
            throw new DecryptionException("sealed file is truncated in its header", e);
        }
        if (length <= 0 || length > MAX_HEADER) {
            throw new DecryptionException("sealed file header length " + length + " is out of range");
        }
        byte[] headerBytes = in.readNBytes(length);
        Header header;
        try {
            header = Json.STRICT.readValue(headerBytes, Header.class);
        } catch (JsonProcessingException e) {
            throw new DecryptionException("sealed file header is not readable: " + e.getOriginalMessage(), e);
        }
        if (header.version() != Envelope.VERSION || !ALGORITHM.equals(header.algorithm())) {
            throw new DecryptionException("sealed file format " + header.version() + "/" + header.algorithm()
                    + " is not supported (this build reads " + Envelope.VERSION + "/" + ALGORITHM + ")");
        }
        return header;
    }

    private Opened openHeader(InputStream sealed, Map<String, String> context) throws IOException {
        DataInputStream in = new DataInputStream(sealed);
        Header header = header(in);
        KeyProvider key = cipher.keyFor(header.kekId());
        byte[] aad = EnvelopeCipher.aad(header.kekId(), context);
        byte[] dataKeyBytes = key.unwrap(decode(header.wrappedKey(), "wrapped_key"), aad);
        try {
            SecretKey dataKey = AesGcm.key(dataKeyBytes);
            byte[] prefix = decode(header.noncePrefix(), "nonce_prefix");
            if (prefix.length != PREFIX) {
                throw new DecryptionException("sealed file nonce prefix has " + prefix.length + " bytes");
            }
            byte[] block = in.readNBytes(DIGEST_BLOCK);
            if (block.length != DIGEST_BLOCK) {
                throw new DecryptionException("sealed file is truncated before its payload");
            }
            byte[] digest = gcm(Cipher.DECRYPT_MODE, dataKey, digestNonce(prefix), aad, block, "digest");
            return new Opened(dataKey, prefix, aad, digest);
        } finally {
            Arrays.fill(dataKeyBytes, (byte) 0);
        }
    }

    /** Plaintext of the segments, one authenticated segment at a time. */
    private static final class SegmentStream extends InputStream {
        private final Opened o;
        private final PushbackInputStream in;
        private byte[] plain = new byte[0];
        private int pos;
        private int index;
        private boolean done;

        SegmentStream(Opened o, PushbackInputStream in) {
            this.o = o;
            this.in = in;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            while (pos == plain.length) {
                if (done) {
                    return -1;
                }
                nextSegment();
            }
            int n = Math.min(len, plain.length - pos);
            System.arraycopy(plain, pos, b, off, n);
            pos += n;
            return n;
        }

        private void nextSegment() throws IOException {
            byte[] sealed = in.readNBytes(SEGMENT + TAG);
            boolean last;
            if (sealed.length < SEGMENT + TAG) {
                last = true;
            } else {
                int peek = in.read();
                last = peek < 0;
                if (!last) {
                    in.unread(peek);
                }
            }
            plain = gcm(Cipher.DECRYPT_MODE, o.key, nonce(o.prefix, index, last), o.aad, sealed, "segment " + index);
            pos = 0;
            index++;
            done = last;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    private static byte[] nonce(byte[] prefix, int index, boolean last) {
        return ByteBuffer.allocate(AesGcm.NONCE_BYTES)
                .put(prefix)
                .putInt(index)
                .put((byte) (last ? 1 : 0))
                .array();
    }

    /** Distinct from every segment nonce: segment flags are 0 or 1. */
    private static byte[] digestNonce(byte[] prefix) {
        return ByteBuffer.allocate(AesGcm.NONCE_BYTES)
                .put(prefix)
                .putInt(-1)
                .put((byte) 2)
                .array();
    }

    private static byte[] gcm(int mode, SecretKey key, byte[] nonce, byte[] aad, byte[] input, String what) {
        if (mode == Cipher.DECRYPT_MODE && input.length < TAG) {
            throw new DecryptionException("sealed file is truncated in its " + what);
        }
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(mode, key, new GCMParameterSpec(AesGcm.TAG_BITS, nonce));
            c.updateAAD(aad);
            return c.doFinal(input);
        } catch (AEADBadTagException e) {
            throw new DecryptionException(
                    "cannot open the sealed file's " + what + ": authentication failed (wrong key, another store "
                            + "key, or the file was altered or truncated)",
                    e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not usable in this JVM: " + e.getMessage(), e);
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }

    private static byte[] decode(String b64, String field) {
        try {
            return Base64.getDecoder().decode(b64);
        } catch (IllegalArgumentException e) {
            throw new DecryptionException("sealed file header field '" + field + "' is not valid base64", e);
        }
    }
}
