/** The audit log of admin actions: who changed users, roles, flags, plugins, tokens, retention, erasure. */
package svc.persistence.audit;
