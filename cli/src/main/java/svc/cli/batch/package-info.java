/** {@code svc batch ...}: batch jobs through the API. */
package svc.cli.batch;
