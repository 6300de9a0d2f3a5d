package svc.config.settings;

/**
 * The supervisor that merges agents' work. A {@code null} prompt means the runtime's built-in
 * merge prompt, which lives with the runtime and not in this file.
 */
public record SupervisorConfig(String prompt, String model) {}
