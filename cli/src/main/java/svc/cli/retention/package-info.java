/** {@code svc retention ...}: the retention sweep through the API. */
package svc.cli.retention;
