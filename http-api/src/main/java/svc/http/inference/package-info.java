/**
 * Predictions. {@code InferenceEndpoints} answers {@code POST /api/v1/inference/{model}} from a
 * model name's deployments and joins feedback; {@code ModelServer} is the runtime a model's
 * container runs ({@code svc serve-model}): one saved model behind a small HTTP server. Both read
 * rows and predict through {@code svc.ml.train.ServedModel}, so they answer alike.
 */
package svc.http.inference;
