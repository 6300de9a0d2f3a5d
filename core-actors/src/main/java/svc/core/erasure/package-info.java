/** G15: erasing one subject across lineage, dataset files and conversation files, with a receipt. */
package svc.core.erasure;
