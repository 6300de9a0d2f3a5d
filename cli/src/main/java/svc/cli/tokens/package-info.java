/** {@code svc tokens}: the signed-in user's API tokens: create (secret shown once), list, revoke. */
package svc.cli.tokens;
