/** Plugin routes: install, list, detail with install-drops, remove; commands and plugin agents. */
package svc.http.plugins;
