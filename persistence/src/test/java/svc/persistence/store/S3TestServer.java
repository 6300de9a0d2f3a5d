package svc.persistence.store;

import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * A real S3-compatible server for tests: s3proxy on a free loopback port, storing on a temporary
 * directory through jclouds' filesystem provider, checking AWS signatures (V2 or V4) against a
 * fixed test key pair. The key pair reaches the SDK through its default chain (the
 * {@code aws.accessKeyId} / {@code aws.secretAccessKey} system properties).
 */
public final class S3TestServer implements AutoCloseable {

    public static final String ACCESS_KEY = "svc-test-access";
    public static final String SECRET_KEY = "svc-test-secret";

    private final S3Proxy proxy;
    private final BlobStoreContext context;

    private S3TestServer(S3Proxy proxy, BlobStoreContext context) {
        this.proxy = proxy;
        this.context = context;
    }

    /** Starts the server on a directory and creates the bucket. */
    public static S3TestServer start(Path dir, String bucket) throws Exception {
        System.setProperty("aws.accessKeyId", ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", SECRET_KEY);
        Properties properties = new Properties();
        properties.setProperty(
                "jclouds.filesystem.basedir", dir.toAbsolutePath().toString());
        BlobStoreContext context = ContextBuilder.newBuilder("filesystem")
                .credentials("identity", "credential")
                .overrides(properties)
                .build(BlobStoreContext.class);
        context.getBlobStore().createContainerInLocation(null, bucket);
        S3Proxy proxy = S3Proxy.builder()
                .blobStore(context.getBlobStore())
                .endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .build();
        proxy.start();
        return new S3TestServer(proxy, context);
    }

    public String endpoint() {
        return "http://127.0.0.1:" + proxy.getPort();
    }

    @Override
    public void close() throws Exception {
        proxy.stop();
        context.close();
    }
}
