package io.envhub.validator.check;

import io.envhub.contract.report.TrustFinding;
import java.util.Map;

/** The one-line fix hint of each probe, and the trust card category it belongs to. */
final class FindingHints {

    private static final Map<String, String> HINTS = Map.ofEntries(
            Map.entry("answer-spraying", "Parse one final answer (the last answer tag or number) and compare it exactly; "
                    + "never test whether the answer occurs anywhere in the reply."),
            Map.entry("magic-token", "Do not pay for a fixed word or pattern by itself: compare the parsed answer with the "
                    + "row's answer."),
            Map.entry("empty-reply", "Give an empty or non-answer reply the minimum score; pay only for evidence of the answer."),
            Map.entry("echo", "Do not pay for text copied from the prompt: compare the parsed answer with the row's answer."),
            Map.entry("junk", "Pay only for a correct answer: random text must score the minimum."),
            Map.entry("format-only", "Weight format rewards well below correctness, or pay them only with a correct answer, "
                    + "so the tags alone do not score."),
            Map.entry("test-tampering", "Run the tests in a fresh process from a copy the agent cannot write, and read the "
                    + "result from your runner (not the exit code, printed text or files the agent's code can touch)."),
            Map.entry("probe-error", "Return the minimum score for a reply the reward cannot parse instead of raising."),
            Map.entry("reference-answer", "Score the dataset's own answers: the parsing or normalisation probably rejects "
                    + "correct replies, or the answers are wrong."),
            Map.entry("duplicate-prompts", "Remove repeated rows or generate varied prompts: duplicates make a model "
                    + "memorise a few items."),
            Map.entry("non-deterministic", "Seed every random source and avoid time- or order-dependent scoring."));

    private FindingHints() {
    }

    static String hint(String probe) {
        return HINTS.get(probe);
    }

    static String category(String probe) {
        return switch (probe) {
            case "reference-answer" -> TrustFinding.SPARSITY;
            case "duplicate-prompts" -> TrustFinding.DIVERSITY;
            case "non-deterministic" -> TrustFinding.DETERMINISM;
            default -> TrustFinding.HACKING;
        };
    }

    /** A finding of {@code probe} with its category and hint. */
    static TrustFinding finding(String probe, String message, Integer row, String prompt, String reply, Double score,
                                Double referenceScore) {
        return new TrustFinding(category(probe), probe, message, hint(probe), row, cut(prompt), cut(reply), score,
                referenceScore);
    }

    static String cut(String text) {
        if (text == null || text.length() <= 300) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(299)) ? 299 : 300;
        return text.substring(0, end) + "\u2026";
    }
}
