/** {@code svc predict}: predictions of a deployed model name for rows in a JSONL file. */
package svc.cli.predict;
