/** Batch jobs over HTTP: submit, read, list, results, the progress WebSocket, resume and cancel. */
package svc.http.batch;
