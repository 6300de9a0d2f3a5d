package svc.deployments;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CustomerNameTest {

    @ParameterizedTest
    @ValueSource(strings = {"ab", "acme_bank", "a1", "bank2_eu_west", "abcdefghij_abcdefghij_abcdefghij_abcdefg"})
    void acceptsSnakeCaseOfTwoToFortyCharacters(String name) {
        assertThat(CustomerName.problem(name)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Acme", "acme-bank", "_acme", "acme_", "acme__bank", "1acme", "acme bank", "acmé"})
    void rejectsWhatIsNotSnakeCase(String name) {
        assertThat(CustomerName.problem(name)).get().asString().contains("is not snake_case");
    }

    @Test
    void rejectsTooShortAndTooLong() {
        assertThat(CustomerName.problem("a")).get().asString().contains("has 1 characters; it must have 2 to 40");
        assertThat(CustomerName.problem("a".repeat(41))).get().asString().contains("has 41 characters");
        assertThat(CustomerName.problem("")).get().asString().contains("is empty");
    }
}
