import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.wheel.WheelWriter;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Upload benchmark (run by bench/upload.sh against a running local stack):
 * 1. throughput of a 50 MB wheel pushed through the API, both ways a client can push (OkHttp, the HTTP client the
 *    MinIO SDK uses): the raw-body PUT with the sha256 declared (what `envhub push` does: the hub streams the bytes to
 *    storage while they arrive) and the multipart POST (what curl/twine-style clients do; the hub reads it as a stream
 *    too, and stores it while it arrives when a sha256 field comes before the file), vs a direct MinIO SDK put
 *    of the same bytes to the same S3 server, same run (median of N each) -> ratios;
 * 2. hub-backend peak RSS while pushing 5 wheels of 10 MB, then 5 of 90 MB, raw-body PUT (no growth with file size
 *    expected).
 */
public final class UploadBench {
    public static void main(String[] args) throws Exception {
        String api = env("ENVHUB_BACKEND_URL", "http://127.0.0.1:8081");
        String s3 = env("ENVHUB_S3_ENDPOINT", "http://127.0.0.1:9000");
        String token = args[0];
        long backendPid = Long.parseLong(args[1]);
        int runs = Integer.parseInt(env("RUNS", "3"));
        String tag = Long.toString(System.currentTimeMillis(), 36);
        Path dir = Files.createTempDirectory("envhub-bench");
        MinioClient minio = MinioClient.builder().endpoint(s3)
                .credentials(env("ENVHUB_S3_ACCESS_KEY", "envhub"), env("ENVHUB_S3_SECRET_KEY", "envhub-dev-secret")).build();
        String bucket = env("ENVHUB_S3_BUCKET", "envhub-artifacts");
        HttpClient http = HttpClient.newHttpClient();

        List<Double> direct = new ArrayList<>();
        List<Double> viaRaw = new ArrayList<>();
        List<Double> viaMultipart = new ArrayList<>();
        List<Double> viaMultipartSha = new ArrayList<>();
        // each run measures the four ways in a rotated order: whichever goes first after a 50 MB write pays for the
        // store's disk catching up, so a fixed order would favour the later ones
        for (int i = 0; i < runs; i++) {
            for (int k = 0; k < 4; k++) {
                int way = (i + k) % 4;
                Path wheel = wheel(dir, "bench-upload-" + tag, (way + 1) + "." + i, 50L << 20, way * 1000 + i);
                long size = Files.size(wheel);
                String sha = sha256(wheel); // a client knows it from building the wheel: not part of the upload's time
                String name = "bench-upload-" + tag;
                String directKey = "bench/direct-" + tag + "-" + i;
                switch (way) {
                    case 0 -> direct.add(timed(size, () -> putDirect(minio, bucket, directKey, wheel)));
                    case 1 -> viaRaw.add(timed(size, () -> pushRaw(api, token, name, wheel, sha)));
                    case 2 -> viaMultipart.add(timed(size, () -> push(http, api, token, name, wheel, null)));
                    default -> viaMultipartSha.add(timed(size, () -> push(http, api, token, name, wheel, sha)));
                }
                if (way == 0) {
                    minio.removeObject(RemoveObjectArgs.builder().bucket(bucket).object(directKey).build());
                }
                Files.delete(wheel);
            }
        }
        double d = median(direct);
        double raw = median(viaRaw);
        double multi = median(viaMultipart);
        double multiSha = median(viaMultipartSha);
        System.out.printf("50 MB wheel, median of %d: direct S3 put %.1f MB/s; API raw PUT with sha256 %.1f MB/s, ratio %.2f;"
                + " API multipart POST %.1f MB/s, ratio %.2f; multipart POST with sha256 before the file %.1f MB/s,"
                + " ratio %.2f%n", runs, d, raw, raw / d, multi, multi / d, multiSha, multiSha / d);

        for (long mb : new long[] {10, 90}) {
            AtomicLong peak = new AtomicLong(rssKb(backendPid));
            long before = peak.get();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    peak.accumulateAndGet(rssKb(backendPid), Math::max);
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            sampler.start();
            for (int i = 0; i < 5; i++) {
                Path wheel = wheel(dir, "bench-rss-" + mb + "-" + tag, "1." + i, mb << 20, 100 + i);
                int status = pushRaw(api, token, "bench-rss-" + mb + "-" + tag, wheel, sha256(wheel));
                if (status != 201) {
                    throw new IllegalStateException("push failed: HTTP " + status);
                }
                Files.delete(wheel);
            }
            sampler.interrupt();
            sampler.join();
            System.out.printf("5 pushes of %d MB: backend RSS before %d MB, peak %d MB%n", mb, before / 1024, peak.get() / 1024);
        }
    }

