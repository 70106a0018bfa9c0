package io.envhub.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes run directories the way verifiers v1's {@code vf-eval} does ({@code configs/eval.json}, the resolved run
 * config; {@code traces.jsonl}, one episode per line, here one trace per episode as the eval runner appends them): a
 * tool-using task per episode (a system and a user message, an assistant turn calling {@code calculator}, the tool's
 * result, a final assistant answer in {@code <answer>} tags), two reward functions ({@code correct}, weight 1;
 * {@code format}, score 1 and weight 0.2), a metric {@code num_turns}, a stop condition, and wall-clock timing: episode
 * {@code i} starts at {@link #START} + 10·i seconds and ends 4.5 s later.
 */
public final class V1RunDirs {
    /** Epoch seconds of the first trace's start: 2026-11-30T12:00:00Z. */
    public static final double START = 1_796_040_000.0;

    private V1RunDirs() {
    }

    /** Writes the directory and returns it; {@code tasksetId} goes to {@code env.taskset.id} and each episode's env id. */
    public static Path write(Path dir, String tasksetId, String model, int tasks, int rollouts, EvalRunDirs.Reward correct) {
        try {
            Files.createDirectories(dir.resolve("configs"));
            Files.writeString(dir.resolve("configs/eval.json"), String.format(Locale.ROOT, """
                    {"env": {"id": "", "taskset": {"id": "%s", "task": {}, "system_prompt": null}, "max_concurrent_agents": 1},
                     "model": "%s", "client": {"base_url": "https://api.example.test/v1?key=secret", "api_key_var": "KEY"},
                     "sampling": {"temperature": 0.6, "top_p": null, "reasoning_effort": null, "max_tokens": 1024},
                     "num_tasks": %d, "num_rollouts": %d, "shuffle": false, "max_concurrent": 128, "verbose": false,
                     "push": false, "output_dir": "outputs", "run": {"name": "x", "dir": "x"}}
                    """, tasksetId, model, tasks, rollouts), StandardCharsets.UTF_8);
            StringBuilder lines = new StringBuilder();
            int i = 0;
            for (int t = 0; t < tasks; t++) {
                for (int r = 0; r < rollouts; r++) {
                    lines.append(episode(tasksetId, model, t, r, correct.of(t, r), START + 10.0 * i++)).append('\n');
                }
            }
            Files.writeString(dir.resolve("traces.jsonl"), lines.toString(), StandardCharsets.UTF_8);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One episode line (no line break inside). */
    public static String episode(String tasksetId, String model, int task, int rollout, double correct, double start) {
        String answer = correct >= 1 ? String.valueOf(task * 7) : "unsure";
        return String.format(Locale.ROOT, """
                {"id": "ep-%1$d-%2$d", "env": {"id": "%3$s"}, "task": {"type": "MathTask", "data": {"idx": %1$d,
                 "question": "What is %1$d times 7?", "answer": "%5$d"}, "key": "task-%1$d", "hash": "h%1$d"},
                 "run": {"type": "eval", "id": "run-1", "name": "x"}, "ok": true, "errors": [],
                 "traces": [{"version": 1, "id": "tr-%1$d-%2$d", "verifiers": {"version": "1.0.0", "commit": "a60a606"},
                  "task": {"type": "MathTask", "data": {"idx": %1$d, "question": "What is %1$d times 7?", "answer": "%5$d"},
                   "key": "task-%1$d", "hash": "h%1$d"},
                  "agent": {"config": {"model": "%4$s", "harness": {"id": "default"}}, "name": "agent", "trainable": true},
                  "tools": [{"name": "calculator", "description": "Evaluates an arithmetic expression",
                   "parameters": {"type": "object", "properties": {"expression": {"type": "string"}}}}],
                  "nodes": [
                   {"message": {"role": "system", "content": "Answer inside <answer></answer> tags."}, "sampled": false,
                    "timestamp": %6$.3f},
                   {"parent": 0, "message": {"role": "user", "content": "What is %1$d times 7?"}, "sampled": false,
                    "timestamp": %6$.3f},
                   {"parent": 1, "message": {"role": "assistant", "content": "Let me compute.", "tool_calls": [{"id":
                    "call-%1$d-%2$d", "name": "calculator", "arguments": "{\\"expression\\": \\"%1$d*7\\"}"}]},
                    "sampled": true, "timestamp": %7$.3f},
                   {"parent": 2, "message": {"role": "tool", "tool_call_id": "call-%1$d-%2$d", "content": "%5$d",
                    "name": "calculator"}, "sampled": false, "timestamp": %7$.3f},
                   {"parent": 3, "message": {"role": "assistant", "content": "<answer>%8$s</answer>"}, "sampled": true,
                    "timestamp": %9$.3f}],
                  "calls": [{"node": 2, "model": "%4$s", "finish_reason": "tool_calls", "time": {"start": %6$.3f, "end": %7$.3f},
                    "usage": {"prompt_tokens": 40, "completion_tokens": 12}},
                   {"node": 4, "model": "%4$s", "finish_reason": "stop", "time": {"start": %7$.3f, "end": %9$.3f},
                    "usage": {"prompt_tokens": 60, "completion_tokens": 8}}],
                  "rewards": {"correct": {"score": %10$s, "weight": 1.0}, "format": {"score": 1.0, "weight": 0.2}},
                  "metrics": {"num_turns": 2.0}, "info": {}, "is_completed": true, "ok": true,
                  "stop_condition": "no_tool_calls", "errors": [],
                  "timing": {"start": %6$.3f, "boot": {"start": %6$.3f, "end": %6$.3f}, "setup": {"start": %6$.3f, "end": %6$.3f},
                   "agent": {"start": %6$.3f, "end": %9$.3f, "model": {"duration": 3.0}, "harness": {"duration": 0.5}},
                   "finalize": {"start": %9$.3f, "end": %9$.3f}, "scoring": {"start": %9$.3f, "end": %11$.3f}}}]}
                """, task, rollout, tasksetId, model, task * 7, start, start + 2, answer, start + 4, correct, start + 4.5)
                .replace("\n", "");
    }
}
