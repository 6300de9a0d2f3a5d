/** Creating a new deployment directory from a library template ({@code svc deploy new}). */
package svc.deployments.scaffold;
