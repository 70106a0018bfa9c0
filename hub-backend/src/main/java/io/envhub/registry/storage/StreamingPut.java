package io.envhub.registry.storage;

import io.minio.Signer;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okio.BufferedSink;

/**
 * One S3 PutObject request whose body streams from an {@link InputStream} as it is read: no part buffered in memory and
 * no hash pass over the bytes before they are sent. The MinIO SDK's put reads every part (16 MiB) into memory and,
 * over plain HTTP, hashes it for the SigV4 payload hash before sending a byte, so an upload handed over while it
 * arrives alternated between receiving and sending; S3Proxy (the local and test store) also reads a signed-payload
 * body whole into memory to check that hash. This request is signed with {@code UNSIGNED-PAYLOAD}, as the SDK itself
 * does over HTTPS: the bytes' integrity is the caller's check (the push pipeline hashes every byte it receives and
 * completes the body only when the hash matches, see {@code UploadReceiver}), the length the server's.
 */
final class StreamingPut {
    private static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    /** Keys whose URL path is their canonical SigV4 path as they are: the content-addressed keys are all like this. */
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*");
    /** A single PutObject takes up to 5 GiB; larger objects go through the SDK's multipart upload. */
    private static final long MAX_SINGLE_PUT = 5L << 30;
    private static final int BUFFER = 64 * 1024;

    private final StorageConfig config;
    private final HttpUrl endpoint;
    private final OkHttpClient http;

    StreamingPut(StorageConfig config) {
        this.config = config;
        this.endpoint = HttpUrl.get(config.endpoint());
        this.http = new OkHttpClient.Builder()
                .connectTimeout(Duration.ofSeconds(10))
                .writeTimeout(Duration.ofMinutes(5))
                .readTimeout(Duration.ofMinutes(5))
                // no idle connection is kept: a connection kept across an object store restart is dead, and a
                // one-shot body cannot be sent again on another one once sending began (CrashRecoveryIT)
                .connectionPool(new ConnectionPool(0, 1, TimeUnit.SECONDS))
                .retryOnConnectionFailure(true)
                .build();
    }

    /** Whether {@link #put} can store this object (a known length a single request takes, a plain key). */
    boolean accepts(String key, long size) {
        return size >= 0 && size <= MAX_SINGLE_PUT && PLAIN_KEY.matcher(key).matches();
    }

    /**
     * Sends exactly {@code size} bytes of {@code data} as the object {@code key}; a stream that ends early or fails
     * fails the request, so the server never completes the object.
     */
    void put(String key, InputStream data, long size, String contentType) {
        HttpUrl url = endpoint.newBuilder().addPathSegment(config.bucket()).addPathSegments(key).build();
        Request unsigned = new Request.Builder().url(url)
                .header("Host", host(url))
                .header("x-amz-date", AMZ_DATE.format(ZonedDateTime.now(ZoneOffset.UTC)))
                .header("x-amz-content-sha256", UNSIGNED_PAYLOAD)
                .put(new Body(data, size, contentType))
                .build();
        Request signed;
        try {
            signed = Signer.signV4S3(unsigned, config.region(), config.accessKey(), config.secretKey(), UNSIGNED_PAYLOAD);
        } catch (java.security.GeneralSecurityException e) {
            throw new StorageException("could not sign the request storing " + key, e);
        }
        try (Response response = http.newCall(signed).execute()) {
            if (!response.isSuccessful()) {
                String body = response.body().string();
                throw new StorageException("could not store " + key + ": HTTP " + response.code() + " "
                        + body.substring(0, Math.min(body.length(), 500)), null);
            }
        } catch (IOException e) {
            throw new StorageException("could not store " + key, e);
        }
    }

    private static String host(HttpUrl url) {
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? url.host() : url.host() + ":" + url.port();
    }

    /** The stream as a one-shot body of a known length (never retried: the stream cannot be read twice). */
    private static final class Body extends RequestBody {
        private final InputStream data;
        private final long size;
        private final MediaType type;

        Body(InputStream data, long size, String contentType) {
            this.data = data;
            this.size = size;
            this.type = contentType == null ? null : MediaType.parse(contentType);
        }

        @Override
        public MediaType contentType() {
            return type;
        }

        @Override
        public long contentLength() {
            return size;
        }

        @Override
        public boolean isOneShot() {
            return true;
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            byte[] buffer = new byte[BUFFER];
            long left = size;
            while (left > 0) {
                int n = data.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new IOException("the stream ended " + left + " bytes short of " + size);
                }
                sink.write(buffer, 0, n);
                left -= n;
            }
        }
    }
}
