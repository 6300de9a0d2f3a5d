/** {@code svc deployments}: a model name's deployments (list, deploy, promote, retire, history). */
package svc.cli.deployments;
