/** Feature-flag overrides set through the API, shared by every node ({@code feature_overrides}). */
package svc.persistence.features;
