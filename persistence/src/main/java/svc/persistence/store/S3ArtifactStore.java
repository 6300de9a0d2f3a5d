package svc.persistence.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import svc.governance.signing.Digests;

/**
 * The store in S3-compatible object storage through the AWS SDK for Java v2: one bucket, keys under
 * an optional prefix, path-style addressing (what MinIO, Ceph and s3proxy expect), the JDK's HTTP
 * client, credentials from the SDK's default chain. Each object carries its SHA-256 in the user
 * metadata {@code sha256}, so listing does not read the bytes; an object written by someone else
 * without it is hashed by streaming it once.
 *
 * <p>Checksums are sent and validated only where S3 requires them: several S3-compatible servers
 * refuse the SDK's newer default trailing checksums, and the SHA-256 metadata is checked by readers.
 */
public final class S3ArtifactStore implements ArtifactStore {

    static final String SHA_METADATA = "sha256";

    private final S3Client s3;
    private final String bucket;
    private final String prefix;

    S3ArtifactStore(S3Client s3, String bucket, String prefix) {
        this.s3 = s3;
        this.bucket = bucket;
        this.prefix = prefix.isEmpty() || prefix.endsWith("/") ? prefix : prefix + "/";
    }

    /** A client for the settings: endpoint and region from them, else the SDK's defaults. */
    public static S3ArtifactStore open(ArtifactStoreSettings settings) {
        S3ClientBuilder builder = S3Client.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(10))
                        .socketTimeout(Duration.ofSeconds(60)))
                .credentialsProvider(DefaultCredentialsProvider.builder().build())
                .region(region(settings.s3Region()))
                .forcePathStyle(true)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (!settings.s3Endpoint().isEmpty()) {
            builder.endpointOverride(URI.create(settings.s3Endpoint()));
        }
        return new S3ArtifactStore(builder.build(), settings.s3Bucket(), settings.s3Prefix());
    }

    /** SVC_S3_REGION, else the SDK's chain (AWS_REGION, profile, instance metadata), else us-east-1. */
    private static Region region(String configured) {
        if (!configured.isEmpty()) {
            return Region.of(configured);
        }
        try {
            return DefaultAwsRegionProviderChain.builder().build().getRegion();
        } catch (SdkException e) {
            return Region.US_EAST_1;
        }
    }

    @Override
    public Entry put(String key, Path file) throws IOException {
        String objectKey = objectKey(key);
        long size = Files.size(file);
        String sha = sha256(file);
        try {
            s3.putObject(
                    b -> b.bucket(bucket).key(objectKey).contentLength(size).metadata(Map.of(SHA_METADATA, sha)),
                    RequestBody.fromFile(file));
        } catch (SdkException e) {
            throw failure("put", key, e);
        }
        return new Entry(key, size, sha);
    }

    @Override
    public Entry put(String key, InputStream in) throws IOException {
        Keys.check(key);
        // S3 needs the length before the bytes: spool to a temporary file, never to memory.
        Path spool = Files.createTempFile("svc-store-", ".part");
        try {
            Files.copy(in, spool, StandardCopyOption.REPLACE_EXISTING);
            return put(key, spool);
        } finally {
            Files.deleteIfExists(spool);
        }
    }

    @Override
    public Optional<InputStream> get(String key) throws IOException {
        String objectKey = objectKey(key);
        try {
            ResponseInputStream<GetObjectResponse> in =
                    s3.getObject(b -> b.bucket(bucket).key(objectKey));
            return Optional.of(in);
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw failure("get", key, e);
        } catch (SdkException e) {
            throw failure("get", key, e);
        }
    }

    @Override
    public Optional<Entry> stat(String key) throws IOException {
        String objectKey = objectKey(key);
        HeadObjectResponse head;
        try {
            head = s3.headObject(b -> b.bucket(bucket).key(objectKey));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw failure("stat", key, e);
        } catch (SdkException e) {
            throw failure("stat", key, e);
        }
        String sha = head.metadata().get(SHA_METADATA);
        if (sha == null || sha.isEmpty()) {
            Optional<String> hashed = hashStored(key);
            if (hashed.isEmpty()) {
                return Optional.empty();
            }
            sha = hashed.get();
        }
        return Optional.of(new Entry(key, head.contentLength(), sha));
    }

    @Override
    public List<Entry> list(String keyPrefix) throws IOException {
        List<Entry> out = new ArrayList<>();
        for (String key : keys(keyPrefix)) {
            stat(key).ifPresent(out::add);
        }
        return out;
    }

    @Override
    public Map<String, String> versions(String keyPrefix) throws IOException {
        Keys.checkPrefix(keyPrefix);
        Map<String, String> out = new TreeMap<>();
        try {
            for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix + keyPrefix))
                    .contents()) {
                String key = o.key().substring(prefix.length());
                if (!key.isEmpty() && !key.endsWith("/") && !key.endsWith(".tmp")) {
                    out.put(key, o.eTag() + "-" + o.size());
                }
            }
        } catch (SdkException e) {
            throw failure("list", keyPrefix, e);
        }
        return out;
    }

    @Override
    public void delete(String key) throws IOException {
        String objectKey = objectKey(key);
        try {
            s3.deleteObject(b -> b.bucket(bucket).key(objectKey));
        } catch (SdkException e) {
            throw failure("delete", key, e);
        }
    }

    @Override
    public int deleteAll(String keyPrefix) throws IOException {
        // One request per key: batch DeleteObjects needs a Content-MD5 some servers check differently.
        List<String> keys = keys(keyPrefix);
        for (String key : keys) {
            delete(key);
        }
        return keys.size();
    }

    @Override
    public void check() throws IOException {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (SdkException e) {
            throw new IOException("cannot reach " + describe() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Path> directory() {
        return Optional.empty();
    }

    @Override
    public String describe() {
        return "s3://" + bucket + "/" + prefix;
    }

    @Override
    public void close() {
        s3.close();
    }

    // ---- helpers --------------------------------------------------------------------------

    private String objectKey(String key) {
        return prefix + Keys.check(key);
    }

    @Override
    public List<String> keys(String keyPrefix) throws IOException {
        Keys.checkPrefix(keyPrefix);
        List<String> keys = new ArrayList<>();
        try {
            for (S3Object o : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix + keyPrefix))
                    .contents()) {
                String key = o.key().substring(prefix.length());
                // Folder markers some tools create, and stray in-progress names, are not files of a run.
                if (!key.isEmpty() && !key.endsWith("/") && !key.endsWith(".tmp")) {
                    keys.add(key);
                }
            }
        } catch (SdkException e) {
            throw failure("list", keyPrefix, e);
        }
        keys.sort(Comparator.naturalOrder());
        return keys;
    }

    /** The SHA-256 of an object stored without the metadata, by streaming it once. */
    private Optional<String> hashStored(String key) throws IOException {
        Optional<InputStream> in = get(key);
        if (in.isEmpty()) {
            return Optional.empty();
        }
        try (InputStream stream = in.get()) {
            return Optional.of(Digests.sha256Hex(stream));
        }
    }

    private static String sha256(Path file) throws IOException {
        try {
            return Digests.sha256Hex(file);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private IOException failure(String what, String key, SdkException e) {
        return new IOException(what + " " + key + " in " + describe() + ": " + e.getMessage(), e);
    }
}
