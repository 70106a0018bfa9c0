package io.envhub.format.hash;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;

/** SHA-256 helpers and the encodings used by wheels ({@code RECORD}) and EnvHub. */
public final class Sha256 {

    private Sha256() {
    }

    /**
     * Creates a SHA-256 digest.
     *
     * @return a fresh digest
     */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /**
     * Hashes bytes.
     *
     * @param bytes input
     * @return the 32-byte digest
     */
    public static byte[] digest(byte[] bytes) {
        return newDigest().digest(bytes);
    }

    /**
     * Encodes a digest as lower-case hex.
     *
     * @param digest digest bytes
     * @return hex string
     */
    public static String hex(byte[] digest) {
        return HexFormat.of().formatHex(digest);
    }

    /**
     * Encodes a digest as URL-safe base64 without padding, as {@code RECORD} requires.
     *
     * @param digest digest bytes
     * @return encoded digest
     */
    public static String urlsafeBase64(byte[] digest) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }

    /**
     * Returns the {@code RECORD} hash field of some bytes.
     *
     * @param bytes file content
     * @return {@code sha256=<urlsafe-b64-nopad>}
     */
    public static String recordHash(byte[] bytes) {
        return "sha256=" + urlsafeBase64(digest(bytes));
    }
}
