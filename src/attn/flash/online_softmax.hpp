// Online softmax (Milakov and Gimelshein 2018): the softmax of z in one
// pass over its entries, keeping a running maximum m and a running sum l
// of exp(z_j - m) that is rescaled whenever the maximum grows:
//   m_i = max(m_{i-1}, z_i)
//   l_i = l_{i-1} exp(m_{i-1} - m_i) + exp(z_i - m_i)      (m_0 = -inf, l_0 = 0)
// so l_i = sum_{j <= i} exp(z_j - m_i) exactly (up to rounding), and the
// weights exp(z - m_n) / l_n equal softmax(z). This is the recurrence the
// tiled attention kernel runs per query row, one block of keys at a time.
#pragma once

#include "attn/common/types.hpp"

namespace attn {

struct OnlineSoftmax {
    vec weights;  // exp(z - m_last) / l_last
    vec m;        // m[i]: the running max after entry i
    vec l;        // l[i]: sum_{j <= i} exp(z_j - m[i]), by the recurrence
};

// Public "onlineSoftmax". z: a non-empty finite vector.
OnlineSoftmax online_softmax(const vec& z);

}  // namespace attn
