/**
 * What online inference keeps: the answers served per request (joined later to ground truth) and
 * the answers of shadow deployments, with the queries behind live metrics and the retention pruners.
 */
package svc.persistence.inference;
