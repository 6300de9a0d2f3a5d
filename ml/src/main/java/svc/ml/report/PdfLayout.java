package svc.ml.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * A top-to-bottom writer over A4 pages: headings, wrapped paragraphs, tables whose header repeats
 * on every page they run onto, and a horizontal bar chart. It only uses the standard 14 fonts,
 * which need no embedding (small files, extractable text); characters those fonts cannot encode
 * are replaced, so arbitrary user text never breaks the rendering.
 */
final class PdfLayout {

    static final float MARGIN = 50;
    static final float BODY_SIZE = 9.5f;
    private static final float LEADING = 1.35f;
    private static final PDRectangle PAGE = PDRectangle.A4;

    final PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
    final PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
    final PDType1Font mono = new PDType1Font(Standard14Fonts.FontName.COURIER);

    private final PDDocument document;
    private final Map<Character, String> replacements = new HashMap<>();
    private PDPageContentStream content;
    private float y;

    PdfLayout(PDDocument document) {
        this.document = document;
    }

    float width() {
        return PAGE.getWidth() - 2 * MARGIN;
    }

    void newPage() {
        try {
            if (content != null) {
                content.close();
            }
            PDPage page = new PDPage(PAGE);
            document.addPage(page);
            content = new PDPageContentStream(document, page);
            y = PAGE.getHeight() - MARGIN;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a new page unless {@code height} points still fit on this one. */
    void ensureSpace(float height) {
        if (content == null || y - height < MARGIN + 20) {
            newPage();
        }
    }

    void space(float points) {
        y -= points;
    }

    void title(String text) {
        ensureSpace(40);
        line(bold, 20, MARGIN, text);
        space(8);
    }

    void heading(String text) {
        ensureSpace(60);
        space(6);
        line(bold, 13, MARGIN, text);
        space(3);
    }

    void subheading(String text) {
        ensureSpace(40);
        space(3);
        line(bold, 10.5f, MARGIN, text);
    }

    void paragraph(String text) {
        paragraph(regular, BODY_SIZE, text);
    }

    void paragraph(PDType1Font font, float size, String text) {
        for (String l : wrap(font, size, text, width())) {
            ensureSpace(size * LEADING);
            line(font, size, MARGIN, l);
        }
        space(3);
    }

    /**
     * A table with column widths as fractions of the page width. Cells wrap; a row never splits
     * across pages, and the header is drawn again at the top of each new page.
     */
    void table(List<String> header, float[] fractions, List<List<String>> rows) {
        float size = BODY_SIZE - 0.5f;
        float lineHeight = size * LEADING;
        float[] widths = new float[fractions.length];
        for (int c = 0; c < fractions.length; c++) {
            widths[c] = fractions[c] * width();
        }
        boolean showHeader = header.stream().anyMatch(h -> !h.isBlank()); // key/value tables have none
        ensureSpace(lineHeight * 3);
        if (showHeader) {
            tableRow(header, widths, bold, size, true);
        }
        for (List<String> row : rows) {
            int lines = 1;
            for (int c = 0; c < row.size(); c++) {
                lines = Math.max(
                        lines, wrap(regular, size, row.get(c), widths[c] - 4).size());
            }
            if (y - lines * lineHeight < MARGIN + 20) {
                newPage();
                if (showHeader) {
                    tableRow(header, widths, bold, size, true);
                }
            }
            tableRow(row, widths, regular, size, false);
        }
        space(6);
    }

    private void tableRow(List<String> cells, float[] widths, PDType1Font font, float size, boolean header) {
        float lineHeight = size * LEADING;
        List<List<String>> wrapped = new ArrayList<>();
        int lines = 1;
        for (int c = 0; c < cells.size(); c++) {
            List<String> w = wrap(font, size, cells.get(c), widths[c] - 4);
            wrapped.add(w);
            lines = Math.max(lines, w.size());
        }
        for (int l = 0; l < lines; l++) {
            float x = MARGIN;
            for (int c = 0; c < wrapped.size(); c++) {
                if (l < wrapped.get(c).size()) {
                    text(font, size, x + 2, y - size, wrapped.get(c).get(l));
                }
                x += widths[c];
            }
            y -= lineHeight;
        }
        try {
            content.setLineWidth(header ? 0.8f : 0.3f);
            content.setStrokingColor(header ? 0.2f : 0.75f);
            content.moveTo(MARGIN, y - 1);
            content.lineTo(MARGIN + width(), y - 1);
            content.stroke();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        y -= 2;
    }

    /** Horizontal bars, longest = largest value, each labelled with its name and value. */
    void barChart(List<String> labels, double[] values) {
        float barHeight = 11;
        float gap = 4;
        float labelWidth = width() * 0.32f;
        float valueWidth = 55;
        float barSpace = width() - labelWidth - valueWidth;
        double max = 0;
        for (double v : values) {
            max = Math.max(max, v);
        }
        for (int i = 0; i < values.length; i++) {
            ensureSpace(barHeight + gap);
            String label = fit(regular, BODY_SIZE, labels.get(i), labelWidth - 6);
            text(regular, BODY_SIZE, MARGIN, y - barHeight + 2, label);
            float length = max > 0 ? (float) (values[i] / max * barSpace) : 0;
            try {
                content.setNonStrokingColor(0.16f, 0.38f, 0.62f);
                content.addRect(MARGIN + labelWidth, y - barHeight, Math.max(length, 0.5f), barHeight);
                content.fill();
                content.setNonStrokingColor(0f);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            text(regular, BODY_SIZE, MARGIN + labelWidth + length + 4, y - barHeight + 2, Figures.num(values[i]));
            y -= barHeight + gap;
        }
        space(6);
    }

    /**
     * Horizontal bars, one cluster per row label and one bar per series (in the series' colour),
     * on a fixed 0..{@code axisMax} scale with gridlines every quarter, and a reference line at
     * {@code reference} (e.g. the overall rate) when it is not NaN. Vector drawing only: a chart
     * costs a few hundred bytes, not an image.
     */
    void groupedBarChart(List<String> rows, List<String> series, double[][] values, double axisMax, double reference) {
        float bar = 8;
        float clusterGap = 6;
        float labelWidth = width() * 0.28f;
        float valueWidth = 40;
        float plot = width() - labelWidth - valueWidth;
        float x0 = MARGIN + labelWidth;
        float clusterHeight = series.size() * bar + clusterGap;
        float height = rows.size() * clusterHeight + 2 * BODY_SIZE * LEADING;
        ensureSpace(Math.min(height, PAGE.getHeight() - 2 * MARGIN - 40));
        space(4);
        // legend
        float lx = x0;
        for (int s = 0; s < series.size(); s++) {
            fillRect(SERIES_COLOURS[s % SERIES_COLOURS.length], lx, y - 8, 8, 8);
            text(regular, BODY_SIZE, lx + 11, y - 7.5f, series.get(s));
            lx += 14 + width(regular, BODY_SIZE, series.get(s)) + 16;
        }
        if (!Double.isNaN(reference)) {
            strokeLine(0.35f, lx, y - 4, lx + 12, y - 4, true);
            text(regular, BODY_SIZE, lx + 15, y - 7.5f, "overall " + Figures.num(reference));
        }
        y -= 14;
        float chartTop = y;
        for (int r = 0; r < rows.size(); r++) {
            if (y - clusterHeight < MARGIN + 20) {
                axis(x0, plot, chartTop, axisMax, reference);
                newPage();
                chartTop = y;
            }
            text(regular, BODY_SIZE, MARGIN, y - bar - 1, fit(regular, BODY_SIZE, rows.get(r), labelWidth - 6));
            for (int s = 0; s < series.size(); s++) {
                double v = values[r][s];
                float length = Double.isNaN(v) ? 0 : (float) (Math.min(v, axisMax) / axisMax * plot);
                fillRect(SERIES_COLOURS[s % SERIES_COLOURS.length], x0, y - bar, Math.max(length, 0.5f), bar - 1);
                text(regular, 7, x0 + length + 3, y - bar + 1.5f, Figures.num(v));
                y -= bar;
            }
            y -= clusterGap;
        }
        axis(x0, plot, chartTop, axisMax, reference);
        y -= 14;
        space(4);
    }

    /** The scale under a chart: gridlines at quarters from {@code top} down to the current line. */
    private void axis(float x0, float plot, float top, double axisMax, double reference) {
        for (int q = 0; q <= 4; q++) {
            float x = x0 + plot * q / 4f;
            strokeLine(q == 0 ? 0.2f : 0.8f, x, top, x, y, false);
            String label = Figures.num(axisMax * q / 4).replaceAll("0+$", "").replaceAll("\\.$", "");
            text(regular, 7, x - width(regular, 7, label) / 2, y - 9, label);
        }
        if (!Double.isNaN(reference) && reference <= axisMax) {
            float x = x0 + (float) (reference / axisMax * plot);
            strokeLine(0.35f, x, top, x, y, true);
        }
    }

    private static final float[][] SERIES_COLOURS = {{0.16f, 0.38f, 0.62f}, {0.91f, 0.55f, 0.18f}};

    private void fillRect(float[] rgb, float x, float yBottom, float w, float h) {
        try {
            content.setNonStrokingColor(rgb[0], rgb[1], rgb[2]);
            content.addRect(x, yBottom, w, h);
            content.fill();
            content.setNonStrokingColor(0f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void strokeLine(float grey, float x1, float y1, float x2, float y2, boolean dashed) {
        try {
            content.setStrokingColor(grey);
            content.setLineWidth(dashed ? 0.9f : 0.4f);
            if (dashed) {
                content.setLineDashPattern(new float[] {3, 2}, 0);
            }
            content.moveTo(x1, y1);
            content.lineTo(x2, y2);
            content.stroke();
            content.setLineDashPattern(new float[] {}, 0);
            content.setStrokingColor(0f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes "page i of n" and a running title at the foot of every page. */
    void finish(String footer) {
        try {
            if (content != null) {
                content.close();
                content = null;
            }
            int n = document.getNumberOfPages();
            for (int i = 0; i < n; i++) {
                try (PDPageContentStream foot = new PDPageContentStream(
                        document, document.getPage(i), PDPageContentStream.AppendMode.APPEND, true)) {
                    foot.beginText();
                    foot.setFont(regular, 7.5f);
                    foot.newLineAtOffset(MARGIN, MARGIN / 2);
                    foot.showText(safe(regular, footer + "  -  page " + (i + 1) + " of " + n));
                    foot.endText();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void line(PDType1Font font, float size, float x, String text) {
        y -= size * LEADING;
        text(font, size, x, y + size * (LEADING - 1), text);
    }

    private void text(PDType1Font font, float size, float x, float baseline, String text) {
        try {
            content.beginText();
            content.setFont(font, size);
            content.newLineAtOffset(x, baseline);
            content.showText(safe(font, text));
            content.endText();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Greedy word wrap; words wider than the line (hashes, ids) are broken by character. */
    List<String> wrap(PDType1Font font, float size, String text, float maxWidth) {
        List<String> lines = new ArrayList<>();
        for (String paragraph :
                safe(font, text == null ? "" : text.replace("\r", "")).split("\n", -1)) {
            StringBuilder current = new StringBuilder();
            for (String word : paragraph.split(" +")) {
                String candidate = current.length() == 0 ? word : current + " " + word;
                if (width(font, size, candidate) <= maxWidth) {
                    current.setLength(0);
                    current.append(candidate);
                    continue;
                }
                if (current.length() > 0) {
                    lines.add(current.toString());
                    current.setLength(0);
                }
                while (width(font, size, word) > maxWidth && word.length() > 1) {
                    int cut = word.length() - 1;
                    while (cut > 1 && width(font, size, word.substring(0, cut)) > maxWidth) {
                        cut--;
                    }
                    lines.add(word.substring(0, cut));
                    word = word.substring(cut);
                }
                current.append(word);
            }
            lines.add(current.toString());
        }
        return lines;
    }

    private String fit(PDType1Font font, float size, String text, float maxWidth) {
        String s = safe(font, text);
        if (width(font, size, s) <= maxWidth) {
            return s;
        }
        while (s.length() > 1 && width(font, size, s + "...") > maxWidth) {
            s = s.substring(0, s.length() - 1);
        }
        return s + "...";
    }

    private float width(PDType1Font font, float size, String s) {
        try {
            return font.getStringWidth(s) / 1000 * size;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Text the font can encode: common symbols spelled out, tabs as spaces, others as '?'. */
    String safe(PDType1Font font, String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '\n') {
                out.append(c);
                continue;
            }
            out.append(replacements.computeIfAbsent(c, ch -> replacement(font, ch)));
        }
        return out.toString();
    }

    private static String replacement(PDType1Font font, char c) {
        switch (c) {
            case '\t':
                return " ";
            case '≥':
                return ">=";
            case '≤':
                return "<=";
            case '→':
                return "->";
            case '−':
                return "-";
            default:
                break;
        }
        if (Character.isISOControl(c)) {
            return " ";
        }
        try {
            font.encode(String.valueOf(c));
            return String.valueOf(c);
        } catch (IllegalArgumentException | IOException e) {
            return "?";
        }
    }
}
