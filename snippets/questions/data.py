"""Questions people asked in public about the encoding, each in our own words, with its source and its answer."""

from pelib import docenv
from dataclasses import dataclass

# How to add a question (by hand; regen re-runs this file and listing.py when it changes):
#   - write it as a sentence of our own, never the asker's words;
#   - `source`: the address where it was asked (an issue, a pull request thread, a Q&A page);
#   - `topic`: a key of TOPICS;
#   - `answer`: the page and anchor that answer it, as a link from docs/ ("formula.md#the-formula"),
#     or leave it empty and say in `open` why the site does not answer it.
# tests/test_questions.py fails when an answer's anchor no longer exists, or a question has neither.


@dataclass(frozen=True)
class Question:
    text: str
    source: str
    topic: str
    answer: str = ""
    open: str = ""


# The topics in the order the page lists them: key -> the heading a reader scans for.
TOPICS = {
    "why": "Why a Transformer needs positions",
    "intuition": "How sines and cosines can mark a position",
    "sin-cos": "Why a sine and a cosine",
    "formula": "Reading the formula and its indices",
    "log-space": "Why code computes the frequencies as exp of a log",
    "base": "The base 10000 and the wavelengths",
    "relative": "Relative positions, linearity and the dot product",
    "add": "Adding it to the embeddings",
    "scale": "Scaling the embeddings by √d",
    "layout": "Interleaved, split or flipped columns",
    "conventions": "Other libraries' conventions",
    "odd": "Odd widths",
    "padding": "Padding and the first position",
    "length": "Maximum length and longer inputs",
    "learned": "Learned, fixed and saved tables",
    "shapes": "Shapes, axes and decoding",
    "where": "Where the encoding goes: encoder, decoder, layers",
    "dropout": "Dropout on the encoding",
    "timesteps": "Timesteps, continuous values and Fourier features",
    "grids": "Images and grids",
    "rope": "RoPE and relative encodings",
    "precision": "Precision",
}

