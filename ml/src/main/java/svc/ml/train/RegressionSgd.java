package svc.ml.train;

import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.regression.sgd.linear.LinearSGDTrainer;
import org.tribuo.regression.sgd.objectives.SquaredLoss;

/**
 * Tribuo's linear SGD trainer for regression, in a file of its own because {@link TribuoFitter}
 * imports the classification trainer of the same simple name.
 */
final class RegressionSgd {

    private RegressionSgd() {}

    /** Squared loss, AdaGrad at {@code learningRate}, the same optimiser settings as classification. */
    static LinearSGDTrainer trainer(double learningRate, int epochs, int minibatch, long seed) {
        return new LinearSGDTrainer(new SquaredLoss(), new AdaGrad(learningRate, 1e-6), epochs, -1, minibatch, seed);
    }
}
