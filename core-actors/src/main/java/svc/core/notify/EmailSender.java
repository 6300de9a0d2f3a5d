package svc.core.notify;

import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPTransport;
import svc.governance.egress.EgressPolicy;

/**
 * {@code email:<address>}: one plain-text message per attempt through the relay of
 * {@code SVC_SMTP_URL} (Jakarta Mail, Eclipse Angus), from {@code SVC_SMTP_FROM}. Its Message-ID
 * is derived from the delivery id, so a mail client shows a repeated attempt once. The relay's
 * final reply is recorded; a 4xx reply or a connection that fails is tried again, a 5xx reply, a
 * refused login or an invalid address is a failure. Runs on the notification dispatcher.
 */
final class EmailSender {

    private final NotificationSettings settings;
    private final NoticeText text;

    EmailSender(NotificationSettings settings, NoticeText text) {
        this.settings = settings;
        this.text = text;
    }

    Outcome send(String address, String deliveryId, Notice notice) {
        if (settings.smtp().isEmpty()) {
            return Outcome.failed(null, "SVC_SMTP_URL is not set: no relay to send e-mail through");
        }
        SmtpServer relay = settings.smtp().get();
        if (!settings.egress().allowlist().isEmpty()) {
            EgressPolicy.UrlCheck check = settings.egress().checkHost(relay.host());
            if (!check.allowed()) {
                return Outcome.failed(
                        null, "SMTP relay refused by the egress allowlist (G1), not sent: " + check.reason());
            }
        }
        Session session = Session.getInstance(properties(relay));
        MimeMessage message = new StableIdMessage(session, deliveryId);
        try {
            message.setFrom(new InternetAddress(settings.smtpFrom(), true));
            message.setRecipient(Message.RecipientType.TO, new InternetAddress(address, true));
            message.setSubject(text.subject(notice), StandardCharsets.UTF_8.name());
            message.setText(text.emailBody(deliveryId, notice), StandardCharsets.UTF_8.name());
            message.setHeader("X-Svc-Delivery", deliveryId);
            message.setHeader("X-Svc-Event", notice.event());
            message.setSentDate(new Date());
        } catch (AddressException e) {
            return Outcome.failed(null, "invalid address: " + e.getMessage());
        } catch (MessagingException e) {
            return Outcome.failed(null, "could not build the message: " + e.getMessage());
        }
        try (Transport transport = session.getTransport(relay.tls() ? "smtps" : "smtp")) {
            transport.connect(relay.host(), relay.port(), relay.user(), relay.password());
            transport.sendMessage(message, message.getAllRecipients());
            return Outcome.delivered(reply(transport, "250"));
        } catch (AuthenticationFailedException e) {
            return Outcome.failed(null, "the relay " + relay + " refused the login: " + e.getMessage());
        } catch (MessagingException e) {
            return classify(e, relay);
        }
    }

    private Properties properties(SmtpServer relay) {
        String p = relay.tls() ? "mail.smtps." : "mail.smtp.";
        Properties props = new Properties();
        props.put(p + "host", relay.host());
        props.put(p + "port", Integer.toString(relay.port()));
        props.put(
                p + "connectiontimeout", Long.toString(settings.connectTimeout().toMillis()));
        props.put(p + "timeout", Long.toString(settings.requestTimeout().toMillis()));
        props.put(p + "writetimeout", Long.toString(settings.requestTimeout().toMillis()));
        props.put(p + "auth", Boolean.toString(relay.user() != null));
        if (relay.tls()) {
            props.put(p + "ssl.checkserveridentity", "true");
        } else {
            // Encrypt when the relay offers it; a relay without STARTTLS still gets the message.
            props.put(p + "starttls.enable", "true");
        }
        return props;
    }

    /** A 4xx reply or no reply at all is worth another attempt; a 5xx reply is not. */
    private static Outcome classify(MessagingException e, SmtpServer relay) {
        int code = -1;
        String reply = null;
        for (Exception x = e; x != null; x = x instanceof MessagingException m ? m.getNextException() : null) {
            if (x instanceof SMTPSendFailedException f) {
                code = f.getReturnCode();
                reply = f.getMessage();
            } else if (x instanceof SMTPAddressFailedException f) {
                code = f.getReturnCode();
                reply = f.getMessage();
            }
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        if (code < 0) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return Outcome.retry(
                    null, "could not talk to " + relay + ": " + message + (cause == e ? "" : " (" + cause + ")"));
        }
        String status = "SMTP " + (reply == null ? code : reply.strip());
        return code >= 500
                ? Outcome.failed(status, "the relay refused the message: " + message)
                : Outcome.retry(status, "the relay deferred the message: " + message);
    }

    private static String reply(Transport transport, String fallback) {
        if (transport instanceof SMTPTransport smtp && smtp.getLastServerResponse() != null) {
            return "SMTP " + smtp.getLastServerResponse().strip();
        }
        return "SMTP " + fallback;
    }

    /** A message whose Message-ID is the delivery's, the same on every attempt. */
    private static final class StableIdMessage extends MimeMessage {
        private final String deliveryId;

        StableIdMessage(Session session, String deliveryId) {
            super(session);
            this.deliveryId = deliveryId;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", "<" + deliveryId + "@svc.notifications>");
        }
    }
}
