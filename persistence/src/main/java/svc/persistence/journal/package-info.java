/**
 * Where svc departs from pekko-persistence-jdbc's stock data access: the events-by-tag query the
 * projections poll, written so that its cost follows the range of the journal it reads, not the
 * journal's whole history.
 */
package svc.persistence.journal;
