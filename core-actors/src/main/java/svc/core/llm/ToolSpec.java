package svc.core.llm;

/** A tool as offered to the model: its name, what it does, and a JSON schema of its input. */
public record ToolSpec(String name, String description, String inputSchemaJson) {}
