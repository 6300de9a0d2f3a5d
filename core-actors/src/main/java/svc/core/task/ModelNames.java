package svc.core.task;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Model names: what groups the versions of one model (its deployments, its inference route).
 * Lower-case letters, digits, {@code _} and {@code -}, starting with a letter or digit, at most 64
 * characters. A run that names none deploys under the slug of its dataset file's name
 * ({@code german_credit.csv} → {@code german_credit}).
 */
public final class ModelNames {

    private ModelNames() {}

    public static boolean valid(String name) {
        return name != null && name.matches("[a-z0-9][a-z0-9_-]{0,63}");
    }

    /** The default name of a run's model: its dataset file's name without extension, as a slug. */
    public static String ofDataset(Path dataset) {
        String file = dataset.getFileName().toString();
        int dot = file.indexOf('.');
        String slug = (dot > 0 ? file.substring(0, dot) : file)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_-]+", "_")
                .replaceAll("_+", "_")
                .replaceAll("^[_-]+|[_-]+$", "");
        if (slug.length() > 64) {
            slug = slug.substring(0, 64).replaceAll("[_-]+$", "");
        }
        return slug.isEmpty() ? "model" : slug;
    }
}
