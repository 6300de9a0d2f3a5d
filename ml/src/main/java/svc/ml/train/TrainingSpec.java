package svc.ml.train;

import java.util.List;

/**
 * What to train.
 *
 * @param target               target column
 * @param task                 task, or null to infer from the target column
 * @param learners             learner families to search
 * @param candidatesPerLearner hyper-parameter candidates tried per learner (first is the default)
 * @param seed                 seed for the split, the search and the learners
 * @param validationShare      share of rows for model selection
 * @param testShare            share of rows held out for the final report
 * @param positiveLabel        positive class for binary tasks, or null for the minority class
 * @param features             raw feature columns, or null for every column but the target
 * @param weights              per-row sample weights aligned with the dataset rows, or null
 */
public record TrainingSpec(
        String target,
        Task task,
        List<Learner> learners,
        int candidatesPerLearner,
        long seed,
        double validationShare,
        double testShare,
        String positiveLabel,
        List<String> features,
        double[] weights) {

    /** Every learner, three candidates each, 70/15/15 split, seed 42. */
    public static TrainingSpec of(String target) {
        return new TrainingSpec(target, null, List.of(Learner.values()), 3, 42, 0.15, 0.15, null, null, null);
    }

    public TrainingSpec withLearners(List<Learner> l) {
        return new TrainingSpec(
                target,
                task,
                l,
                candidatesPerLearner,
                seed,
                validationShare,
                testShare,
                positiveLabel,
                features,
                weights);
    }

    public TrainingSpec withCandidates(int n) {
        return new TrainingSpec(
                target, task, learners, n, seed, validationShare, testShare, positiveLabel, features, weights);
    }

    public TrainingSpec withSeed(long s) {
        return new TrainingSpec(
                target,
                task,
                learners,
                candidatesPerLearner,
                s,
                validationShare,
                testShare,
                positiveLabel,
                features,
                weights);
    }

    public TrainingSpec withPositiveLabel(String p) {
        return new TrainingSpec(
                target, task, learners, candidatesPerLearner, seed, validationShare, testShare, p, features, weights);
    }

    public TrainingSpec withFeatures(List<String> f) {
        return new TrainingSpec(
                target,
                task,
                learners,
                candidatesPerLearner,
                seed,
                validationShare,
                testShare,
                positiveLabel,
                f,
                weights);
    }

    public TrainingSpec withWeights(double[] w) {
        return new TrainingSpec(
                target,
                task,
                learners,
                candidatesPerLearner,
                seed,
                validationShare,
                testShare,
                positiveLabel,
                features,
                w);
    }
}
