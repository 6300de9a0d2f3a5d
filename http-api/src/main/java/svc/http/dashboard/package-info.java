/**
 * The operator dashboard: a single-page application of plain ES modules and CSS shipped inside
 * this jar (no CDN, no Node build), served at {@code /} with its assets under {@code /static/},
 * the ECharts browser bundle from its WebJar, and the few read endpoints only a page needs.
 */
package svc.http.dashboard;
