package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import svc.core.llm.LlmException;
import svc.core.llm.LlmProvider;
import svc.core.llm.LlmRequest;
import svc.core.llm.LlmResponse;

/**
 * What every vendor client test shares: a fake vendor server and the client wiring, fresh per
 * test, and the two ways a test sends the vendor's example request (expecting an answer, or an
 * {@link LlmException}).
 */
abstract class VendorClientTestBase {

    FakeVendor vendor;
    TestWiring wiring;

    @BeforeEach
    void startVendor() throws Exception {
        vendor = new FakeVendor();
        wiring = new TestWiring();
    }

    @AfterEach
    void stopVendor() {
        vendor.close();
        wiring.close();
    }

    /** The request shaped like the vendor's documented example. */
    abstract LlmRequest exampleRequest();

    LlmResponse call(LlmProvider p) throws Exception {
        return p.complete(exampleRequest()).toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    LlmException failure(LlmProvider p) {
        ExecutionException e = assertThrows(
                ExecutionException.class,
                () -> p.complete(exampleRequest()).toCompletableFuture().get(20, TimeUnit.SECONDS));
        assertThat(e.getCause()).isInstanceOf(LlmException.class);
        return (LlmException) e.getCause();
    }
}
