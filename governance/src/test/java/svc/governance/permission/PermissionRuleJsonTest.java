package svc.governance.permission;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class PermissionRuleJsonTest {

    @Test
    void rulesTravelAsJsonWithTheSpecFieldNamesAndWireValues() throws Exception {
        ObjectMapper json = new ObjectMapper();
        PermissionRule rule = PermissionPacks.bfsiBaseline().get(3);
        String text = json.writeValueAsString(rule);
        assertThat(text)
                .contains(
                        "\"tool_name\":\"write_file\"",
                        "\"behavior\":\"deny\"",
                        "\"source\":\"profile\"",
                        "\"priority\":60");
        PermissionRule back = json.readValue(text, PermissionRule.class);
        assertThat(back).isEqualTo(rule);
        assertThat(back.matches("write_file", "{\"content\":\"ABCDE1234F\"}")).isTrue();
    }
}
