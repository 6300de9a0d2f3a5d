/**
 * Deployment routes: deploy a saved model under a model name, promote, retire, a name's history
 * and live figures, the list of names, and each name's event stream (WebSocket).
 */
package svc.http.deployments;
