package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Reading the target and the protected attributes from statements, on small tables built here: the
 * column the verb governs wins over file order, a column called protected is never the target, and
 * an unclear statement gives a proposal, not a choice.
 */
class TargetReadingTest {

    /** A lending table: an id, amounts, protected columns before the outcome, the outcome last. */
    static Dataset loans() {
        Random r = new Random(3);
        int n = 200;
        List<Column> cols = new ArrayList<>();
        cols.add(Column.of("LOAN_ID", values(n, i -> Integer.toString(1000 + i))));
        cols.add(Column.of("LIMIT", values(n, i -> Integer.toString(1000 * (1 + r.nextInt(50))))));
        cols.add(Column.of("SEX", values(n, i -> Integer.toString(1 + r.nextInt(2)))));
        cols.add(Column.of("EDUCATION", values(n, i -> Integer.toString(1 + r.nextInt(4)))));
        cols.add(Column.of("MARRIAGE", values(n, i -> Integer.toString(1 + r.nextInt(3)))));
        cols.add(Column.of("AGE", values(n, i -> Integer.toString(21 + r.nextInt(50)))));
        cols.add(Column.of("STATUS_1", values(n, i -> Integer.toString(r.nextInt(4) - 1))));
        cols.add(Column.of("defaulted_within_year", values(n, i -> r.nextDouble() < 0.22 ? "1" : "0")));
        return new Dataset(cols);
    }

    private static String[] values(int n, IntFunction<String> f) {
        String[] v = new String[n];
        for (int i = 0; i < n; i++) {
            v[i] = f.apply(i);
        }
        return v;
    }

    private static RoleGuesser.TargetReading read(String statement) {
        return RoleGuesser.readTarget(statement, loans());
    }

    @Test
    void theColumnThePredictVerbGovernsIsTheTargetNotTheFirstOneMentioned() {
        RoleGuesser.TargetReading r = read("Predict defaulted_within_year for borrowers; SEX is protected.");
        assertThat(r.column()).isEqualTo("defaulted_within_year");
        assertThat(r.clear()).isTrue();
        assertThat(r.reason()).contains("asks to predict it");
        assertThat(r.candidates())
                .filteredOn(c -> c.column().equals("SEX"))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.excluded()).isTrue();
                    assertThat(c.evidence().get(0)).contains("calls it protected");
                });
    }

    @Test
    void aProtectedAttributeNamedBeforeTheTargetIsNotTakenForIt() {
        assertThat(read("SEX is a protected attribute. Predict defaulted_within_year.")
                        .column())
                .isEqualTo("defaulted_within_year");
        assertThat(read("Treating SEX and AGE as sensitive, predict defaulted_within_year.")
                        .column())
                .isEqualTo("defaulted_within_year");
        // the verb's first object is SEX, but the parenthesis names the target
        RoleGuesser.TargetReading r = read(
                "Predict, for each SEX and AGE group, whether a borrower defaults (column defaulted_within_year).");
        assertThat(r.column()).isEqualTo("defaulted_within_year");
        assertThat(r.clear()).isTrue();
        assertThat(r.reason()).contains("names it as the target");
    }

    @Test
    void theTargetNamedLastAfterTheInputsOrByTheLabelWords() {
        assertThat(read("Using LIMIT, AGE and EDUCATION, predict defaulted_within_year.")
                        .column())
                .isEqualTo("defaulted_within_year");
        assertThat(read("The label is defaulted_within_year; SEX and MARRIAGE are protected.")
                        .column())
                .isEqualTo("defaulted_within_year");
        assertThat(read("defaulted within year is the target").clear()).isTrue();
    }

    @Test
    void namesMatchLooselyCaseSeparatorsPluralsAndVerbForms() {
        assertThat(read("predict DEFAULTED-WITHIN-YEAR").column()).isEqualTo("defaulted_within_year");
        // the first word of a longer name, used alone, names it when it begins no other name
        RoleGuesser.TargetReading partial = read("Predict which borrowers default; SEX is protected.");
        assertThat(partial.column()).isEqualTo("defaulted_within_year");
        assertThat(partial.clear()).isTrue();
    }

    @Test
    void aTargetTheStatementCallsProtectedIsNeverChosenAndTheRunMustAsk() {
        RoleGuesser.TargetReading r = read("Predict SEX from LIMIT and AGE; SEX is protected.");
        assertThat(r.column()).isNotEqualTo("SEX");
        assertThat(r.clear()).isFalse();
    }

    @Test
    void twoColumnsAskedForOrNoneNamedIsAProposalNotAChoice() {
        RoleGuesser.TargetReading two = read("Predict defaulted_within_year. Also predict EDUCATION.");
        assertThat(two.clear()).isFalse();
        assertThat(two.reason()).contains("several columns");
        RoleGuesser.TargetReading none = read("Help us lend more wisely.");
        assertThat(none.clear()).isFalse();
        assertThat(none.column()).isEqualTo("defaulted_within_year");
        assertThat(none.reason()).contains("only the likeliest");
    }

    @Test
    void protectedAttributesComeFromTheStatementIncludingSynonymsAndFromNames() {
        Dataset d = loans();
        assertThat(RoleGuesser.sensitive(
                        "Predict defaulted_within_year fairly across gender; MARRIAGE is sensitive.",
                        d,
                        "defaulted_within_year"))
                .extracting(RoleGuesser.Sensitive::column)
                .containsExactly("SEX", "MARRIAGE", "AGE");
        assertThat(RoleGuesser.sensitive("Predict defaulted_within_year.", d, "defaulted_within_year"))
                .extracting(RoleGuesser.Sensitive::reason)
                .containsOnly("its name marks a protected characteristic");
    }

    @Test
    void theStatementSaysWhatItDoesWithEachColumn() {
        StatementReader.Reading r = StatementReader.read(
                "Which passengers survived? Use sex and age, but not name; sex is protected. Do not use boat.",
                List.of("survived", "sex", "age", "name", "boat"));
        assertThat(r.says("survived", StatementReader.Role.ASKED_IN_QUESTION)).isTrue();
        assertThat(r.says("age", StatementReader.Role.FEATURE)).isTrue();
        assertThat(r.says("sex", StatementReader.Role.PROTECTED)).isTrue();
        assertThat(r.says("boat", StatementReader.Role.EXCLUDED)).isTrue();
        assertThat(r.protectedColumns()).containsExactly("sex");
    }
}
