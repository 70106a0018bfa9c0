package io.envhub.cli.commands;

import io.envhub.contract.api.VersionSummary;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.core.Ref;
import io.envhub.cli.http.ApiProblem;
import io.envhub.cli.http.HubClient;
import io.envhub.cli.http.Situation;
import io.envhub.cli.progress.ProgressBar;
import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.hash.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code envhub pull OWNER/NAME[@VERSION]}: download a wheel and verify its sha256. */
@Command(name = "pull", mixinStandardHelpOptions = true,
        header = "Download a wheel and verify its sha256.",
        description = "Download an environment's wheel (the latest non-yanked version unless @VERSION is given), verify its "
                + "sha256 against the hub's record (a mismatch deletes the file, exit 4), and optionally unpack it safely.",
        footer = {"", "Examples:", "  envhub pull alice/reverse-text", "  envhub pull alice/reverse-text@0.1.4 -o wheels --extract"})
public final class PullCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "OWNER/NAME[@VERSION]", description = "What to download")
    String reference;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", description = "Directory for the wheel (default: .)")
    Path output = Path.of(".");

    @Option(names = "--extract", description = "Also unpack the wheel into DIR/<name>-<version>/ (safely: no absolute paths, "
            + "no '..', no links, size limits)")
    boolean extract;

    @Override
    protected int run(CliContext ctx) throws IOException {
        Ref ref = Ref.parse(reference, true);
        VersionSummary v = Versions.resolve(ctx, ref, "pull");
        String version = v.version();
        String filename = v.filename();
        String expected = v.sha256();
        if (filename == null || expected == null || !filename.endsWith(".whl") || filename.contains("/") || filename.contains("\\")) {
            throw new CliException(ExitCodes.REFUSED, ref.coordinates() + " " + version + " has no wheel to download");
        }
        Files.createDirectories(output);
        Path target = output.resolve(filename);
        Path part = output.resolve(filename + ".part");
        String url = ctx.hub().url("api", "v1", "environments", ref.owner(), ref.name(), "versions", version, "download");
        Situation s = Situation.of("pull", ref.owner(), ref.name(), version);
        String actual;
        long size;
        try (InputStream body = open(ctx, url, s)) {
            long total = v.size() != null ? v.size() : -1;
            ProgressBar bar = ProgressBar.of(ctx.err(), "downloading " + filename, total, ctx.terminal());
            MessageDigest digest = Sha256.newDigest();
            size = 0;
            try (OutputStream out = Files.newOutputStream(part)) {
                byte[] buf = new byte[64 * 1024];
                int n;
                while ((n = body.read(buf)) > 0) {
                    digest.update(buf, 0, n);
                    out.write(buf, 0, n);
                    size += n;
                    bar.advance(n);
                }
            } finally {
                bar.finish();
            }
            actual = Sha256.hex(digest.digest());
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(part);
            if (e instanceof IOException io) {
                throw HubClient.unreachable(URI.create(url), io);
            }
            throw e;
        }
        if (!actual.equalsIgnoreCase(expected)) {
            Files.deleteIfExists(part);
            throw new CliException(ExitCodes.LOCAL, "sha256 mismatch for " + filename + ": the hub recorded " + expected
                    + " but the download has " + actual + "; the file was deleted");
        }
        Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Path extracted = extract ? extract(target, output.resolve(filename.substring(0, filename.indexOf('-', filename.indexOf('-') + 1))))
                : null;
        if (ctx.json()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("owner", ref.owner());
            m.put("name", ref.name());
            m.put("version", version);
            m.put("wheel", target.toString());
            m.put("size", size);
            m.put("sha256", actual);
            m.put("verified", true);
            if (extracted != null) {
                m.put("extractedTo", extracted.toString());
            }
            printJson(ctx, m);
        } else {
            ctx.out().println("Downloaded " + ref.coordinates() + " " + version + " -> " + target + " (" + ProgressBar.bytes(size) + ")");
            ctx.out().println("  sha256 verified: " + actual);
            if (extracted != null) {
                ctx.out().println("  extracted to:    " + extracted);
            }
        }
        return ExitCodes.OK;
    }

    /** GET the download URL and follow the redirect to the object store without sending credentials there. */
    private static InputStream open(CliContext ctx, String url, Situation s) throws IOException {
        String next = url;
        URI hubUri = URI.create(ctx.hubUrl());
        for (int hops = 0; hops < 5; hops++) {
            URI uri = URI.create(next);
            boolean sameOrigin = uri.getScheme().equals(hubUri.getScheme()) && uri.getAuthority().equals(hubUri.getAuthority());
            HttpResponse<InputStream> res = ctx.hub().stream(next, sameOrigin);
            int status = res.statusCode();
            if (status == 200) {
                return res.body();
            }
            String body;
            try (InputStream in = res.body()) {
                body = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
            }
            if (status == 301 || status == 302 || status == 303 || status == 307 || status == 308) {
                String location = res.headers().firstValue("Location").orElseThrow(
                        () -> new CliException(ExitCodes.NETWORK_OR_AUTH, "the hub redirected the download without a Location"));
                next = uri.resolve(location).toString();
                continue;
            }
            if (!sameOrigin) {
                throw new CliException(ExitCodes.NETWORK_OR_AUTH, "the object store refused the download (HTTP " + status
                        + ") — the link may have expired; pull again");
            }
            throw ApiProblem.of(status, body, ctx.mapper()).in(s);
        }
        throw new CliException(ExitCodes.NETWORK_OR_AUTH, "too many redirects downloading " + url);
    }

    /** Unpacks with SafeZipReader (names, links, sizes and CRCs checked) into a new or empty directory. */
    static Path extract(Path wheel, Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                if (s.findAny().isPresent()) {
                    throw new CliException(ExitCodes.LOCAL, dir + " exists and is not empty; remove it or pull into another -o DIR");
                }
            }
        }
        Path root = dir.toAbsolutePath().normalize();
        Files.createDirectories(root);
        try (SafeZipReader zip = SafeZipReader.open(wheel, ArchiveLimits.DEFAULTS)) {
            for (ZipEntryInfo e : zip.entries()) {
                Path target = root.resolve(e.name()).normalize();
                if (!target.startsWith(root)) {
                    throw new CliException(ExitCodes.LOCAL, "refusing entry '" + e.name() + "' outside the target directory");
                }
                if (e.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.openStream(e)) {
                    Files.copy(in, target);
                }
            }
        }
        return dir;
    }
}
