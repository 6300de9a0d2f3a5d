package svc.ml.train;

/**
 * A fitted model on encoded inputs. {@link #predict} returns class probabilities
 * ({@code [rows][classes]}) for classification or {@code [rows][1]} values for regression.
 * {@link #margin} is the quantity SHAP explains: log-odds (binary linear, XGBoost), raw class
 * score (multi-class), probability (random-forest classification) or value (regression).
 */
public sealed interface FittedModel permits LinearModel, ForestModel, XgbModel {
    double[][] predict(double[][] x);

    /**
     * The explained output. {@code output} is the class index for classification (binary: 1, the
     * positive class; the log-odds models ignore it there) and 0 for regression.
     */
    double[] margin(double[][] x, int output);
}
