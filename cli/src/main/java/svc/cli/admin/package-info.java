/** {@code svc admin ...}: operator maintenance through the API (admin role). */
package svc.cli.admin;
