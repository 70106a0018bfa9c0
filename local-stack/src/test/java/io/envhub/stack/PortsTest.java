package io.envhub.stack;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** A port is free for a component only when it can be bound, whatever a connect says. */
class PortsTest {
    @Test
    void aListenerThatNeverAcceptsStillHoldsThePort() throws Exception {
        int port;
        try (ServerSocket foreign = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = foreign.getLocalPort();
            assertFalse(Ports.bindable("127.0.0.1", port), "held by a listener");
        }
        assertTrue(Ports.bindable("127.0.0.1", port), "free once it is closed");
    }
}
