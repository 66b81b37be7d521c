// The attention family's options from a wire object (mask, causal, scale,
// precision), shared by bind_attention.cpp and bind_grad.cpp.
#pragma once

#include "attn/attention/attention.hpp"
#include "convert.hpp"

namespace attn::js {

AttentionOptions attention_options(const char* fn, const val& a);

}  // namespace attn::js
