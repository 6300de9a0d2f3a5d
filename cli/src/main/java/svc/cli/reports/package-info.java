/** {@code svc reports}: reports over what the runs recorded; today the LLM costs report. */
package svc.cli.reports;
