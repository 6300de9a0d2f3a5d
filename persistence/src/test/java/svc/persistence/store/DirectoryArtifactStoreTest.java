package svc.persistence.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryArtifactStoreTest extends ArtifactStoreContract {

    @TempDir
    Path root;

    private DirectoryArtifactStore store;

    @BeforeEach
    void open() {
        store = new DirectoryArtifactStore(root.resolve("runs"));
    }

    @Override
    ArtifactStore store() {
        return store;
    }

    @Test
    void theDirectoryIsTheStoreSoAWorkingCopyThereNeitherPullsNorPushes() {
        WorkingCopy copy = new WorkingCopy(store, root.resolve("runs"));
        assertThat(copy.direct()).isTrue();
        assertThat(new WorkingCopy(store, root.resolve("elsewhere")).direct()).isFalse();
    }
}
