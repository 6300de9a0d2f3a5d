/** {@code svc users}: user management by admins: list, change a role, disable and enable. */
package svc.cli.users;
