/**
 * Plugins: the on-disk format ({@link svc.core.plugins.PluginReader}), safe archives
 * ({@link svc.core.plugins.PluginArchive}), the installed set shared by every node through the
 * database ({@link svc.core.plugins.PluginService}), and what plugins add to the agents: skills
 * ({@code load_skill}), agents ({@code plugin-<name>::<agent>}), commands and hooks.
 */
package svc.core.plugins;
