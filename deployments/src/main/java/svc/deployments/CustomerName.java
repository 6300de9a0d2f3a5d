package svc.deployments;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules for a customer name: snake_case, 2 to 40 characters. The name is a folder name, a
 * tarball name part and a value in logs, so it is kept to lower-case ASCII letters, digits and
 * single underscores between words.
 */
public final class CustomerName {

    private static final Pattern SNAKE_CASE = Pattern.compile("[a-z][a-z0-9]*(?:_[a-z0-9]+)*");
    public static final int MIN_LENGTH = 2;
    public static final int MAX_LENGTH = 40;

    private CustomerName() {}

    /** Why {@code name} is not a valid customer name, or empty when it is. */
    public static Optional<String> problem(String name) {
        if (name == null || name.isEmpty()) {
            return Optional.of("customer name is empty; expected snake_case such as acme_bank, " + MIN_LENGTH + " to "
                    + MAX_LENGTH + " characters");
        }
        if (name.length() < MIN_LENGTH || name.length() > MAX_LENGTH) {
            return Optional.of("customer name '" + name + "' has " + name.length() + " characters; it must have "
                    + MIN_LENGTH + " to " + MAX_LENGTH);
        }
        if (!SNAKE_CASE.matcher(name).matches()) {
            return Optional.of("customer name '" + name + "' is not snake_case: use lower-case letters and digits,"
                    + " words joined by single underscores, starting with a letter (e.g. acme_bank)");
        }
        return Optional.empty();
    }

    public static boolean isValid(String name) {
        return problem(name).isEmpty();
    }
}
