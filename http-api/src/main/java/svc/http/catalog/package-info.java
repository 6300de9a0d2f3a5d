/** Read-mostly catalogues: the agent roster, feature flags and the permission denial log. */
package svc.http.catalog;
