/**
 * Reading and reviewing {@code deployment.yaml}: the strict reader with line numbers
 * ({@link svc.deployments.config.DeploymentReader}), the reviewer's checks against the template
 * and the library shelf ({@link svc.deployments.config.DeploymentChecker}) and the merge of
 * overrides over the template ({@link svc.deployments.config.Merger}).
 */
package svc.deployments.config;
