/**
 * The deployment's knowledge bases, searchable by agents ({@code search_knowledge}) and through
 * {@code /api/v1/knowledge}: an Apache Lucene index ranked by BM25, built in memory at start.
 */
package svc.core.knowledge;
