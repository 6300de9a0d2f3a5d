/**
 * The per-project settings file ({@code ~/.svc/settings.json}, spec/settings-file.md): records
 * for every section, a validator that reports every problem at once with a JSON pointer, and
 * {@link svc.config.settings.EffectiveSettings}, the view with every default of the spec filled in.
 *
 * <p>The records mirror the file as written: a scalar the file leaves out is {@code null}, a list
 * or map it leaves out is empty. Code that runs agents should read {@link
 * svc.config.settings.EffectiveSettings#effectiveProject} instead, so the default cascade lives in
 * one place.
 */
package svc.config.settings;
