package svc.ml.data;

/** A dataset could not be read; the message names the file, line or column and what is wrong. */
public final class DataLoadException extends RuntimeException {
    public DataLoadException(String message) {
        super(message);
    }

    public DataLoadException(String message, Throwable cause) {
        super(message, cause);
    }
}
