/** The notification deliveries owed to notify channels, with every attempt (admins and operators). */
package svc.http.notifications;
