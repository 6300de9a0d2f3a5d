/**
 * Journal and snapshot configuration, schema migrations and read-side repositories.
 */
package svc.persistence;
