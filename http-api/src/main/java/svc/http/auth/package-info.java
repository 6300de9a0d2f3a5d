/**
 * Authentication and role checks: bcrypt users, HS256 tokens with a rotation grace period,
 * admin-equivalent API keys, and RBAC decided by the permission engine so denials are recorded.
 */
package svc.http.auth;
