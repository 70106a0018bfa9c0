package io.envhub.registry.diff;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;
import java.util.Arrays;
import java.util.List;

/**
 * A unified diff of two texts (java-diff-utils' Myers diff and its unified writer, three lines of context), with the
 * lines added and removed counted over the whole patch and the written diff capped at {@code maxLines}.
 */
final class TextDiff {
    private static final int CONTEXT = 3;

    /** The diff of one file: its unified text (headers {@code a/path}, {@code b/path}), counts and whether it was cut. */
    record Result(String unified, int additions, int deletions, boolean truncated) {
    }

    private TextDiff() {
    }

    static Result of(String path, String before, String after, int maxLines) {
        List<String> a = lines(before);
        List<String> b = lines(after);
        Patch<String> patch = DiffUtils.diff(a, b);
        int additions = 0;
        int deletions = 0;
        for (AbstractDelta<String> d : patch.getDeltas()) {
            additions += d.getTarget().size();
            deletions += d.getSource().size();
        }
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff(before == null ? "/dev/null" : "a/" + path,
                after == null ? "/dev/null" : "b/" + path, a, patch, CONTEXT);
        boolean truncated = unified.size() > maxLines;
        List<String> kept = truncated ? unified.subList(0, maxLines) : unified;
        return new Result(String.join("\n", kept) + (kept.isEmpty() ? "" : "\n"), additions, deletions, truncated);
    }

    private static List<String> lines(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        String[] parts = text.split("\r?\n", -1);
        return Arrays.asList(parts).subList(0, text.endsWith("\n") ? parts.length - 1 : parts.length);
    }
}
