/** {@code svc features}: the feature-flag registry, read by anyone and changed by admins at runtime. */
package svc.cli.features;
