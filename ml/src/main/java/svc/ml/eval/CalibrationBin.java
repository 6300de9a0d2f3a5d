package svc.ml.eval;

import com.fasterxml.jackson.annotation.JsonProperty;

/** One reliability bin: predicted-probability range, mean prediction, observed positive rate. */
public record CalibrationBin(
        double lower,
        double upper,
        @JsonProperty("mean_predicted") double meanPredicted,
        @JsonProperty("observed_rate") double observedRate,
        int count) {}