QUESTIONS = (
    # why
    Question("Why does a time-series classification transformer work without any positional encoding, and does "
             "leaving it out hurt?",
             "https://github.com/keras-team/keras-io/issues/1894", "why", "faq.md#is-self-attention-permutation-invariant"),
    Question("If permuting the input changes a model's next-token prediction, in what sense does self-attention "
             "ignore order?",
             "https://datascience.stackexchange.com/questions/122865/"
             "what-does-it-mean-order-of-input-sequence-does-not-matter-for-transformer-self-a",
             "why", "faq.md#is-self-attention-permutation-invariant"),
    Question("The embeddings already sit in the input matrix in sentence order, so why is a position encoding "
             "still needed?",
             "https://ai.stackexchange.com/questions/40390/what-is-the-intuition-behind-position-encoding", "why",
             "why-positions.md#self-attention-cannot-see-order"),
    # intuition
    Question("What does the frequency in the encoding represent, and why is the position multiplied by it?",
             "https://github.com/gordicaleksa/pytorch-original-transformer/issues/5", "intuition",
             "formula.md#the-formula"),
    Question("If two sentences have the same length, do they get exactly the same positional encoding?",
             "https://github.com/soskek/attention_is_all_you_need/issues/4", "intuition", "formula.md#the-formula"),
    Question("How can sine and cosine functions keep the relation between positions at all, and why sine for even "
             "indices and cosine for odd ones?",
             "https://neupokoev.xyz/science/as-always-no-explanation", "intuition",
             "faq.md#how-can-sines-and-cosines-encode-a-position"),
    Question("The angles wrap around 2π, so the values look random: how can an encoding that is not confined to one "
             "turn make sense?",
             "https://stats.stackexchange.com/questions/618530/"
             "why-the-positional-embeddings-for-different-positions-are-not-confined",
             "intuition", "faq.md#how-can-sines-and-cosines-encode-a-position"),
    # sin-cos
    Question("Why separate the odd and even dimensions, and why are both sine and cosine needed instead of one?",
             "https://github.com/tensorflow/tensor2tensor/issues/1700", "sin-cos",
             "faq.md#why-both-sine-and-cosine-would-one-of-them-do"),
    Question("Why use sine for the even indices and cosine for the odd ones instead of only one of them?",
             "https://community.deeplearning.ai/t/positional-encoding-intuition/567531", "sin-cos",
             "faq.md#why-both-sine-and-cosine-would-one-of-them-do"),
    Question("Why does the encoding need both a sine and a cosine, and why do even and odd columns get different "
             "functions?",
             "https://wiki.keldo.uk/content/ai.stackexchange.com_en_all_2023-10/questions/15386/"
             "why-do-both-sine-and-cosine-have-been-used-in-positional-encoding-in-the-trans",
             "sin-cos", "faq.md#why-both-sine-and-cosine-would-one-of-them-do"),
    # formula
    Question("Why does this code repeat each angle twice, 2 * (i // 2), before taking sines and cosines?",
             "https://github.com/r9y9/deepvoice3_pytorch/issues/19", "formula",
             "formula.md#the-forms-people-write-and-why-they-agree"),
    Question("Do the sine and the cosine columns of a pair really get the same input angle?",
             "https://github.com/Kyubyong/transformer/issues/137", "formula", "formula.md#the-formula"),
    Question("Should the exponent be i // 2 * 2 / d rather than 2 * i / d when i runs over all columns?",
             "https://github.com/shenweichen/DeepCTR/issues/379", "formula", "formula.md#what-the-misreadings-do"),
    Question("Should the exponent use (i//2)*2 rather than 2*i when i runs over every column?",
             "https://github.com/jadore801120/attention-is-all-you-need-pytorch/issues/32", "formula",
             "formula.md#what-the-misreadings-do"),
    Question("Should the cosine's exponent start at 0 like the sine's, and is a base of 1000 a typo for 10000?",
             "https://github.com/maxjcohen/transformer/issues/62", "formula", "formula.md#what-the-misreadings-do"),
    Question("Why does the book's encoder add 1 to i in the cosine's exponent?",
             "https://github.com/YutaroOgawa/pytorch_advanced/issues/79", "formula",
             "formula.md#what-the-misreadings-do"),
    Question("Should the denominator for column i use 2 * (i // 2) so that each sine and cosine pair shares it?",
             "https://github.com/DongjunLee/transformer-tensorflow/issues/6", "formula",
             "formula.md#what-the-misreadings-do"),
    Question("Is an encoding that uses 2i/d for every column i wrong, since a pair should share one frequency?",
             "https://github.com/Kyubyong/transformer/issues/38", "formula", "formula.md#what-the-misreadings-do"),
    Question("Why does the tutorial divide i by two (i//2) in the angle rates when the paper does not?",
             "https://github.com/tensorflow/models/issues/9075", "formula",
             "formula.md#the-forms-people-write-and-why-they-agree"),
    Question("Is raising the exponents to the power 1e-4, instead of 1e-4 to the exponents, a bug, and how would "
             "I notice?",
             "https://github.com/ivanvovk/WaveGrad/issues/12", "formula",
             "faq.md#how-do-i-check-that-my-encoding-is-right"),
    Question("Does dividing by d_model // 2 without brackets give the intended frequencies?",
             "https://github.com/zju3dv/LoFTR/issues/41", "formula", "faq.md#how-do-i-check-that-my-encoding-is-right"),
    Question("Why does an encoding that multiplies the position by the denominator, by mistake, train faster on a "
             "copy task?",
             "https://github.com/harvardnlp/annotated-transformer/issues/131", "formula",
             "variants/clinic.md#multiplying-instead-of-dividing"),
    Question("Should the cosine columns be computed from their own odd column index rather than from the sine's?",
             "https://github.com/ajhalthor/Transformer-Neural-Network/issues/14", "formula", "formula.md#the-formula"),
    Question("Is a loop that raises 10000 to 2(i+1)/d for the cosine column a bug, since the paper uses the same "
             "exponent for both?",
             "https://github.com/SamLynnEvans/Transformer/issues/7", "formula", "formula.md#what-the-misreadings-do"),
    Question("With a loop stepping i by two, should the exponent be i/d rather than 2i/d?",
             "https://github.com/SamLynnEvans/Transformer/issues/25", "formula", "formula.md#what-the-misreadings-do"),
    # base
    Question("Why is the constant 10000, and why are sine and cosine used alternately?",
             "https://github.com/kaushalshetty/Positional-Encoding/issues/2", "base", "base.md#what-the-base-sets"),
    Question("Why does the code's sine embedding use a temperature of 10000 when the paper reports a different "
             "value?",
             "https://github.com/liuyang-ict/SAP-DETR/issues/2", "base", "base.md#what-the-base-sets"),
    Question("The paper finds a temperature of 20 best for its positional embedding, so why does the code use 10000, "
             "and what does the value change?",
             "https://github.com/IDEA-Research/DAB-DETR/issues/21", "base", "base.md#what-the-base-sets"),
    Question("Why was 10000 picked as the constant that divides the position?",
             "https://datascience.stackexchange.com/questions/82451/"
             "why-is-10000-used-as-the-denominator-in-positional-encodings-in-the-transformer",
             "base", "base.md#what-the-base-sets"),
    # relative
    Question("What does each of the many frequencies say about a position, and does the linear map between "
             "positions mean the model tracks relative positions?",
             "https://github.com/harvardnlp/annotated-transformer/issues/12", "relative",
             "faq.md#how-can-a-sine-be-linear-in-the-offset"),
    Question("Should a relative encoding negate the sine columns for past offsets, since the sine is odd?",
             "https://github.com/speechbrain/speechbrain/issues/3070", "relative", "linearity.md#which-way-it-turns"),
    Question("Each sine and cosine is periodic, so why is the similarity map between positional embeddings not "
             "periodic?",
             "https://github.com/IDEA-Research/DAB-DETR/issues/41", "relative",
             "properties.md#it-decreases-only-locally"),
    # add
    Question("Doesn't adding the encoding move word vectors such as king and queen away from each other?",
             "https://community.deeplearning.ai/t/doesnt-positional-encoding-create-noise-in-embedding-features-of-"
             "word/209328",
             "add", "faq.md#doesnt-adding-the-encoding-blur-the-words-meaning"),
    Question("Why is the encoding summed with the word embedding rather than concatenated to a smaller one?",
             "https://datascience.stackexchange.com/questions/55901/"
             "in-a-transformer-model-why-does-one-sum-positional-encoding-to-the-embedding-ra/92368",
             "add", "add-or-concatenate.md#why-a-sum-and-not-a-concatenation"),
    # scale
    Question("Why scale the embeddings up by the square root of d_model instead of scaling the encoding down?",
             "https://community.deeplearning.ai/t/why-scale-up-embeddings-by-d-model-instead-of-scaling-down-"
             "positional-encodings/890839",
             "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why does this implementation multiply by the square root of d_model inside the encoding layer, once, "
             "and not in every attention layer?",
             "https://github.com/khirotaka/SAnD/issues/3", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("What is the line that multiplies the encoder input by d_model to the power 0.5 for?",
             "https://github.com/Kyubyong/transformer/issues/130", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why are embeddings multiplied by the square root of their size when neither the paper's encoding nor "
             "tensor2tensor seemed to do it?",
             "https://github.com/OpenNMT/OpenNMT-py/issues/1328", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why are the token embeddings scaled before the positional encoding is added?",
             "https://github.com/keras-team/keras-io/issues/655", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("What is the reason for multiplying the embedding weights by the square root of d_model?",
             "https://github.com/SamLynnEvans/Transformer/issues/10", "scale",
             "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why do the embedding and the encoding get scaled by the square root of the width here while the "
             "attention scores do not get their own scaling?",
             "https://github.com/Kyubyong/transformer/issues/60", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why does the language-model example multiply the token embedding by the square root of its width?",
             "https://github.com/pytorch/examples/issues/854", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Should the translation tutorial divide the embedding by the square root of d_model instead of "
             "multiplying?",
             "https://github.com/pytorch/tutorials/issues/2849", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why is the input multiplied by the square root of d_model before the encoder layers?",
             "https://github.com/pytorch/tutorials/issues/2655", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Which paper explains multiplying the decoder's token embeddings by a fixed scale of 16?",
             "https://github.com/wenet-e2e/wenet/issues/45", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Why are token embeddings scaled up by the square root of the hidden size at all?",
             "https://github.com/google/gemma_pytorch/issues/29", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    Question("Does scaling the embeddings by the square root of the hidden size change the final quality, and why "
             "is it done?",
             "https://github.com/THUNLP-MT/THUMT/issues/42", "scale", "input-step.md#sqrt-d-and-tied-embeddings"),
    # layout
    Question("Does the tutorial's sines-then-cosines table differ from the paper's definition?",
             "https://github.com/tensorflow/text/issues/1122", "layout",
             "variants/libraries.md#split-sin-cos-tensorflow-text"),
    Question("Is there a purpose in putting all sines in the first half of the 2-D embedding and all cosines in the "
             "second?",
             "https://github.com/facebookresearch/mae/issues/63", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Why does fairseq concatenate the sines and the cosines instead of alternating them?",
             "https://github.com/facebookresearch/fairseq/issues/4648", "layout", "variants/libraries.md#fairseq"),
    Question("Reordering tensor2tensor's channels to match the paper changes nothing in accuracy, so what does it "
             "change?",
             "https://github.com/tensorflow/tensor2tensor/pull/177", "layout",
             "variants/converting.md#what-a-checkpoint-sees"),
    Question("Is an exercise's expected output that lists all sines before all cosines wrong?",
             "https://github.com/Open-Deep-ML/DML-OpenProblem/issues/495", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Is a timestep embedding that puts all sines before all cosines wrong, since the paper alternates them?",
             "https://github.com/huggingface/diffusers/issues/3981", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Does the diffusion tutorial's embedding, which concatenates sines then cosines, implement the formula "
             "correctly?",
             "https://github.com/huggingface/blog/issues/2183", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Does concatenating cosines then sines instead of alternating them hurt a diffusion model's time "
             "embedding?",
             "https://github.com/facebookresearch/DiT/issues/78", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Does the order of the sine and cosine blocks have a big effect on the encoding?",
             "https://github.com/PKU-YuanGroup/Open-Sora-Plan/issues/315", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Why not interleave the sines and cosines as the paper does; is concatenating them better in any way?",
             "https://github.com/lucidrains/denoising-diffusion-pytorch/issues/357", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Does building the table as [sin | cos] have anything to do with relative positions?",
             "https://github.com/kimiyoung/transformer-xl/issues/119", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Should the sine and cosine columns be concatenated rather than left interleaved?",
             "https://github.com/tensorflow/tensorflow/issues/37191", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Why does tensor2tensor not merge its two halves alternately, as in the paper?",
             "https://github.com/tensorflow/tensor2tensor/issues/1925", "layout", "variants/libraries.md#tensor2tensor"),
    Question("Is there a reason this embedding does not alternate sine and cosine values like the paper?",
             "https://github.com/lucidrains/denoising-diffusion-pytorch/issues/76", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Concatenating the sines and cosines does not give the formula's values: is the encoding wrong?",
             "https://github.com/tatp22/multidim-positional-encoding/issues/20", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    Question("Is concatenating cosines and sines wrong when the paper splits them by even and odd dimensions?",
             "https://github.com/bojone/attention/issues/5", "layout",
             "variants/converting.md#layouts-are-column-permutations"),
    # log-space
    Question("Why does the tutorial take a log and then an exponential to build the encoding's denominators?",
             "https://github.com/pytorch/tutorials/issues/1778", "log-space", ""),
    Question("The code computes div_term in log space: is that for numerical stability, and does the comment that "
             "multiplies by the power mean the formula is different?",
             "https://github.com/hkproj/pytorch-transformer/issues/2", "log-space", ""),
    Question("Is a div_term computed as exp(arange * -log(10000) / d) right?",
             "https://github.com/wzlxjtu/PositionalEncoding2D/issues/2", "log-space", ""),
    Question("Why compute the denominator with a log followed by an exp when 1 / 10000 ** (2i / d) would do?",
             "https://github.com/datawhalechina/learn-nlp-with-transformers/issues/48", "log-space", ""),
    Question("Why does the Annotated Transformer compute the encodings as exp of a log instead of the paper's "
             "expression: speed or stability?",
             "https://github.com/harvardnlp/annotated-transformer/issues/20", "log-space", ""),
    Question("This encoding's denominator looks different from the paper's: how are the two the same?",
             "https://github.com/zju3dv/LoFTR/issues/17", "log-space", ""),
    # conventions
    Question("Should tensor2tensor's inverse timescales be divided by min_timescale rather than multiplied?",
             "https://github.com/tensorflow/tensor2tensor/issues/1923", "conventions",
             "variants/libraries.md#tensor2tensor"),
    Question("Why does the diffusion timestep embedding divide the log of 10000 by half the width minus one?",
             "https://github.com/hojonathanho/diffusion/issues/15", "conventions",
             "variants/libraries.md#tensor2tensor"),
    # odd
    Question("Why does the encoding raise a size mismatch when d_model is odd?",
             "https://github.com/codertimo/BERT-pytorch/issues/78", "odd",
             "faq.md#why-does-my-code-crash-or-go-wrong-silently-with-an-odd-d_model"),
    Question("How should an encoding module built for any width handle an odd d_model such as 5?",
             "https://github.com/gc-os-ai/pyaptamer/issues/526", "odd", "formula.md#odd-d_model-a-lone-sine"),
    Question("Why does the cosine assignment fail for d_model = 127, and what is the fix?",
             "https://github.com/gc-os-ai/pyaptamer/issues/607", "odd", "exercises.md#7-odd-d_model"),
    Question("Can the positional embedding be made to work with an odd model dimension?",
             "https://github.com/zhouhaoyi/Informer2020/issues/224", "odd", "formula.md#odd-d_model-a-lone-sine"),
    Question("Should the encoding support an odd width, or refuse it with a clear error?",
             "https://github.com/datawhalechina/base-llm/issues/67", "odd", "formula.md#odd-d_model-a-lone-sine"),
    # padding
    Question("What does padding_idx do in a function that builds the sinusoid table, and what value should it take?",
             "https://github.com/jadore801120/attention-is-all-you-need-pytorch/issues/99", "padding",
             "variants/libraries.md#fairseq"),
    Question("Why does the sinusoidal embedding zero the row at padding_idx?",
             "https://github.com/takase/control-length/issues/7", "padding", "variants/libraries.md#fairseq"),
    Question("Why are positions offset by padding_idx, and is that needed?",
             "https://github.com/facebookresearch/esm/issues/132", "padding",
             "variants/real-code.md#left-padding-positions-from-the-attention-mask"),
    # length
    Question("How was the number of positions in the table (200) chosen?",
             "https://github.com/jadore801120/attention-is-all-you-need-pytorch/issues/144", "length", ""),
    Question("A learned position embedding crashes on sentences longer than its maximum length: should it give a "
             "better error?",
             "https://github.com/mead-ml/mead-baseline/pull/251", "length", ""),
    Question("Why can a model not take a sequence longer than its maximum length?",
             "https://github.com/huggingface/transformers/issues/1791", "length",
             "faq.md#does-the-encoding-extrapolate-to-longer-sequences"),
    Question("Should the maximum position of the encoding equal the longest sequence rather than the vocabulary size?",
             "https://github.com/tensorflow/tensorflow/issues/43674", "length", ""),
    Question("Why is the position embedding table given 100 rows, and what happens to longer sentences?",
             "https://github.com/bentrevett/pytorch-seq2seq/issues/32", "length", ""),
    Question("Why does the position table have 1000 rows, and why does training fail on longer inputs?",
             "https://github.com/bentrevett/pytorch-seq2seq/issues/69", "length", ""),
    Question("Can a model with sinusoidal encodings take inputs longer than the 512 it was trained with?",
             "https://github.com/huggingface/transformers/issues/6839", "length",
             "faq.md#does-the-encoding-extrapolate-to-longer-sequences"),
    Question("What should happen when an input is longer than the table of positions?",
             "https://github.com/CUNY-CL/yoyodyne/issues/40", "length", ""),
    Question("Why does the position embedding raise an index out of range during training?",
             "https://github.com/bentrevett/pytorch-seq2seq/issues/89", "length", ""),
    # learned
    Question("Why are BERT's position embeddings not the paper's sines and cosines, and are they trainable?",
             "https://github.com/huggingface/transformers/issues/10511", "learned", "evidence.md#learned-or-fixed"),
    Question("Does BERT use learned position embeddings or the sinusoidal ones? Sources disagree.",
             "https://github.com/google-research/bert/issues/1427", "learned", "evidence.md#learned-or-fixed"),
    Question("Why does swapping BERT's learned position embeddings for precomputed sinusoids give poor results?",
             "https://github.com/google-research/bert/issues/483", "learned",
             "variants/converting.md#what-a-checkpoint-sees"),
    Question("Why does this BERT implementation use the paper's encoding instead of BERT's own position embedding?",
             "https://github.com/codertimo/BERT-pytorch/issues/53", "learned", "evidence.md#learned-or-fixed"),
    Question("What is the reason for a learned embedding of positions rather than sines and cosines?",
             "https://github.com/songlab-cal/tape/issues/102", "learned", "evidence.md#learned-or-fixed"),
    Question("Where is the sine and cosine code in BERT's embeddings?",
             "https://github.com/huggingface/transformers/issues/5569", "learned", "evidence.md#learned-or-fixed"),
    Question("Why use a trainable position embedding instead of the absolute sinusoidal encoding?",
             "https://github.com/NVIDIA/Megatron-LM/issues/72", "learned", "evidence.md#learned-or-fixed"),
    Question("Why does this GPT learn its position embedding like the token embedding instead of using sinusoids?",
             "https://github.com/karpathy/nanoGPT/issues/59", "learned", "evidence.md#learned-or-fixed"),
    Question("The checkpoints do not store the sinusoidal position embedding: how can it be interpolated for a "
             "higher resolution?",
             "https://github.com/pengzhiliang/MAE-pytorch/issues/26", "learned",
             "variants/converting.md#checkpoints-and-state_dict"),
    Question("What is the difference between the sinusoidal encoding and the learned positional embedding this "
             "code offers?",
             "https://github.com/Kyubyong/transformer/issues/50", "learned", "evidence.md#learned-or-fixed"),
    Question("Has anyone compared sinusoidal with learned position embeddings in a convolutional sequence model?",
             "https://github.com/facebookresearch/fairseq/issues/122", "learned", "evidence.md#learned-or-fixed"),
    Question("Why does this implementation use BERT-style learned position embeddings instead of the paper's "
             "sinusoids?",
             "https://github.com/minqukanq/transformer-pytorch/issues/2", "learned", "evidence.md#learned-or-fixed"),
    Question("Why use a learnable positional embedding for the robot's state rather than a sinusoidal one?",
             "https://github.com/thu-ml/RoboticsDiffusionTransformer/issues/38", "learned",
             "evidence.md#learned-or-fixed"),
    Question("Why does this code wrap the encoding in an embedding layer, and does that make it trainable?",
             "https://github.com/jadore801120/attention-is-all-you-need-pytorch/issues/33", "learned",
             "faq.md#is-the-sinusoidal-encoding-learned"),
    Question("How can a position embedding that starts random and is trained like the token embedding learn "
             "anything about position?",
             "https://github.com/facebookresearch/fairseq/issues/402", "learned", "evidence.md#learned-or-fixed"),
    Question("Why is the position embedding a trainable layer in this GPT when the paper's encoding is fixed?",
             "https://github.com/karpathy/nanoGPT/issues/370", "learned", "evidence.md#learned-or-fixed"),
    Question("Is it fine to wrap the sinusoidal table in a trainable parameter?",
             "https://github.com/henry9zhr/QANet-pytorch/issues/3", "learned",
             "faq.md#is-the-sinusoidal-encoding-learned"),
    Question("Why is this model's positional encoding random?",
             "https://github.com/lucidrains/lambda-networks/issues/29", "learned", "evidence.md#learned-or-fixed"),
    Question("Is there a reason to make the position embedding matrix trainable?",
             "https://github.com/darrenyaoyao/ResCNN_RelationExtraction/issues/3", "learned",
             "evidence.md#learned-or-fixed"),
    Question("Why can the encoding table not be lengthened at inference when it is a registered buffer?",
             "https://github.com/espnet/espnet/pull/1060", "learned", "variants/converting.md#checkpoints-and-state_dict"),
    # shapes
    Question("How do I get the encoding for an arbitrary list of integer positions such as [0, 0, 1, 1, 1, 2]?",
             "https://github.com/tatp22/multidim-positional-encoding/issues/44", "shapes", "reference.md#the-module"),
    Question("Why does a relative position embedding give different outputs when the cache is used?",
             "https://github.com/huggingface/transformers/issues/19045", "shapes",
             "variants/real-code.md#cached-decoding-the-offset"),
    Question("Why is the new token's position set to the prompt length plus step plus one during decoding?",
             "https://github.com/Physical-Intelligence/openpi/issues/705", "shapes",
             "variants/real-code.md#cached-decoding-the-offset"),
    Question("At inference, how is the encoding applied to a decoder input that grows one token at a time?",
             "https://github.com/jsbaan/transformer-from-scratch/issues/3", "shapes",
             "variants/real-code.md#cached-decoding-the-offset"),
    Question("Why does the encoder fail with a size mismatch when the input is batch-first?",
             "https://github.com/KasperGroesLudvigsen/influenza_transformer/issues/9", "shapes",
             "variants/converting.md#sequence-first-tables-fed-batch-first-input"),
    Question("Does the tutorial's encoding expect sequence-first input while its training loop feeds batch-first?",
             "https://github.com/pytorch/tutorials/issues/1547", "shapes",
             "variants/converting.md#sequence-first-tables-fed-batch-first-input"),
    Question("Is the encoding being added along the batch dimension, giving every step the same vector?",
             "https://github.com/songyangco/GETNext/issues/2", "shapes",
             "variants/converting.md#sequence-first-tables-fed-batch-first-input"),
    # where
    Question("The paper adds the encoding to the feature map, but the code adds it only to the keys and queries: "
             "which is it?",
             "https://github.com/ubc-vision/COTR/issues/8", "where", ""),
    Question("Why do the encoder and the decoder both number their inputs from 0 when the decoder's inputs come "
             "after the encoder's in time?",
             "https://github.com/zhouhaoyi/Informer2020/issues/106", "where", ""),
    Question("Is it fine for a left-to-right and a right-to-left decoder to add the same positional encoding to "
             "their reversed inputs?",
             "https://github.com/wenet-e2e/wenet/issues/460", "where", ""),
    Question("Why does this decoder not get a positional encoding?",
             "https://github.com/KasperGroesLudvigsen/influenza_transformer/issues/19", "where", ""),
    Question("Why is the positional encoding added to the decoder's input instead of the embedding output?",
             "https://github.com/janvainer/speedyspeech/issues/10", "where", ""),
    Question("Why is the positional encoding added to the queries and keys but not to the values?",
             "https://github.com/facebookresearch/detr/issues/607", "where", ""),
    # dropout
    Question("Why does a positional encoding module apply dropout?",
             "https://github.com/EvelynFan/FaceFormer/issues/47", "dropout", "input-step.md#dropout-on-the-sum"),
    Question("Should there be dropout on the sum of embeddings and encodings before the first layer?",
             "https://github.com/jadore801120/attention-is-all-you-need-pytorch/issues/69", "dropout",
             "input-step.md#dropout-on-the-sum"),
    Question("Is applying dropout to the encoded sum twice, once in the module and again in the model, redundant?",
             "https://github.com/datawhalechina/happy-llm/issues/63", "dropout", "input-step.md#dropout-on-the-sum"),
    # timesteps
    Question("Is it a bug to feed a timestep in (0, 1) to an embedding whose frequencies are at most 1?",
             "https://github.com/sihyun-yu/REPA/issues/40", "timesteps",
             "beyond-indices.md#timesteps-between-0-and-1"),
    Question("Why multiply continuous timesteps by the maximum number of positions before the sinusoidal "
             "embedding?",
             "https://github.com/jasonkyuyim/se3_diffusion/issues/8", "timesteps",
             "beyond-indices.md#timesteps-between-0-and-1"),
    Question("Should a time-series transformer encode time with something like the paper's encoding?",
             "https://github.com/allen-chiang/Time-Series-Transformer/issues/61", "timesteps",
             "faq.md#can-positions-be-non-integer-time-stamps"),
    Question("Should the sines and cosines take the events' timestamps rather than their indices?",
             "https://github.com/ant-research/EasyTemporalPointProcess/issues/26", "timesteps",
             "faq.md#can-positions-be-non-integer-time-stamps"),
    Question("Can the encoding use a known timestamp of each input instead of its index in the sample?",
             "https://github.com/phlippe/uvadlc_notebooks/issues/114", "timesteps",
             "faq.md#can-positions-be-non-integer-time-stamps"),
    Question("For a price series with no tokens to embed, how should positions be encoded?",
             "https://github.com/karpathy/ng-video-lecture/issues/14", "timesteps",
             "faq.md#can-positions-be-non-integer-time-stamps"),
    Question("Can NeRF's positional encoding be swapped for random Fourier features, and which works better?",
             "https://github.com/kwea123/nerf_pl/issues/24", "timesteps", "beyond.md#timesteps-and-fourier-features"),
    Question("Should a Fourier encoding be applied to the position coordinates rather than to the data values?",
             "https://github.com/lucidrains/perceiver-pytorch/issues/4", "timesteps",
             "beyond.md#timesteps-and-fourier-features"),
    Question("Why does a sinusoidal encoding of the coordinates help a network learn fine detail?",
             "https://github.com/ankurhanda/nerf2D/issues/8", "timesteps", "beyond.md#timesteps-and-fourier-features"),
    Question("Where do the frequencies of a Fourier encoding come from: powers of two, or a log-spaced bank up to a "
             "maximum?",
             "https://github.com/lucidrains/perceiver-pytorch/issues/5", "timesteps",
             "beyond.md#timesteps-and-fourier-features"),
    Question("Why does this frequency encoding multiply the input by π when the reference code does not?",
             "https://github.com/NVlabs/tiny-cuda-nn/issues/298", "timesteps",
             "beyond.md#timesteps-and-fourier-features"),
    Question("What is the matrix B in this positional encoding of coordinates, and how was it obtained?",
             "https://github.com/wanderinrain/Xray2CT/issues/4", "timesteps",
             "beyond.md#timesteps-and-fourier-features"),
    # grids
    Question("In the 2-D sine-cosine embedding, is the width grid used for the height half by mistake?",
             "https://github.com/facebookresearch/mae/issues/18", "grids", "beyond.md#2-d-and-n-d-grids"),
    Question("Why does the 2-D embedding split the width into two halves, and how would it extend to three axes?",
             "https://github.com/facebookresearch/mae/issues/11", "grids", "beyond.md#2-d-and-n-d-grids"),
    Question("Should a 2-D position encoding for 32 x 128 images use an 8 x 32 grid of patches instead of 16 x 16?",
             "https://github.com/Mountchicken/Union14M/issues/12", "grids", "beyond.md#2-d-and-n-d-grids"),
    Question("Why is the frequency index divided by 128, half the width, in this query position embedding?",
             "https://github.com/Atten4Vis/ConditionalDETR/issues/32", "grids", "beyond.md#2-d-and-n-d-grids"),
    Question("How is the positional encoding of an image computed, and from which coordinates?",
             "https://github.com/facebookresearch/detr/issues/25", "grids", "beyond.md#2-d-and-n-d-grids"),
    Question("When fine-tuning at a larger image size, does simply lengthening a sinusoidal position embedding "
             "work?",
             "https://github.com/yitu-opensource/T2T-ViT/issues/45", "grids",
             "beyond-indices.md#changing-the-resolution"),
    Question("How do I feed images larger than the training size to a vision transformer?",
             "https://github.com/yitu-opensource/T2T-ViT/issues/48", "grids",
             "beyond-indices.md#changing-the-resolution"),
    Question("Why does a fixed sine-cosine embedding still need interpolating to work at a higher resolution?",
             "https://github.com/pengzhiliang/MAE-pytorch/issues/39", "grids",
             "beyond-indices.md#changing-the-resolution"),
    Question("Is a position embedding resized as a 2-D grid or along the flattened sequence?",
             "https://github.com/google-research/scenic/issues/327", "grids",
             "beyond-indices.md#changing-the-resolution"),
    Question("Where are the sine and cosine embeddings in ViT?",
             "https://github.com/lucidrains/vit-pytorch/issues/98", "grids", "beyond-indices.md#why-vit-learns-its-table"),
    Question("Is there any way for a 2-D encoding to support a channel count that is not a multiple of four?",
             "https://github.com/wzlxjtu/PositionalEncoding2D/issues/5", "grids",
             "beyond-indices.md#2-d-grids-whose-width-is-not-a-multiple-of-4"),
    # rope
    Question("Why does this model rotate only 64 dimensions of each head with RoPE rather than all of them?",
             "https://github.com/kingoflolz/mesh-transformer-jax/issues/260", "rope", "",
             open="Partial rotary embeddings (rotating a fraction of each head) are a design choice of GPT-J and "
                  "its successors that the site does not cover."),
    Question("How do I raise the RoPE base from 10000 to 500000 for long-context fine-tuning in this tool?",
             "https://github.com/hiyouga/LlamaFactory/issues/9524", "rope", "",
             open="It asks for a training tool's setting; the site explains what the base does "
                  "(beyond.md, the base in RoPE) but not that tool's options."),
    Question("Why is the rotary embedding applied only to the queries and keys, and not to the values?",
             "https://github.com/mistralai/mistral-inference/issues/147", "rope",
             "variants/real-code.md#why-rope-rotates-only-queries-and-keys"),
    Question("Why are the rotary frequencies concatenated with themselves, freqs twice along the last axis?",
             "https://github.com/BarqueroGerman/FlowMDM/issues/6", "rope", "variants/real-code.md#ropes-two-layouts"),
    Question("Why does a model trained with a RoPE base of 1,000,000 misbehave when run with the default 10000?",
             "https://github.com/karpathy/llama2.c/issues/356", "rope",
             "beyond.md#the-base-in-rope-and-stretching-the-context"),
    Question("Does a sinusoidal embedding do better than RoPE in a diffusion transformer?",
             "https://github.com/Spirit-AI-Team/spirit-v1.5/issues/1", "rope",
             "beyond.md#from-the-rotation-to-relative-encodings"),
    # precision
    Question("Is bfloat16 precise enough for the position ids passed to the model, and why cast them at all?",
             "https://github.com/Nerogar/OneTrainer/issues/1177", "precision",
             "precision.md#half-precision-where-positions-stop-existing"),
    Question("Do rotary sines and cosines cached in bfloat16 lose enough precision to matter for long contexts?",
             "https://github.com/KellerJordan/modded-nanogpt/issues/39", "precision", "precision.md#what-to-do"),
)

if __name__ == "__main__":
    # --8<-- [start:counts]
    for key, title in TOPICS.items():
        asked = [q for q in QUESTIONS if q.topic == key]
        print(f"{len(asked):3}  {title}")
    print(f"{len(QUESTIONS):3}  in all, {sum(1 for q in QUESTIONS if not q.answer)} open")
    # --8<-- [end:counts]
