/** {@code svc datasets}: upload a CSV or JSONL file to the server (streamed), list and show datasets. */
package svc.cli.datasets;
