/**
 * The versioned asset shelf: workflows, agent roster, packs and deployment templates.
 */
package svc.library;
