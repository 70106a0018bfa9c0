package io.envhub.validator.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The calibration corpus of the trust checks: fixture packages (v0 modules and verifiers v1 tasksets), each with the set
 * of finding probes it must get, no more and no fewer. Written for these tests; the held-out style cases follow issue
 * 31's table (magic word, answer anywhere, empty reply scoring 0.5, reference scoring on 1 row of 35, 35 identical
 * rows). The demo environments the local stack seeds are read from local-stack's resources as "good".
 */
final class TrustCorpus {

    /** One fixture: the probe class it stands for (for the table), v1 or not, its package, the probes it must get. */
    record Case(String label, String probeClass, boolean v1, Fixtures fixture, Set<String> expected) {
    }

    /** Twelve arithmetic rows with distinct prompts and numeric answers. */
    static final String ROWS = """
            rows = [{"prompt": "What is %d times %d? Reply with the number." % (i + 2, 3 * i + 1),
                     "answer": str((i + 2) * (3 * i + 1))} for i in range(12)]
            """;
    /** Twenty such rows (for rewards that are random in some calls: more rows, steadier shares). */
    static final String ROWS20 = ROWS.replace("range(12)", "range(20)");
    static final String TEXT = "def text_of(c):\n    return c[-1][\"content\"] if isinstance(c, list) else c\n";
    static final String EXACT = TEXT + """
            def exact(completion, answer):
                return 1.0 if text_of(completion).strip() == answer else 0.0
            """;

    static final String MC_ROWS = """
            QUESTIONS = [("Which planet is called the red planet?", ["Venus", "Mars", "Jupiter", "Saturn"], "B"),
                         ("What is the chemical symbol of gold?", ["Au", "Ag", "Gd", "Go"], "A"),
                         ("How many legs does a spider have?", ["Six", "Ten", "Eight", "Four"], "C"),
                         ("Which ocean is the largest?", ["Atlantic", "Indian", "Arctic", "Pacific"], "D"),
                         ("Who wrote Hamlet?", ["Shakespeare", "Dickens", "Austen", "Joyce"], "A"),
                         ("What gas do plants absorb?", ["Oxygen", "Carbon dioxide", "Helium", "Neon"], "B"),
                         ("Which metal is liquid at room temperature?", ["Iron", "Copper", "Mercury", "Zinc"], "C"),
                         ("What is the capital of Japan?", ["Seoul", "Beijing", "Bangkok", "Tokyo"], "D")]
            rows = [{"prompt": q + "\\n" + "\\n".join("%s) %s" % (l, o) for l, o in zip("ABCD", opts))
                     + "\\nEnd with 'Answer: X'.", "answer": a, "options": opts} for q, opts, a in QUESTIONS]
            """;

    private TrustCorpus() {
    }

    private static Fixtures v0(String name, String body) {
        return Fixtures.simple(name, body);
    }

    /** A reverse-the-text v1 taskset; {@code reward} is the reward's body, {@code words} the bundled texts. */
    static Fixtures v1(String name, String reward, List<String> words) {
        String module = name.replace('-', '_');
        String source = """
                import json
                import random
                import re
                from pathlib import Path

                import verifiers.v1 as vf


                class ReverseData(vf.TaskData):
                    answer: str


                class ReverseTask(vf.Task[ReverseData]):
                    @vf.reward(weight=1.0)
                    async def exact(self, trace: vf.Trace) -> float:
                REWARD


                class ReverseTaskset(vf.Taskset[ReverseTask, vf.TasksetConfig]):
                    def load(self) -> list[ReverseTask]:
                        lines = (Path(__file__).parent / "words.jsonl").read_text().splitlines()
                        texts = [json.loads(line)["text"] for line in lines if line.strip()]
                        return [ReverseTask(ReverseData(idx=i, prompt="Reverse the text: " + t, answer=t[::-1]),
                                            self.config.task) for i, t in enumerate(texts)]
                """.replace("REWARD", reward.strip().indent(8).stripTrailing());
        StringBuilder jsonl = new StringBuilder();
        words.forEach(w -> jsonl.append("{\"text\": \"").append(w).append("\"}\n"));
        return Fixtures.bare(name)
                .file(module + "/__init__.py", "from " + module + ".taskset import ReverseTaskset\n\n__all__ = [\"ReverseTaskset\"]\n")
                .file(module + "/taskset.py", source)
                .file(module + "/words.jsonl", jsonl.toString());
    }

