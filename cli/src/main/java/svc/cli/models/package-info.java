/** {@code svc models}: the registry's models, listed and shown with metrics, fairness and lineage. */
package svc.cli.models;
