/** Cron jobs over HTTP: create, list, read, delete, run now, history. */
package svc.http.cron;
