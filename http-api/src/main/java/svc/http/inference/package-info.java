/** The inference runtime a model's container runs: one saved model behind a small HTTP server. */
package svc.http.inference;
