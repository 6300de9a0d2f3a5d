package svc.core.llm;

import svc.core.CborSerializable;

/** One tool call the model asked for; the arguments stay the JSON text the model wrote. */
public record ToolCall(String id, String name, String argumentsJson) implements CborSerializable {}
