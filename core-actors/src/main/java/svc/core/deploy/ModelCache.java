package svc.core.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import svc.ml.train.ServedModel;

/**
 * Loaded models by directory, each loaded once, the least recently used leaving past the bound.
 * A small access-ordered map rather than a cache library: svc depends on none (Caffeine is not a
 * dependency), a node serves a handful of deployments, and a lookup is one synchronized map access
 * next to a prediction that costs far more. A model loads outside the lock, on the first caller's
 * (blocking) thread; callers for the same model meanwhile wait for that load.
 */
final class ModelCache {

    /** How a model is read from its directory (through the working copy: pulled again if it was swept). */
    interface Loader {
        ServedModel load(Path dir) throws IOException;
    }

    private final Map<Path, CompletableFuture<ServedModel>> models;
    private final Loader loader;

    ModelCache(int bound) {
        this(bound, ServedModel::load);
    }

    ModelCache(int bound, Loader loader) {
        this.loader = loader;
        this.models = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Path, CompletableFuture<ServedModel>> eldest) {
                return size() > bound;
            }
        };
    }

    /** The model in {@code dir}, loading it on this thread if nobody has. Blocks. */
    ServedModel get(Path dir) {
        CompletableFuture<ServedModel> mine = new CompletableFuture<>();
        CompletableFuture<ServedModel> known;
        synchronized (models) {
            known = models.putIfAbsent(dir, mine);
        }
        if (known != null) {
            try {
                return known.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        try {
            ServedModel model = loader.load(dir);
            mine.complete(model);
            return model;
        } catch (IOException | RuntimeException e) {
            synchronized (models) {
                models.remove(dir, mine);
            }
            RuntimeException failure = e instanceof IOException io
                    ? new UncheckedIOException("cannot load the model in " + dir + ": " + io.getMessage(), io)
                    : (RuntimeException) e;
            mine.completeExceptionally(failure);
            throw failure;
        }
    }
}
