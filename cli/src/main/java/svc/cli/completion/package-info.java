/** {@code svc completion}: shell completion scripts generated from the command model. */
package svc.cli.completion;
