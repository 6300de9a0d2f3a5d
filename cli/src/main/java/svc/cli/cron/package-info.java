/** {@code svc cron ...}: cron jobs through the API. */
package svc.cli.cron;
