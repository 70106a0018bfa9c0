package io.envhub.format.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The overlap estimator on fingerprints built in Java. */
class ContaminationTest {

    private static final String[] WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi"
            + " rho sigma tau upsilon phi chi psi omega apple river stone cloud engine window garden planet signal number")
            .split(" ");

    /** Distinct rows of 20 random words each (seeded). */
    private static List<String> rows(int count, long seed) {
        Random rnd = new Random(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder sb = new StringBuilder("question " + seed + "-" + i + ":");
            for (int w = 0; w < 20; w++) {
                sb.append(' ').append(WORDS[rnd.nextInt(WORDS.length)]);
            }
            out.add(FingerprintBuilder.rowText(sb.toString(), "answer " + rnd.nextInt(1000)));
        }
        return out;
    }

    @Test
    void identicalDatasetsOverlapCompletely() {
        Fingerprint a = FingerprintBuilder.build(rows(200, 1), 1000);
        Contamination.Overlap o = Contamination.overlap(a, a);
        assertEquals(1.0, o.fraction());
        assertEquals(200, o.comparedRows());
    }

    @Test
    void unrelatedDatasetsDoNotOverlap() {
        Contamination.Overlap o = Contamination.overlap(FingerprintBuilder.build(rows(200, 1), 1000),
                FingerprintBuilder.build(rows(300, 2), 1000));
        assertTrue(o.fraction() < 0.02, "overlap " + o);
    }

    @Test
    void partialCopyIsMeasuredFromEachSide() {
        List<String> a = rows(100, 3);
        List<String> b = new ArrayList<>(rows(300, 4));
        b.addAll(a.subList(0, 40));
        Fingerprint fa = FingerprintBuilder.build(a, 1000);
        Fingerprint fb = FingerprintBuilder.build(b, 1000);
        assertEquals(0.40, Contamination.overlap(fa, fb).fraction(), 0.02);
        assertEquals(40.0 / 340, Contamination.overlap(fb, fa).fraction(), 0.02);
    }

    @Test
    void nearDuplicatesAreFoundExactNoiseIsNot() {
        List<String> a = rows(100, 5);
        List<String> reworded = new ArrayList<>();
        for (String row : a) {
            reworded.add(row.toUpperCase() + " please");
        }
        Contamination.Overlap o = Contamination.overlap(FingerprintBuilder.build(a, 1000), FingerprintBuilder.build(reworded, 1000));
        assertTrue(o.fraction() > 0.9, "case and a trailing word should not hide a copy: " + o);
    }

    @Test
    void sampledFingerprintsStillEstimateTheOverlap() {
        List<String> a = rows(3000, 6);
        List<String> b = new ArrayList<>(rows(3000, 7));
        b.addAll(a.subList(0, 1500));
        Fingerprint fa = FingerprintBuilder.build(a, 500);
        Fingerprint fb = FingerprintBuilder.build(b, 800);
        assertEquals(500, fa.sampledRows());
        assertTrue(fa.threshold() < 0xFFFFFFFFL);
        Contamination.Overlap o = Contamination.overlap(fa, fb);
        assertEquals(0.5, o.fraction(), 0.12, o.toString());
        assertTrue(o.comparedRows() > 100, o.toString());
    }

    @Test
    void differentAlgorithmsAreNotCompared() {
        Fingerprint a = FingerprintBuilder.build(rows(3, 8), 10);
        Fingerprint other = new Fingerprint("simhash/v0", 128, 5, 16, 8, 3, 3, a.threshold(), a.rowData());
        assertThrows(IllegalArgumentException.class, () -> Contamination.overlap(a, other));
    }

    /** 60 words of instructions every row of both datasets shares, around a question of its own. */
    private static final String TEMPLATE = "You are a careful assistant that solves grade school arithmetic word problems."
            + " Read the problem below, think about the quantities it names, work through the steps one at a time and"
            + " check each intermediate result before you go on. When you are sure, write only the final number inside"
            + " answer tags at the very end of your reply, with no units and no other words around it. Problem:";

    private static List<String> templated(List<String> questions) {
        return questions.stream().map(q -> FingerprintBuilder.rowText(TEMPLATE + " " + q, null)).toList();
    }

    @Test
    void aSharedInstructionTemplateIsNotOverlapButACopyUnderItIs() {
        Fingerprint fa = FingerprintBuilder.build(templated(rows(60, 11)), 1000);
        Fingerprint fb = FingerprintBuilder.build(templated(rows(80, 12)), 1000);
        Contamination.Overlap honest = Contamination.overlap(fa, fb);
        assertTrue(honest.fraction() < 0.05, "two honest datasets sharing a template: " + honest);
        assertTrue(honest.comparedRows() >= 55, "their rows are still compared: " + honest);

        List<String> copied = new ArrayList<>(rows(60, 11).subList(0, 30));
        copied.addAll(rows(50, 13));
        Contamination.Overlap copy = Contamination.overlap(fa, FingerprintBuilder.build(templated(copied), 1000));
        assertEquals(0.5, copy.fraction(), 0.05, "half of A's questions copied under the same template: " + copy);
    }

    @Test
    void exactDuplicatesInsideADatasetAreNotTakenForATemplate() {
        List<String> a = new ArrayList<>(rows(40, 14));
        for (int i = 0; i < 10; i++) {
            a.add(a.get(0));
        }
        Contamination.Overlap o = Contamination.overlap(FingerprintBuilder.build(a, 1000), FingerprintBuilder.build(a, 1000));
        assertEquals(1.0, o.fraction(), o.toString());
    }
}
