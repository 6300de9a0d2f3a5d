package svc.library.template;

import java.util.List;

/**
 * Branding defaults a deployment may override.
 *
 * @param colors hex colours {@code #rrggbb}
 * @param badges compliance badges the dashboard shows (e.g. {@code RBI model risk}, {@code HIPAA})
 */
public record Branding(String productName, String subtitle, String tagline, Colors colors, List<String> badges) {

    public Branding {
        badges = badges == null ? List.of() : List.copyOf(badges);
    }

    public record Colors(String primary, String accent, String background) {}
}
