package svc.library.asset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AssetRefTest {

    @Test
    void parsesKindNameAndVersion() {
        AssetRef ref = AssetRef.parse("workflow/default_ml_pipeline@v1.2.30");
        assertThat(ref.kind()).isEqualTo(AssetKind.WORKFLOW);
        assertThat(ref.name()).isEqualTo("default_ml_pipeline");
        assertThat(ref.version()).isEqualTo(new Version(1, 2, 30));
        assertThat(ref.folder()).isEqualTo("workflow/default_ml_pipeline/v1.2.30");
        assertThat(ref).hasToString("workflow/default_ml_pipeline@v1.2.30");
        assertThat(AssetRef.parse(ref.toString())).isEqualTo(ref);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "default_ml_pipeline@v1.0.0", // no kind
                "workflow/default_ml_pipeline", // no version
                "workflow/default_ml_pipeline@1.0.0", // no v
                "workflow/default_ml_pipeline@v1.0", // two numbers
                "workflow/default_ml_pipeline@v01.0.0", // leading zero
                "workflow/Default@v1.0.0", // upper case
                "workflow/default-ml@v1.0.0", // hyphen
                "pack/default@v1.0.0", // unknown kind
                "workflow/a/b@v1.0.0", // extra segment
                "  "
            })
    void rejectsBadFormatsSayingWhatTheFormatIs(String text) {
        assertThatThrownBy(() -> AssetRef.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("<kind>/<name>@vX.Y.Z");
    }

    @Test
    void unknownKindIsNamed() {
        assertThatThrownBy(() -> AssetRef.parse("pack/default@v1.0.0"))
                .hasMessageContaining("unknown asset kind 'pack'")
                .hasMessageContaining("workflow, roster, template");
    }

    @Test
    void versionsOrderNumericallyNotAsText() {
        assertThat(Version.parse("v1.10.0")).isGreaterThan(Version.parse("v1.9.0"));
        assertThat(Version.parse("v2.0.0")).isGreaterThan(Version.parse("v1.99.99"));
        assertThat(Version.parse("v1.0.1")).isGreaterThan(Version.parse("v1.0.0"));
    }
}
