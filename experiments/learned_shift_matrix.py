"""Does a head trained on "token k back" with sinusoidal positions learn M_k, as the paper hypothesised?

Section 3.5 of the paper: the sinusoids were chosen because "we hypothesized it would allow the model to easily
learn to attend by relative positions, since for any fixed offset k, PE(pos+k) can be represented as a linear
function of PE(pos)". A head attends through the bilinear form s(m, n) = x_m^T W x_n, W = W_Q^T W_K / sqrt(d_head).
If it uses the shift, the position part of W should look like M_k: in each sin/cos pair i, a rotation by w_i k.

Beside each measure, what chance gives: a random 2x2 block's rotation share (exact: for iid Gaussian entries the
squared share is uniform on [0, 1]), the random-initialised head, and two measures that do not depend on the basis
the table is written in: where the position-only scores peak, and how much of them a function of the offset alone
explains (the relative share). The figures are drawn from the saved JSON by snippets/evidence/.
"""

import math

from pelib import docenv
import _experiment
import torch
from pelib import training
from pelib.shift import shift_matrix
from pelib.training import Config
from reference import frequencies

# --8<-- [start:setup]
BASE = Config(task="k_back", k=3, position="sin_add", n_layers=1, n_heads=1, d_model=32, min_len=8, max_len=16,
              max_positions=16, steps=800)
FAST_PAIRS = 4  # pairs 0-3: wavelengths 2 pi / w_i from 6.3 to 35 positions, at most about twice the training length
OFFSETS = range(0, 9)  # compare W with M_j for these j
# --8<-- [end:setup]


def score_matrix(model: training.TinyTransformer) -> torch.Tensor:
    """W = W_Q^T W_K / sqrt(d_head) of the first layer's only head: its score is x_m^T W x_n."""
    attn = model.layers[0].attn
    return (attn.q.weight.T @ attn.k.weight).detach().double() / math.sqrt(attn.dh)


