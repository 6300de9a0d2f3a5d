package svc.library.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NotifyChannelTest {

    @Test
    void targetedChannelsAreDeliverableAndBareKindsAreNot() {
        NotifyChannel hook = NotifyChannel.parse(" webhook:https://hooks.example.com/svc?x=1 ");
        assertThat(hook).isEqualTo(new NotifyChannel(NotifyChannel.Kind.WEBHOOK, "https://hooks.example.com/svc?x=1"));
        assertThat(hook.deliverable()).isTrue();
        assertThat(NotifyChannel.parse("EMAIL:ops@example.com").wire()).isEqualTo("email:ops@example.com");
        assertThat(NotifyChannel.parse("dashboard").deliverable()).isFalse();
        assertThat(NotifyChannel.parse("email").deliverable()).isFalse();
        assertThat(NotifyChannel.parseList("webhook:http://a.example.com, ,email:b@example.com"))
                .extracting(NotifyChannel::wire)
                .containsExactly("webhook:http://a.example.com", "email:b@example.com");
    }

    @Test
    void malformedChannelsSayWhatIsWrong() {
        assertThatThrownBy(() -> NotifyChannel.parse("webhook:https:///path")).hasMessageContaining("has no host");
        assertThatThrownBy(() -> NotifyChannel.parse("email:ops@example.com\r\nBcc: x@evil.example"))
                .hasMessageContaining("is not an e-mail address");
        assertThatThrownBy(() -> NotifyChannel.parse("dashboard:main")).hasMessageContaining("takes no target");
        assertThat(NotifyChannel.problem("pager:123")).isPresent();
        assertThat(NotifyChannel.problem("email:a@b.example")).isEmpty();
    }
}
