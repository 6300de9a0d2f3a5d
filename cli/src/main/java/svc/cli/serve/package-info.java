/** {@code svc serve-model}: the inference runtime a model's container runs. */
package svc.cli.serve;
