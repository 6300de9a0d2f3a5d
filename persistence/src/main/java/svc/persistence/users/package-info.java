/** The read-write table of API users: email, bcrypt hash and role. Hashing happens in the API. */
package svc.persistence.users;