    interface Push {
        int run() throws Exception;
    }

    /** MB/s of one push; fails on anything but 201. */
    static double timed(long size, Push push) throws Exception {
        long t0 = System.nanoTime();
        int status = push.run();
        double mbs = size / ((System.nanoTime() - t0) / 1e9) / 1e6;
        if (status != 201) {
            throw new IllegalStateException("push failed: HTTP " + status);
        }
        return mbs;
    }

    static String sha256(Path file) throws Exception {
        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[1 << 16];
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
        }
        return java.util.HexFormat.of().formatHex(md.digest());
    }

    /** The raw-body push with the sha256 declared, as `envhub push` does. */
    static int pushRaw(String api, String token, String name, Path wheel, String sha) throws Exception {
        okhttp3.RequestBody file = okhttp3.RequestBody.create(wheel.toFile(), okhttp3.MediaType.get("application/octet-stream"));
        okhttp3.Request req = new okhttp3.Request.Builder()
                .url(api + "/api/v1/environments/alice/" + name + "/files/" + wheel.getFileName() + "?sha256=" + sha)
                .header("Authorization", "Bearer " + token).put(file).build();
        try (okhttp3.Response res = OK.newCall(req).execute()) {
            if (res.code() != 201) {
                System.err.println(res.body().string());
            }
            return res.code();
        }
    }

    /** The direct MinIO SDK put of the same bytes to the same S3 server (the baseline); 201 like a push. */
    static int putDirect(MinioClient minio, String bucket, String key, Path wheel) throws Exception {
        try (InputStream in = Files.newInputStream(wheel)) {
            minio.putObject(PutObjectArgs.builder().bucket(bucket).object(key).stream(in, Files.size(wheel), -1).build());
        }
        return 201;
    }

    /** The multipart push: the file alone (as {@code curl -F file=@...}), or with its sha256 in a field before it. */
    static int push(HttpClient unused, String api, String token, String name, Path wheel, String sha) throws Exception {
        okhttp3.RequestBody file = okhttp3.RequestBody.create(wheel.toFile(), okhttp3.MediaType.get("application/octet-stream"));
        okhttp3.MultipartBody.Builder form = new okhttp3.MultipartBody.Builder().setType(okhttp3.MultipartBody.FORM);
        if (sha != null) {
            form.addFormDataPart("sha256", sha);
        }
        okhttp3.MultipartBody body = form.addFormDataPart("file", wheel.getFileName().toString(), file).build();
        okhttp3.Request req = new okhttp3.Request.Builder().url(api + "/api/v1/environments/alice/" + name + "/versions")
                .header("Authorization", "Bearer " + token).post(body).build();
        try (okhttp3.Response res = OK.newCall(req).execute()) {
            if (res.code() != 201) {
                System.err.println(res.body().string());
            }
            return res.code();
        }
    }

    private static final okhttp3.OkHttpClient OK = new okhttp3.OkHttpClient.Builder()
            .readTimeout(java.time.Duration.ofMinutes(5)).writeTimeout(java.time.Duration.ofMinutes(5)).build();

    /** A valid wheel whose payload is {@code bytes} of incompressible data. */
    static Path wheel(Path dir, String name, String version, long bytes, long seed) throws Exception {
        byte[] data = new byte[(int) bytes];
        new Random(seed).nextBytes(data);
        CoreMetadata m = CoreMetadata.of(name, version);
        WheelWriter w = new WheelWriter(m).addFile(name.replace('-', '_') + ".py",
                "def load_environment(**kw):\n    return {}\n".getBytes(StandardCharsets.UTF_8))
                .addFile(name.replace('-', '_') + "_data/blob.bin", data);
        return w.writeTo(dir);
    }

    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (Exception e) {
            return 0;
        }
        return 0;
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    static String env(String key, String fallback) {
        String v = System.getenv(key);
        return v == null || v.isBlank() ? fallback : v;
    }
}
