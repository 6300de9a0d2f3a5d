package svc.core.llm.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** What the scripted model does next: call tools, or answer and end the task. */
sealed interface Move {

    /** One tool call with its input. */
    record Call(String tool, JsonNode input) {}

    /** Call these tools (in order) and come back with their results. */
    record UseTools(String thought, List<Call> calls) implements Move {}

    /** Answer the task; the text is the whole answer. */
    record Answer(String text) implements Move {}
}
