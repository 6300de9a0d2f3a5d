/** {@code /api/v1/knowledge}: the deployment's knowledge bases, listed and searched (BM25). */
package svc.http.knowledge;
