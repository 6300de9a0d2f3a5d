/** The OpenAPI 3.0 document, built from the endpoint list the router serves. */
package svc.http.openapi;