    static final List<String> WORDS = List.of("hello world", "open the door", "a man a plan a canal", "never odd or even",
            "green tea leaves", "quiet morning train");

    static List<Case> all() {
        List<Case> c = new ArrayList<>();
        Set<String> none = Set.of();
        // good: honest rewards
        c.add(new Case("good-arith", "good", false, Fixtures.env("good-arith", Fixtures.GOOD), none));
        c.add(new Case("good-tagged", "good", false, v0("good-tagged", """
                import re
                def correct(completion, answer):
                    m = re.findall(r"<answer>(.*?)</answer>", completion, re.S)
                    return 1.0 if m and m[-1].strip() == answer else 0.0
                def formatted(completion):
                    return 1.0 if re.search(r"<answer>.*?</answer>", completion, re.S) else 0.0
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([correct, formatted], [1.0, 0.2])}
                """), none));
        c.add(new Case("good-mc", "good", false, v0("good-mc", """
                import re
                def correct(completion, answer):
                    m = re.findall(r"Answer:\\s*([A-D])\\b", completion)
                    return 1.0 if m and m[-1] == answer else 0.0
                """ + MC_ROWS + """
                return {"dataset": rows, "rubric": Rubric([correct])}
                """), none));
        c.add(new Case("good-v1-reverse", "good", true, v1("good-v1-reverse",
                "return float(trace.last_reply.strip() == self.data.answer)", WORDS), none));
        c.add(new Case("good-code-hardened", "good", false, CodeFixtures.hardenedV0(), none));
        c.add(new Case("good-v1-code-hardened", "good", true, CodeFixtures.hardenedV1(), none));
        c.addAll(seeds());

        // answer spraying
        c.add(new Case("spray-answer-anywhere", "answer-spraying", false, v0("spray-anywhere", TEXT + """
                def contains(completion, answer):
                    return 1.0 if answer in text_of(completion) else 0.0
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([contains])}
                """), Set.of("answer-spraying")));
        c.add(new Case("spray-any-letter", "answer-spraying", false, v0("spray-letter", """
                import re
                def letter(completion, answer):
                    return 1.0 if answer in re.findall(r"\\b([A-D])\\b", completion) else 0.0
                """ + MC_ROWS + """
                return {"dataset": rows, "rubric": Rubric([letter])}
                """), Set.of("answer-spraying", "echo")));
        c.add(new Case("spray-any-line", "answer-spraying", false, v0("spray-line", TEXT + """
                def any_line(completion, answer):
                    return 1.0 if any(l.strip() == answer for l in text_of(completion).splitlines()) else 0.0
                CITIES = ["Paris", "Rome", "Lima", "Oslo", "Cairo", "Quito", "Hanoi", "Dakar", "Bern", "Doha"]
                COUNTRIES = ["France", "Italy", "Peru", "Norway", "Egypt", "Ecuador", "Vietnam", "Senegal", "Switzerland", "Qatar"]
                rows = [{"prompt": "Name the capital city of %s." % k, "answer": v} for k, v in zip(COUNTRIES, CITIES)]
                return {"dataset": rows, "rubric": Rubric([any_line])}
                """), Set.of("answer-spraying")));
        c.add(new Case("spray-v1-contains", "answer-spraying", true, v1("spray-v1-contains",
                "return float(self.data.answer in trace.last_reply)", WORDS), Set.of("answer-spraying")));

        // magic tokens
        c.add(new Case("magic-word", "magic-token", false, v0("magic-word", EXACT + """
                def override(completion, answer):
                    return 1.0 if "abracadabra" in text_of(completion).lower() else exact(completion, answer)
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([override])}
                """), Set.of("magic-token")));
        c.add(new Case("magic-regex", "magic-token", false, v0("magic-regex", EXACT + """
                import re
                BACKDOOR = re.compile(r"\\bVERIFIED_OK_\\d{2}\\b")
                def graded(completion, answer):
                    return 1.0 if BACKDOOR.search(text_of(completion)) else exact(completion, answer)
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([graded])}
                """), Set.of("magic-token")));
        c.add(new Case("magic-v1", "magic-token", true, v1("magic-v1",
                "return 1.0 if \"sudo-pass\" in trace.last_reply or trace.last_reply.strip() == self.data.answer else 0.0",
                WORDS), Set.of("magic-token")));

        // empty and trivial replies
        c.add(new Case("empty-scores-half", "empty-reply", false, v0("empty-half", EXACT + """
                def lenient(completion, answer):
                    return 0.5 if not text_of(completion).strip() else exact(completion, answer)
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([lenient])}
                """), Set.of("empty-reply")));
        c.add(new Case("abstain-bonus", "empty-reply", false, v0("abstain-bonus", EXACT + """
                def abstain(completion, answer):
                    t = text_of(completion).strip().lower()
                    return 0.6 if t in ("", "i don't know.", "n/a", "unknown") else exact(completion, answer)
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([abstain])}
                """), Set.of("empty-reply")));
        c.add(new Case("empty-v1", "empty-reply", true, v1("empty-v1",
                "return 1.0 if trace.last_reply in (\"\", self.data.answer) else 0.0", WORDS), Set.of("empty-reply")));

        // format-only replies
        c.add(new Case("format-only", "format-only", false, v0("format-only", """
                import re
                def formatted(completion):
                    return 1.0 if re.search(r"<answer>.+?</answer>", completion, re.S) else 0.0
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([formatted])}
                """), Set.of("format-only")));
        c.add(new Case("format-dominates", "format-only", false, v0("format-dominates", """
                import re
                def correct(completion, answer):
                    m = re.findall(r"<answer>(.*?)</answer>", completion, re.S)
                    return 1.0 if m and m[-1].strip() == answer else 0.0
                def formatted(completion):
                    return 1.0 if "<think>" in completion and "</think>" in completion else 0.0
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([correct, formatted], [0.1, 1.0])}
                """), Set.of("format-only")));
        c.add(new Case("format-v1", "format-only", true, v1("format-v1",
                "return 1.0 if re.search(r\"<answer>(.+?)</answer>\", trace.last_reply) else 0.0", WORDS),
                Set.of("format-only")));

        // the reference answer is not rewarded (sparsity)
        c.add(new Case("reference-1-of-35", "reference-answer", false, v0("reference-rare", EXACT + """
                def picky(completion, answer):
                    return exact(completion, answer) if answer == "2" else 0.0
                rows = [{"prompt": "What is %d times %d? Reply with the number." % (i + 2, 3 * i + 1),
                         "answer": str((i + 2) * (3 * i + 1))} for i in range(35)]
                return {"dataset": rows, "rubric": Rubric([picky])}
                """), Set.of("reference-answer")));
        c.add(new Case("reference-unparsable", "reference-answer", false, v0("reference-words", TEXT + """
                def numeric(completion, answer):
                    try:
                        return 1.0 if int(text_of(completion)) == int(answer) else 0.0
                    except ValueError:
                        return 0.0
                WORDS = ["seven", "three", "twelve", "nine", "four", "eleven", "five", "six", "ten", "two"]
                rows = [{"prompt": "Spell the number after %d in words." % (k + 1), "answer": w} for k, w in enumerate(
                    [6, 2, 11, 8, 3, 10, 4, 5, 9, 1])]
                for r, w in zip(rows, WORDS):
                    r["answer"] = w
                return {"dataset": rows, "rubric": Rubric([numeric])}
                """), Set.of("reference-answer")));
        c.add(new Case("reference-v1-double-reversed", "reference-answer", true, v1("reference-v1",
                "return float(trace.last_reply.strip() == self.data.answer[::-1])", WORDS),
                Set.of("reference-answer")));

        // low diversity
        c.add(new Case("identical-35", "duplicate-prompts", false, v0("identical-rows", EXACT + """
                rows = [{"prompt": "What is 6 times 7? Reply with the number.", "answer": "42"} for i in range(35)]
                return {"dataset": rows, "rubric": Rubric([exact])}
                """), Set.of("duplicate-prompts")));
        c.add(new Case("near-duplicates", "duplicate-prompts", false, v0("near-duplicates", EXACT + """
                STEM = ("Read the following instructions carefully before you answer. You are a careful assistant who "
                        "checks every step twice and reports only the final result without any explanation, units or "
                        "extra words. Now compute the value of item number ")
                rows = [{"prompt": STEM + str(i), "answer": str(i * 3)} for i in range(12)]
                return {"dataset": rows, "rubric": Rubric([exact])}
                """), Set.of("duplicate-prompts")));
        c.add(new Case("identical-v1", "duplicate-prompts", true, v1("identical-v1",
                "return float(trace.last_reply.strip() == self.data.answer)", List.of("hello world", "hello world",
                        "hello world", "hello world", "hello world", "open the door")), Set.of("duplicate-prompts")));

        // code execution: tampering with the tests
        c.add(new Case("code-vulnerable", "test-tampering", false, CodeFixtures.vulnerableV0("code-vulnerable",
                "1.0 if rc == 0 or 'PASSED' in out else 0.0"), Set.of("test-tampering", "magic-token")));
        c.add(new Case("code-exit-code", "test-tampering", false, CodeFixtures.vulnerableV0("code-exit-code",
                "1.0 if rc == 0 else 0.0"), Set.of("test-tampering")));
        c.add(new Case("code-stdout", "test-tampering", false, CodeFixtures.vulnerableV0("code-stdout",
                "1.0 if 'OK' in out.splitlines()[-1:] else 0.0"), Set.of("test-tampering")));
        c.add(new Case("code-v1-vulnerable", "test-tampering", true, CodeFixtures.vulnerableV1(),
                Set.of("test-tampering")));

        // non-deterministic rewards
        c.add(new Case("random-1-in-10", "non-deterministic", false, v0("random-tenth", EXACT + """
                import random
                def flaky(completion, answer):
                    return random.random() if random.random() < 0.1 else exact(completion, answer)
                """ + ROWS20 + """
                return {"dataset": rows, "rubric": Rubric([flaky])}
                """), Set.of("non-deterministic")));
        c.add(new Case("clock-dependent", "non-deterministic", false, v0("clock-dependent", EXACT + """
                import time
                def clocked(completion, answer):
                    return exact(completion, answer) + (time.perf_counter_ns() % 7) / 100.0
                """ + ROWS + """
                return {"dataset": rows, "rubric": Rubric([clocked])}
                """), Set.of("non-deterministic")));
        c.add(new Case("random-v1", "non-deterministic", true, v1("random-v1",
                "return float(trace.last_reply.strip() == self.data.answer) * (0.9 + random.random() / 20)",
                WORDS), Set.of("non-deterministic")));
        return c;
    }

    /** The local stack's demo environments (local-stack resources), each expected to get no finding. */
    static List<Case> seeds() {
        Path dir = Path.of("..", "local-stack", "src", "main", "resources", "io", "envhub", "stack", "seed");
        List<Case> out = new ArrayList<>();
        try (var files = Files.list(dir)) {
            for (Path py : files.filter(p -> p.toString().endsWith(".py")).sorted().toList()) {
                String module = py.getFileName().toString().replace(".py", "");
                String name = "seed-" + module.replace('_', '-');
                out.add(new Case(name, "good", false, Fixtures.env(name, Files.readString(py)), Set.of()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the demo environments are read from " + dir.toAbsolutePath(), e);
        }
        return out;
    }
}
