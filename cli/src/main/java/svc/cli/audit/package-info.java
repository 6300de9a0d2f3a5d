/** {@code svc audit verify}: offline verification of signed audit artefacts (G11). */
package svc.cli.audit;
