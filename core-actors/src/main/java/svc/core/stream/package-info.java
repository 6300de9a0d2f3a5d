/** A run's stream: the message shape and the live hub entities publish to. */
package svc.core.stream;
