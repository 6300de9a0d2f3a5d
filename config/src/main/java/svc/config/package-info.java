/**
 * Settings file, SVC_* environment, feature flags and logging: plain Java, no actors.
 */
package svc.config;
