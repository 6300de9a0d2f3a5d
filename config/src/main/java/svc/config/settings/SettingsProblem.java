package svc.config.settings;

/**
 * One thing wrong with a settings file.
 *
 * @param pointer where, as an RFC 6901 JSON pointer into the file ({@code ""} is the whole file,
 *     {@code /~1home~1me~1proj/agents/1/name} is the name of the second agent of project
 *     {@code /home/me/proj})
 * @param message what is wrong and what to write instead, as a sentence for the user
 */
public record SettingsProblem(String pointer, String message) {
    @Override
    public String toString() {
        return (pointer.isEmpty() ? "(file)" : pointer) + ": " + message;
    }
}
