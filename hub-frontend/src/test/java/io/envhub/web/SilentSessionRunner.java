package io.envhub.web;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where the page tests' hub-backend looks for a session runner: a socket that accepts and never answers, so a hub-run
 * evaluation started from the pages stays live (running, its sandbox "starting") long enough to be watched and
 * cancelled; no rollout ever runs here (package-validator's HubRunEvalEndToEndTest runs them in the real sandbox).
 */
final class SilentSessionRunner implements AutoCloseable {
    private final ServerSocket server;
    private final List<Socket> held = new CopyOnWriteArrayList<>();

    SilentSessionRunner() {
        try {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try {
                    held.add(server.accept());
                } catch (IOException e) {
                    return;
                }
            }
        }, "silent-session-runner");
        t.setDaemon(true);
        t.start();
    }

    /** Its URL, for {@code ENVHUB_SESSION_RUNNERS}. */
    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    @Override
    public void close() {
        try {
            server.close();
            for (Socket s : held) {
                s.close();
            }
        } catch (IOException e) {
            // closing anyway
        }
    }
}
