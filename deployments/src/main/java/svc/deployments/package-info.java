/**
 * Per-customer deployment directories and the tooling that scaffolds, validates and ships them.
 */
package svc.deployments;
