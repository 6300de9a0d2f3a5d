/** G14 lineage: datasets, models and deployments, with the spec's cascade rules. */
package svc.persistence.lineage;
