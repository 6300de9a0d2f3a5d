/**
 * Models in service. {@code DeploymentEntity} (sharded and event-sourced per model name) holds a
 * name's deployments (champion, challengers, shadows, retired) and its history; the pipeline's
 * {@code register_model_deployment} reaches it through {@code svc.core.task.DeploymentPort}, the
 * API through {@code DeploymentService} (governed: permission engine, ASK, compliance gates).
 * {@code InferenceService} answers predictions from the champion or a challenger by traffic share,
 * mirrors requests to shadows off the answer's path, joins feedback and runs canary checks;
 * {@code DeploymentMonitor} turns traffic, shadow agreement and live PSI into the events a
 * deployment's stream carries through {@code DeploymentEvents}.
 */
package svc.core.deploy;
