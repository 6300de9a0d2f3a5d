/** Encryption at rest of the journal with the customer's key (G12/G13). */
package svc.core.crypto;
