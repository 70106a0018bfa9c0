"""Diversity of the dataset's prompts: exact duplicates after normalising (case, whitespace, punctuation, number
formatting), near-duplicates by word 3-gram shingles (Jaccard), and the share of distinct word 3-grams."""
import re

NEAR = 0.8
NEAR_ROWS = 400
SHOWN = 300


def normalise(text):
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text.lower())
    return " ".join(re.findall(r"\w+", text))


def shingles(words):
    if len(words) < 3:
        return {" ".join(words)}
    return {" ".join(words[k:k + 3]) for k in range(len(words) - 2)}


def measure(prompts):
    """prompts: list of prompt texts. Figures and the first duplicate found (row, earlier row, kind)."""
    norm = [normalise(p) for p in prompts]
    first = {}
    duplicates, example = [], None
    for i, n in enumerate(norm):
        if n in first:
            duplicates.append(i)
            example = example or {"row": i, "of": first[n], "kind": "exact", "prompt": prompts[i][:SHOWN]}
        else:
            first[n] = i
    words = [n.split() for n in norm]
    sets = [shingles(w) for w in words[:NEAR_ROWS]]
    near_pairs, near_rows = 0, set()
    for i in range(len(sets)):
        for j in range(i):
            if norm[i] == norm[j]:
                continue
            a, b = sets[i], sets[j]
            union = len(a | b)
            if union and len(a & b) / union >= NEAR:
                near_pairs += 1
                if i not in near_rows:
                    near_rows.add(i)
                    example = example or {"row": i, "of": j, "kind": "near", "prompt": prompts[i][:SHOWN]}
                break
    grams, total = set(), 0
    for w in words:
        g = [tuple(w[k:k + 3]) for k in range(max(0, len(w) - 2))]
        total += len(g)
        grams.update(g)
    repeated = len(set(duplicates) | near_rows)
    return {"rows": len(prompts), "distinct": len(first), "nearDuplicatePairs": near_pairs,
            "repeatedRows": repeated, "ngramDiversity": len(grams) / total if total else None, "example": example}