def pair_rotations(w: torch.Tensor) -> list[tuple[float, float]]:
    """For each 2x2 diagonal block of W (pair i): the angle of its rotation part [[a, b], [-b, a]] and the share
    of the block's Frobenius norm that rotation part holds (1: a scaled rotation exactly)."""
    out = []
    for i in range(w.shape[0] // 2):
        block = w[2 * i : 2 * i + 2, 2 * i : 2 * i + 2]
        a, b = (block[0, 0] + block[1, 1]) / 2, (block[0, 1] - block[1, 0]) / 2
        out.append((math.atan2(b, a), math.sqrt(2 * (a * a + b * b)) / float(block.norm())))
    return out


def random_share_quantile(q: float, blocks: int = 1) -> float:
    """The q-quantile of the smallest rotation share among `blocks` random 2x2 blocks with iid Gaussian entries.
    The block's rotation part (a, b) and its reflection part are independent with equal variance, so the squared
    share a^2 + b^2 over the total is uniform on [0, 1]: P(share >= c) = 1 - c^2, and for the smallest of n blocks
    (1 - c^2)^n."""
    return math.sqrt(1 - (1 - q) ** (1 / blocks))


def diagonal_share(w: torch.Tensor, pairs: int) -> float:
    """Share of the squared norm of W's first `pairs` pairs (its 2p x 2p corner) in the 2x2 blocks of single pairs;
    the rest lies in the blocks between different pairs. M_k has all of it on the diagonal; iid entries, 1/pairs."""
    corner = w[: 2 * pairs, : 2 * pairs]
    diagonal = sum(float(corner[2 * i : 2 * i + 2, 2 * i : 2 * i + 2].pow(2).sum()) for i in range(pairs))
    return diagonal / float(corner.pow(2).sum())


def relative_share(scores: torch.Tensor) -> float:
    """How much of the position-only scores s(q, n) (keys n <= q) a function of the offset q - n explains, once each
    query's own mean is set aside (softmax ignores it): 1 - residual / variance of the least-squares fit
    s(q, n) ~ f(q - n) + g(q). Basis-free: writing the table in another basis leaves the scores unchanged."""
    length = scores.shape[0]
    entries = [(q, n) for q in range(length) for n in range(q + 1)]
    design = torch.zeros(len(entries), 2 * length, dtype=torch.float64)
    target = torch.tensor([float(scores[q, n]) for q, n in entries], dtype=torch.float64)
    for row, (q, n) in enumerate(entries):
        design[row, q - n] = 1.0
        design[row, length + q] = 1.0
    fit = torch.linalg.lstsq(design, target[:, None], driver="gelsd").solution
    residual = float(((design @ fit)[:, 0] - target).pow(2).sum())
    query_means = torch.zeros(length, dtype=torch.float64).index_add_(
        0, torch.tensor([q for q, _ in entries]), target) / torch.arange(1, length + 1, dtype=torch.float64)
    within = float((target - query_means[[q for q, _ in entries]]).pow(2).sum())
    return 1.0 - residual / within


def wrapped(angle: float) -> float:
    """`angle` brought into (-pi, pi]."""
    return math.atan2(math.sin(angle), math.cos(angle))


def cosine(a: torch.Tensor, b: torch.Tensor) -> float:
    return float((a * b).sum() / (a.norm() * b.norm()))


def position_scores(model: training.TinyTransformer, w: torch.Tensor) -> torch.Tensor:
    """The position-only scores p_q^T W p_n of every query q and key n below max_len."""
    table = model.table[: model.cfg.max_len].detach().double()
    return table @ w @ table.T


def position_hits(model: training.TinyTransformer, w: torch.Tensor) -> int:
    """Queries q (k <= q < max_len) whose position-only score p_q^T W p_n, over the keys n <= q, peaks at n = q - k."""
    cfg = model.cfg
    s = position_scores(model, w)
    return sum(int(s[q, : q + 1].argmax()) == q - cfg.k for q in range(cfg.k, cfg.max_len))


def measure(base: Config, seeds: tuple[int, ...], count: int) -> dict:
    """What each head shows, at the precision that the CPU's vector kernel does not change.

    Training in float64 still ends a few last bits apart under different kernels, and Adam turns those into small
    drifts of what the loss does not constrain (the slow pairs, one token in a thousand). So the results hold the
    fast pairs' angles and errors at two decimals, where they are pinned, and everything else at one decimal or as
    a whole percentage (checked under ATEN_CPU_CAPABILITY=avx512, avx2 and default).
    """
    d, k = base.d_model, base.k
    expected_full = [wrapped(float(o) * k) for o in frequencies(d)]
    results = {}
    rates = {"sin_add": _experiment.tune(base), "learned": _experiment.tune(base.replace(position="learned"))}
    for label, cfg_of in (("trained", lambda s: base.replace(seed=s, lr=rates["sin_add"]["lr"])),
                          ("random_init", lambda s: base.replace(seed=s, steps=0)),
                          ("learned", lambda s: base.replace(seed=s, position="learned", lr=rates["learned"]["lr"]))):
        for seed in seeds:
            cfg = cfg_of(seed)
            model = training.train(cfg)
            w = score_matrix(model)
            right, total = training.correct(model, *training.eval_batch(cfg, cfg.max_len, count, seed))
            rotations = pair_rotations(w)
            error = [abs(wrapped(a - e)) for (a, _), e in zip(rotations, expected_full)]
            results[f"{label}/{seed}"] = {
                "tokens_right": _experiment.percent(right / total),
                "angles": [round(a, 1) + 0.0 for a, _ in rotations],
                "fast_angles": [round(a, 2) + 0.0 for a, _ in rotations[:FAST_PAIRS]],
                "fast_error": round(max(error[:FAST_PAIRS]), 2) + 0.0,
                "fast_share": round(min(r for _, r in rotations[:FAST_PAIRS]), 2) + 0.0,
                "slow_error": round(max(error[FAST_PAIRS:]), 1) + 0.0,
                "cosine_with_M": {str(j): round(cosine(w, shift_matrix(d, j)), 2) + 0.0 for j in OFFSETS},
                "position_hits": position_hits(model, w),
                "relative_share": round(relative_share(position_scores(model, w)), 2) + 0.0,
                "diagonal_share": round(diagonal_share(w, FAST_PAIRS), 2) + 0.0,
                "queries": base.max_len - k,
                "w_fast": [[round(v, 1) + 0.0 for v in row] for row in w[: 2 * FAST_PAIRS, : 2 * FAST_PAIRS].tolist()],
            }
    expected = [round(wrapped(float(o) * k), 2) + 0.0 for o in frequencies(d)]
    return {"results": results, "expected_angles": expected, "rates": rates,
            "random_block": {"median_share": round(random_share_quantile(0.5), 2),
                             f"median_smallest_of_{FAST_PAIRS}": round(random_share_quantile(0.5, FAST_PAIRS), 2),
                             "diagonal_share_iid": round(1 / FAST_PAIRS, 2)}}


def main() -> None:
    base, seeds, count = BASE, _experiment.seeds(), 64
    if _experiment.reduced():
        base, count = base.replace(steps=10), 4
    data = measure(base, seeds, count)
    results = data["results"]
    docenv.save_json({"config": {**vars(base), "seeds": seeds, "fast_pairs": FAST_PAIRS}, **data,
                      "numerics": _experiment.numerics()})
    k, d = base.k, base.d_model

    rows = []
    for label, name in (("trained", "sinusoidal, trained"), ("random_init", "sinusoidal, random init"),
                        ("learned", "learned absolute, trained")):
        r = [results[f"{label}/{s}"] for s in seeds]
        fast_error = [x["fast_error"] for x in r] if label != "learned" else None
        rows.append([
            name,
            ", ".join(x["tokens_right"] for x in r),
            ", ".join(f"{x['position_hits']}/{x['queries']}" for x in r),
            ", ".join(_experiment.num(x['cosine_with_M'][str(k)]) for x in r),
            ", ".join(_experiment.num(e) for e in fast_error) if fast_error else "(no pairs)",
            ", ".join(_experiment.num(x["fast_share"]) for x in r) if label != "learned" else "(no pairs)",
            ", ".join(_experiment.num(x["diagonal_share"]) for x in r) if label != "learned" else "(no pairs)",
            ", ".join(_experiment.num(x["relative_share"]) for x in r),
        ])
    rows.append(["chance: iid random entries", "–", "–", "–", "–",
                 f"median {_experiment.num(data['random_block'][f'median_smallest_of_{FAST_PAIRS}'])}",
                 _experiment.num(data["random_block"]["diagonal_share_iid"]), "–"])
    header = ["model", "tokens right", "position-only score peaks at k back", f"cos(W, M_{k})",
              "largest angle error, pairs 0-3 (rad)", "smallest rotation share, pairs 0-3",
              "norm share on the pairs' own blocks, pairs 0-3", "relative share of the position scores"]
    docenv.save_markdown(docenv.markdown_table(header, rows, "lrrrrrrr")
                         + f"\n\nOne number per seed ({', '.join(map(str, seeds))}).")

    values = {"steps": str(base.steps), "k": str(k), "d_model": str(d), "max_len": str(base.max_len),
              "fast_pairs": str(FAST_PAIRS), "seeds": str(len(seeds)),
              "random_median_share": _experiment.num(data["random_block"]["median_share"]),
              "random_median_smallest": _experiment.num(data["random_block"][f"median_smallest_of_{FAST_PAIRS}"]),
              "diagonal_share_iid": _experiment.num(data["random_block"]["diagonal_share_iid"]),
              "sin_lr": f"{data['rates']['sin_add']['lr']:g}", "learned_lr": f"{data['rates']['learned']['lr']:g}"}
    for label in ("trained", "random_init", "learned"):
        r = [results[f"{label}/{s}"] for s in seeds]
        values[f"{label}_cos_k"] = ", ".join(_experiment.num(x['cosine_with_M'][str(k)]) for x in r)
        values[f"{label}_hits"] = ", ".join(f"{x['position_hits']}/{x['queries']}" for x in r)
        values[f"{label}_relative"] = _experiment.median_range([x["relative_share"] for x in r])
        if label != "learned":
            values[f"{label}_fast_error"] = ", ".join(_experiment.num(x["fast_error"]) for x in r)
            values[f"{label}_fast_share"] = ", ".join(_experiment.num(x["fast_share"]) for x in r)
            values[f"{label}_diagonal"] = _experiment.median_range([x["diagonal_share"] for x in r])
    docenv.save_values(values)
    print(f"token {k} back, one layer, one head, d_model {d}, {base.steps} steps, seeds {seeds}")


if __name__ == "__main__":
    main()
