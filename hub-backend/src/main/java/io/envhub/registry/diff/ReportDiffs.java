package io.envhub.registry.diff;

import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionDiff.CheckChange;
import io.envhub.contract.api.VersionDiff.ValidationChange;
import io.envhub.contract.report.CheckResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The validation outcomes of two versions compared: the verdict's code, the trust flags raised and cleared (by code),
 * and the checks whose status changed, in the newer report's order.
 */
final class ReportDiffs {
    private ReportDiffs() {
    }

    static ValidationChange compare(Verdict from, Verdict to, List<CheckResult> checksFrom, List<CheckResult> checksTo) {
        List<Verdict.TrustFlag> flagsA = from == null ? List.of() : from.trustFlags();
        List<Verdict.TrustFlag> flagsB = to == null ? List.of() : to.trustFlags();
        Set<String> codesA = flagsA.stream().map(Verdict.TrustFlag::code).collect(Collectors.toSet());
        Set<String> codesB = flagsB.stream().map(Verdict.TrustFlag::code).collect(Collectors.toSet());
        List<Verdict.TrustFlag> raised = flagsB.stream().filter(f -> !codesA.contains(f.code())).toList();
        List<Verdict.TrustFlag> cleared = flagsA.stream().filter(f -> !codesB.contains(f.code())).toList();
        return new ValidationChange(from == null ? null : from.trustStatus(), to == null ? null : to.trustStatus(), raised,
                cleared, checks(checksFrom, checksTo));
    }

    private static List<CheckChange> checks(List<CheckResult> from, List<CheckResult> to) {
        Map<String, CheckResult> a = byId(from);
        Map<String, CheckResult> b = byId(to);
        List<CheckChange> out = new ArrayList<>();
        for (CheckResult cb : b.values()) {
            CheckResult ca = a.get(cb.id());
            if (ca == null || !Objects.equals(ca.status(), cb.status())) {
                out.add(new CheckChange(cb.id(), ca == null ? null : ca.status(), cb.status(), cb.message()));
            }
        }
        for (CheckResult ca : a.values()) {
            if (!b.containsKey(ca.id())) {
                out.add(new CheckChange(ca.id(), ca.status(), null, ca.message()));
            }
        }
        return out;
    }

    private static Map<String, CheckResult> byId(List<CheckResult> checks) {
        Map<String, CheckResult> out = new LinkedHashMap<>();
        for (CheckResult c : checks) {
            out.putIfAbsent(c.id(), c);
        }
        return out;
    }
}
