/** The admission queue that bounds how many runs run at once. */
package svc.core.admission;
