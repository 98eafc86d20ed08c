package io.hongbao.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A TCP proxy between the service and Redis that can lose a reply: armed with a marker, it forwards the next request
 * that carries it (so Redis runs it), then lets nothing Redis sends on that connection reach the client, and cuts the
 * connection after a while. The client sees what a network partition or a crashed middlebox would show it: a command
 * that ran, whose answer never came.
 */
public final class ReplyDroppingProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final ExecutorService pumps = Executors.newCachedThreadPool(daemon("proxy-pump"));
    private final ScheduledExecutorService cutter = Executors.newSingleThreadScheduledExecutor(daemon("proxy-cut"));
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicReference<Trap> trap = new AtomicReference<>();
    private final CountDownLatch sprung = new CountDownLatch(1);

    private record Trap(byte[] marker, Duration hold) {}

    private ReplyDroppingProxy(ServerSocket listener, int targetPort) {
        this.listener = listener;
        this.targetPort = targetPort;
        pumps.execute(this::accept);
    }

    /** Listens on a free loopback port and forwards to {@code 127.0.0.1:targetPort}. */
    public static ReplyDroppingProxy start(int targetPort) throws IOException {
        return new ReplyDroppingProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), targetPort);
    }

    public String redisUrl() {
        return "redis://127.0.0.1:" + listener.getLocalPort();
    }

    /**
     * Arms the proxy, once: the next request containing {@code marker} reaches Redis, every reply after it on that
     * connection is dropped, and the connection is cut {@code hold} later.
     */
    public void dropRepliesAfter(String marker, Duration hold) {
        trap.set(new Trap(marker.getBytes(StandardCharsets.US_ASCII), hold));
    }

    /** True once a request carried the marker and its reply was dropped. */
    public boolean awaitSprung(Duration limit) throws InterruptedException {
        return sprung.await(limit.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) {
            closeQuietly(socket);
        }
        pumps.shutdownNow();
        cutter.shutdownNow();
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                Connection connection = new Connection(client, server);
                pumps.execute(connection::requests);
                pumps.execute(connection::replies);
            } catch (IOException e) {
                // closed, or Redis is not there: the client sees its connection refused or cut
            }
        }
    }

    /** One client connection and its own connection to Redis. */
    private final class Connection {

        private final Socket client;
        private final Socket server;
        private volatile boolean deaf;
        /** The end of the previous read: a marker may arrive split across two reads. */
        private byte[] tail = new byte[0];

        Connection(Socket client, Socket server) {
            this.client = client;
            this.server = server;
        }

        void requests() {
            pump(client, server, false);
        }

        void replies() {
            pump(server, client, true);
        }

        private void pump(Socket from, Socket to, boolean replies) {
            byte[] buffer = new byte[64 * 1024];
            try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    if (!replies) {
                        springIfMarked(Arrays.copyOf(buffer, read));
                    } else if (deaf) {
                        continue;
                    }
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException cut) {
                // the other side closed, or the proxy cut the connection
            } finally {
                cut();
            }
        }

        /** Deaf before the marked request is passed on, so that its reply cannot slip through. */
        private void springIfMarked(byte[] chunk) {
            Trap armed = trap.get();
            if (armed == null) {
                return;
            }
            byte[] window = new byte[tail.length + chunk.length];
            System.arraycopy(tail, 0, window, 0, tail.length);
            System.arraycopy(chunk, 0, window, tail.length, chunk.length);
            tail = Arrays.copyOfRange(window, Math.max(0, window.length - armed.marker().length), window.length);
            if (contains(window, armed.marker()) && trap.compareAndSet(armed, null)) {
                deaf = true;
                sprung.countDown();
                cutter.schedule(this::cut, armed.hold().toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void cut() {
            closeQuietly(client);
            closeQuietly(server);
            sockets.remove(client);
            sockets.remove(server);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
