package io.envhub.cli.http;

import io.envhub.cli.core.ExitCodes;
import io.envhub.contract.ProblemCode;
import java.util.Locale;

/**
 * Turns every refusal of the hub into one line that says what happened and what to do, and picks its exit code.
 * The table is keyed by the problem type's code (the last segment of {@code type}).
 */
public final class ProblemMessages {
    private static final String BUMP = "bump `version` in pyproject.toml";

    private ProblemMessages() {
    }

    /**
     * The exit code of a refusal: 3 for authentication and unavailable servers, 1 for everything else.
     *
     * @param p the problem
     * @return an exit code from {@link ExitCodes}
     */
    public static int exitCode(ApiProblem p) {
        if (p.status() == 401 || p.status() == 407 || p.status() >= 500) {
            return ExitCodes.NETWORK_OR_AUTH;
        }
        return ExitCodes.REFUSED;
    }

    /**
     * The one-line message (without the {@code envhub:} prefix).
     *
     * @param p the problem
     * @param s what the user was doing
     * @return one line
     */
    public static String message(ApiProblem p, Situation s) {
        return oneLine(raw(p, s == null ? Situation.NONE : s));
    }

    private static String raw(ApiProblem p, Situation s) {
        String detail = p.detail() == null ? null : stripDot(p.detail());
        String code = p.code();
        ProblemCode known = p.known().orElse(null);
        if (s.action() != null && s.action().startsWith("eval") && known != ProblemCode.UNAUTHORIZED
                && known != ProblemCode.FORBIDDEN && known != ProblemCode.NOT_FOUND && p.status() < 500) {
            return "the hub refused the run: " + orElse(detail, code) + " (" + code + ")";
        }
        if (known == null) {
            return generic(p, detail, s);
        }
        switch (known) {
            case VERSION_EXISTS:
                return s.coordinates() + " " + (s.version() == null ? "" : s.version() + " ")
                        + "already exists; versions are immutable — " + BUMP;
            case FILENAME_USED:
                return (s.filename() == null ? "this file name" : s.filename()) + " was used before"
                        + (s.owner() == null ? "" : " under " + s.owner()) + " and can never be reused; versions are immutable — " + BUMP;
            case HASH_MISMATCH:
                return "the hub received different bytes than were sent (sha256 mismatch) — check your network or proxy and push again";
            case NAME_MISMATCH:
                return orElse(detail, "the wheel's name does not match " + s.coordinates())
                        + " — push under the name in pyproject.toml (`project.name`)";
            case UNAUTHORIZED:
                return "the hub did not accept your credentials (not signed in, expired or revoked) — run `envhub login`, "
                        + "or check ENVHUB_TOKEN";
            case FORBIDDEN:
                return forbidden(detail, s);
            case TOO_LARGE:
                return "the wheel is too large for this hub" + (detail == null ? "" : " (" + detail + ")")
                        + " — leave data files out (.gitignore) or fetch them in load_environment()";
            case NOT_FOUND:
                return notFound(detail, s);
            case REASON_REQUIRED:
                return "say why the version is yanked with --reason \"...\" (users see it)";
            case INVALID_VISIBILITY:
                return "--visibility must be public or private";
            case STORAGE_UNAVAILABLE:
                return "the hub's object store is unavailable right now — try again in a minute";
            default:
                return generic(p, detail, s);
        }
    }

    private static String forbidden(String detail, Situation s) {
        String d = detail == null ? "" : detail;
        if (d.contains("scope")) {
            return "your personal access token lacks a needed scope (" + d + ") — create one with "
                    + "`envhub token create --name NAME --scope publish` and store it with `envhub login --token`";
        }
        if (d.toLowerCase(Locale.ROOT).contains("sign in with keycloak")) {
            return "personal access tokens cannot do this — run `envhub login` (device login) and try again";
        }
        if ("push".equals(s.action()) || "yank".equals(s.action()) || "unyank".equals(s.action())) {
            String owner = s.owner() == null ? "this owner" : "'" + s.owner() + "'";
            return "you may not publish or manage environments of " + owner + " — push to your own namespace (leave out "
                    + "--owner) or ask an owner of " + owner + " to add you to the organisation";
        }
        return "not allowed" + (d.isEmpty() ? "" : ": " + d);
    }

    private static String notFound(String detail, Situation s) {
        if (s.owner() != null && detail != null && detail.startsWith("Owner '")) {
            return "owner '" + s.owner() + "' does not exist on this hub — check --owner (users appear after their first sign-in)";
        }
        if (s.name() != null && ("pull".equals(s.action()) || "info".equals(s.action()) || "versions".equals(s.action())
                || "install".equals(s.action()) || "eval list".equals(s.action()) || "eval push".equals(s.action()))) {
            String what = s.coordinates() + (s.version() == null ? "" : " " + s.version());
            if ("install".equals(s.action()) && detail != null
                    && (detail.contains("not on the package index") || detail.contains("no installable version"))) {
                return detail;
            }
            return what + " not found (or it is private and you are not signed in as someone who may see it)";
        }
        return orElse(detail, "not found");
    }

    private static String generic(ApiProblem p, String detail, Situation s) {
        String code = p.code();
        // bounty-service's codes (version-not-found, version-yanked, ...) are about a submission, not an upload
        boolean bounty = s.action() != null && s.action().startsWith("bounty");
        if (!bounty && (code.startsWith("archive-") || code.startsWith("wheel-") || code.startsWith("metadata-")
                || code.startsWith("pyproject-") || code.startsWith("version-") || code.startsWith("name-"))) {
            return "the hub refused the wheel: " + orElse(detail, code) + " (" + code + ")";
        }
        if (p.status() == 405 || p.status() == 404 && p.title() == null && detail == null) {
            return "this hub does not offer that request (HTTP " + p.status() + ") — is it an EnvHub, and up to date?";
        }
        if (p.status() >= 500) {
            return "the hub failed (HTTP " + p.status() + (detail == null ? "" : ": " + detail) + ") — try again later";
        }
        if (detail != null) {
            return detail;
        }
        return p.title() != null ? p.title() + " (HTTP " + p.status() + ")" : "the hub refused the request (HTTP " + p.status() + ")";
    }

    private static String stripDot(String s) {
        String t = s.strip();
        return t.endsWith(".") ? t.substring(0, t.length() - 1) : t;
    }

    private static String orElse(String v, String fallback) {
        return v == null || v.isBlank() ? fallback : v;
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }
}
