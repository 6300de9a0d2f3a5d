package svc.ml.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SlidingPsiTest {

    @Test
    void aFullWindowScoresAsTheDetectorScoresTheSameRows() {
        Random random = new Random(7);
        double[] refAge = new double[2000];
        String[] refJob = new String[2000];
        for (int i = 0; i < refAge.length; i++) {
            refAge[i] = 20 + random.nextInt(50);
            refJob[i] = random.nextDouble() < 0.7 ? "skilled" : random.nextDouble() < 0.5 ? "unskilled" : "manager";
        }
        double[] curAge = new double[300];
        String[] curJob = new String[300];
        SlidingPsi live = new SlidingPsi(
                List.of(
                        ReferenceBins.numeric("age", refAge),
                        ReferenceBins.categorical("job", refJob, DriftThresholds.BFSI)),
                300,
                DriftThresholds.BFSI);
        // 500 rows through a window of 300: the first 200 leave again.
        for (int i = 0; i < 500; i++) {
            double age = 35 + random.nextInt(50);
            String job = random.nextDouble() < 0.4 ? "skilled" : "unemployed";
            if (i >= 200) {
                curAge[i - 200] = age;
                curJob[i - 200] = job;
            }
            Map<String, Object> row = new HashMap<>();
            row.put("age", age);
            row.put("job", job);
            live.add(row);
        }
        DriftReport batch = DriftDetector.compare(
                Map.of("age", refAge), Map.of("age", curAge), Map.of("job", refJob), Map.of("job", curJob));
        List<SlidingPsi.FeaturePsi> psi = live.psi();
        assertThat(live.size()).isEqualTo(300);
        assertThat(psi.get(0).psi()).isCloseTo(batch.features().get(0).psi(), within(1e-9));
        assertThat(psi.get(1).psi()).isCloseTo(batch.features().get(1).psi(), within(1e-9));
        assertThat(psi.get(0).band()).isEqualTo(DriftBand.SIGNIFICANT);
    }

    @Test
    void missingAndUnreadableValuesStayOutOfThePsi() {
        ReferenceBins bins = ReferenceBins.numeric("x", new double[] {1, 2, 3, 4, 5});
        assertThat(bins.bin(null)).isEqualTo(-1);
        assertThat(bins.bin("not a number")).isEqualTo(-1);
        assertThat(bins.bin(3.0)).isEqualTo(2);
        assertThat(bins.bin(9.0)).isEqualTo(5);
        SlidingPsi live = new SlidingPsi(List.of(bins), 10, DriftThresholds.BFSI);
        for (int i = 1; i <= 5; i++) {
            live.add(Map.of("x", (double) i));
        }
        Map<String, Object> missing = new HashMap<>();
        missing.put("x", null);
        live.add(missing);
        assertThat(live.psi().get(0).psi()).isCloseTo(0, within(1e-12));
    }
}
