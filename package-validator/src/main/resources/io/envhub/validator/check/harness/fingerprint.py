"""The dataset fingerprint: MinHash over word 5-shingles, 128 permutations h(x) = (a*x + b) mod (2^61 - 1),
LSH keys of 16 bands x 8 values; see io.envhub.format.fingerprint.Fingerprint for the format and estimator."""
import base64
import hashlib

from .values import prompt_of, text_of

MERSENNE = (1 << 61) - 1
PERMUTATIONS = 128
BANDS = 16
ROWS_PER_BAND = 8
SHINGLE = 5


def _u64(data):
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


PERMS = [(_u64(b"envhub-minhash-a-%d" % i) % (MERSENNE - 1) + 1, _u64(b"envhub-minhash-b-%d" % i) % MERSENNE)
         for i in range(PERMUTATIONS)]


def row_text(row):
    return text_of(prompt_of(row)) + " " + text_of(row.get("answer"))


def words(text):
    out, cur = [], []
    for ch in text.lower():
        if ch.isalpha() or ch.isdecimal():
            cur.append(ch)
        elif cur:
            out.append("".join(cur))
            cur = []
    if cur:
        out.append("".join(cur))
    return out


def shingle_hashes(text):
    w = words(text)
    if len(w) <= SHINGLE:
        grams = [" ".join(w)]
    else:
        grams = [" ".join(w[i:i + SHINGLE]) for i in range(len(w) - SHINGLE + 1)]
    return sorted({_u64(g.encode("utf-8")) % MERSENNE for g in grams})


def min_perm(xs, ab):
    a, b = ab
    return min([(a * x + b) % MERSENNE for x in xs])


def fingerprint(rows, limit):
    hashed = [shingle_hashes(row_text(r)) for r in rows]
    h0 = [min_perm(xs, PERMS[0]) >> 29 for xs in hashed]
    order = sorted(range(len(rows)), key=lambda i: (h0[i], i))
    if len(rows) <= limit:
        threshold, chosen = 0xFFFFFFFF, list(range(len(rows)))
    else:
        threshold = h0[order[limit - 1]]
        chosen = [i for i in range(len(rows)) if h0[i] <= threshold]
    data = bytearray()
    for i in chosen:
        sig = [min_perm(hashed[i], ab) for ab in PERMS]
        data += h0[i].to_bytes(4, "big")
        for band in range(BANDS):
            chunk = bytes([band]) + b"".join(v.to_bytes(8, "big") for v in sig[band * ROWS_PER_BAND:(band + 1) * ROWS_PER_BAND])
            data += hashlib.sha256(chunk).digest()[:4]
    return {"algorithm": "minhash-lsh/v1", "permutations": PERMUTATIONS, "shingleWords": SHINGLE, "bands": BANDS,
            "rowsPerBand": ROWS_PER_BAND, "rows": len(rows), "sampledRows": len(chosen), "threshold": threshold,
            "rowData": base64.b64encode(bytes(data)).decode("ascii")}
