/**
 * Hooks: the ten hook events on one pipeline ({@link svc.core.hooks.HookPipeline}) that runs core
 * hooks, the settings file's {@code hooks} and installed plugins' hooks in that order, with shell
 * hooks in the G2 sandbox behind {@code plugin_shell_hooks_enabled}.
 */
package svc.core.hooks;
