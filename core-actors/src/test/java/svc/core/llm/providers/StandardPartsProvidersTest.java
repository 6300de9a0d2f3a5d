package svc.core.llm.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import svc.core.CoreSettings;
import svc.core.agent.AgentDirectory;
import svc.core.agent.RosterProfiles;
import svc.core.llm.LlmResponse;
import svc.core.platform.Platform;
import svc.core.platform.StandardParts;
import svc.library.roster.Roster;

/** The platform's standard parts take their providers from {@link LlmProviders}. */
class StandardPartsProvidersTest {

    @TempDir
    static Path home;

    static CoreSettings settings(Map<String, String> llm) {
        Map<String, String> all = new HashMap<>(llm);
        all.put("svc.home", home.toString());
        return CoreSettings.fromConfig(ConfigFactory.parseMap(all).withFallback(ConfigFactory.load()));
    }

    static AgentDirectory roster() {
        return RosterProfiles.directory(Roster.builtIn(), "scripted");
    }

    @Test
    void scriptedIsTheDefaultAndAnswersThroughTheAccountingWrappers() throws Exception {
        Platform.Parts parts =
                StandardParts.create().create(settings(Map.of()), roster(), Runnable::run, Runnable::run);
        var provider = parts.providers().apply(LlmProvidersTest.agent("data-profiler"));
        assertThat(provider.kind()).isEqualTo("scripted");
        LlmResponse r = provider.complete(LlmProvidersTest.ask(LlmProvidersTest.agent("data-profiler")))
                .toCompletableFuture()
                .get(5, TimeUnit.SECONDS);
        assertThat(r.usage().inputTokens()).isPositive();
    }

    @Test
    void anUnknownServerWideKindStopsTheStart() {
        assertThatThrownBy(() -> StandardParts.create()
                        .create(settings(Map.of("svc.llm.provider", "gemini")), roster(), Runnable::run, Runnable::run))
                .hasMessageContaining("`gemini` is not a provider kind");
    }
}
