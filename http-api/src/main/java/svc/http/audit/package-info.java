/** The audit log of admin actions: recorded by the API route for every successful admin change, served to admins. */
package svc.http.audit;
