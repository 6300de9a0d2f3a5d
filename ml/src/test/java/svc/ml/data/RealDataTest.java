package svc.ml.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Loading and profiling the real Adult and German credit files, checked against independent counts. */
class RealDataTest {
    static final Path ADULT = Path.of("../data/adult/adult_train.csv");
    static final Path GERMAN = Path.of("../data/german_credit/german_credit.csv");
    static Dataset adult;
    static List<String[]> adultRaw;

    @BeforeAll
    static void load() throws IOException {
        adult = DatasetReader.read(ADULT);
        // The file has no quoted fields, so a plain split is an independent reading of it.
        adultRaw = Files.readAllLines(ADULT).stream()
                .skip(1)
                .map(l -> l.split(",", -1))
                .toList();
    }

    @Test
    void adultShapeAndTypes() {
        assertThat(adult.rowCount()).isEqualTo(32561).isEqualTo(adultRaw.size());
        assertThat(adult.columnCount()).isEqualTo(15);
        assertThat(adult.column("age").type()).isEqualTo(ColumnType.NUMERIC);
        assertThat(adult.column("capital-gain").type()).isEqualTo(ColumnType.NUMERIC);
        assertThat(adult.column("workclass").type()).isEqualTo(ColumnType.CATEGORICAL);
        assertThat(adult.column("income").type()).isEqualTo(ColumnType.CATEGORICAL);
    }

    @Test
    void adultMissingCountsMatchTheFile() {
        long workclassQ = adultRaw.stream().filter(r -> r[1].equals("?")).count();
        assertThat(workclassQ).isEqualTo(1836);
        assertThat(adult.column("workclass").missingCount()).isEqualTo(1836);
        long rowsWithQ = adultRaw.stream().filter(r -> List.of(r).contains("?")).count();
        int rowsWithMissing = 0;
        for (int i = 0; i < adult.rowCount(); i++) {
            final int row = i;
            if (adult.columns().stream().anyMatch(c -> c.isMissing(row))) {
                rowsWithMissing++;
            }
        }
        assertThat(rowsWithMissing).isEqualTo(rowsWithQ).isEqualTo(2399); // SOURCE.txt
    }

    @Test
    void adultProfileNumbersMatchIndependentComputation() {
        DatasetProfile profile = Profiler.profile(adult, "income");
        ColumnProfile age = profile.columns().stream()
                .filter(c -> c.name().equals("age"))
                .findFirst()
                .orElseThrow();
        double[] ages =
                adultRaw.stream().mapToDouble(r -> Double.parseDouble(r[0])).toArray();
        double mean = Arrays.stream(ages).sum() / ages.length;
        double ss = Arrays.stream(ages).map(a -> (a - mean) * (a - mean)).sum();
        assertThat(age.mean()).isCloseTo(mean, within(1e-9));
        assertThat(age.std()).isCloseTo(Math.sqrt(ss / (ages.length - 1)), within(1e-9));
        assertThat(age.min()).isEqualTo(17.0);
        assertThat(age.max()).isEqualTo(90.0);
        assertThat(age.missing()).isZero();
        ColumnProfile wc = profile.columns().stream()
                .filter(c -> c.name().equals("workclass"))
                .findFirst()
                .orElseThrow();
        assertThat(wc.missingShare()).isCloseTo(1836.0 / 32561, within(1e-12));
        assertThat(wc.cardinality()).isEqualTo(8);
        assertThat(wc.topCategories().get(0).value()).isEqualTo("Private");
        assertThat(wc.topCategories().get(0).count()).isEqualTo((int)
                adultRaw.stream().filter(r -> r[1].equals("Private")).count());
        assertThat(profile.targetBalance())
                .extracting(ColumnProfile.CategoryCount::value)
                .containsExactly("<=50K", ">50K");
        assertThat(profile.targetBalance().get(1).count()).isEqualTo(7841);
        assertThat(profile.targetBalance().get(1).share()).isCloseTo(0.2408, within(5e-5));
    }

    @Test
    void germanCreditTargetBalanceAndSensitiveColumns() {
        Dataset g = DatasetReader.read(GERMAN);
        assertThat(g.rowCount()).isEqualTo(1000);
        assertThat(g.columnCount()).isEqualTo(22);
        DatasetProfile p = Profiler.profile(g, "credit_risk");
        assertThat(p.targetBalance())
                .extracting(ColumnProfile.CategoryCount::count)
                .containsExactly(700, 300);
        assertThat(RoleGuesser.sensitiveColumns(g))
                .containsExactlyInAnyOrder("personal_status_sex", "age", "foreign_worker", "sex");
        assertThat(RoleGuesser.sensitiveColumns(adult))
                .containsExactlyInAnyOrder("age", "marital-status", "race", "sex");
        assertThat(RoleGuesser.sensitive("Predict income; native-country is sensitive.", adult, "income"))
                .extracting(RoleGuesser.Sensitive::column)
                .containsExactly("native-country", "age", "marital-status", "race", "sex");
    }

    @Test
    void readsTargetsFromStatementAndData() {
        Dataset g = DatasetReader.read(GERMAN);
        RoleGuesser.TargetReading risk = RoleGuesser.readTarget("Predict credit risk of applicants", g);
        assertThat(risk.column()).isEqualTo("credit_risk");
        assertThat(risk.clear()).isTrue();
        assertThat(RoleGuesser.readTarget("Who earns more than 50K? Predict income.", adult)
                        .column())
                .isEqualTo("income");
        // the statement names no column, but speaks of the values of one
        RoleGuesser.TargetReading earns = RoleGuesser.readTarget("Predict whether a person earns over 50K.", adult);
        assertThat(earns.column()).isEqualTo("income");
        assertThat(earns.clear()).isTrue();
        assertThat(earns.reason()).contains(">50K");
        // no statement: a proposal for a person to confirm, not a choice
        RoleGuesser.TargetReading silent = RoleGuesser.readTarget("", adult);
        assertThat(silent.column()).isEqualTo("income");
        assertThat(silent.clear()).isFalse();
        Dataset noName = g.without("credit_risk").withColumn(Column.of("outcome_flag", column(g, "credit_risk")));
        RoleGuesser.TargetReading loans = RoleGuesser.readTarget("find bad loans", noName);
        assertThat(loans.column()).isEqualTo("outcome_flag");
        assertThat(loans.clear()).isFalse();
        assertThat(RoleGuesser.readTarget("predict the job of the applicant", g).column())
                .isEqualTo("job");
    }

    static String[] column(Dataset d, String name) {
        String[] v = new String[d.rowCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = d.column(name).value(i);
        }
        return v;
    }
}
