/**
 * Deployment artefacts for a trained model: a {@code Dockerfile} that serves it with svc's own
 * inference runtime, and Kubernetes manifests (Deployment, Service, HorizontalPodAutoscaler,
 * ConfigMap) built with the fabric8 model, written as YAML under {@code k8s/} and checked by
 * {@link svc.ml.deploy.ManifestValidator} before anyone applies them.
 */
package svc.ml.deploy;
