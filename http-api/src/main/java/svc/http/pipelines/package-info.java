/** Pipeline runs over HTTP: start, list, get, cancel, resume, artefacts; the run record's JSON. */
package svc.http.pipelines;
