package io.envhub.registry.notification;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * A real SMTP server inside the test JVM (GreenMail, on a free port), and the backend's mailer pointed at it: emails
 * are sent over SMTP exactly as to a production server and read back from GreenMail's mailboxes.
 */
public class GreenMailTestResource implements QuarkusTestResourceLifecycleManager {
    private static GreenMail mail;

    /** The running server. */
    static synchronized GreenMail mail() {
        return mail;
    }

    @Override
    public synchronized Map<String, String> start() {
        mail = new GreenMail(new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort());
        mail.start();
        String port = String.valueOf(mail.getSmtp().getPort());
        return Map.of("envhub.notifications.smtp-host", "127.0.0.1", "quarkus.mailer.host", "127.0.0.1",
                "quarkus.mailer.port", port, "quarkus.mailer.start-tls", "DISABLED");
    }

    @Override
    public synchronized void stop() {
        if (mail != null) {
            mail.stop();
        }
    }
}
