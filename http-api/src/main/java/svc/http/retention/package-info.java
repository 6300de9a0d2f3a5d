/** The retention sweep on demand for operators: {@code POST /api/v1/retention/run} (admin). */
package svc.http.retention;
