package svc.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.pekko.util.ByteString;
import org.junit.jupiter.api.Test;
import svc.http.problem.ApiProblem;

/** Request bodies bind with exact JSON types: a wrong type is refused, naming the field and the type. */
class JsonSupportTest {

    record Body(String name, Integer count, Double ratio, Boolean enabled, List<String> tags) {}

    private static Body read(String json) {
        return JsonSupport.read(ByteString.fromString(json, StandardCharsets.UTF_8), Body.class);
    }

    private static String refusal(String json) {
        try {
            read(json);
        } catch (ApiProblem p) {
            assertThat(p.status()).isEqualTo(400);
            assertThat(p.slug()).isEqualTo("validation-error");
            return p.detail();
        }
        throw new AssertionError("accepted " + json);
    }

    @Test
    void valuesOfTheirOwnTypeBind() {
        assertThat(read("{\"name\":\"n\",\"count\":3,\"ratio\":0.5,\"enabled\":true,\"tags\":[\"a\"]}"))
                .isEqualTo(new Body("n", 3, 0.5, true, List.of("a")));
        // A whole number is a fine fraction.
        assertThat(read("{\"ratio\":2}").ratio()).isEqualTo(2.0);
    }

    @Test
    void aScalarOfAnotherTypeIsRefusedNamingTheFieldAndTheType() {
        assertThat(refusal("{\"name\":5}")).isEqualTo("name: must be a string");
        assertThat(refusal("{\"name\":1.5}")).isEqualTo("name: must be a string");
        assertThat(refusal("{\"name\":true}")).isEqualTo("name: must be a string");
        assertThat(refusal("{\"count\":\"5\"}")).isEqualTo("count: must be a whole number");
        assertThat(refusal("{\"count\":1.5}")).isEqualTo("count: must be a whole number");
        assertThat(refusal("{\"ratio\":\"0.5\"}")).isEqualTo("ratio: must be a number");
        assertThat(refusal("{\"enabled\":\"true\"}")).isEqualTo("enabled: must be true or false");
        assertThat(refusal("{\"enabled\":1}")).isEqualTo("enabled: must be true or false");
        assertThat(refusal("{\"tags\":[\"a\",7]}")).isEqualTo("tags[1]: must be a string");
        assertThat(refusal("{\"tags\":\"a\"}")).isEqualTo("tags: must be a list");
    }

    @Test
    void aDuplicateKeyIsRefused() {
        assertThatThrownBy(() -> read("{\"name\":\"a\",\"name\":\"b\"}"))
                .isInstanceOf(ApiProblem.class)
                .hasMessageContaining("name");
    }
}
