/**
 * Writing files so that a failure (a full disk, a crash) never leaves half of one where a whole one
 * was, and telling a full disk from other I/O failures.
 */
package svc.config.io;
