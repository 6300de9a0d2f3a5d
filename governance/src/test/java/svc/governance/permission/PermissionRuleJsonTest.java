package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import svc.config.Json;

class PermissionRuleJsonTest {

    @Test
    void rulesTravelAsJsonWithTheSpecFieldNamesAndWireValues() throws Exception {
        PermissionRule rule = PermissionPacks.bfsiBaseline().get(3);
        String text = Json.STRICT.writeValueAsString(rule);
        assertThat(text)
                .contains(
                        "\"tool_name\":\"write_file\"",
                        "\"behavior\":\"deny\"",
                        "\"source\":\"profile\"",
                        "\"priority\":60");
        PermissionRule back = Json.STRICT.readValue(text, PermissionRule.class);
        assertThat(back).isEqualTo(rule);
        assertThat(back.matches("write_file", "{\"content\":\"ABCDE1234F\"}")).isTrue();
    }
}
