"""The claims of docs/explorer.md, each with what makes it true."""

from claimcheck import Ledger, pending

LEDGER = Ledger('explorer.md', [
    pending('interactive-explorer',
            'Interactive explorer'),
    pending('change-the-width-the',
            'Change the width, the base and the number of positions, and watch the table, one pair of columns, the dot product and the shift matrix \\(M_k\\) follow.'),
    pending('everything-is-computed-in',
            'Everything is computed in your browser, in float64, from the formula of the [reference implementation](reference.md); nothing is fetched.'),
    pending('what-to-try',
            'What to try'),
    pending('set-the-offset-k',
            '**Set the offset k and move p.** The solid curve of the dot product does not move: \\(\\mathrm{PE}(p) \\cdot \\mathrm{PE}(p+k) = \\sum_i \\cos(\\omega_i k)\\) depends on the offset only, so it lies on the dashed \\(p = 0\\) curve.'),
    pending('with-an-odd-d',
            'With an odd `d_model` the lone sine column adds \\(\\sin(\\omega p)\\sin(\\omega (p+k))\\), which does depend on \\(p\\): the two curves part.'),
    pending('the-lone-column-is',
            'The lone column is the slowest one, so with base 10000 try \\(p\\) in the thousands.'),
    pending('properties-properties-md-the',
            '([Properties](properties.md#the-dot-product-depends-only-on-the-offset) derives the sum; [the formula page](formula.md#odd-d_model-a-lone-sine) explains the lone sine.)'),
    pending('raise-the-base-the',
            '**Raise the base.** The slowest pair turns more slowly, and the top of the heatmap turns into flat bands ([what the base sets](base.md#what-the-base-sets) measures the trade).'),
    pending('pick-a-pair-and',
            '**Pick a pair and an offset.** \\(M_k\\) turns the point \\((\\sin \\omega_i p, \\cos \\omega_i p)\\) by the angle \\(\\omega_i k\\) whatever \\(p\\) is: the same matrix moves every position by \\(k\\) ([the proof, one pair at a time](linearity.md#the-proof-one-pair-at-a-time)).'),
    pending('the-numbers-are-the',
            "The numbers are the reference's"),
    pending('each-block-of-m',
            'Each block of \\(M_k\\) is read off row \\(k\\) of the reference table, which holds \\(\\sin(\\omega_i k)\\) and \\(\\cos(\\omega_i k)\\) side by side:'),
    pending('the-snippet-exports-the',
            "The snippet exports the rows, the dot products and the shifted vectors for {{ gen.explorer_reference_values.settings }} settings (one of them the paper's `d_model = 512` at position 900, one with an odd width); a browser test sets the same values in the controls above and checks that what this page computes matches them to within {{ gen.explorer_reference_values.tolerance }} (the float32 level):"),
    pending('mathrm-pe-p-2i',
            '\\[ \\mathrm{PE}(p, 2i) = \\sin(\\omega_i\\, p), \\qquad \\mathrm{PE}(p, 2i+1) = \\cos(\\omega_i\\, p), \\qquad \\omega_i = \\text{base}^{-2i/d_\\text{model}} . \\]'),
])

test_claims_hold = LEDGER.test
