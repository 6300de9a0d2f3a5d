/** Encryption at rest through the API: the bulk re-seal after a key rotation ({@code svc admin reseal}). */
package svc.http.atrest;
