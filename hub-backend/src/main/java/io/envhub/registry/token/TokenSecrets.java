package io.envhub.registry.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** Generation, recognition and hashing of personal access token secrets ({@code envhub_} + 43 URL-safe characters). */
public final class TokenSecrets {
    /** Every personal access token starts with this. */
    public static final String PREFIX = "envhub_";
    /** How many leading characters of a token are stored and shown to recognise it. */
    public static final int SHOWN_PREFIX_LENGTH = 12;
    /** Random bytes per token: 256 bits. */
    static final int RANDOM_BYTES = 32;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    /** What a well-formed token looks like; anything else is rejected without a database look-up. */
    private static final Pattern WELL_FORMED = Pattern.compile("envhub_[A-Za-z0-9_-]{40,100}");

    private TokenSecrets() {
    }

    /** A fresh token secret. */
    public static String generate() {
        byte[] bytes = new byte[RANDOM_BYTES];
        RANDOM.nextBytes(bytes);
        return PREFIX + ENCODER.encodeToString(bytes);
    }

    /** Whether a credential is shaped like one of our tokens (says nothing about its validity). */
    public static boolean isWellFormed(String token) {
        return token != null && WELL_FORMED.matcher(token).matches();
    }

    /** The lowercase hex sha256 of the whole token, as stored in {@code secret_hash}. */
    public static String hash(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** The part of a token that is stored and shown in lists. */
    public static String shownPrefix(String token) {
        return token.substring(0, Math.min(SHOWN_PREFIX_LENGTH, token.length()));
    }
}
