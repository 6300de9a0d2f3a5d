package svc.core.knowledge;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a text file into passages a person can read as an answer: at Markdown headings (the
 * heading becomes the passage's title) and, within a section, at blank lines, joining paragraphs
 * up to a size. A paragraph longer than the size stays whole: cutting a sentence would cut the
 * answer.
 */
final class Passages {

    record Passage(String title, String text) {}

    private Passages() {}

    static List<Passage> split(String text, int size) {
        List<Passage> out = new ArrayList<>();
        String title = "";
        StringBuilder paragraph = new StringBuilder();
        StringBuilder passage = new StringBuilder();
        for (String line : text.replace("\r\n", "\n").split("\n", -1)) {
            String stripped = line.strip();
            if (stripped.startsWith("#")) {
                flushParagraph(paragraph, passage, title, size, out);
                flushPassage(passage, title, out);
                title = stripped.replaceFirst("^#+\\s*", "");
            } else if (stripped.isEmpty()) {
                flushParagraph(paragraph, passage, title, size, out);
            } else {
                if (paragraph.length() > 0) {
                    paragraph.append(' ');
                }
                paragraph.append(stripped);
            }
        }
        flushParagraph(paragraph, passage, title, size, out);
        flushPassage(passage, title, out);
        return out;
    }

    private static void flushParagraph(
            StringBuilder paragraph, StringBuilder passage, String title, int size, List<Passage> out) {
        if (paragraph.length() == 0) {
            return;
        }
        if (passage.length() > 0 && passage.length() + paragraph.length() > size) {
            flushPassage(passage, title, out);
        }
        if (passage.length() > 0) {
            passage.append("\n\n");
        }
        passage.append(paragraph);
        paragraph.setLength(0);
    }

    private static void flushPassage(StringBuilder passage, String title, List<Passage> out) {
        if (passage.length() > 0) {
            out.add(new Passage(title, passage.toString()));
            passage.setLength(0);
        }
    }
}
