/**
 * Datasets in: {@code POST /api/v1/datasets} streams a CSV or JSONL file (raw body or multipart
 * form) into the dataset store, and the list and detail routes read the lineage tables.
 */
package svc.http.datasets;
