package svc.core.llm.scripted;

import svc.config.Json;
import svc.core.task.TaskText;

/** Final answers in the shape every tier understands: prose plus {@code {"ok": ...}}. */
final class Answers {
    private Answers() {}

    static Move.Answer failed(String reason) {
        return new Move.Answer(
                TaskText.render(reason, Json.object().put("ok", false).put("error", reason)));
    }
}
