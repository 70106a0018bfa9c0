package io.envhub.stack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** Small helpers for loopback ports. */
public final class Ports {
    private Ports() {
    }

    /** True when something accepts TCP connections on host:port within 500 ms. */
    public static boolean answers(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * True when a server could bind {@code host:port} now. Stricter than {@link #answers}: a program that listens but
     * never accepts (its backlog full) may not answer a connect in time, yet still holds the port.
     */
    public static boolean bindable(String host, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(host, port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A port that was free on 127.0.0.1 a moment ago. */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
