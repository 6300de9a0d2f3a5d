/** The notification outbox: deliveries owed to notify channels and every attempt at them. */
package svc.persistence.notifications;
