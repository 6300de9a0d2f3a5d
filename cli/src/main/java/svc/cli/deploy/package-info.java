/**
 * {@code svc deploy new|validate|ship|whitepaper}: the per-customer deployment tooling. Works on
 * a checkout, without a server; each subcommand is a thin wrapper over {@code svc.deployments}
 * that maps its outcome to lines and an exit code (0 done, 1 the deployment is not valid or
 * exists, 2 the command line is wrong).
 */
package svc.cli.deploy;
