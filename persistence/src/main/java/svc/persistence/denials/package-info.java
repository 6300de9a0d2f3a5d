/** The stored permission denials: written by the permission engine, read by the denial audit. */
package svc.persistence.denials;
